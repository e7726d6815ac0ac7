// What the output streams are connected to: whether they are terminals, how wide, and
// whether to use colour. Detected once at start-up; plain data afterwards.
#pragma once

#include <string_view>

#include "askdb/config/config.h"

namespace askdb::cli {

struct TerminalInfo {
  bool stdout_is_tty = false;
  bool stderr_is_tty = false;
  int width = 100;  // columns of stdout; a default when not a terminal
  bool color = false;
};

// Honours NO_COLOR (https://no-color.org) and COLUMNS.
TerminalInfo DetectTerminal(config::ColorMode mode);

// ANSI styling that collapses to plain text when colour is off.
class Style {
 public:
  explicit Style(bool enabled) : enabled_(enabled) {}
  std::string Bold(std::string_view s) const { return Wrap("1", s); }
  std::string Dim(std::string_view s) const { return Wrap("2", s); }
  std::string Cyan(std::string_view s) const { return Wrap("36", s); }
  std::string Green(std::string_view s) const { return Wrap("32", s); }
  std::string Red(std::string_view s) const { return Wrap("31", s); }
  std::string Yellow(std::string_view s) const { return Wrap("33", s); }

 private:
  std::string Wrap(std::string_view code, std::string_view s) const;
  bool enabled_;
};

}  // namespace askdb::cli
