#include "askdb/server/httplib_server.h"

#include <arpa/inet.h>
#include <httplib.h>
#include <netdb.h>
#include <poll.h>
#include <spdlog/spdlog.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <variant>

#include "askdb/server/router.h"

namespace askdb::server {
namespace {

using Steady = std::chrono::steady_clock;

// Matches every path, newlines included: routing is ours (router.h), cpp-httplib only
// parses, reads bodies and writes responses.
constexpr const char* kMatchAll = "[\\s\\S]*";
// Slice for waits that must notice Stop(): an idle keep-alive connection, Start's wait.
constexpr std::chrono::milliseconds kStopCheckInterval{50};
// How long a connection answered before its body was read (a 413) takes the rest of that
// body before it is closed: closing with unread bytes resets it, and the client may lose
// the answer.
constexpr std::chrono::milliseconds kLingerTime{2'000};
// Descriptors kept for files, databases and the listening socket besides connections.
constexpr rlim_t kReservedDescriptors = 256;

int PollTimeout(std::chrono::milliseconds timeout) {
  return static_cast<int>(std::clamp<std::int64_t>(timeout.count(), 0, 1 << 30));
}

// Waits for `events` on `fd`; returns poll's revents, 0 on timeout, -1 on error.
int PollFd(int fd, short events, std::chrono::milliseconds timeout) {
  pollfd entry{fd, events, 0};
  while (true) {
    int ready = ::poll(&entry, 1, PollTimeout(timeout));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) return ready;
    return entry.revents;
  }
}

// True while the peer has not closed or reset the connection (checked without blocking).
bool PeerConnected(int fd) {
  if (fd < 0) return true;  // no socket known: rely on write failures alone
  int revents = PollFd(fd, POLLRDHUP, std::chrono::milliseconds(0));
  if (revents < 0) return false;
  return (revents & (POLLRDHUP | POLLHUP | POLLERR | POLLNVAL)) == 0;
}

void AddressOf(const sockaddr_storage& address, std::string& ip, int& port) {
  char host[NI_MAXHOST] = {};
  char service[NI_MAXSERV] = {};
  socklen_t length = address.ss_family == AF_INET6 ? sizeof(sockaddr_in6) : sizeof(sockaddr_in);
  if (::getnameinfo(reinterpret_cast<const sockaddr*>(&address), length, host, sizeof(host),
                    service, sizeof(service), NI_NUMERICHOST | NI_NUMERICSERV) == 0) {
    ip = host;
    port = std::atoi(service);
  }
}

// httplib::Stream over a connected socket, with poll()-based timeouts.
class FdStream final : public httplib::Stream {
 public:
  FdStream(int fd, std::chrono::milliseconds read_timeout, std::chrono::milliseconds write_timeout)
      : fd_(fd), read_timeout_(read_timeout), write_timeout_(write_timeout) {}

  bool is_readable() const override {
    std::chrono::milliseconds wait = read_timeout_;
    bool capped = false;
    if (deadline_ != Steady::time_point::max()) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - Steady::now());
      if (left.count() <= 0) {
        deadline_hit_ = true;
        return false;
      }
      capped = left < wait;
      wait = std::min(wait, left);
    }
    int ready = PollFd(fd_, POLLIN, wait);
    if (ready == 0 && capped) deadline_hit_ = true;
    return ready > 0;
  }
  // Reads fail once `deadline` passed (the request's line, headers and body must arrive by
  // then); time_point::max() lifts it.
  void set_deadline(Steady::time_point deadline) {
    deadline_ = deadline;
    deadline_hit_ = false;
  }
  bool deadline_hit() const { return deadline_hit_; }
  bool is_writable() const override {
    int revents = PollFd(fd_, POLLOUT, write_timeout_);
    return revents > 0 && (revents & (POLLERR | POLLHUP | POLLNVAL)) == 0;
  }
  ssize_t read(char* ptr, size_t size) override {
    if (!is_readable()) return -1;
    while (true) {
      ssize_t n = ::recv(fd_, ptr, size, 0);
      if (n < 0 && errno == EINTR) continue;
      return n;
    }
  }
  ssize_t write(const char* ptr, size_t size) override {
    if (!is_writable()) return -1;
    while (true) {
      ssize_t n = ::send(fd_, ptr, size, MSG_NOSIGNAL);
      if (n < 0 && errno == EINTR) continue;
      return n;
    }
  }
  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    sockaddr_storage address{};
    socklen_t length = sizeof(address);
    if (::getpeername(fd_, reinterpret_cast<sockaddr*>(&address), &length) == 0) {
      AddressOf(address, ip, port);
    }
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    sockaddr_storage address{};
    socklen_t length = sizeof(address);
    if (::getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length) == 0) {
      AddressOf(address, ip, port);
    }
  }
  socket_t socket() const override { return fd_; }

 private:
  int fd_;
  std::chrono::milliseconds read_timeout_;
  std::chrono::milliseconds write_timeout_;
  Steady::time_point deadline_ = Steady::time_point::max();
  mutable bool deadline_hit_ = false;
};

