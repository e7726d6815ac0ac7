// Load bar of `askdb serve` (issue #7): N concurrent SSE streams (default 2,000) against
// the real server binary, whose scripted model answers every SQL-generation call after
// --latency-ms (default 2,000 ms), so that all runs wait on the model at the same time.
//
// What it does:
//   1. Creates the demo database and its semantic model in a temporary directory, writes
//      scripted LLM rules (one rule: the question's SQL, after the latency), and starts
//      `askdb serve --port 0 --no-auth --llm scripted:FILE --workers W --queue Q` as a child
//      process with ASKDB_HOME in the temporary directory (checkpoints and config stay
//      there). The port comes from its "listening on http://HOST:PORT" line.
//   2. Runs one warm-up stream, then records the server's idle memory (/proc/PID/status
//      VmRSS, /proc/PID/smaps_rollup Pss) and threads.
//   3. Opens N streams GET /api/v1/stream/search?query=...&threadId=<unique> from this one
//      process with non-blocking sockets and epoll (no thread per client), started evenly
//      over --ramp-ms (default: half the latency, so every run is open before the first
//      model answer arrives). For each stream it measures the time from connect() to the
//      first SSE frame (time to first event) and to the terminal frame. A `result` frame
//      whose result is the LLM route with exactly one model call completes a run; HTTP
//      errors, `run_error`, `cancelled`, another result, a closed or reset connection and
//      timeouts are errors, counted by kind.
//   4. Samples the server's VmRSS and Threads every 20 ms while streams are open. The
//      sample used for the memory bar is the one with the most runs waiting (first frame
//      received, no terminal frame yet; ideally all N, which `all_runs_waiting_at_once`
//      reports), and memory per waiting run is (its VmRSS - idle VmRSS) / runs waiting.
//   5. Cross-checks askdb_llm_calls_total and askdb_runs_total on /metrics, stops the
//      server with SIGTERM and prints one JSON object with the figures and the bars
//      {errors == 0, kb_per_waiting_run <= 300, ttfe_p50_ms <= 20}.
//
// Usage: serve_bench [--n 2000] [--askdb PATH] [--latency-ms 2000] [--ramp-ms MS]
//                    [--timeout-s 180] [--workers W] [--keep]
// The askdb binary defaults to the one next to this program (build/bin/askdb).
// Exit status: 0 when the load ran (even if a bar fails: the JSON says so), 1 when setup
// failed (no server, no warm-up run, bad arguments), 2 on a usage error.
//
// Not part of the test suite: it needs the whole machine for a minute; run it by hand.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "askdb/common/json.h"
#include "askdb/common/status.h"
#include "askdb/demo/demo_database.h"
#include "askdb/server/sse.h"

extern char** environ;

namespace askdb::bench {
namespace {

namespace fs = std::filesystem;
using Steady = std::chrono::steady_clock;

// The bars.
constexpr double kKbPerWaitingRunBar = 300.0;
constexpr double kTtfeP50BarMs = 20.0;

constexpr int kDefaultRuns = 2000;
constexpr int kDefaultLatencyMs = 2000;
constexpr int kDefaultTimeoutSeconds = 180;
// Executor slots beyond the streams: the warm-up run and anything else in flight.
constexpr int kSpareWorkers = 16;
// Question the deterministic engine abstains on (median is not in its vocabulary), so each
// run makes exactly one model call; the rule below answers it.
constexpr const char* kQuestion = "Show the median order value per store";
constexpr const char* kRulePattern = "median order value";
// The warm-up asks the same with a marker its own rule answers without latency (rules are
// tried in order), so that setup does not wait --latency-ms.
constexpr const char* kWarmupQuestion = "Show the median order value per store (warmup)";
constexpr const char* kWarmupPattern = "\\(warmup\\)";
constexpr const char* kRuleSql =
    "SELECT store_id, AVG(total_amount) AS avg_order_value FROM orders GROUP BY store_id "
    "ORDER BY store_id";
constexpr const char* kExpectedRoute = "llm";

constexpr std::chrono::seconds kServerStartTimeout{60};
constexpr std::chrono::seconds kServerStopTimeout{20};
constexpr std::chrono::milliseconds kStartPollInterval{20};
// Memory and thread samples during the load (reading /proc/PID/status is cheap).
constexpr std::chrono::milliseconds kSampleInterval{20};
// Lets the server's allocator and idle threads settle after the warm-up run.
constexpr std::chrono::milliseconds kSettleTime{500};
constexpr std::chrono::seconds kMetricsSettleTimeout{5};
constexpr int kMaxEpollEvents = 512;
constexpr std::size_t kReadChunk = 16 << 10;
// Descriptors for this process besides the streams (log file, epoll, /proc reads...).
constexpr rlim_t kReservedDescriptors = 64;

double Ms(Steady::duration d) { return std::chrono::duration<double, std::milli>(d).count(); }

double Percentile(std::vector<double> values, double q) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  double rank = q * static_cast<double>(values.size() - 1);
  auto lo = static_cast<std::size_t>(std::floor(rank));
  auto hi = static_cast<std::size_t>(std::ceil(rank));
  return values[lo] + (values[hi] - values[lo]) * (rank - static_cast<double>(lo));
}

double Round(double value, int digits = 2) {
  double scale = std::pow(10.0, digits);
  return std::round(value * scale) / scale;
}

// ---------------------------------------------------------------------------------------
// The server process.

struct ProcMemory {
  long rss_kb = -1;
  long hwm_kb = -1;
  long threads = -1;
};

// VmRSS, VmHWM and Threads of `pid`; -1 for what could not be read.
ProcMemory ReadProcStatus(pid_t pid) {
  ProcMemory memory;
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line)) {
    auto value = [&](std::string_view key) -> std::optional<long> {
      if (line.rfind(key, 0) != 0) return std::nullopt;
      return std::strtol(line.c_str() + key.size(), nullptr, 10);
    };
    if (auto v = value("VmRSS:")) memory.rss_kb = *v;
    if (auto v = value("VmHWM:")) memory.hwm_kb = *v;
    if (auto v = value("Threads:")) memory.threads = *v;
  }
  return memory;
}

