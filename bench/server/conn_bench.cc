// Connection bounds of `askdb serve` under attack (issue 19 item 4): 10x the connection cap
// of idle and slow-loris connections, on loopback only, while a well-behaved client keeps
// asking for /healthz and running questions.
//
// What it does:
//   1. Creates the demo database in a temporary directory and starts the real server,
//      `askdb serve --port 0 --no-auth --db sqlite:DB --max-connections C
//      --max-connections-per-client C/4 --request-deadline D --idle-timeout I`, as a child
//      process (ASKDB_HOME in the temporary directory), and records its idle memory.
//   2. Attack, for --duration-s: 10 x C connections at once to 127.0.0.1 from the source
//      addresses 127.0.0.2 and 127.0.0.3 (by default; see --sources), half idle (connect, send
//      nothing) and half slow-loris (a request line, then one header line per second, never the
//      end). A connection the server closes or refuses is opened again a second later, so the
//      pressure stays near 10 x C; at most 200 x C connections are opened in all. One epoll
//      loop, no threads.
//   3. Meanwhile a client from 127.0.0.1 asks GET /healthz every 100 ms (deadline 1 s) and
//      POST /api/v1/ask every second (a question the engine answers; deadline 10 s), each
//      on a new connection, and the server's VmRSS and threads are sampled every 100 ms.
//   4. Stops the attack, reads /metrics (askdb_http_connections_total by event), stops the
//      server and prints one JSON object with the figures and the bars: every /healthz and
//      every run answered 200 within its deadline; peak VmRSS - idle VmRSS <= 64 MB; threads
//      <= C + 64.
//
// Usage: conn_bench [--cap 64] [--duration-s 20] [--sources 2] [--askdb PATH] [--keep]
// --sources N spreads the attack over N source addresses (127.0.0.2 ...): with N x C/4 above
// C the attack fills the whole cap, and the client then meets 503s until the attackers'
// deadlines free slots (the per-client cap is what protects other clients).
// Exit status: 0 when the load ran (the JSON's `bars` say which hold), 1 when setup failed,
// 2 on a usage error. Not part of the test suite; run it by hand (bench/README.md).
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "askdb/common/json.h"
#include "askdb/common/status.h"
#include "askdb/demo/demo_database.h"

extern char** environ;

namespace askdb::bench {
namespace {

namespace fs = std::filesystem;
using Steady = std::chrono::steady_clock;
using namespace std::chrono_literals;

constexpr int kDefaultCap = 64;
constexpr int kDefaultDurationSeconds = 20;
constexpr int kAttackFactor = 10;      // attack connections = 10 x the cap
constexpr int kMaxOpenedFactor = 200;  // at most 200 x the cap connections in all
constexpr int kRequestDeadlineSeconds = 5;
constexpr int kIdleTimeoutSeconds = 2;
constexpr auto kHealthInterval = 100ms;
constexpr auto kHealthDeadline = 1000ms;
constexpr auto kRunInterval = 1000ms;
constexpr auto kRunDeadline = 10000ms;
constexpr auto kSampleInterval = 100ms;
constexpr auto kLorisInterval = 1000ms;
// A closed or refused attack connection is opened again after this long.
constexpr auto kReopenDelay = 1000ms;
constexpr long kMemoryBarKb = 64 * 1024;
constexpr long kSpareThreads = 64;
constexpr const char* kQuestion = "2024年各地区的销售额";
constexpr int kDefaultSources = 2;

double Ms(Steady::duration d) { return std::chrono::duration<double, std::milli>(d).count(); }

double Percentile(std::vector<double> values, double q) {
  if (values.empty()) return -1;
  std::sort(values.begin(), values.end());
  std::size_t at = static_cast<std::size_t>(q * static_cast<double>(values.size() - 1) + 0.5);
  return values[std::min(at, values.size() - 1)];
}

struct ProcSample {
  long rss_kb = -1;
  long threads = -1;
};

ProcSample ReadProc(pid_t pid) {
  ProcSample sample;
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("VmRSS:", 0) == 0) sample.rss_kb = std::strtol(line.c_str() + 6, nullptr, 10);
    if (line.rfind("Threads:", 0) == 0) {
      sample.threads = std::strtol(line.c_str() + 8, nullptr, 10);
    }
  }
  return sample;
}