// Per-connection facts that cpp-httplib's callbacks cannot carry; each connection is
// served by one thread from accept to close, so a thread_local pointer is exact.
struct ConnectionContext {
  int fd = -1;
  const FdStream* stream = nullptr;
  Steady::time_point request_start;
  std::size_t streamed_bytes = 0;
  bool streamed = false;
  // Answered before its body was read: the bytes still coming are that body, not a next
  // request (read as one, a 10 MB body took a poll per byte and held shutdown ~25 s).
  bool body_unread = false;
};
thread_local ConnectionContext* tls_connection = nullptr;

// Ends the connection after this response, whose request body is left unread.
void CloseLeavingBodyUnread(httplib::Response& res) {
  res.set_header("Connection", "close");
  if (tls_connection != nullptr) tls_connection->body_unread = true;
}

// Sends FIN, then reads and drops what the client still sends (its unread body) until it
// closes, kLingerTime passes or the server stops, so the answer is not lost to a reset.
template <typename Stopping>
void LingeringClose(int fd, Stopping stopping) {
  ::shutdown(fd, SHUT_WR);
  const auto end = Steady::now() + kLingerTime;
  char drop[64 * 1024];
  while (!stopping()) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - Steady::now());
    if (left.count() <= 0) break;
    int ready = PollFd(fd, POLLIN, std::min(left, kStopCheckInterval));
    if (ready < 0) break;
    if (ready == 0) continue;
    ssize_t n = ::recv(fd, drop, sizeof(drop), 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
  }
}
// How a connection job runs. The task queue runs each job once on the accept thread first
// (kAdmit: the per-client check only, its answer in tls_admitted) and, when over
// max_connections, instead once with kRefuseFull (a 503); an admitted job then runs again
// on a worker thread (kServe). So refusals cost the accept thread a getpeername and, at
// most, one non-blocking send: they never take a slot of the cap.
enum class ConnectionMode { kServe, kAdmit, kRefuseFull };
thread_local ConnectionMode tls_connection_mode = ConnectionMode::kServe;
thread_local bool tls_admitted = false;