// Pss of `pid` in kB from smaps_rollup (-1 when the kernel has no smaps_rollup).
long ReadPssKb(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/smaps_rollup");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("Pss:", 0) == 0) return std::strtol(line.c_str() + 4, nullptr, 10);
  }
  return -1;
}

// User + system CPU time of `pid` in milliseconds (-1 when unreadable).
double ReadCpuMs(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // Fields after the command name, which is in parentheses and may contain spaces.
  std::size_t close = text.rfind(')');
  if (close == std::string::npos) return -1;
  std::istringstream fields(text.substr(close + 2));
  std::string field;
  double ticks = 0;
  for (int i = 3; i <= 15 && fields >> field; ++i) {
    if (i == 14 || i == 15) ticks += std::strtod(field.c_str(), nullptr);  // utime, stime
  }
  return ticks * 1000.0 / static_cast<double>(::sysconf(_SC_CLK_TCK));
}

class ServerProcess {
 public:
  ~ServerProcess() { Stop(); }

  Status Start(const std::vector<std::string>& argv, const std::vector<std::string>& env,
               const fs::path& log_path) {
    int log_fd = ::open(log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (log_fd < 0) {
      return InternalError("cannot create the server log " + log_path.string() + ": " +
                           std::strerror(errno));
    }
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    std::vector<char*> envp;
    for (const std::string& e : env) envp.push_back(const_cast<char*>(e.c_str()));
    envp.push_back(nullptr);
    pid_t pid = ::fork();
    if (pid < 0) {
      ::close(log_fd);
      return InternalError(std::string("fork failed: ") + std::strerror(errno));
    }
    if (pid == 0) {
      int null_fd = ::open("/dev/null", O_RDONLY);
      if (null_fd >= 0) ::dup2(null_fd, STDIN_FILENO);
      ::dup2(log_fd, STDOUT_FILENO);
      ::dup2(log_fd, STDERR_FILENO);
      ::execve(args[0], args.data(), envp.data());
      std::fprintf(stderr, "serve_bench: cannot run %s: %s\n", args[0], std::strerror(errno));
      ::_exit(127);
    }
    ::close(log_fd);
    pid_ = pid;
    log_path_ = log_path;
    return Status::Ok();
  }

  // Waits for "listening on http://HOST:PORT" in the log; returns the port.
  StatusOr<int> WaitListening() {
    const std::string marker = "listening on http://";
    auto deadline = Steady::now() + kServerStartTimeout;
    while (Steady::now() < deadline) {
      std::ifstream in(log_path_);
      std::string line;
      while (std::getline(in, line)) {
        std::size_t at = line.find(marker);
        if (at == std::string::npos) continue;
        std::string rest = line.substr(at + marker.size());
        std::size_t colon = rest.rfind(':');
        if (colon == std::string::npos) continue;
        int port = std::atoi(rest.c_str() + colon + 1);
        if (port > 0) return port;
      }
      if (!Running()) {
        return UnavailableError("askdb serve exited before listening; its log " +
                                log_path_.string() + " ends with:\n" + LogTail());
      }
      std::this_thread::sleep_for(kStartPollInterval);
    }
    return DeadlineExceededError("askdb serve printed no 'listening on' line within " +
                                 std::to_string(kServerStartTimeout.count()) + " s; log:\n" +
                                 LogTail());
  }

  bool Running() {
    if (pid_ <= 0) return false;
    int status = 0;
    pid_t done = ::waitpid(pid_, &status, WNOHANG);
    if (done == pid_) {
      exit_status_ = status;
      pid_ = -1;
      return false;
    }
    return true;
  }

  // SIGTERM, then SIGKILL after kServerStopTimeout. Returns the wait status (-1 if none).
  int Stop() {
    if (!Running()) return exit_status_;
    ::kill(pid_, SIGTERM);
    auto deadline = Steady::now() + kServerStopTimeout;
    while (Running() && Steady::now() < deadline) {
      std::this_thread::sleep_for(kStartPollInterval);
    }
    if (Running()) {
      ::kill(pid_, SIGKILL);
      int status = 0;
      ::waitpid(pid_, &status, 0);
      exit_status_ = status;
      pid_ = -1;
    }
    return exit_status_;
  }

  std::string LogTail(std::size_t bytes = 2000) const {
    std::ifstream in(log_path_, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return text.size() > bytes ? text.substr(text.size() - bytes) : text;
  }

  pid_t pid() const { return pid_; }

 private:
  pid_t pid_ = -1;
  int exit_status_ = -1;
  fs::path log_path_;
};

// ---------------------------------------------------------------------------------------
// The client: one epoll loop driving every stream.

enum class StreamState { kIdle, kConnecting, kSending, kHeaders, kBody, kDone };

struct Stream {
  std::size_t index = 0;  // position in the load's stream vector (the epoll key)
  int fd = -1;
  StreamState state = StreamState::kIdle;
  std::string thread_id;
  std::string request;
  std::size_t sent = 0;
  std::string in;  // raw bytes not yet consumed (headers, then chunked body)
  bool chunked = false;
  std::size_t chunk_left = 0;  // bytes left in the current chunk (chunked bodies)
  bool chunk_crlf = false;     // the CRLF after a chunk's data is still expected
  server::SseParser parser;
  Steady::time_point start;
  std::optional<Steady::time_point> first_frame;
  // The first frame the agent wrote (classification, …), after the admission's "accepted".
  std::optional<Steady::time_point> first_agent_event;
  std::optional<Steady::time_point> finished;
  std::string error;  // empty: completed
};

struct LoadOptions {
  int port = 0;
  int n = 0;
  std::chrono::milliseconds ramp{0};
  std::chrono::milliseconds timeout{0};
  std::string thread_prefix;
  std::string question = kQuestion;
  pid_t server_pid = -1;  // sampled while streams are open (-1: no sampling)
};

struct LoadResult {
  std::vector<Stream> streams;
  long peak_waiting_rss_kb = -1;  // VmRSS at the sample with the most runs waiting
  long waiting_at_peak = 0;       // runs waiting at that sample
  long peak_waiting_pss_kb = -1;  // Pss read once when every run first waited
  long max_rss_kb = -1;           // largest VmRSS sampled at any time during the load
  long max_threads = -1;
  long max_waiting = 0;               // most runs waiting at once (first frame, not finished)
  double cpu_ms_to_all_waiting = -1;  // server CPU from the load's start until all waited
  double wall_ms = 0;
};

std::string UrlEncode(std::string_view text) {
  static const char* kHex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

class LoadClient {
 public:
  explicit LoadClient(LoadOptions options) : options_(std::move(options)) {}

  StatusOr<LoadResult> Run() {
    epoll_fd_ = ::epoll_create1(EPOLL_CLOEXEC);
    if (epoll_fd_ < 0) return InternalError(std::string("epoll_create1: ") + std::strerror(errno));
    LoadResult result;
    result.streams.resize(static_cast<std::size_t>(options_.n));
    for (int i = 0; i < options_.n; ++i) {
      Stream& s = result.streams[static_cast<std::size_t>(i)];
      s.index = static_cast<std::size_t>(i);
      s.thread_id = options_.thread_prefix + std::to_string(i);
      s.request = "GET /api/v1/stream/search?query=" + UrlEncode(options_.question) +
                  "&threadId=" + UrlEncode(s.thread_id) +
                  " HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
                  "Connection: close\r\n\r\n";
    }
    const Steady::time_point begin = Steady::now();
    const Steady::time_point deadline = begin + options_.ramp + options_.timeout;
    Steady::time_point next_sample = begin;
    bool pss_read = false;
    const double cpu_start = options_.server_pid > 0 ? ReadCpuMs(options_.server_pid) : -1;
    std::size_t opened = 0;
    std::vector<epoll_event> events(kMaxEpollEvents);
    while (done_ < result.streams.size()) {
      Steady::time_point now = Steady::now();
      // Open every stream whose start time has come.
      while (opened < result.streams.size()) {
        auto due = begin + (options_.n <= 1
                                ? Steady::duration::zero()
                                : options_.ramp * static_cast<long>(opened) / (options_.n - 1));
        if (due > now) break;
        Open(result.streams[opened]);
        ++opened;
      }
      if (now >= deadline) break;
      if (options_.server_pid > 0 && now >= next_sample) {
        ProcMemory memory = ReadProcStatus(options_.server_pid);
        result.max_rss_kb = std::max(result.max_rss_kb, memory.rss_kb);
        result.max_threads = std::max(result.max_threads, memory.threads);
        // The memory sample that counts is the one with the most runs waiting (first
        // frame received, no terminal frame yet): ideally all N, while the model answers
        // none of them yet.
        if (waiting_ > 0 &&
            (waiting_ > result.waiting_at_peak ||
             (waiting_ == result.waiting_at_peak && memory.rss_kb > result.peak_waiting_rss_kb))) {
          result.peak_waiting_rss_kb = memory.rss_kb;
          result.waiting_at_peak = waiting_;
        }
        if (!pss_read && first_frames_ == result.streams.size() && done_ == 0) {
          result.cpu_ms_to_all_waiting = ReadCpuMs(options_.server_pid) - cpu_start;
          result.peak_waiting_pss_kb = ReadPssKb(options_.server_pid);
          pss_read = true;
        }
        next_sample = now + kSampleInterval;
      }
      result.max_waiting = std::max(result.max_waiting, waiting_);
      // Sleep until the next stream is due, the next sample, or an event.
      Steady::time_point wake = std::min(next_sample, deadline);
      if (opened < result.streams.size()) {
        wake = std::min(
            wake, begin + options_.ramp * static_cast<long>(opened) / std::max(1, options_.n - 1));
      }
      int timeout_ms = static_cast<int>(std::max<double>(0, std::ceil(Ms(wake - now))));
      if (options_.server_pid <= 0 && opened == result.streams.size()) {
        timeout_ms = static_cast<int>(std::max<double>(0, std::ceil(Ms(deadline - now))));
      }
      int ready = ::epoll_wait(epoll_fd_, events.data(), kMaxEpollEvents, timeout_ms);
      if (ready < 0 && errno != EINTR) {
        return InternalError(std::string("epoll_wait: ") + std::strerror(errno));
      }
      for (int i = 0; i < ready; ++i) {
        Stream& s = result.streams[events[static_cast<std::size_t>(i)].data.u64];
        OnReady(s, events[static_cast<std::size_t>(i)].events);
      }
    }
    for (Stream& s : result.streams) {
      if (s.state != StreamState::kDone) {
        Fail(s, s.state == StreamState::kIdle ? "not_started" : "timeout");
      }
    }
    ::close(epoll_fd_);
    epoll_fd_ = -1;
    result.wall_ms = Ms(Steady::now() - begin);
    return result;
  }

 private:
  void Open(Stream& s) {
    s.start = Steady::now();
    s.fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (s.fd < 0) {
      Fail(s, "socket");
      return;
    }
    int one = 1;
    ::setsockopt(s.fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<uint16_t>(options_.port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int rc = ::connect(s.fd, reinterpret_cast<sockaddr*>(&address), sizeof(address));
    if (rc < 0 && errno != EINPROGRESS) {
      Fail(s, "connect");
      return;
    }
    s.state = rc == 0 ? StreamState::kSending : StreamState::kConnecting;
    epoll_event event{};
    event.events = EPOLLIN | EPOLLOUT | EPOLLRDHUP;
    event.data.u64 = s.index;
    if (::epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, s.fd, &event) != 0) {
      Fail(s, "epoll_ctl");
      return;
    }
    if (s.state == StreamState::kSending) Send(s);
  }

  void OnReady(Stream& s, uint32_t revents) {
    if (s.state == StreamState::kDone) return;
    if (s.state == StreamState::kConnecting) {
      int error = 0;
      socklen_t length = sizeof(error);
      ::getsockopt(s.fd, SOL_SOCKET, SO_ERROR, &error, &length);
      if (error != 0) {
        Fail(s, "connect");
        return;
      }
      s.state = StreamState::kSending;
    }
    if (s.state == StreamState::kSending && (revents & EPOLLOUT) != 0) Send(s);
    if (s.state == StreamState::kDone) return;
    if ((revents & (EPOLLIN | EPOLLRDHUP | EPOLLHUP | EPOLLERR)) != 0) Receive(s);
  }

  void Send(Stream& s) {
    while (s.sent < s.request.size()) {
      ssize_t n = ::send(s.fd, s.request.data() + s.sent, s.request.size() - s.sent, MSG_NOSIGNAL);
      if (n < 0) {
        if (errno == EAGAIN || errno == EWOULDBLOCK) return;
        if (errno == EINTR) continue;
        Fail(s, "send");
        return;
      }
      s.sent += static_cast<std::size_t>(n);
    }
    s.state = StreamState::kHeaders;
    // Only reads matter from now on: a connected socket with room to write would report
    // EPOLLOUT on every wait.
    epoll_event event{};
    event.events = EPOLLIN | EPOLLRDHUP;
    event.data.u64 = s.index;
    ::epoll_ctl(epoll_fd_, EPOLL_CTL_MOD, s.fd, &event);
  }

  void Receive(Stream& s) {
    char buffer[kReadChunk];
    while (s.state != StreamState::kDone) {
      ssize_t n = ::recv(s.fd, buffer, sizeof(buffer), 0);
      if (n < 0) {
        if (errno == EAGAIN || errno == EWOULDBLOCK) return;
        if (errno == EINTR) continue;
        Fail(s, errno == ECONNRESET ? "connection_reset" : "recv");
        return;
      }
      if (n == 0) {
        Fail(s, s.state == StreamState::kHeaders ? "closed_before_response"
                                                 : "closed_before_terminal_frame");
        return;
      }
      s.in.append(buffer, static_cast<std::size_t>(n));
      if (s.state == StreamState::kHeaders && !ParseHeaders(s)) return;
      if (s.state == StreamState::kBody) ParseBody(s);
    }
  }

  // False while the header block is incomplete or after a failure.
  bool ParseHeaders(Stream& s) {
    std::size_t end = s.in.find("\r\n\r\n");
    if (end == std::string::npos) return false;
    std::string head = s.in.substr(0, end);
    s.in.erase(0, end + 4);
    int status = 0;
    if (std::sscanf(head.c_str(), "HTTP/1.%*d %d", &status) != 1) {
      Fail(s, "bad_status_line");
      return false;
    }
    if (status != 200) {
      Fail(s, "http_" + std::to_string(status));
      return false;
    }
    std::string lower = head;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    s.chunked = lower.find("transfer-encoding: chunked") != std::string::npos;
    s.state = StreamState::kBody;
    return true;
  }

  void ParseBody(Stream& s) {
    std::string payload;
    if (!s.chunked) {
      payload.swap(s.in);
    } else {
      std::size_t pos = 0;
      while (pos < s.in.size()) {
        if (s.chunk_crlf) {
          if (s.in.size() - pos < 2) break;
          pos += 2;
          s.chunk_crlf = false;
          continue;
        }
        if (s.chunk_left > 0) {
          std::size_t take = std::min(s.chunk_left, s.in.size() - pos);
          payload.append(s.in, pos, take);
          pos += take;
          s.chunk_left -= take;
          if (s.chunk_left == 0) s.chunk_crlf = true;
          continue;
        }
        std::size_t eol = s.in.find("\r\n", pos);
        if (eol == std::string::npos) break;
        std::size_t size = std::strtoul(s.in.c_str() + pos, nullptr, 16);
        pos = eol + 2;
        if (size == 0) {
          s.in.erase(0, pos);
          Deliver(s, payload);
          if (s.state != StreamState::kDone) Fail(s, "stream_ended_without_terminal_frame");
          return;
        }
        s.chunk_left = size;
      }
      s.in.erase(0, pos);
    }
    Deliver(s, payload);
  }

  void Deliver(Stream& s, const std::string& payload) {
    if (payload.empty() || s.state == StreamState::kDone) return;
    // The first frame: the first "id:" or "event:" field, before the parser has a whole
    // event (a heartbeat comment does not count).
    if (!s.first_frame) {
      for (std::string_view field : {"id:", "event:"}) {
        if (payload.rfind(field, 0) == 0 ||
            payload.find("\n" + std::string(field)) != std::string::npos) {
          s.first_frame = Steady::now();
          ++first_frames_;
          ++waiting_;
          break;
        }
      }
    }
    std::vector<server::SseEvent> events;
    Status parsed = s.parser.Feed(payload, &events);
    if (!parsed.ok()) {
      Fail(s, "bad_sse");
      return;
    }
    for (const server::SseEvent& event : events) {
      if (!s.first_agent_event && event.event != "accepted") s.first_agent_event = Steady::now();
      if (event.event == "result") {
        Finish(s, CheckResult(event.data));
        return;
      }
      if (event.event == "run_error" || event.event == "cancelled") {
        Finish(s, event.event);
        return;
      }
    }
  }

  // "" when the result is the expected LLM answer with one model call.
  static std::string CheckResult(const std::string& data) {
    Json result = Json::parse(data, nullptr, false);
    if (result.is_discarded()) return "bad_result_json";
    if (result.contains("error")) return "result_with_error";
    if (result.value("route", "") != kExpectedRoute) return "unexpected_route";
    if (result.value("llm_calls", -1) != 1) return "unexpected_llm_calls";
    return "";
  }

  void Finish(Stream& s, std::string error) {
    s.finished = Steady::now();
    s.error = std::move(error);
    Close(s);
  }

  void Fail(Stream& s, std::string kind) {
    if (s.state == StreamState::kDone) return;
    s.error = std::move(kind);
    s.finished = Steady::now();
    Close(s);
  }

  void Close(Stream& s) {
    if (s.first_frame) --waiting_;
    if (s.fd >= 0) {
      if (epoll_fd_ >= 0) ::epoll_ctl(epoll_fd_, EPOLL_CTL_DEL, s.fd, nullptr);
      ::close(s.fd);
      s.fd = -1;
    }
    s.state = StreamState::kDone;
    s.in.clear();
    s.in.shrink_to_fit();
    ++done_;
  }

  LoadOptions options_;
  int epoll_fd_ = -1;
  std::size_t done_ = 0;
  std::size_t first_frames_ = 0;
  long waiting_ = 0;
};

// ---------------------------------------------------------------------------------------
// /metrics (one blocking GET; the load is over by then).

StatusOr<std::string> HttpGet(int port, const std::string& path) {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return InternalError(std::string("socket: ") + std::strerror(errno));
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) != 0) {
    ::close(fd);
    return UnavailableError("cannot connect to the server for " + path);
  }
  std::string request = "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
  ::send(fd, request.data(), request.size(), MSG_NOSIGNAL);
  std::string response;
  char buffer[kReadChunk];
  ssize_t n;
  while ((n = ::recv(fd, buffer, sizeof(buffer), 0)) > 0) {
    response.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  std::size_t body = response.find("\r\n\r\n");
  if (body == std::string::npos) return UnavailableError("no HTTP response for " + path);
  return response.substr(body + 4);
}

// Sum of the samples of `metric` (all label sets) in Prometheus text; -1 when absent.
double MetricSum(const std::string& text, std::string_view metric) {
  double sum = -1;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(metric, 0) != 0) continue;
    char next = line.size() > metric.size() ? line[metric.size()] : '\0';
    if (next != ' ' && next != '{') continue;
    std::size_t space = line.rfind(' ');
    if (space == std::string::npos) continue;
    sum = std::max(sum, 0.0) + std::strtod(line.c_str() + space + 1, nullptr);
  }
  return sum;
}

// ---------------------------------------------------------------------------------------

struct Args {
  int n = kDefaultRuns;
  std::string askdb;
  int latency_ms = kDefaultLatencyMs;
  int ramp_ms = -1;  // -1: latency / 2
  int timeout_s = kDefaultTimeoutSeconds;
  int workers = -1;  // -1: n + kSpareWorkers
  bool keep = false;
};

constexpr const char* kUsage =
    "usage: serve_bench [--n 2000] [--askdb PATH] [--latency-ms 2000] [--ramp-ms MS]\n"
    "                   [--timeout-s 180] [--workers W] [--keep]\n";

std::optional<Args> ParseArgs(int argc, char** argv) {
  Args args;
  for (int i = 1; i < argc; ++i) {
    std::string flag = argv[i];
    if (flag == "--keep") {
      args.keep = true;
      continue;
    }
    if (flag == "--help" || flag == "-h" || i + 1 >= argc) return std::nullopt;
    std::string value = argv[++i];
    char* end = nullptr;
    long number = std::strtol(value.c_str(), &end, 10);
    bool numeric = end != value.c_str() && *end == '\0';
    if (flag == "--askdb") {
      args.askdb = value;
    } else if (!numeric) {
      return std::nullopt;
    } else if (flag == "--n" && number > 0) {
      args.n = static_cast<int>(number);
    } else if (flag == "--latency-ms" && number >= 0) {
      args.latency_ms = static_cast<int>(number);
    } else if (flag == "--ramp-ms" && number >= 0) {
      args.ramp_ms = static_cast<int>(number);
    } else if (flag == "--timeout-s" && number > 0) {
      args.timeout_s = static_cast<int>(number);
    } else if (flag == "--workers" && number > 0) {
      args.workers = static_cast<int>(number);
    } else {
      return std::nullopt;
    }
  }
  if (args.ramp_ms < 0) args.ramp_ms = args.latency_ms / 2;
  if (args.workers < 0) args.workers = args.n + kSpareWorkers;
  return args;
}

// Raises this process's open-files limit to fit `streams` sockets.
Status RaiseOpenFiles(int streams) {
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) {
    return InternalError(std::string("getrlimit: ") + std::strerror(errno));
  }
  rlim_t wanted = static_cast<rlim_t>(streams) + kReservedDescriptors;
  if (limit.rlim_cur >= wanted) return Status::Ok();
  if (limit.rlim_max != RLIM_INFINITY && limit.rlim_max < wanted) {
    return ResourceExhaustedError("the open-files hard limit " + std::to_string(limit.rlim_max) +
                                  " is below the " + std::to_string(wanted) +
                                  " descriptors this load needs: raise it (ulimit -Hn) or use "
                                  "a smaller --n");
  }
  limit.rlim_cur = wanted;
  if (::setrlimit(RLIMIT_NOFILE, &limit) != 0) {
    return InternalError(std::string("setrlimit(RLIMIT_NOFILE): ") + std::strerror(errno));
  }
  return Status::Ok();
}