// The server as a child process; its stderr/stdout go to a log file.
class ServerProcess {
 public:
  ~ServerProcess() { Stop(); }

  Status Start(const std::vector<std::string>& argv, const fs::path& home, const fs::path& log) {
    int log_fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (log_fd < 0) return InternalError("cannot create " + log.string());
    std::vector<std::string> env;
    for (char** e = environ; *e != nullptr; ++e) {
      if (std::string_view(*e).rfind("ASKDB_", 0) != 0) env.emplace_back(*e);
    }
    env.push_back("ASKDB_HOME=" + home.string());
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    std::vector<char*> envp;
    for (const std::string& e : env) envp.push_back(const_cast<char*>(e.c_str()));
    envp.push_back(nullptr);
    pid_t pid = ::fork();
    if (pid < 0) return InternalError("fork failed");
    if (pid == 0) {
      ::dup2(log_fd, STDOUT_FILENO);
      ::dup2(log_fd, STDERR_FILENO);
      ::execve(args[0], args.data(), envp.data());
      ::_exit(127);
    }
    ::close(log_fd);
    pid_ = pid;
    log_ = log;
    return Status::Ok();
  }

  StatusOr<int> WaitListening() {
    const std::string marker = "listening on http://";
    const auto deadline = Steady::now() + 60s;
    while (Steady::now() < deadline) {
      std::ifstream in(log_);
      std::string line;
      while (std::getline(in, line)) {
        std::size_t at = line.find(marker);
        if (at == std::string::npos) continue;
        std::size_t colon = line.rfind(':');
        int port = std::atoi(line.c_str() + colon + 1);
        if (port > 0) return port;
      }
      int status = 0;
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return UnavailableError("askdb serve exited before listening; see " + log_.string());
      }
      std::this_thread::sleep_for(20ms);
    }
    return DeadlineExceededError("askdb serve did not listen within 60 s; see " + log_.string());
  }

  void Stop() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGTERM);
    const auto deadline = Steady::now() + 20s;
    int status = 0;
    while (::waitpid(pid_, &status, WNOHANG) == 0 && Steady::now() < deadline) {
      std::this_thread::sleep_for(20ms);
    }
    if (::waitpid(pid_, &status, WNOHANG) == 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, &status, 0);
    }
    pid_ = -1;
  }

  pid_t pid() const { return pid_; }

 private:
  pid_t pid_ = -1;
  fs::path log_;
};

// One request on a new blocking connection from 127.0.0.1; the status code (0: no answer
// within `deadline`) and the answer's time.
struct Answer {
  int status = 0;
  double ms = 0;
  std::string body;
};

Answer Request(int port, const std::string& request, std::chrono::milliseconds deadline) {
  Answer answer;
  const auto start = Steady::now();
  const auto end = start + deadline;
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  ::inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) != 0 ||
      ::send(fd, request.data(), request.size(), MSG_NOSIGNAL) !=
          static_cast<ssize_t>(request.size())) {
    ::close(fd);
    answer.ms = Ms(Steady::now() - start);
    return answer;
  }
  std::string in;
  char buf[8192];
  while (true) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - Steady::now());
    if (left.count() <= 0) break;
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) break;
    ssize_t n = ::recv(fd, buf, sizeof(buf), 0);
    if (n <= 0) break;
    in.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fd);
  answer.ms = Ms(Steady::now() - start);
  if (answer.ms <= Ms(deadline) && in.rfind("HTTP/1.1 ", 0) == 0) {
    answer.status = std::atoi(in.c_str() + 9);
    std::size_t body = in.find("\r\n\r\n");
    if (body != std::string::npos) answer.body = in.substr(body + 4);
  }
  return answer;
}

std::string Get(const std::string& path) {
  return "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
}

std::string PostJson(const std::string& path, const std::string& body) {
  return "POST " + path +
         " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: "
         "application/json\r\nContent-Length: " +
         std::to_string(body.size()) + "\r\n\r\n" + body;
}

// ---------------------------------------------------------------------------------------
// The attack: one epoll loop keeping `count` idle and slow-loris connections open.