// The peer address of a connected socket ("" when unknown).
std::string PeerAddress(int fd) {
  sockaddr_storage address{};
  socklen_t length = sizeof(address);
  std::string ip;
  int port = 0;
  if (::getpeername(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0) {
    AddressOf(address, ip, port);
  }
  return ip;
}

// Answers 503 with Retry-After on a fresh connection without blocking, and closes it.
void RefuseConnection(int fd, std::string_view why) {
  const std::string body = JsonErrorText("unavailable", why);
  const std::string response =
      "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\n"
      "Retry-After: 1\r\nConnection: close\r\nContent-Length: " +
      std::to_string(body.size()) + "\r\n\r\n" + body;
  (void)::send(fd, response.data(), response.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
  ::shutdown(fd, SHUT_WR);
  // Unread request bytes would turn the close into a reset that can discard the answer.
  char sink[4096];
  while (::recv(fd, sink, sizeof(sink), MSG_DONTWAIT) > 0) {
  }
  ::close(fd);
}

// Thread pool for connections: `min` threads stay, more start on demand up to `max`, and
// the extra ones exit after `idle_timeout` without work.
class ElasticTaskQueue final : public httplib::TaskQueue {
 public:
  // At most `capacity` jobs (connections) are queued or running; see ConnectionMode for
  // how a job is admitted or refused on the caller's thread (the accept loop).
  ElasticTaskQueue(std::size_t min, std::size_t max, std::chrono::milliseconds idle_timeout,
                   std::size_t capacity)
      : min_(std::max<std::size_t>(1, min)),
        max_(std::max(std::max<std::size_t>(1, min), max)),
        idle_timeout_(idle_timeout),
        capacity_(std::max<std::size_t>(1, capacity)) {}
  ~ElasticTaskQueue() override { shutdown(); }

  void enqueue(std::function<void()> fn) override {
    bool full = false;
    {
      std::lock_guard lock(mu_);
      full = active_ >= capacity_;
      if (!full) ++active_;
    }
    tls_connection_mode = full ? ConnectionMode::kRefuseFull : ConnectionMode::kAdmit;
    tls_admitted = false;
    fn();
    tls_connection_mode = ConnectionMode::kServe;
    if (full || !tls_admitted) {
      if (!full) {
        std::lock_guard lock(mu_);
        --active_;
      }
      return;
    }
    std::vector<std::thread> finished;
    {
      std::lock_guard lock(mu_);
      jobs_.push_back(std::move(fn));
      finished = TakeFinishedLocked();
      if (idle_ < jobs_.size() && live_ < max_) {
        ++live_;
        std::thread thread([this] { Work(); });
        threads_.emplace(thread.get_id(), std::move(thread));
      }
    }
    cv_.notify_one();
    for (std::thread& thread : finished) thread.join();
  }

  void shutdown() override {
    std::vector<std::thread> all;
    {
      std::lock_guard lock(mu_);
      shutdown_ = true;
      for (auto& [id, thread] : threads_) all.push_back(std::move(thread));
      threads_.clear();
      finished_.clear();
    }
    cv_.notify_all();
    for (std::thread& thread : all) {
      if (thread.joinable()) thread.join();
    }
  }

 private:
  void Work() {
    std::unique_lock lock(mu_);
    while (true) {
      ++idle_;
      bool woken = cv_.wait_for(lock, idle_timeout_, [&] { return !jobs_.empty() || shutdown_; });
      --idle_;
      if (jobs_.empty()) {
        // Queued jobs still run after shutdown: they are accepted connections.
        if (shutdown_ || (!woken && live_ > min_)) break;
        continue;
      }
      std::function<void()> job = std::move(jobs_.front());
      jobs_.pop_front();
      lock.unlock();
      job();
      job = nullptr;
      lock.lock();
      --active_;
    }
    --live_;
    if (!shutdown_) finished_.push_back(std::this_thread::get_id());
  }

  std::vector<std::thread> TakeFinishedLocked() {
    std::vector<std::thread> finished;
    for (std::thread::id id : finished_) {
      auto it = threads_.find(id);
      if (it == threads_.end()) continue;
      finished.push_back(std::move(it->second));
      threads_.erase(it);
    }
    finished_.clear();
    return finished;
  }

  const std::size_t min_;
  const std::size_t max_;
  const std::chrono::milliseconds idle_timeout_;
  const std::size_t capacity_;
  std::size_t active_ = 0;  // jobs queued or running
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> jobs_;
  std::map<std::thread::id, std::thread> threads_;
  std::vector<std::thread::id> finished_;
  std::size_t live_ = 0;
  std::size_t idle_ = 0;
  bool shutdown_ = false;
};

// cpp-httplib's Server with our connection loop (see the header for why).
class AskdbHttplibServer final : public httplib::Server {
 public:
  explicit AskdbHttplibServer(const HttpServerOptions& options) : options_(options) {}

  int listening_socket() const { return svr_sock_; }
  void BeginStop() { stopping_.store(true); }
  bool stopping() const { return stopping_.load() || svr_sock_ == INVALID_SOCKET; }

 private:
  bool process_and_close_socket(socket_t sock) override {
    if (tls_connection_mode == ConnectionMode::kRefuseFull) {
      Event("rejected_max_connections");
      RefuseConnection(sock, "the server has too many open connections: retry shortly");
      return false;
    }
    const std::string client = PeerAddress(sock);
    if (tls_connection_mode == ConnectionMode::kAdmit) {
      tls_admitted = AddClient(client);
      if (!tls_admitted) {
        Event("rejected_per_client");
        RefuseConnection(sock, "too many open connections from this address: close some first");
      }
      return false;
    }
    Event("opened");
    FdStream stream(sock, options_.read_timeout, options_.write_timeout);
    ConnectionContext context;
    context.fd = sock;
    context.stream = &stream;
    tls_connection = &context;
    const bool ok = ServeRequests(stream, context);
    tls_connection = nullptr;
    if (context.body_unread) LingeringClose(sock, [this] { return stopping(); });
    ::shutdown(sock, SHUT_RDWR);
    ::close(sock);
    RemoveClient(client);
    Event("closed");
    return ok;
  }

  // Serves the connection's requests one after another until the client closes it, it
  // idles out, a request fails, runs past its deadline or leaves its body unread, or
  // keep_alive_max_requests are served. Whether the last request was served.
  bool ServeRequests(FdStream& stream, ConnectionContext& context) {
    bool ok = false;
    std::size_t remaining = std::max<std::size_t>(1, options_.keep_alive_max_requests);
    while (remaining > 0) {
      const Wait wait = WaitForRequest(context.fd);
      if (wait == Wait::kIdle) Event("idle_timeout");
      if (wait != Wait::kRequest) break;
      context.request_start = Steady::now();
      context.streamed_bytes = 0;
      context.streamed = false;
      if (options_.request_deadline.count() > 0) {
        stream.set_deadline(context.request_start + options_.request_deadline);
      }
      bool connection_closed = false;
      ok = process_request(stream, remaining == 1, connection_closed, nullptr);
      const bool late = stream.deadline_hit();
      stream.set_deadline(Steady::time_point::max());
      if (late) {
        Event("request_deadline");
        break;
      }
      if (!ok || connection_closed || context.body_unread) break;
      --remaining;
    }
    return ok;
  }

  void Event(std::string_view event) const {
    if (options_.on_connection_event) options_.on_connection_event(event);
  }

  // Counts a connection of `client`; false (not counted) when it has its maximum already.
  bool AddClient(const std::string& client) {
    if (options_.max_connections_per_client == 0) return true;
    std::lock_guard lock(clients_mu_);
    std::size_t& open = clients_[client];
    if (open >= options_.max_connections_per_client) {
      if (open == 0) clients_.erase(client);
      return false;
    }
    ++open;
    return true;
  }
  void RemoveClient(const std::string& client) {
    if (options_.max_connections_per_client == 0) return;
    std::lock_guard lock(clients_mu_);
    auto it = clients_.find(client);
    if (it != clients_.end() && --it->second == 0) clients_.erase(it);
  }

  enum class Wait { kRequest, kIdle, kClosed };
  // Waits for the next request's first bytes (the first request too); kIdle when none came
  // within the keep-alive timeout, kClosed when the peer closed or the server is stopping.
  Wait WaitForRequest(int fd) const {
    auto deadline = Steady::now() + options_.keep_alive_timeout;
    while (!stopping()) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Steady::now());
      if (left.count() <= 0) return Wait::kIdle;
      int revents = PollFd(fd, POLLIN, std::min(left, kStopCheckInterval));
      if (revents < 0) return Wait::kClosed;
      if (revents > 0) return (revents & POLLIN) != 0 ? Wait::kRequest : Wait::kClosed;
    }
    return Wait::kClosed;
  }

  std::mutex clients_mu_;
  std::unordered_map<std::string, std::size_t> clients_;  // open connections per address
  const HttpServerOptions options_;
  std::atomic<bool> stopping_{false};
};