std::string DefaultAskdbPath() {
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return "askdb";
  return (self.parent_path() / "askdb").string();
}

Json Summarize(const std::vector<Stream>& streams, bool* all_ok) {
  std::vector<double> ttfe;
  std::vector<double> to_agent_event;
  std::vector<double> completion;
  std::map<std::string, int> errors;
  int error_count = 0;
  for (const Stream& s : streams) {
    if (s.first_frame) ttfe.push_back(Ms(*s.first_frame - s.start));
    if (s.first_agent_event) to_agent_event.push_back(Ms(*s.first_agent_event - s.start));
    if (!s.error.empty()) {
      ++errors[s.error];
      ++error_count;
    } else if (s.finished) {
      completion.push_back(Ms(*s.finished - s.start));
    }
  }
  *all_ok = error_count == 0;
  Json by_kind = Json::object();
  for (const auto& [kind, count] : errors) by_kind[kind] = count;
  return Json{{"errors", {{"total", error_count}, {"by_kind", by_kind}}},
              {"completed", completion.size()},
              {"ttfe_ms",
               {{"count", ttfe.size()},
                {"p50", Round(Percentile(ttfe, 0.50))},
                {"p95", Round(Percentile(ttfe, 0.95))},
                {"p99", Round(Percentile(ttfe, 0.99))},
                {"max", Round(ttfe.empty() ? 0 : *std::max_element(ttfe.begin(), ttfe.end()))}}},
              // The first frame is the admission's "accepted"; this is the first frame
              // the agent itself wrote (classification), for comparison.
              {"first_agent_event_ms",
               {{"count", to_agent_event.size()},
                {"p50", Round(Percentile(to_agent_event, 0.50))},
                {"p95", Round(Percentile(to_agent_event, 0.95))}}},
              {"completion_ms",
               {{"p50", Round(Percentile(completion, 0.50))},
                {"p95", Round(Percentile(completion, 0.95))},
                {"max", Round(completion.empty()
                                  ? 0
                                  : *std::max_element(completion.begin(), completion.end()))}}}};
}