struct Attacker {
  int fd = -1;
  bool loris = false;
  std::string source;
  int lines = 0;
  Steady::time_point next_line;
  Steady::time_point reopen_at;  // when fd < 0
};

struct AttackStats {
  long opened = 0;
  long closed_by_server = 0;
  long refused_503 = 0;
  long max_concurrent = 0;
};

int OpenAttacker(int port, const std::string& source) {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  sockaddr_in local{};
  local.sin_family = AF_INET;
  ::inet_pton(AF_INET, source.c_str(), &local.sin_addr);
  if (::bind(fd, reinterpret_cast<sockaddr*>(&local), sizeof(local)) != 0) {
    ::close(fd);
    return -1;
  }
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  ::inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) != 0 &&
      errno != EINPROGRESS) {
    ::close(fd);
    return -1;
  }
  return fd;
}

// The attack's source addresses: 127.0.0.2, 127.0.0.3, ... (loopback).
std::string Source(int i) { return "127.0.0." + std::to_string(2 + i); }

AttackStats Attack(int port, int count, int sources, long max_opened, Steady::time_point until) {
  AttackStats stats;
  int epoll = ::epoll_create1(EPOLL_CLOEXEC);
  std::vector<Attacker> attackers(static_cast<std::size_t>(count));
  auto open = [&](std::size_t i) {
    Attacker& a = attackers[i];
    a.fd = -1;
    if (stats.opened >= max_opened) return;
    a.loris = i % 2 == 1;
    a.source = Source(static_cast<int>((i / 2) % static_cast<std::size_t>(sources)));
    a.fd = OpenAttacker(port, a.source);
    if (a.fd < 0) return;
    ++stats.opened;
    a.lines = 0;
    a.next_line = Steady::now();
    epoll_event event{};
    event.events = EPOLLIN | EPOLLRDHUP;
    event.data.u64 = i;
    ::epoll_ctl(epoll, EPOLL_CTL_ADD, a.fd, &event);
  };
  for (std::size_t i = 0; i < attackers.size(); ++i) open(i);
  std::vector<epoll_event> events(512);
  char buf[4096];
  while (Steady::now() < until) {
    int ready = ::epoll_wait(epoll, events.data(), static_cast<int>(events.size()), 50);
    for (int e = 0; e < ready; ++e) {
      const std::size_t i = events[static_cast<std::size_t>(e)].data.u64;
      Attacker& a = attackers[i];
      if (a.fd < 0) continue;
      ssize_t n = ::recv(a.fd, buf, sizeof(buf), 0);
      if (n > 0 &&
          std::string_view(buf, static_cast<std::size_t>(n)).rfind("HTTP/1.1 503", 0) == 0) {
        ++stats.refused_503;
      }
      if (n > 0 && (events[static_cast<std::size_t>(e)].events & (EPOLLRDHUP | EPOLLHUP)) == 0) {
        continue;  // an answer; the close follows
      }
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) continue;
      ++stats.closed_by_server;
      ::epoll_ctl(epoll, EPOLL_CTL_DEL, a.fd, nullptr);
      ::close(a.fd);
      a.fd = -1;
      a.reopen_at = Steady::now() + kReopenDelay;  // keep the pressure
    }
    const auto now = Steady::now();
    long concurrent = 0;
    for (std::size_t i = 0; i < attackers.size(); ++i) {
      Attacker& a = attackers[i];
      if (a.fd < 0 && now >= a.reopen_at) open(i);
      if (a.fd < 0) continue;
      ++concurrent;
      if (!a.loris || now < a.next_line) continue;
      const std::string line = a.lines == 0 ? std::string("GET /healthz HTTP/1.1\r\n")
                                            : "X-Slow-" + std::to_string(a.lines) + ": 1\r\n";
      (void)::send(a.fd, line.data(), line.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
      ++a.lines;
      a.next_line = now + kLorisInterval;
    }
    stats.max_concurrent = std::max(stats.max_concurrent, concurrent);
  }
  for (Attacker& a : attackers) {
    if (a.fd >= 0) ::close(a.fd);
  }
  ::close(epoll);
  return stats;
}

double MetricValue(const std::string& text, const std::string& series) {
  std::size_t at = text.find("\n" + series + " ");
  if (at == std::string::npos) return -1;
  return std::strtod(text.c_str() + at + series.size() + 2, nullptr);
}

