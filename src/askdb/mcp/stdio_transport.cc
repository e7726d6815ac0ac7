#include "askdb/mcp/stdio_transport.h"

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace askdb::mcp {
namespace {

// Reads one line (without its '\n') of at most `max` bytes into `line`; a longer line is
// consumed to its end and reported by `too_long`. False at the end of input.
bool ReadLine(std::streambuf& in, std::size_t max, std::string& line, bool& too_long) {
  line.clear();
  too_long = false;
  bool any = false;
  for (int c = in.sbumpc(); c != std::char_traits<char>::eof(); c = in.sbumpc()) {
    any = true;
    if (c == '\n') return true;
    if (line.size() < max) {
      line.push_back(static_cast<char>(c));
    } else {
      too_long = true;
    }
  }
  return any;
}

// Calls that may run long go to a worker thread, so that later messages (a cancellation
// above all) are read meanwhile.
bool SlowRequest(const Json& message) {
  if (!message.is_object() || !message.contains("id")) return false;
  const Json method = message.value("method", Json(nullptr));
  return method == "tools/call" || method == "resources/read";
}

}  // namespace

void ServeStdio(McpSession& session, std::istream& in, std::ostream& out,
                const StdioOptions& options) {
  std::mutex out_mu;
  auto send = [&](const Json& message) {
    const std::string text = message.dump(-1, ' ', false, Json::error_handler_t::replace);
    std::lock_guard<std::mutex> lock(out_mu);
    out << text << '\n';
    out.flush();
  };
  std::mutex mu;
  std::condition_variable cv;
  std::size_t running = 0;
  struct Worker {
    std::thread thread;
    std::shared_ptr<std::atomic<bool>> done;
  };
  std::vector<Worker> workers;
  // Joins the workers that finished, so a long session does not pile up threads.
  auto reap = [&workers] {
    std::erase_if(workers, [](Worker& w) {
      if (!w.done->load()) return false;
      w.thread.join();
      return true;
    });
  };

  std::string line;
  bool too_long = false;
  while (ReadLine(*in.rdbuf(), options.max_message_bytes, line, too_long)) {
    if (too_long) {
      send(RpcErrorMessage(
          nullptr, kInvalidRequest,
          "message longer than " + std::to_string(options.max_message_bytes) + " bytes: skipped"));
      continue;
    }
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    StatusOr<Json> message = ParseJson(line);
    if (!message.ok() || !SlowRequest(*message)) {
      // Quick messages in order, here: initialize is answered before anything sent after it.
      std::optional<Json> reply =
          message.ok() ? session.HandleMessage(*message, send) : session.HandleText(line, send);
      if (reply) send(*reply);
      continue;
    }
    {
      std::unique_lock<std::mutex> lock(mu);
      cv.wait(lock, [&] { return running < options.max_concurrent; });
      ++running;
    }
    reap();
    auto done = std::make_shared<std::atomic<bool>>(false);
    std::thread thread([&, done, msg = std::move(*message)] {
      std::optional<Json> reply = session.HandleMessage(msg, send);
      if (reply) send(*reply);
      std::lock_guard<std::mutex> lock(mu);
      --running;
      done->store(true);
      cv.notify_all();
    });
    workers.push_back(Worker{std::move(thread), std::move(done)});
  }
  for (Worker& w : workers) w.thread.join();
}

}  // namespace askdb::mcp
