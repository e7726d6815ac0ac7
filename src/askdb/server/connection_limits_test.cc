// Bounded connections (issue 19 item 4) on the real server over 127.0.0.1 with raw
// sockets: the connection cap and the per-client cap answer 503 + Retry-After, idle
// connections and slow (slow-loris) requests are closed after their timeouts, a body
// without a length is an empty one, and every event is reported.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "askdb/server/httplib_server.h"

namespace askdb::server {
namespace {

using namespace std::chrono_literals;

// Events seen by on_connection_event, by name.
class Events {
 public:
  void Add(std::string_view event) {
    std::lock_guard lock(mu_);
    ++counts_[std::string(event)];
  }
  int Count(const std::string& event) {
    std::lock_guard lock(mu_);
    return counts_[event];
  }

 private:
  std::mutex mu_;
  std::map<std::string, int> counts_;
};

int Connect(int port, const char* from = "127.0.0.1") {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in local{};
  local.sin_family = AF_INET;
  ::inet_pton(AF_INET, from, &local.sin_addr);
  if (::bind(fd, reinterpret_cast<sockaddr*>(&local), sizeof(local)) != 0) {
    ::close(fd);
    return -1;
  }
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  ::inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

// Everything the server sends until it closes or `timeout` passes.
std::string ReadAll(int fd, std::chrono::milliseconds timeout) {
  std::string out;
  const auto end = std::chrono::steady_clock::now() + timeout;
  char buf[4096];
  while (true) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        end - std::chrono::steady_clock::now());
    if (left.count() <= 0) break;
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) break;
    ssize_t n = ::recv(fd, buf, sizeof(buf), 0);
    if (n <= 0) break;
    out.append(buf, static_cast<std::size_t>(n));
  }
  return out;
}

// True when the server closed the connection or answered (a 408) within `timeout`.
bool Closed(int fd, std::chrono::milliseconds timeout) {
  pollfd p{fd, POLLIN, 0};
  if (::poll(&p, 1, static_cast<int>(timeout.count())) <= 0) return false;
  char c;
  return ::recv(fd, &c, 1, MSG_PEEK) <= 0 || c == 'H';
}

// Time until `fd` has something to read (or `timeout`).
std::chrono::steady_clock::duration TimeToFirstByte(int fd, std::chrono::milliseconds timeout) {
  const auto start = std::chrono::steady_clock::now();
  pollfd p{fd, POLLIN, 0};
  ::poll(&p, 1, static_cast<int>(timeout.count()));
  return std::chrono::steady_clock::now() - start;
}

void Send(int fd, const std::string& data) {
  (void)::send(fd, data.data(), data.size(), MSG_NOSIGNAL);
}

template <typename Pred>
bool WaitFor(Pred pred, std::chrono::milliseconds timeout = 3000ms) {
  const auto end = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < end) {
    if (pred()) return true;
    std::this_thread::sleep_for(10ms);
  }
  return pred();
}