void RaiseOpenFiles(rlim_t wanted) {
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur >= wanted) return;
  limit.rlim_cur = std::min(wanted, limit.rlim_max);
  ::setrlimit(RLIMIT_NOFILE, &limit);
}

int Main(int argc, char** argv) {
  int cap = kDefaultCap;
  int duration_s = kDefaultDurationSeconds;
  int sources = kDefaultSources;
  bool keep = false;
  std::string askdb;
  {
    char self[4096] = {};
    ssize_t n = ::readlink("/proc/self/exe", self, sizeof(self) - 1);
    if (n > 0)
      askdb = (fs::path(std::string(self, static_cast<std::size_t>(n))).parent_path() / "askdb")
                  .string();
  }
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    const bool has_value = i + 1 < argc;
    if (flag == "--cap" && has_value) {
      cap = std::atoi(argv[++i]);
    } else if (flag == "--duration-s" && has_value) {
      duration_s = std::atoi(argv[++i]);
    } else if (flag == "--sources" && has_value) {
      sources = std::atoi(argv[++i]);
    } else if (flag == "--askdb" && has_value) {
      askdb = argv[++i];
    } else if (flag == "--keep") {
      keep = true;
    } else {
      std::cerr << "usage: conn_bench [--cap 64] [--duration-s 20] [--sources 2] [--askdb PATH] "
                   "[--keep]\n";
      return 2;
    }
  }
  if (cap < 4 || cap > 4096 || duration_s < 1 || duration_s > 600 || sources < 1 || sources > 200) {
    std::cerr << "conn_bench: --cap must be 4..4096, --duration-s 1..600, --sources 1..200\n";
    return 2;
  }
  const int attack = kAttackFactor * cap;
  RaiseOpenFiles(static_cast<rlim_t>(attack) + 256);

  const fs::path home =
      fs::temp_directory_path() / ("askdb_conn_bench_" + std::to_string(::getpid()));
  fs::remove_all(home);
  fs::create_directories(home);
  const fs::path db = home / "retail.sqlite";
  if (Status s = demo::CreateDemoDatabase(db); !s.ok()) {
    std::cerr << "conn_bench: " << s.ToString() << "\n";
    return 1;
  }
  (void)demo::WriteDemoSemanticModel(home / "retail.semantic.json");
  ServerProcess server;
  const std::vector<std::string> args = {askdb,
                                         "serve",
                                         "--port",
                                         "0",
                                         "--no-auth",
                                         "--db",
                                         "sqlite:" + db.string(),
                                         "--max-connections",
                                         std::to_string(cap),
                                         "--max-connections-per-client",
                                         std::to_string(cap / 4),
                                         "--request-deadline",
                                         std::to_string(kRequestDeadlineSeconds),
                                         "--idle-timeout",
                                         std::to_string(kIdleTimeoutSeconds)};
  if (Status s = server.Start(args, home, home / "serve.log"); !s.ok()) {
    std::cerr << "conn_bench: " << s.ToString() << "\n";
    return 1;
  }
  StatusOr<int> port = server.WaitListening();
  if (!port.ok()) {
    std::cerr << "conn_bench: " << port.status().ToString() << "\n";
    return 1;
  }
  // Warm-up: one run, so the datasource and caches are ready before the idle figure.
  const std::string ask = PostJson("/api/v1/ask", Json{{"query", kQuestion}}.dump());
  if (Request(*port, ask, 60s).status != 200) {
    std::cerr << "conn_bench: the warm-up run failed; see " << (home / "serve.log") << "\n";
    return 1;
  }
  std::this_thread::sleep_for(500ms);
  const ProcSample idle = ReadProc(server.pid());

  const auto start = Steady::now();
  const auto until = start + std::chrono::seconds(duration_s);
  std::atomic<bool> done{false};
  std::mutex mu;
  std::vector<double> health_ms, run_ms;
  long health_failed = 0, run_failed = 0;
  ProcSample peak = idle;
  std::thread client([&] {
    auto next_health = Steady::now();
    auto next_run = Steady::now() + 500ms;
    while (!done.load()) {
      const auto now = Steady::now();
      if (now >= next_health) {
        Answer a = Request(*port, Get("/healthz"), kHealthDeadline);
        std::lock_guard lock(mu);
        if (a.status == 200) {
          health_ms.push_back(a.ms);
        } else {
          ++health_failed;
        }
        next_health += kHealthInterval;
      }
      if (now >= next_run) {
        Answer a = Request(*port, ask, kRunDeadline);
        std::lock_guard lock(mu);
        if (a.status == 200) {
          run_ms.push_back(a.ms);
        } else {
          ++run_failed;
        }
        next_run += kRunInterval;
      }
      std::this_thread::sleep_for(5ms);
    }
  });
  std::thread sampler([&] {
    while (!done.load()) {
      ProcSample s = ReadProc(server.pid());
      {
        std::lock_guard lock(mu);
        peak.rss_kb = std::max(peak.rss_kb, s.rss_kb);
        peak.threads = std::max(peak.threads, s.threads);
      }
      std::this_thread::sleep_for(kSampleInterval);
    }
  });
  const AttackStats stats =
      Attack(*port, attack, sources, static_cast<long>(kMaxOpenedFactor) * cap, until);
  done.store(true);
  client.join();
  sampler.join();
  const double wall_s = Ms(Steady::now() - start) / 1000.0;
  // The attack is over: the server settles back.
  std::this_thread::sleep_for(std::chrono::seconds(kIdleTimeoutSeconds + 1));
  const ProcSample after = ReadProc(server.pid());
  const std::string metrics = Request(*port, Get("/metrics"), 5s).body;
  server.Stop();

  Json events = Json::object();
  for (const char* event : {"opened", "closed", "rejected_max_connections", "rejected_per_client",
                            "idle_timeout", "request_deadline", "client_gone"}) {
    events[event] =
        MetricValue(metrics, std::string("askdb_http_connections_total{event=\"") + event + "\"}");
  }
  const bool health_ok = health_failed == 0 && !health_ms.empty();
  const bool runs_ok = run_failed == 0 && !run_ms.empty();
  const long growth_kb = peak.rss_kb - idle.rss_kb;
  Json out = {{"command", "conn_bench --cap " + std::to_string(cap) + " --duration-s " +
                              std::to_string(duration_s) + " --sources " + std::to_string(sources)},
              {"server",
               {{"max_connections", cap},
                {"max_connections_per_client", cap / 4},
                {"request_deadline_s", kRequestDeadlineSeconds},
                {"idle_timeout_s", kIdleTimeoutSeconds}}},
              {"attack",
               {{"connections_at_once", attack},
                {"sources", Source(0) + ".." + Source(sources - 1)},
                {"opened", stats.opened},
                {"closed_by_server", stats.closed_by_server},
                {"answered_503", stats.refused_503},
                {"max_concurrent", stats.max_concurrent},
                {"wall_s", wall_s}}},
              {"healthz",
               {{"ok", health_ms.size()},
                {"failed", health_failed},
                {"p50_ms", Percentile(health_ms, 0.5)},
                {"p99_ms", Percentile(health_ms, 0.99)},
                {"max_ms", Percentile(health_ms, 1.0)}}},
              {"runs",
               {{"ok", run_ms.size()},
                {"failed", run_failed},
                {"p50_ms", Percentile(run_ms, 0.5)},
                {"max_ms", Percentile(run_ms, 1.0)}}},
              {"memory",
               {{"idle_rss_kb", idle.rss_kb},
                {"peak_rss_kb", peak.rss_kb},
                {"after_rss_kb", after.rss_kb},
                {"growth_kb", growth_kb},
                {"idle_threads", idle.threads},
                {"peak_threads", peak.threads},
                {"after_threads", after.threads}}},
              {"connection_events", events},
              {"bars",
               {{"healthz_all_ok_within_1s", health_ok},
                {"runs_all_ok_within_10s", runs_ok},
                {"rss_growth_le_64mb", growth_kb <= kMemoryBarKb},
                {"threads_le_cap_plus_64", peak.threads <= cap + kSpareThreads}}}};
  std::cout << out.dump(2) << std::endl;
  if (!keep) fs::remove_all(home);
  return 0;
}

}  // namespace
}  // namespace askdb::bench

int main(int argc, char** argv) { return askdb::bench::Main(argc, argv); }