class HttplibStreamWriter final : public StreamWriter {
 public:
  HttplibStreamWriter(httplib::DataSink& sink, int fd, const AskdbHttplibServer& server)
      : sink_(sink), fd_(fd), server_(server) {}

  bool Write(std::string_view data) override {
    // Checking the peer first matters: a send to a closed peer still succeeds once.
    if (!IsOpen()) return false;
    if (data.empty()) return true;  // an empty chunk would end the HTTP stream
    if (!sink_.write(data.data(), data.size())) {
      failed_.store(true);
      return false;
    }
    bytes_ += data.size();
    return true;
  }

  bool IsOpen() const override {
    if (failed_.load() || server_.stopping()) return false;
    if (!PeerConnected(fd_)) {
      failed_.store(true);
      return false;
    }
    return true;
  }

  bool failed() const { return failed_.load(); }
  std::size_t bytes() const { return bytes_; }

 private:
  httplib::DataSink& sink_;
  int fd_;
  const AskdbHttplibServer& server_;
  mutable std::atomic<bool> failed_{false};
  std::size_t bytes_ = 0;
};

using RouteTarget = std::variant<Handler, StreamHandler>;

std::string StatusCodeText(int status) {
  switch (status) {
    case 400:
      return "bad_request";
    case 404:
      return "not_found";
    case 405:
      return "method_not_allowed";
    case 408:
      return "request_timeout";
    case 413:
      return "payload_too_large";
    case 414:
      return "uri_too_long";
    case 416:
      return "range_not_satisfiable";
    case 500:
      return "internal";
    default:
      return "http_" + std::to_string(status);
  }
}

std::string JoinMethods(const std::set<std::string>& methods) {
  std::string text;
  for (const std::string& method : methods) {
    if (!text.empty()) text += ", ";
    text += method;
  }
  return text;
}

// The request's Origin header, for the CORS headers of an answer.
std::optional<std::string> OriginOf(const httplib::Request& req) {
  return req.has_header("Origin") ? std::optional(req.get_header_value("Origin")) : std::nullopt;
}

// The 500 of a handler that failed, worded the same wherever it is caught.
HttpResponse InternalErrorResponse() {
  return HttpResponse::Error(500, "internal",
                             "the server failed while handling the request; retry, and "
                             "report it if it persists");
}

// Our request from cpp-httplib's: method, path, query, headers (without cpp-httplib's pseudo
// headers) and the client's address; the body is added once its size is checked.
HttpRequest RequestHead(const httplib::Request& req) {
  HttpRequest request;
  request.method = req.method;
  auto [path, query] = SplitTarget(req.target);
  request.path = std::string(path);
  request.query = ParseQueryString(query);
  for (const auto& [name, value] : req.headers) {
    if (name == "REMOTE_ADDR" || name == "REMOTE_PORT" || name == "LOCAL_ADDR" ||
        name == "LOCAL_PORT") {
      continue;  // cpp-httplib's pseudo headers
    }
    request.headers.Add(name, value);
  }
  request.remote_address = req.remote_addr;
  request.remote_port = req.remote_port;
  return request;
}

class HttplibHttpServer final : public HttpServer {
 public:
  explicit HttplibHttpServer(const HttpServerOptions& options) : options_(options) {}
  ~HttplibHttpServer() override { Stop(); }

  void Handle(std::string_view method, std::string_view pattern, Handler handler) override {
    AddRoute(method, pattern, RouteTarget(std::move(handler)));
  }
  void HandleStream(std::string_view method, std::string_view pattern,
                    StreamHandler handler) override {
    AddRoute(method, pattern, RouteTarget(std::move(handler)));
  }

  void SetOversizedBodyResponse(std::string_view path,
                                std::function<HttpResponse(std::size_t limit)> respond) override {
    oversized_[std::string(path)] = std::move(respond);
  }

  Status Start(std::string_view host, int port) override;
  void Stop() override;
  int port() const override { return port_.load(); }

 private:
  // The 413 for a body over the limit on `path` (a route's own shape, else the JSON error).
  HttpResponse OversizedBody(std::string_view path) const {
    const std::size_t limit = BodyLimit(path);
    if (auto it = oversized_.find(path); it != oversized_.end()) return it->second(limit);
    return HttpResponse::Error(413, "payload_too_large",
                               "the request body exceeds the limit of " + std::to_string(limit) +
                                   " bytes: send a smaller body");
  }
  // The body limit of `path`: its own (HttpServerOptions::body_limits), else max_body_bytes.
  std::size_t BodyLimit(std::string_view path) const {
    auto it = options_.body_limits.find(path);
    return it != options_.body_limits.end() ? it->second : options_.max_body_bytes;
  }
  void AddRoute(std::string_view method, std::string_view pattern, RouteTarget target) {
    Status status = router_.Add(method, pattern, std::move(target));
    if (!status.ok() && route_error_.ok()) route_error_ = status;
  }