class ConnectionLimitsTest : public ::testing::Test {
 protected:
  void Start(HttpServerOptions options) {
    options.log_access = false;
    options.raise_open_files_limit = false;
    options.min_worker_threads = 2;
    options.on_connection_event = [this](std::string_view event) { events_.Add(event); };
    server_ = MakeHttplibServer(options);
    server_->Handle("GET", "/healthz", [](const HttpRequest&) {
      HttpResponse response;
      response.body = "ok";
      return response;
    });
    server_->Handle("POST", "/echo", [this](const HttpRequest& request) {
      ++handled_;
      HttpResponse response;
      response.body = request.body;
      return response;
    });
    ASSERT_TRUE(server_->Start("127.0.0.1", 0).ok());
  }
  void TearDown() override {
    for (int fd : open_) ::close(fd);
    if (server_) server_->Stop();
  }
  int Open(const char* from = "127.0.0.1") {
    int fd = Connect(server_->port(), from);
    if (fd >= 0) open_.push_back(fd);
    return fd;
  }
  std::string Get(const std::string& path, const char* from = "127.0.0.1") {
    int fd = Open(from);
    if (fd < 0) return "";
    Send(fd, "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    return ReadAll(fd, 3000ms);
  }

  Events events_;
  std::atomic<int> handled_{0};
  std::unique_ptr<HttpServer> server_;
  std::vector<int> open_;
};

TEST_F(ConnectionLimitsTest, OverTheCapA503WithRetryAfterThenIdleConnectionsAreClosed) {
  HttpServerOptions options;
  options.max_worker_threads = 8;
  options.max_connections = 4;
  options.keep_alive_timeout = 600ms;
  Start(options);
  for (int i = 0; i < 4; ++i) ASSERT_GE(Open(), 0);
  ASSERT_TRUE(WaitFor([&] { return events_.Count("opened") == 4; }));
  const std::string refused = Get("/healthz");
  EXPECT_EQ(refused.rfind("HTTP/1.1 503", 0), 0u) << refused;
  EXPECT_NE(refused.find("Retry-After: 1"), std::string::npos) << refused;
  EXPECT_EQ(events_.Count("rejected_max_connections"), 1);
  // The idle ones are closed after the idle timeout; then the server answers again.
  ASSERT_TRUE(WaitFor([&] { return events_.Count("idle_timeout") == 4; }));
  EXPECT_TRUE(Closed(open_[0], 1000ms));
  const std::string ok = Get("/healthz");
  EXPECT_EQ(ok.rfind("HTTP/1.1 200", 0), 0u) << ok;
}

TEST_F(ConnectionLimitsTest, OneClientCannotTakeMoreThanItsShare) {
  HttpServerOptions options;
  options.max_connections = 16;
  options.max_connections_per_client = 2;
  options.keep_alive_timeout = 5s;
  Start(options);
  ASSERT_GE(Open("127.0.0.2"), 0);
  ASSERT_GE(Open("127.0.0.2"), 0);
  ASSERT_TRUE(WaitFor([&] { return events_.Count("opened") == 2; }));
  const std::string refused = Get("/healthz", "127.0.0.2");
  EXPECT_EQ(refused.rfind("HTTP/1.1 503", 0), 0u) << refused;
  EXPECT_EQ(events_.Count("rejected_per_client"), 1);
  // Another address is served.
  const std::string ok = Get("/healthz", "127.0.0.1");
  EXPECT_EQ(ok.rfind("HTTP/1.1 200", 0), 0u) << ok;
}

TEST_F(ConnectionLimitsTest, SlowHeadersAndBodiesMeetTheRequestDeadline) {
  HttpServerOptions options;
  options.request_deadline = 500ms;
  options.read_timeout = 5s;
  Start(options);
  // Slow-loris: a header line every 100 ms, never the end of the headers.
  int loris = Open();
  ASSERT_GE(loris, 0);
  const auto start = std::chrono::steady_clock::now();
  Send(loris, "GET /healthz HTTP/1.1\r\n");
  bool closed = false;
  for (int i = 0; i < 30 && !closed; ++i) {
    Send(loris, "X-Slow-" + std::to_string(i) + ": 1\r\n");
    closed = Closed(loris, 100ms);
  }
  EXPECT_TRUE(closed) << "the connection is closed at the deadline";
  EXPECT_LT(std::chrono::steady_clock::now() - start, 2s);
  // A body that never completes: 408.
  int slow_body = Open();
  ASSERT_GE(slow_body, 0);
  Send(slow_body, "POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10\r\n\r\n12345");
  const std::string answer = ReadAll(slow_body, 3000ms);
  EXPECT_EQ(answer.rfind("HTTP/1.1 408", 0), 0u) << answer;
  EXPECT_EQ(handled_.load(), 0);
  EXPECT_TRUE(WaitFor([&] { return events_.Count("request_deadline") == 2; }))
      << events_.Count("request_deadline");
}

TEST_F(ConnectionLimitsTest, APostWithoutALengthHasAnEmptyBodyAndIsAnsweredAtOnce) {
  Start(HttpServerOptions{});
  int fd = Open();
  ASSERT_GE(fd, 0);
  // What `curl -X POST URL` sends: no Content-Length, not chunked, the connection kept open.
  Send(fd, "POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  EXPECT_LT(TimeToFirstByte(fd, 3000ms), 2s) << "answered without waiting for a body";
  const std::string answer = ReadAll(fd, 500ms);
  EXPECT_EQ(answer.rfind("HTTP/1.1 200", 0), 0u) << answer;
  EXPECT_NE(answer.find("Content-Length: 0"), std::string::npos) << "the echoed body is empty";
  EXPECT_EQ(handled_.load(), 1);
}

// A body over the limit is answered 413 before it is read. The connection then ends (after
// taking in the rest of the body, so the answer is not lost to a reset) and a stop is
// prompt: the unread body was read as the next request line, a poll per byte, and a 10 MB
// one held `askdb serve` ~25 s after SIGTERM.
TEST_F(ConnectionLimitsTest, ABodyOverTheLimitEndsTheConnectionAndStopIsPrompt) {
  HttpServerOptions options;
  options.max_body_bytes = 1024;
  options.request_deadline = 10s;
  Start(options);
  int fd = Open();
  ASSERT_GE(fd, 0);
  const std::size_t length = 4 << 20;
  Send(fd, "POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: " + std::to_string(length) +
               "\r\n\r\n");
  std::thread sender([fd, length] {
    const std::string chunk(64 * 1024, 'x');
    for (std::size_t sent = 0; sent < length; sent += chunk.size()) {
      if (::send(fd, chunk.data(), chunk.size(), MSG_NOSIGNAL) <= 0) return;
    }
  });
  const auto start = std::chrono::steady_clock::now();
  const std::string answer = ReadAll(fd, 8000ms);
  const auto closed_after = std::chrono::steady_clock::now() - start;
  sender.join();
  EXPECT_EQ(answer.rfind("HTTP/1.1 413", 0), 0u) << answer.substr(0, 200);
  EXPECT_LT(closed_after, 3s) << "the connection stayed open after the 413";
  EXPECT_EQ(handled_.load(), 0);

  const auto stop_start = std::chrono::steady_clock::now();
  server_->Stop();
  EXPECT_LT(std::chrono::steady_clock::now() - stop_start, 2s);
}

}  // namespace
}  // namespace askdb::server
