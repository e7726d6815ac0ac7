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

// One stdio session: quick messages answered in order on the reading thread, slow calls on
// workers (at most max_concurrent at once), every message written whole under one lock.
class StdioServer {
 public:
  StdioServer(McpSession& session, std::ostream& out, const StdioOptions& options)
      : session_(session), out_(out), options_(options) {}
  StdioServer(const StdioServer&) = delete;
  StdioServer& operator=(const StdioServer&) = delete;

  void Run(std::istream& in) {
    std::string line;
    bool too_long = false;
    while (ReadLine(*in.rdbuf(), options_.max_message_bytes, line, too_long)) {
      if (too_long) {
        Send(RpcErrorMessage(nullptr, kInvalidRequest,
                             "message longer than " + std::to_string(options_.max_message_bytes) +
                                 " bytes: skipped"));
        continue;
      }
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      StatusOr<Json> message = ParseJson(line);
      if (!message.ok() || !SlowRequest(*message)) {
        // Quick messages in order, here: initialize is answered before anything sent after it.
        std::optional<Json> reply = message.ok() ? session_.HandleMessage(*message, Notifier())
                                                 : session_.HandleText(line, Notifier());
        if (reply) Send(*reply);
        continue;
      }
      StartWorker(std::move(*message));
    }
    for (Worker& w : workers_) w.thread.join();
  }

 private:
  struct Worker {
    std::thread thread;
    std::shared_ptr<std::atomic<bool>> done;
  };

  void Send(const Json& message) {
    const std::string text = message.dump(-1, ' ', false, Json::error_handler_t::replace);
    std::lock_guard<std::mutex> lock(out_mu_);
    out_ << text << '\n';
    out_.flush();
  }

  Notify Notifier() {
    return [this](const Json& message) { Send(message); };
  }

  // Waits for a free slot, then answers `message` on a thread of its own.
  void StartWorker(Json message) {
    {
      std::unique_lock<std::mutex> lock(mu_);
      cv_.wait(lock, [&] { return running_ < options_.max_concurrent; });
      ++running_;
    }
    Reap();
    auto done = std::make_shared<std::atomic<bool>>(false);
    std::thread thread([this, done, msg = std::move(message)] {
      std::optional<Json> reply = session_.HandleMessage(msg, Notifier());
      if (reply) Send(*reply);
      std::lock_guard<std::mutex> lock(mu_);
      --running_;
      done->store(true);
      cv_.notify_all();
    });
    workers_.push_back(Worker{std::move(thread), std::move(done)});
  }

  // Joins the workers that finished, so a long session does not pile up threads.
  void Reap() {
    std::erase_if(workers_, [](Worker& w) {
      if (!w.done->load()) return false;
      w.thread.join();
      return true;
    });
  }

  McpSession& session_;
  std::ostream& out_;
  const StdioOptions& options_;
  std::mutex out_mu_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::size_t running_ = 0;
  std::vector<Worker> workers_;
};

}  // namespace

void ServeStdio(McpSession& session, std::istream& in, std::ostream& out,
                const StdioOptions& options) {
  StdioServer(session, out, options).Run(in);
}

}  // namespace askdb::mcp
