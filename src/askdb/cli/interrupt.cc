#include "askdb/cli/interrupt.h"

#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstring>

namespace askdb::cli {
namespace {

// Read by the handler: lock-free atomics only (async-signal-safe).
std::atomic<CancellationToken*> g_token{nullptr};
std::atomic<bool> g_interrupted{false};
struct sigaction g_previous {};

void OnInterrupt(int) {
  if (g_interrupted.exchange(true)) {
    std::signal(SIGINT, SIG_DFL);  // the second Ctrl-C: quit now
    std::raise(SIGINT);
    return;
  }
  if (CancellationToken* token = g_token.load()) token->Cancel();
  constexpr char kMessage[] =
      "\naskdb: interrupted: stopping the run at its next step (Ctrl-C again to quit at once)\n";
  [[maybe_unused]] const ssize_t n = ::write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
}

}  // namespace

InterruptScope::InterruptScope() : token_(std::make_shared<CancellationToken>()) {
  g_interrupted.store(false);
  g_token.store(token_.get());
  struct sigaction action {};
  action.sa_handler = OnInterrupt;
  action.sa_flags = SA_RESTART;  // blocking reads go on; the run polls the token
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, &g_previous);
}

InterruptScope::~InterruptScope() {
  sigaction(SIGINT, &g_previous, nullptr);
  g_token.store(nullptr);
}

}  // namespace askdb::cli