int Main(int argc, char** argv) {
  std::optional<Args> parsed = ParseArgs(argc, argv);
  if (!parsed) {
    std::cerr << kUsage;
    return 2;
  }
  const Args args = *parsed;
  auto fail = [](const std::string& what, const Status& status) {
    std::cerr << "serve_bench: " << what << ": " << status.ToString() << "\n";
    return 1;
  };
  const std::string askdb = args.askdb.empty() ? DefaultAskdbPath() : args.askdb;
  if (::access(askdb.c_str(), X_OK) != 0) {
    std::cerr << "serve_bench: no askdb binary at " << askdb
              << ": build the askdb target, or pass --askdb PATH\n";
    return 1;
  }
  if (Status raised = RaiseOpenFiles(args.n); !raised.ok()) return fail("open files", raised);

  // A fresh directory for the database, the rules, the server's data and its log.
  std::string pattern = (fs::temp_directory_path() / "askdb-serve-bench-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) {
    return fail("temporary directory", InternalError(std::strerror(errno)));
  }
  const fs::path dir = pattern;
  struct Cleanup {
    fs::path dir;
    bool keep;
    ~Cleanup() {
      std::error_code ec;
      if (!keep) fs::remove_all(dir, ec);
    }
  } cleanup{dir, args.keep};
  if (args.keep) std::cerr << "serve_bench: keeping " << dir << "\n";

  const fs::path db = dir / "retail.sqlite";
  if (Status created = demo::CreateDemoDatabase(db); !created.ok()) {
    return fail("creating the demo database", created);
  }
  if (Status model = demo::WriteDemoSemanticModel(dir / "retail.semantic.json"); !model.ok()) {
    return fail("writing the semantic model", model);
  }
  const fs::path rules = dir / "rules.json";
  {
    Json script = Json::array({Json{
        {"match", kRulePattern}, {"json", {{"sql", kRuleSql}}}, {"latency_ms", args.latency_ms}}});
    std::ofstream out(rules);
    out << script.dump(2) << "\n";
    if (!out) return fail("writing the rules", InternalError("cannot write " + rules.string()));
  }
  fs::create_directories(dir / "home");

  std::vector<std::string> env;
  for (char** e = environ; *e != nullptr; ++e) {
    if (std::string_view(*e).rfind("ASKDB_HOME=", 0) == 0) continue;
    env.emplace_back(*e);
  }
  env.push_back("ASKDB_HOME=" + (dir / "home").string());
  const int queue = args.n;
  std::vector<std::string> command = {askdb,
                                      "serve",
                                      "--db",
                                      db.string(),
                                      "--host",
                                      "127.0.0.1",
                                      "--port",
                                      "0",
                                      "--no-auth",
                                      "--llm",
                                      "scripted:" + rules.string(),
                                      "--workers",
                                      std::to_string(args.workers),
                                      "--queue",
                                      std::to_string(queue)};
  ServerProcess server;
  if (Status started = server.Start(command, env, dir / "serve.log"); !started.ok()) {
    return fail("starting askdb serve", started);
  }
  StatusOr<int> port = server.WaitListening();
  if (!port.ok()) return fail("waiting for askdb serve", port.status());

  // Warm-up: one run through every layer, which must complete as expected.
  LoadOptions warm;
  warm.port = *port;
  warm.n = 1;
  warm.timeout = std::chrono::milliseconds(args.latency_ms) + std::chrono::seconds(30);
  warm.thread_prefix = "bench-warmup-" + std::to_string(::getpid()) + "-";
  warm.question = kWarmupQuestion;
  StatusOr<LoadResult> warmup = LoadClient(warm).Run();
  if (!warmup.ok()) return fail("warm-up run", warmup.status());
  if (!warmup->streams[0].error.empty()) {
    return fail("warm-up run",
                InternalError("the warm-up stream failed (" + warmup->streams[0].error +
                              "); server log:\n" + server.LogTail()));
  }
  std::this_thread::sleep_for(kSettleTime);
  const ProcMemory idle = ReadProcStatus(server.pid());
  const long idle_pss = ReadPssKb(server.pid());
  const double idle_cpu_ms = ReadCpuMs(server.pid());

  LoadOptions load;
  load.port = *port;
  load.n = args.n;
  load.ramp = std::chrono::milliseconds(args.ramp_ms);
  load.timeout = std::chrono::seconds(args.timeout_s);
  load.thread_prefix = "bench-" + std::to_string(::getpid()) + "-";
  load.server_pid = server.pid();
  StatusOr<LoadResult> ran = LoadClient(load).Run();
  if (!ran.ok()) return fail("load", ran.status());
  const ProcMemory after = ReadProcStatus(server.pid());

  // A run's counters are recorded just after its terminal frame: let the last ones land.
  Json metrics = Json::object();
  for (auto until = Steady::now() + kMetricsSettleTimeout; Steady::now() < until;) {
    StatusOr<std::string> text = HttpGet(*port, "/metrics");
    if (!text.ok()) break;
    metrics["askdb_llm_calls_total"] = MetricSum(*text, "askdb_llm_calls_total");
    metrics["askdb_runs_total"] = MetricSum(*text, "askdb_runs_total");
    metrics["askdb_runs_in_flight"] = MetricSum(*text, "askdb_runs_in_flight");
    if (metrics["askdb_runs_in_flight"].get<double>() <= 0) break;
    std::this_thread::sleep_for(kStartPollInterval);
  }
  const double cpu_total_ms = ReadCpuMs(server.pid()) - idle_cpu_ms;
  const int stop_status = server.Stop();

  bool no_errors = false;
  Json figures = Summarize(ran->streams, &no_errors);
  const bool all_waited = ran->cpu_ms_to_all_waiting >= 0;
  const double kb_per_run =
      ran->waiting_at_peak > 0
          ? static_cast<double>(ran->peak_waiting_rss_kb - idle.rss_kb) / ran->waiting_at_peak
          : -1;
  const double pss_per_run = ran->peak_waiting_pss_kb > 0 && idle_pss > 0
                                 ? static_cast<double>(ran->peak_waiting_pss_kb - idle_pss) / args.n
                                 : -1;
  const double ttfe_p50 = figures["ttfe_ms"]["p50"].get<double>();

  Json out;
  out["bench"] = "serve_bench";
  out["command"] = command;
  out["n"] = args.n;
  out["latency_ms"] = args.latency_ms;
  out["ramp_ms"] = args.ramp_ms;
  out["workers"] = args.workers;
  out["queue"] = queue;
  out["wall_ms"] = Round(ran->wall_ms, 0);
  out["errors"] = figures["errors"];
  out["completed"] = figures["completed"];
  out["ttfe_ms"] = figures["ttfe_ms"];
  out["first_agent_event_ms"] = figures["first_agent_event_ms"];
  out["completion_ms"] = figures["completion_ms"];
  out["max_concurrent_waiting"] = ran->max_waiting;
  out["all_runs_waiting_at_once"] = all_waited;
  out["rss_idle_kb"] = idle.rss_kb;
  out["rss_peak_kb"] = ran->peak_waiting_rss_kb;
  out["waiting_at_peak"] = ran->waiting_at_peak;
  out["kb_per_waiting_run"] = Round(kb_per_run, 1);
  out["pss_idle_kb"] = idle_pss;
  out["pss_peak_kb"] = ran->peak_waiting_pss_kb;
  out["pss_kb_per_waiting_run"] = Round(pss_per_run, 1);
  out["rss_max_during_load_kb"] = ran->max_rss_kb;
  out["rss_after_load_kb"] = after.rss_kb;
  out["vm_hwm_kb"] = after.hwm_kb;
  out["server_cpu_ms_per_run"] = Round(cpu_total_ms / args.n);
  out["server_cpu_ms_per_run_until_all_waiting"] =
      ran->cpu_ms_to_all_waiting >= 0 ? Round(ran->cpu_ms_to_all_waiting / args.n) : -1;
  out["server_threads_idle"] = idle.threads;
  out["server_threads_peak"] = ran->max_threads;
  out["server_metrics"] = metrics;
  out["server_exit_status"] =
      stop_status >= 0 && WIFEXITED(stop_status) ? WEXITSTATUS(stop_status) : -1;
  Json bars;
  bars["errors == 0"] = no_errors;
  bars["kb_per_waiting_run <= 300"] = kb_per_run >= 0 && kb_per_run <= kKbPerWaitingRunBar;
  bars["ttfe_p50_ms <= 20"] = ttfe_p50 <= kTtfeP50BarMs && figures["ttfe_ms"]["count"] == args.n;
  out["bars"] = bars;
  std::cout << out.dump(2) << std::endl;
  return 0;
}

}  // namespace
}  // namespace askdb::bench

int main(int argc, char** argv) { return askdb::bench::Main(argc, argv); }
