#include "askdb/cli/terminal.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

namespace askdb::cli {
namespace {
constexpr int kDefaultWidth = 100;
constexpr int kMinWidth = 40;
}  // namespace

TerminalInfo DetectTerminal(config::ColorMode mode) {
  TerminalInfo info;
  info.stdout_is_tty = ::isatty(STDOUT_FILENO) == 1;
  info.stderr_is_tty = ::isatty(STDERR_FILENO) == 1;
  info.width = kDefaultWidth;
  winsize ws{};
  if (info.stdout_is_tty && ::ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) {
    info.width = ws.ws_col;
  } else if (const char* columns = std::getenv("COLUMNS")) {
    info.width = std::atoi(columns) > 0 ? std::atoi(columns) : kDefaultWidth;
  }
  if (info.width < kMinWidth) info.width = kMinWidth;
  const bool no_color = std::getenv("NO_COLOR") != nullptr;
  switch (mode) {
    case config::ColorMode::kAlways:
      info.color = true;
      break;
    case config::ColorMode::kNever:
      info.color = false;
      break;
    case config::ColorMode::kAuto:
      info.color = info.stdout_is_tty && !no_color;
      break;
  }
  return info;
}

std::string Style::Wrap(std::string_view code, std::string_view s) const {
  if (!enabled_) return std::string(s);
  std::string out = "\x1b[";
  out += code;
  out += 'm';
  out += s;
  out += "\x1b[0m";
  return out;
}

}  // namespace askdb::cli