  void RaiseOpenFilesLimit() const;
  void Configure();
  // Configure's parts: the handlers cpp-httplib calls around ours.
  void InstallTaskQueue();
  httplib::Server::HandlerResponse PreRoute(const httplib::Request& req, httplib::Response& res);
  void RouteEveryMethod();
  httplib::Server::HandlerResponse FillHttplibError(const httplib::Request& req,
                                                    httplib::Response& res);
  HttpResponse HttplibErrorResponse(const httplib::Request& req, httplib::Response& res);
  void Dispatch(const httplib::Request& req, httplib::Response& res);
  // Dispatch's parts.
  bool AnswerIfClientGone(const HttpRequest& request, httplib::Response& res);
  void RunRoute(const RouteTarget& target, const HttpRequest& request, httplib::Response& res);
  void ServeStream(StreamResponse stream, const HttpRequest& request, httplib::Response& res);
  void DispatchOptions(const HttpRequest& request, const std::optional<std::string>& origin,
                       httplib::Response& res);
  HttpResponse RoutingError(const Router<RouteTarget>::Match& match, const HttpRequest& request);
  bool OriginAllowed(const std::string& origin) const;
  void AddCorsHeaders(const std::optional<std::string>& origin, httplib::Response& res) const;
  void LogAccess(const httplib::Request& req, const httplib::Response& res) const;
  static void Apply(const HttpResponse& response, httplib::Response& res);

  const HttpServerOptions options_;
  Router<RouteTarget> router_;
  // Set before Start, read-only afterwards.
  std::map<std::string, std::function<HttpResponse(std::size_t)>, std::less<>> oversized_;
  Status route_error_;
  std::unique_ptr<AskdbHttplibServer> server_;
  std::thread listen_thread_;
  std::atomic<int> port_{0};
  std::atomic<bool> listen_returned_{false};
};

void HttplibHttpServer::RaiseOpenFilesLimit() const {
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) return;
  rlim_t wanted = static_cast<rlim_t>(options_.max_worker_threads) + kReservedDescriptors;
  if (limit.rlim_cur >= wanted) return;
  rlim_t raised = limit.rlim_max == RLIM_INFINITY ? wanted : std::min(wanted, limit.rlim_max);
  if (raised <= limit.rlim_cur) return;
  rlim_t before = limit.rlim_cur;
  limit.rlim_cur = raised;
  if (::setrlimit(RLIMIT_NOFILE, &limit) == 0) {
    spdlog::info("http: open-files limit raised from {} to {} for up to {} connections", before,
                 raised, options_.max_worker_threads);
  }
  if (raised < wanted) {
    spdlog::warn(
        "http: open-files hard limit {} is below the {} that max_worker_threads needs; raise "
        "it (ulimit -Hn) or lower max_worker_threads",
        limit.rlim_max, wanted);
  }
}

// Worker threads grow from min to max on demand and queue up to the connection cap.
void HttplibHttpServer::InstallTaskQueue() {
  std::size_t min_threads = options_.min_worker_threads;
  std::size_t max_threads = options_.max_worker_threads;
  auto idle = options_.idle_worker_timeout;
  std::size_t capacity =
      options_.max_connections > 0 ? options_.max_connections : options_.max_worker_threads;
  // cpp-httplib takes ownership of the raw pointer it is handed (its API, not ours).
  server_->new_task_queue = [min_threads, max_threads, idle, capacity]() -> httplib::TaskQueue* {
    return std::make_unique<ElasticTaskQueue>(min_threads, max_threads, idle, capacity).release();
  };
}

// Before any body is read: a body without a length would be read until the client closes
// or the read times out, and the handler would then run for a client that is gone.
httplib::Server::HandlerResponse HttplibHttpServer::PreRoute(const httplib::Request& req,
                                                             httplib::Response& res) {
  const std::string encoding = req.get_header_value("Transfer-Encoding");
  const bool chunked = encoding.find("chunked") != std::string::npos ||
                       encoding.find("Chunked") != std::string::npos;
  if (req.has_header("Content-Length") &&
      req.get_header_value<uint64_t>("Content-Length") > BodyLimit(req.path)) {
    // cpp-httplib's own check uses the largest limit of any route (Configure).
    Apply(OversizedBody(req.path), res);
    AddCorsHeaders(OriginOf(req), res);
    CloseLeavingBodyUnread(res);
    return httplib::Server::HandlerResponse::Handled;
  }
  if (req.has_header("Content-Length") || chunked) {
    return httplib::Server::HandlerResponse::Unhandled;
  }
  if (req.method == "POST" || req.method == "PUT" || req.method == "PATCH" ||
      req.method == "DELETE") {
    // HTTP/1.1 (RFC 9112 §6.3): a request with neither length nor chunking has no body
    // (`curl -X POST` sends none). cpp-httplib would read it until the client closes.
    const_cast<httplib::Request&>(req).set_header("Content-Length", "0");
  }
  return httplib::Server::HandlerResponse::Unhandled;
}

// Every method goes to Dispatch, which routes by our own router.
void HttplibHttpServer::RouteEveryMethod() {
  auto handler = [this](const httplib::Request& req, httplib::Response& res) {
    Dispatch(req, res);
  };
  server_->Get(kMatchAll, handler);
  server_->Post(kMatchAll, handler);
  server_->Put(kMatchAll, handler);
  server_->Patch(kMatchAll, handler);
  server_->Delete(kMatchAll, handler);
  server_->Options(kMatchAll, handler);
}

// The JSON error for a status cpp-httplib set itself: a request deadline (408), a body over
// the limit (413), a method not registered (cpp-httplib's 404 is our 405), anything else.
HttpResponse HttplibHttpServer::HttplibErrorResponse(const httplib::Request& req,
                                                     httplib::Response& res) {
  ConnectionContext* context = tls_connection;
  if (context != nullptr && context->stream != nullptr && context->stream->deadline_hit()) {
    res.set_header("Connection", "close");
    return HttpResponse::Error(408, "request_timeout",
                               "the request's headers and body did not arrive within " +
                                   std::to_string(options_.request_deadline.count()) + " ms");
  }
  if (res.status == 413) return OversizedBody(SplitTarget(req.target).first);
  if (res.status == 414) {
    // A long question in a GET stream URL: say where the same parameters fit.
    return HttpResponse::Error(414, StatusCodeText(414),
                               "the request line is longer than 8,192 bytes: send long text in "
                               "a JSON body (a question: POST /api/v1/stream/search with "
                               "{\"query\": ...}, or POST /api/v1/ask)");
  }
  if (res.status == 404) {
    // cpp-httplib routes only the methods we registered: this method is not served.
    HttpRequest request;
    request.method = req.method;
    request.path = std::string(SplitTarget(req.target).first);
    HttpResponse response = RoutingError(router_.Lookup(req.method, request.path), request);
    if (response.status == 404 && !req.method.empty()) {
      response = HttpResponse::Error(405, "method_not_allowed",
                                     "method " + req.method + " is not supported");
    }
    return response;
  }
  return HttpResponse::Error(res.status, StatusCodeText(res.status),
                             "the HTTP request could not be processed (status " +
                                 std::to_string(res.status) +
                                 "): check the request line, headers and body");
}

// Our own error responses already carry a JSON body; only cpp-httplib's own are filled.
httplib::Server::HandlerResponse HttplibHttpServer::FillHttplibError(const httplib::Request& req,
                                                                     httplib::Response& res) {
  if (!res.body.empty() || res.content_provider_) {
    return httplib::Server::HandlerResponse::Unhandled;
  }
  HttpResponse response = HttplibErrorResponse(req, res);
  int status = response.status;
  Apply(response, res);
  res.status = status;
  AddCorsHeaders(OriginOf(req), res);
  // cpp-httplib stopped reading a chunked body over the limit part way.
  if (status == 413) CloseLeavingBodyUnread(res);
  return httplib::Server::HandlerResponse::Handled;
}

void HttplibHttpServer::Configure() {
  server_ = std::make_unique<AskdbHttplibServer>(options_);
  AskdbHttplibServer& s = *server_;
  InstallTaskQueue();
  s.set_pre_routing_handler(
      [this](const httplib::Request& req, httplib::Response& res) { return PreRoute(req, res); });
  std::size_t largest_body = options_.max_body_bytes;
  for (const auto& [path, limit] : options_.body_limits)
    largest_body = std::max(largest_body, limit);
  s.set_payload_max_length(largest_body);
  // cpp-httplib's default also sets SO_REUSEPORT, which would let a second server bind the
  // same port and silently take half the connections; SO_REUSEADDR alone allows fast
  // restarts without that.
  s.set_socket_options([](socket_t sock) {
    int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof(yes));
  });
  RouteEveryMethod();
  s.set_error_handler(httplib::Server::HandlerWithResponse(
      [this](const httplib::Request& req, httplib::Response& res) {
        return FillHttplibError(req, res);
      }));
  s.set_exception_handler(
      [](const httplib::Request& req, httplib::Response& res, std::exception_ptr error) {
        std::string what = "unknown exception";
        try {
          if (error) std::rethrow_exception(error);
        } catch (const std::exception& e) {
          what = e.what();
        } catch (...) {
        }
        spdlog::error("http: {} {} failed: {}", req.method, req.path, what);
        Apply(InternalErrorResponse(), res);
      });
  s.set_logger(
      [this](const httplib::Request& req, const httplib::Response& res) { LogAccess(req, res); });
}

Status HttplibHttpServer::Start(std::string_view host, int port) {
  if (server_ != nullptr) {
    return FailedPreconditionError("the HTTP server is already started: call Stop() first");
  }
  if (!route_error_.ok()) return route_error_.WithContext("registering routes");
  if (options_.raise_open_files_limit) RaiseOpenFilesLimit();
  Configure();
  std::string host_text(host);
  int bound = port;
  if (port == 0) {
    bound = server_->bind_to_any_port(host_text);
  } else if (!server_->bind_to_port(host_text, port)) {
    bound = -1;
  }
  if (bound <= 0) {
    server_.reset();
    return UnavailableError("cannot listen on " + host_text + ":" + std::to_string(port) +
                            ": the address is in use or not local; choose another port or "
                            "host, or stop the process using it");
  }
  // cpp-httplib listens with a backlog of 5; a burst of clients needs a longer queue.
  // Linux lets listen() be called again on a listening socket to change the backlog.
  ::listen(server_->listening_socket(), options_.listen_backlog);
  listen_returned_.store(false);
  listen_thread_ = std::thread([this] {
    server_->listen_after_bind();
    listen_returned_.store(true);
  });
  // stop() is a no-op until the accept loop runs, so Start returns only once it does.
  while (!server_->is_running()) {
    if (listen_returned_.load()) {
      listen_thread_.join();
      server_.reset();
      return InternalError("the HTTP server's accept loop ended at once on " + host_text + ":" +
                           std::to_string(bound) + ": check the address and the logs");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  port_.store(bound);
  spdlog::info("http: listening on {}:{}", host_text, bound);
  return Status::Ok();
}

void HttplibHttpServer::Stop() {
  if (server_ == nullptr) return;
  server_->BeginStop();
  server_->stop();  // closes the listening socket; the accept loop then drains its threads
  if (listen_thread_.joinable()) listen_thread_.join();
  server_.reset();
  port_.store(0);
}

bool HttplibHttpServer::OriginAllowed(const std::string& origin) const {
  for (const std::string& allowed : options_.cors_allowed_origins) {
    if (allowed == "*" || allowed == origin) return true;
  }
  return false;
}

void HttplibHttpServer::AddCorsHeaders(const std::optional<std::string>& origin,
                                       httplib::Response& res) const {
  if (!origin.has_value() || !OriginAllowed(*origin)) return;
  res.set_header("Access-Control-Allow-Origin", *origin);
  res.set_header("Vary", "Origin");
  res.set_header("Access-Control-Expose-Headers", "Retry-After, Content-Type");
}

void HttplibHttpServer::Apply(const HttpResponse& response, httplib::Response& res) {
  res.status = response.status;
  for (const auto& [name, value] : response.headers.entries()) res.set_header(name, value);
  if (response.headers.Has("Content-Encoding") && !response.body.empty()) {
    // Already encoded (the web UI's precompressed assets): sent as is. A content provider
    // with a known length keeps cpp-httplib from compressing the body a second time.
    auto body = std::make_shared<const std::string>(response.body);
    res.set_content_provider(
        body->size(), response.content_type,
        [body](std::size_t offset, std::size_t length, httplib::DataSink& sink) {
          return sink.write(body->data() + offset, length);
        });
    return;
  }
  res.set_content(response.body, response.content_type);
}

HttpResponse HttplibHttpServer::RoutingError(const Router<RouteTarget>::Match& match,
                                             const HttpRequest& request) {
  if (match.outcome == Router<RouteTarget>::Outcome::kMethodNotAllowed) {
    HttpResponse response =
        HttpResponse::Error(405, "method_not_allowed",
                            "method " + request.method + " is not allowed on " + request.path +
                                ": use " + JoinMethods(match.allowed_methods));
    response.headers.Set("Allow", JoinMethods(match.allowed_methods));
    return response;
  }
  return HttpResponse::Error(404, "not_found",
                             "no API route matches " + request.path +
                                 ": check the URL against the API reference (/api/v1/...)");
}

void HttplibHttpServer::DispatchOptions(const HttpRequest& request,
                                        const std::optional<std::string>& origin,
                                        httplib::Response& res) {
  auto match = router_.Lookup(request.method, request.path);
  if (match.allowed_methods.empty()) {
    Apply(RoutingError(match, request), res);
    return;
  }
  std::string methods = JoinMethods(match.allowed_methods);
  bool preflight = origin.has_value() && request.headers.Has("Access-Control-Request-Method");
  if (preflight && !OriginAllowed(*origin)) {
    Apply(HttpResponse::Error(403, "cors_origin_not_allowed",
                              "origin " + *origin +
                                  " may not call this API: add it to the server's allowed "
                                  "CORS origins"),
          res);
    return;
  }
  res.status = 204;
  res.set_header("Allow", methods + ", OPTIONS");
  if (preflight) {
    std::string headers;
    for (const std::string& header : options_.cors_allowed_headers) {
      if (!headers.empty()) headers += ", ";
      headers += header;
    }
    res.set_header("Access-Control-Allow-Methods", methods + ", OPTIONS");
    res.set_header("Access-Control-Allow-Headers", headers);
    res.set_header("Access-Control-Max-Age", std::to_string(options_.cors_max_age.count()));
  }
}

// A request that changes something is not run for a client that has gone away (its
// answer — a new key, say — would reach nobody): answers 499 and returns true.
bool HttplibHttpServer::AnswerIfClientGone(const HttpRequest& request, httplib::Response& res) {
  if (request.method == "GET" || request.method == "HEAD" || tls_connection == nullptr ||
      PeerConnected(tls_connection->fd)) {
    return false;
  }
  if (options_.on_connection_event) options_.on_connection_event("client_gone");
  Apply(HttpResponse::Error(499, "client_closed_request",
                            "the client closed the connection before the request ran"),
        res);
  return true;
}

// A stream's head now, its body when cpp-httplib asks for content: written once, to its
// end, on the connection's thread.
void HttplibHttpServer::ServeStream(StreamResponse stream, const HttpRequest& request,
                                    httplib::Response& res) {
  if (!stream.body) {
    Apply(stream.head, res);
    return;
  }
  res.status = stream.head.status;
  for (const auto& [name, value] : stream.head.headers.entries()) {
    res.set_header(name, value);
  }
  auto body = std::make_shared<std::function<void(StreamWriter&)>>(std::move(stream.body));
  auto started = std::make_shared<bool>(false);
  std::string method = request.method;
  std::string stream_path = request.path;
  res.set_chunked_content_provider(
      stream.head.content_type,
      [this, body, started, method, stream_path](std::size_t, httplib::DataSink& sink) {
        if (*started) {  // not expected: the body ran to its end in the first call
          sink.done();
          return true;
        }
        *started = true;
        ConnectionContext* context = tls_connection;
        HttplibStreamWriter writer(sink, context ? context->fd : -1, *server_);
        try {
          (*body)(writer);
        } catch (const std::exception& e) {
          spdlog::error("http: stream {} {} failed: {}", method, stream_path, e.what());
        } catch (...) {
          spdlog::error("http: stream {} {} failed with a non-standard exception", method,
                        stream_path);
        }
        if (context != nullptr) {
          context->streamed = true;
          context->streamed_bytes = writer.bytes();
        }
        if (writer.failed()) return false;  // the connection is closed afterwards
        sink.done();
        return true;
      });
}

// Runs the route's handler; a handler that throws answers 500 (and is logged).
void HttplibHttpServer::RunRoute(const RouteTarget& target, const HttpRequest& request,
                                 httplib::Response& res) {
  try {
    if (const auto* handler = std::get_if<Handler>(&target)) {
      Apply((*handler)(request), res);
    } else {
      ServeStream(std::get<StreamHandler>(target)(request), request, res);
    }
  } catch (const std::exception& e) {
    spdlog::error("http: handler for {} {} threw: {}", request.method, request.path, e.what());
    res = httplib::Response();
    Apply(InternalErrorResponse(), res);
  } catch (...) {
    spdlog::error("http: handler for {} {} threw a non-standard exception", request.method,
                  request.path);
    res = httplib::Response();
    Apply(InternalErrorResponse(), res);
  }
}

void HttplibHttpServer::Dispatch(const httplib::Request& req, httplib::Response& res) {
  HttpRequest request = RequestHead(req);
  std::optional<std::string> origin = request.Header("Origin");
  if (request.method == "OPTIONS") {
    DispatchOptions(request, origin, res);
    AddCorsHeaders(origin, res);
    return;
  }
  // cpp-httplib enforces the limit for Content-Length bodies only; chunked ones end here.
  if (req.body.size() > BodyLimit(request.path)) {
    Apply(OversizedBody(request.path), res);
    AddCorsHeaders(origin, res);
    return;
  }
  request.body = req.body;
  for (const auto& [name, part] : req.files) {
    request.form.push_back({part.name, part.filename, part.content_type, part.content});
  }
  // HEAD is served by the GET route (cpp-httplib then sends no body).
  std::string lookup_method = request.method == "HEAD" ? std::string("GET") : request.method;
  auto match = router_.Lookup(lookup_method, request.path);
  if (match.outcome != Router<RouteTarget>::Outcome::kFound) {
    Apply(RoutingError(match, request), res);
    AddCorsHeaders(origin, res);
    return;
  }
  request.path_params = std::move(match.params);
  if (AnswerIfClientGone(request, res)) return;
  RunRoute(*match.target, request, res);
  AddCorsHeaders(origin, res);
}

void HttplibHttpServer::LogAccess(const httplib::Request& req, const httplib::Response& res) const {
  if (!options_.log_access && !options_.access_log) return;
  AccessLogEntry entry;
  entry.method = req.method;
  entry.path = std::string(SplitTarget(req.target).first);
  entry.status = res.status;
  entry.remote_address = req.remote_addr;
  ConnectionContext* context = tls_connection;
  if (context != nullptr) {
    entry.duration = std::chrono::duration_cast<std::chrono::microseconds>(Steady::now() -
                                                                           context->request_start);
    entry.bytes = context->streamed ? context->streamed_bytes : res.body.size();
  } else {
    entry.bytes = res.body.size();
  }
  if (options_.log_access) {
    spdlog::info("http_access method={} path={} status={} duration_ms={:.3f} bytes={} remote={}",
                 entry.method, entry.path, entry.status,
                 static_cast<double>(entry.duration.count()) / 1000.0, entry.bytes,
                 entry.remote_address);
  }
  if (options_.access_log) {
    try {
      options_.access_log(entry);
    } catch (const std::exception& e) {
      spdlog::error("http: access-log hook threw: {}", e.what());
    }
  }
}

}  // namespace

std::unique_ptr<HttpServer> MakeHttplibServer(const HttpServerOptions& options) {
  return std::make_unique<HttplibHttpServer>(options);
}

}  // namespace askdb::server
