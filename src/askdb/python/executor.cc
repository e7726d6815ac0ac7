#include "askdb/python/executor.h"

#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <system_error>

#include "askdb/catalog/semantic_model_csv.h"
#include "askdb/common/cancellation.h"
#include "askdb/common/embedded.h"
#include "askdb/common/file_util.h"
#include "askdb/python/run_folder.h"
#include "askdb/python/warm_pool.h"

ASKDB_DECLARE_EMBEDDED(python_runner);

namespace askdb::python {
namespace fs = std::filesystem;
namespace {

using SteadyClock = std::chrono::steady_clock;

constexpr uid_t kNobody = 65534;
constexpr char kSandboxWork[] = "/tmp/work";
constexpr char kSandboxLib[] = "/tmp/askdb";
// Exit status of the child when exec failed (the shell's "command not found").
constexpr int kExecFailed = 127;

std::string CellText(const db::Value& v) { return v.is_null() ? "" : v.ToDisplayString(); }

// "number" when every non-null cell is numeric, "text" otherwise (dates stay text; the code
// parses them with pd.to_datetime when it needs to).
std::string ColumnKind(const db::ResultSet& rs, size_t c) {
  bool any = false;
  for (const auto& row : rs.rows) {
    if (row[c].is_null()) continue;
    if (!row[c].is_numeric()) return "text";
    any = true;
  }
  return any ? "number" : "text";
}

Status WriteText(const fs::path& path, std::string_view text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  out.close();
  if (!out) return InternalError("cannot write " + path.string() + " for the Python step");
  return Status();
}

// main.py, the inputs and manifest.json into `work`.
Status WriteInputs(const Request& request, const ExecutorOptions& options, const fs::path& work) {
  Json inputs = Json::array();
  for (size_t i = 0; i < request.inputs.size(); ++i) {
    const InputTable& in = request.inputs[i];
    if (in.rows == nullptr) return InvalidArgumentError("input " + in.name + " has no rows");
    const std::string file = "input_" + std::to_string(i + 1) + ".csv";
    std::vector<std::string> header;
    Json columns = Json::array();
    for (size_t c = 0; c < in.rows->columns.size(); ++c) {
      header.push_back(in.rows->columns[c].name);
      columns.push_back({{"name", in.rows->columns[c].name},
                         {"type", in.rows->columns[c].declared_type},
                         {"kind", ColumnKind(*in.rows, c)}});
    }
    std::string csv = catalog::CsvRow(header);
    for (const auto& row : in.rows->rows) {
      std::vector<std::string> cells;
      cells.reserve(row.size());
      for (const db::Value& v : row) cells.push_back(CellText(v));
      csv += catalog::CsvRow(cells);
    }
    ASKDB_RETURN_IF_ERROR(WriteText(work / file, csv));
    inputs.push_back({{"name", in.name},
                      {"file", file},
                      {"columns", std::move(columns)},
                      {"rows", in.rows->rows.size()}});
  }
  const Json manifest = {{"code", "main.py"},
                         {"inputs", std::move(inputs)},
                         {"params", request.params},
                         {"guard", options.guard_hook},
                         {"max_processes", options.limits.max_processes}};
  ASKDB_RETURN_IF_ERROR(WriteText(work / "main.py", request.code));
  return WriteText(work / "manifest.json", manifest.dump());
}

// The pieces of the command that are not a program path: a missing optional system folder
// (e.g. /usr/lib64) is left out rather than failing the bind.
void AddBindIfExists(std::vector<std::string>& argv, const char* flag, const std::string& path) {
  std::error_code ec;
  if (fs::exists(path, ec)) argv.insert(argv.end(), {flag, path, path});
}

struct Child {
  pid_t pid = -1;
  int out = -1;
  int err = -1;
  int info = -1;  // bwrap's --info-fd: {"child-pid": N}, the sandbox's PID 1 seen from here
  int go = -1;    // warm sandboxes: the runner's stdin; one byte releases the job
};

// The fd number bwrap writes its info to, in the child.
constexpr int kInfoFd = 3;

void CloseFd(int& fd) {
  if (fd >= 0) close(fd);
  fd = -1;
}

// The child's ends of its stdout, stderr, bwrap's info and (warm) the go signal, and ours.
struct ChildPipes {
  int out[2] = {-1, -1};
  int err[2] = {-1, -1};
  int info[2] = {-1, -1};
  int go[2] = {-1, -1};

  void CloseAll() {
    for (int* fd : {&out[0], &out[1], &err[0], &err[1], &info[0], &info[1], &go[0], &go[1]}) {
      CloseFd(*fd);
    }
  }
};

// Opens the pipes (and for a warm sandbox the go socket); on failure none stays open.
Status OpenPipes(bool warm, ChildPipes& p) {
  if (pipe2(p.out, O_CLOEXEC) != 0 || pipe2(p.err, O_CLOEXEC) != 0 ||
      pipe2(p.info, O_CLOEXEC | O_NONBLOCK) != 0) {
    p.CloseAll();
    return InternalError("pipe failed for the Python step");
  }
  // A socket rather than a pipe: send() with MSG_NOSIGNAL cannot raise SIGPIPE in askdb when
  // the sandbox is already gone.
  if (warm && socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, p.go) != 0) {
    p.CloseAll();
    return InternalError("socketpair failed for the Python step");
  }
  return Status::Ok();
}

// The child's resource limits, computed before the fork (the child may only call
// async-signal-safe functions).
struct ChildRlimits {
  rlimit cpu, as, nofile, fsize, core;
};

ChildRlimits RlimitsOf(const Limits& limits) {
  const auto mb = [](int64_t m) { return static_cast<rlim_t>(m) * 1024 * 1024; };
  return {
      .cpu = {static_cast<rlim_t>(limits.cpu_seconds), static_cast<rlim_t>(limits.cpu_seconds) + 1},
      .as = {mb(limits.memory_mb), mb(limits.memory_mb)},
      .nofile = {static_cast<rlim_t>(limits.max_open_files),
                 static_cast<rlim_t>(limits.max_open_files)},
      .fsize = {mb(limits.max_file_mb), mb(limits.max_file_mb)},
      .core = {0, 0}};
}

// In the forked child: own process group, the pipes as its stdio and info fd, the limits,
// nobody when root, then exec. Only async-signal-safe calls (askdb's server has threads).
[[noreturn]] void ExecChild(const ChildPipes& p, const ChildRlimits& r, bool warm, bool drop_root,
                            const char* cwd, char* const argv[], char* const envp[]) {
  setpgid(0, 0);
  dup2(p.out[1], STDOUT_FILENO);
  dup2(p.err[1], STDERR_FILENO);
  const int in = warm ? p.go[1] : open("/dev/null", O_RDONLY);
  if (in >= 0) dup2(in, STDIN_FILENO);
  if (p.info[1] != kInfoFd) dup2(p.info[1], kInfoFd);
  fcntl(kInfoFd, F_SETFD, 0);  // kept across exec (dup2 of the same fd keeps the flag)
  fcntl(kInfoFd, F_SETFL, 0);
  closefrom(kInfoFd + 1);
  signal(SIGPIPE, SIG_DFL);
  setrlimit(RLIMIT_CPU, &r.cpu);
  setrlimit(RLIMIT_AS, &r.as);
  setrlimit(RLIMIT_NOFILE, &r.nofile);
  setrlimit(RLIMIT_FSIZE, &r.fsize);
  setrlimit(RLIMIT_CORE, &r.core);
  if (drop_root) {
    if (setgroups(0, nullptr) != 0 || setgid(kNobody) != 0 || setuid(kNobody) != 0) {
      _exit(kExecFailed);
    }
  }
  if (chdir(cwd) != 0) _exit(kExecFailed);
  execve(argv[0], argv, envp);
  _exit(kExecFailed);
}

// Forks the child (ExecChild) and keeps our ends of its pipes.
StatusOr<Child> Spawn(const std::vector<std::string>& argv_strings, const Limits& limits,
                      bool drop_root, const fs::path& cwd, bool warm) {
  std::vector<char*> argv;
  for (const std::string& a : argv_strings) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  static char kPath[] = "PATH=/usr/bin:/bin";
  static char kLang[] = "LANG=C.UTF-8";
  char* envp[] = {kPath, kLang, nullptr};
  const std::string cwd_string = cwd.string();
  ChildPipes pipes;
  ASKDB_RETURN_IF_ERROR(OpenPipes(warm, pipes));
  const ChildRlimits rlimits = RlimitsOf(limits);
  const pid_t pid = fork();
  if (pid < 0) {
    const int fork_errno = errno;
    pipes.CloseAll();
    return ResourceExhaustedError(std::string("cannot start the Python step: fork failed: ") +
                                  std::strerror(fork_errno));
  }
  if (pid == 0) ExecChild(pipes, rlimits, warm, drop_root, cwd_string.c_str(), argv.data(), envp);
  CloseFd(pipes.out[1]);
  CloseFd(pipes.err[1]);
  CloseFd(pipes.info[1]);
  if (warm) CloseFd(pipes.go[1]);
  setpgid(pid, pid);  // also here: no race with the kill below
  return Child{pid, pipes.out[0], pipes.err[0], pipes.info[0], pipes.go[0]};
}

// The sandbox's PID 1 from bwrap's info ({"child-pid": N}); 0 when bwrap wrote none.
pid_t SandboxInitPid(int info_fd) {
  if (info_fd < 0) return 0;
  char buf[512];
  const ssize_t got = read(info_fd, buf, sizeof buf - 1);
  if (got <= 0) return 0;
  buf[got] = 0;
  const char* key = std::strstr(buf, "\"child-pid\":");
  return key == nullptr ? 0 : static_cast<pid_t>(std::atoi(key + std::strlen("\"child-pid\":")));
}

// Killing a PID namespace's first process makes the kernel kill every other process in it,
// and that process finishes dying only once they are gone: wait for that (bounded), so no
// code of the run is left when Run returns.
void KillPidNamespace(pid_t init) {
  kill(init, SIGKILL);
  const std::string stat = "/proc/" + std::to_string(init) + "/stat";
  const auto until = SteadyClock::now() + std::chrono::seconds(2);
  while (SteadyClock::now() < until) {
    std::ifstream in(stat);
    std::string pid, comm, state;
    if (!(in >> pid >> comm >> state) || state == "Z" || state == "X") return;
    usleep(2000);
  }
}

struct Waited {
  std::string out, err;
  int status = 0;
  bool timed_out = false;
  bool over_cap = false;
  bool cancelled = false;
};

// Appends what one read returned to out or err, within the cap the two share.
void AppendCapped(Waited& w, bool to_out, const char* data, size_t got, size_t cap) {
  std::string& into = to_out ? w.out : w.err;
  const size_t used = w.out.size() + w.err.size();
  const size_t room = cap > used ? cap - used : 0;
  into.append(data, std::min(room, got));
  if (got > room) w.over_cap = true;
}

// Reads both pipes until they close, the deadline passes, the cap is reached or the run is
// cancelled; says which of these stopped it in w.
void ReadPipes(Child& child, SteadyClock::time_point deadline, size_t cap,
               const CancellationToken* cancel, Waited& w) {
  char buf[65536];
  while (child.out >= 0 || child.err >= 0) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - SteadyClock::now());
    if (left.count() <= 0) {
      w.timed_out = true;
      return;
    }
    if (cancel != nullptr && cancel->IsCancelled()) {
      w.cancelled = true;
      return;
    }
    pollfd fds[2] = {{child.out, POLLIN, 0}, {child.err, POLLIN, 0}};
    const int n = poll(fds, 2, static_cast<int>(std::min<int64_t>(left.count(), 100)));
    if (n < 0 && errno != EINTR) return;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || fds[i].revents == 0) continue;
      const ssize_t got = read(fds[i].fd, buf, sizeof buf);
      if (got <= 0) {
        CloseFd(i == 0 ? child.out : child.err);
        continue;
      }
      AppendCapped(w, i == 0, buf, static_cast<size_t>(got), cap);
    }
    if (w.over_cap) return;
  }
}

// The output ended: gives the child until the deadline to exit on its own, seen without
// reaping it (WNOWAIT), so its group id cannot be reused before the kill. True if it exited.
bool ExitedBy(const Child& child, SteadyClock::time_point deadline) {
  siginfo_t info{};
  while (SteadyClock::now() < deadline) {
    info.si_pid = 0;
    if (waitid(P_PID, static_cast<id_t>(child.pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0 ||
        info.si_pid != 0) {
      break;
    }
    usleep(2000);
  }
  return info.si_pid != 0;
}

// Kills the child's group and its PID namespace, closes every pipe and reaps the child.
void KillAndReap(Child& child, int& status) {
  const pid_t sandbox_init = SandboxInitPid(child.info);
  kill(-child.pid, SIGKILL);
  if (sandbox_init > 0) KillPidNamespace(sandbox_init);
  CloseFd(child.out);
  CloseFd(child.err);
  CloseFd(child.info);
  CloseFd(child.go);
  while (waitpid(child.pid, &status, 0) < 0 && errno == EINTR) {
  }
}

// Reads both pipes until they close, within the deadline and the cap; then reaps the child.
// The group is killed on every path so no descendant outlives the run.
Waited Collect(Child& child, const Limits& limits, const CancellationToken* cancel) {
  Waited w;
  const auto deadline = SteadyClock::now() + std::chrono::milliseconds(limits.timeout_ms);
  ReadPipes(child, deadline, static_cast<size_t>(limits.max_output_bytes), cancel, w);
  const bool stopped_early = w.timed_out || w.over_cap || w.cancelled;
  if (!stopped_early && !ExitedBy(child, deadline)) w.timed_out = true;
  KillAndReap(child, w.status);
  return w;
}

std::string Tail(const std::string& text, size_t n) {
  return text.size() <= n ? text : "…" + text.substr(text.size() - n);
}

// The bwrap diagnostics that mean the sandbox itself could not start.
bool SandboxFailedToStart(const std::string& stderr_text, const Json& result) {
  return result.is_null() && stderr_text.starts_with("bwrap:");
}

}  // namespace

std::string_view ExecutorModeName(ExecutorMode mode) {
  switch (mode) {
    case ExecutorMode::kSandbox:
      return "sandbox";
    case ExecutorMode::kLocal:
      return "local";
    case ExecutorMode::kOff:
      return "off";
  }
  return "sandbox";
}

StatusOr<ExecutorMode> ParseExecutorMode(std::string_view name) {
  if (name == "sandbox") return ExecutorMode::kSandbox;
  if (name == "local") return ExecutorMode::kLocal;
  if (name == "off") return ExecutorMode::kOff;
  return InvalidArgumentError("python.executor must be sandbox, local or off, got \"" +
                              std::string(name) + "\"");
}

namespace {

// bwrap's namespaces and a fresh session; the run's whole environment comes after --clearenv.
void AddIsolationArgs(std::vector<std::string>& a, const std::string& run_id) {
  a.insert(a.end(), {"--info-fd", std::to_string(kInfoFd),
                     "--unshare-all",  // user, pid, net, ipc, uts, cgroup
                     "--unshare-net", "--die-with-parent", "--new-session", "--clearenv"});
  const std::pair<std::string, std::string> environment[] = {
      {"PATH", "/usr/bin"},
      {"HOME", kSandboxWork},
      {"LANG", "C.UTF-8"},
      {"OPENBLAS_NUM_THREADS", "1"},
      {"OMP_NUM_THREADS", "1"},
      {"ASKDB_SANDBOX_RUN", run_id},
      {"MPLCONFIGDIR", std::string(kSandboxWork) + "/.mpl"}};
  for (const auto& [name, value] : environment) a.insert(a.end(), {"--setenv", name, value});
  a.insert(a.end(), {"--hostname", "askdb-sandbox"});
}

// The read-only system folders the interpreter needs, and nothing else of the host.
void AddSystemMounts(std::vector<std::string>& a) {
  a.insert(a.end(), {"--ro-bind", "/usr/lib", "/usr/lib"});
  AddBindIfExists(a, "--ro-bind", "/usr/lib64");
  AddBindIfExists(a, "--ro-bind", "/usr/share/zoneinfo");
  // numpy's BLAS and LAPACK are reached through these links; the rest of /etc stays out.
  AddBindIfExists(a, "--ro-bind", "/etc/alternatives");
  AddBindIfExists(a, "--ro-bind", "/etc/ld.so.cache");
}

// The interpreter, the run's folders (work writable, lib read-only) and the runner to start.
void AddRunMountsAndCommand(std::vector<std::string>& a, const ExecutorOptions& options,
                            const std::string& work_dir, const std::string& lib_dir) {
  std::error_code ec;
  const fs::path python = fs::canonical(options.python, ec);
  a.insert(a.end(), {"--ro-bind",
                     ec ? options.python : python.string(),
                     "/usr/bin/python3",
                     "--symlink",
                     "usr/lib",
                     "/lib",
                     "--symlink",
                     "usr/lib64",
                     "/lib64",
                     "--dev",
                     "/dev",
                     "--tmpfs",
                     "/tmp",
                     "--bind",
                     work_dir,
                     kSandboxWork,
                     "--ro-bind",
                     lib_dir,
                     kSandboxLib,
                     "--chdir",
                     kSandboxWork});
  a.insert(a.end(), {"/usr/bin/python3", "-I", "-B", std::string(kSandboxLib) + "/runner.py"});
}

}  // namespace

std::vector<std::string> SandboxCommand(const ExecutorOptions& options, const std::string& work_dir,
                                        const std::string& lib_dir, const std::string& run_id,
                                        bool warm) {
  std::vector<std::string> a = {options.bwrap};
  AddIsolationArgs(a, run_id);
  AddSystemMounts(a);
  AddRunMountsAndCommand(a, options, work_dir, lib_dir);
  if (warm) a.push_back("--warm");
  return a;
}

namespace {

// A started child and its folder: dir/work (the working folder) and dir/lib (the runner).
struct Started {
  RunFolder dir;
  Child child;
};

// Creates the folder and starts the child. With a request its files are written first (a
// cold run); without one the sandbox is started warm: the runner imports the heavy modules
// and waits on its stdin for the job's files to be written into the empty folder.
StatusOr<Started> StartRun(const ExecutorOptions& options, const Request* request) {
  const bool sandbox = options.mode == ExecutorMode::kSandbox;
  ASKDB_ASSIGN_OR_RETURN(RunFolder dir, RunFolder::Create());
  const std::string run_id = dir.path().filename().string();
  const fs::path work = dir.path() / "work";
  const fs::path lib = dir.path() / "lib";
  std::error_code ec;
  fs::create_directory(work, ec);
  if (!ec) fs::create_directory(lib, ec);
  if (ec) return InternalError("cannot create the Python working folder: " + ec.message());
  if (request != nullptr) ASKDB_RETURN_IF_ERROR(WriteInputs(*request, options, work));
  ASKDB_RETURN_IF_ERROR(WriteText(lib / "runner.py", ASKDB_EMBEDDED(python_runner)));
  // Root's processes are never counted against RLIMIT_NPROC: the sandbox runs as nobody,
  // who may write only the working folder.
  const bool drop_root = sandbox && geteuid() == 0;
  if (drop_root &&
      (chown(work.c_str(), kNobody, kNobody) != 0 || chmod(dir.path().c_str(), 0755) != 0)) {
    // EINVAL: root of a user namespace (a container) that has no mapping for nobody.
    const int err = errno;
    const std::string why = std::strerror(err);
    return FailedPreconditionError(
        "the Python sandbox cannot start: askdb runs as root, so each sandbox runs as user "
        "nobody (65534) — root's processes are never held to python.max_processes — but the "
        "working folder cannot be handed to nobody (chown: " +
        why + (err == EINVAL ? "; this user namespace, e.g. a container's, has no uid 65534" : "") +
        "). Run askdb as an ordinary user, or map uid 65534 into the container. askdb does not "
        "fall back to running code unsandboxed; set python.executor = \"local\" to accept that "
        "risk, or \"off\"");
  }
  const bool warm = request == nullptr;
  std::vector<std::string> argv =
      sandbox ? SandboxCommand(options, work.string(), lib.string(), run_id, warm)
              : std::vector<std::string>{options.python, "-I", "-B", (lib / "runner.py").string()};
  ASKDB_ASSIGN_OR_RETURN(Child child, Spawn(argv, options.limits, drop_root, work, warm));
  return Started{std::move(dir), child};
}

// Kills a child that never ran a job (a pooled sandbox) and reaps it.
void Discard(Child& child) {
  const pid_t init = SandboxInitPid(child.info);
  kill(-child.pid, SIGKILL);
  if (init > 0) KillPidNamespace(init);
  for (int* fd : {&child.out, &child.err, &child.info, &child.go}) CloseFd(*fd);
  int status = 0;
  while (waitpid(child.pid, &status, 0) < 0 && errno == EINTR) {
  }
}

bool Alive(const Child& child) {
  siginfo_t info{};
  return waitid(P_PID, static_cast<id_t>(child.pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
         info.si_pid == 0;
}

// The runner sends one byte once its imports are done: only then is a sandbox worth taking.
bool AwaitReady(const Child& child, const Limits& limits, const std::atomic<bool>& stop) {
  const auto until = SteadyClock::now() + std::chrono::milliseconds(limits.timeout_ms);
  while (!stop && SteadyClock::now() < until) {
    pollfd fd{child.go, POLLIN, 0};
    const int n = poll(&fd, 1, 100);
    if (n < 0 && errno != EINTR) return false;
    if (n <= 0) continue;
    char byte = 0;
    return read(child.go, &byte, 1) == 1 && byte == 'r';
  }
  return false;
}

using SandboxPool = WarmPool<Started>;

std::unique_ptr<SandboxPool> MakePool(const ExecutorOptions& options) {
  SandboxPool::Hooks hooks;
  hooks.start = [options](const std::atomic<bool>& stop) -> std::optional<Started> {
    StatusOr<Started> s = StartRun(options, nullptr);
    if (!s.ok()) return std::nullopt;
    if (!AwaitReady(s->child, options.limits, stop)) {
      Discard(s->child);
      return std::nullopt;
    }
    return std::move(*s);
  };
  hooks.alive = [](const Started& s) { return Alive(s.child); };
  hooks.discard = [](Started& s) { Discard(s.child); };
  return std::make_unique<SandboxPool>(static_cast<std::size_t>(options.warm_pool),
                                       std::move(hooks));
}

std::mutex g_pools_mu;
std::map<std::string, std::unique_ptr<SandboxPool>>* g_pools = nullptr;

// What a warm sandbox was started with: a run takes only from a pool that matches its own.
// (Timeout, output cap, process limit and the hook are applied per job.)
std::string PoolKey(const ExecutorOptions& o) {
  const Limits& l = o.limits;
  return o.bwrap + "\n" + o.python + "\n" + std::to_string(l.cpu_seconds) + "/" +
         std::to_string(l.memory_mb) + "/" + std::to_string(l.max_open_files) + "/" +
         std::to_string(l.max_file_mb) + "/" + std::to_string(o.warm_pool);
}

SandboxPool& PoolFor(const ExecutorOptions& options) {
  std::lock_guard lock(g_pools_mu);
  if (g_pools == nullptr) {
    g_pools = new std::map<std::string, std::unique_ptr<SandboxPool>>();
    std::atexit(ShutdownWarmPools);
  }
  std::unique_ptr<SandboxPool>& pool = (*g_pools)[PoolKey(options)];
  if (!pool) pool = MakePool(options);
  return *pool;
}

std::optional<Started> TakeWarm(const ExecutorOptions& options) { return PoolFor(options).Take(); }

}  // namespace

void StartWarmPool(const ExecutorOptions& options) {
  if (options.mode == ExecutorMode::kSandbox && options.warm_pool > 0) PoolFor(options);
}

void ShutdownWarmPools() {
  std::map<std::string, std::unique_ptr<SandboxPool>> pools;
  {
    std::lock_guard lock(g_pools_mu);
    if (g_pools != nullptr) pools.swap(*g_pools);
  }
  pools.clear();  // each pool joins its thread and kills its waiting sandboxes
}

namespace {

// Python is turned on and its program (bwrap for the sandbox, else python3) is installed.
Status CheckRunnable(const ExecutorOptions& options) {
  if (options.mode == ExecutorMode::kOff) {
    return FailedPreconditionError(
        "Python execution is turned off (python.executor = \"off\"); set it to \"sandbox\" to "
        "run analysis code");
  }
  const bool sandbox = options.mode == ExecutorMode::kSandbox;
  const std::string& program = sandbox ? options.bwrap : options.python;
  if (access(program.c_str(), X_OK) != 0) {
    return FailedPreconditionError(
        program + " is not installed, so " +
        (sandbox ? std::string("the Python sandbox cannot start; install the Debian package "
                               "bubblewrap (scripts/setup.sh does)")
                 : std::string("Python cannot run; install python3")) +
        ", or set python.executor = \"off\"");
  }
  return Status::Ok();
}

// A warm sandbox when the pool has one (the job's files written into it, then one byte lets
// the runner read them), else a cold start.
StatusOr<Started> StartJob(const Request& request, const ExecutorOptions& options) {
  const bool sandbox = options.mode == ExecutorMode::kSandbox;
  std::optional<Started> run =
      sandbox && options.warm_pool > 0 ? TakeWarm(options) : std::optional<Started>();
  if (!run) return StartRun(options, &request);
  // The sandbox is up and Python has imported pandas; its empty folder gets this job's
  // files, then one byte lets the runner read them.
  if (Status s = WriteInputs(request, options, run->dir.path() / "work"); !s.ok()) {
    Discard(run->child);
    return s;
  }
  // A sandbox that died since TakeWarm looked fails the send; Collect reports how.
  (void)send(run->child.go, "g", 1, MSG_NOSIGNAL);
  CloseFd(run->child.go);
  return std::move(*run);
}

// What the child printed, how it ended and how long the run took.
Output OutputOf(Waited& w, const std::string& run_id, bool sandbox,
                SteadyClock::time_point started) {
  Output out;
  out.run_id = run_id;
  out.stdout_text = std::move(w.out);
  out.stderr_text = std::move(w.err);
  out.duration =
      std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - started);
  if (WIFEXITED(w.status)) out.exit_code = WEXITSTATUS(w.status);
  if (WIFSIGNALED(w.status)) out.signal = WTERMSIG(w.status);
  // bwrap passes on a signal death of the code as exit status 128 + signal.
  if (sandbox && out.exit_code > 128 && out.exit_code < 128 + 65) {
    out.signal = out.exit_code - 128;
  }
  return out;
}

// Reads work/result.json into out->result when it is within the output cap; returns whether
// it is larger (a failure of its own).
bool ReadResult(const fs::path& work, const Limits& limits, Output* out) {
  std::error_code ec;
  const fs::path result_file = work / "result.json";
  const auto size = fs::file_size(result_file, ec);
  if (!ec && size <= static_cast<uintmax_t>(limits.max_output_bytes)) {
    if (StatusOr<std::string> text = ReadFile(result_file); text.ok()) {
      out->result = Json::parse(*text, nullptr, /*allow_exceptions=*/false);
      if (out->result.is_discarded()) out->result = Json();
    }
  }
  return !ec && size > static_cast<uintmax_t>(limits.max_output_bytes);
}

// The run was stopped from outside: cancelled, out of time, or its output or result over
// the cap. Ok when none.
Status StopFailure(const Waited& w, const Limits& l, bool result_too_large) {
  if (w.cancelled) return CancelledError("the Python step was cancelled");
  if (w.timed_out) {
    return DeadlineExceededError("the Python code did not finish within " +
                                 std::to_string(l.timeout_ms) +
                                 " ms (python.timeout_ms) and was stopped");
  }
  if (w.over_cap) {
    return ResourceExhaustedError("the Python code printed more than " +
                                  std::to_string(l.max_output_bytes) +
                                  " bytes (python.max_output_bytes) and was stopped");
  }
  if (result_too_large) {
    return ResourceExhaustedError("the Python code's result is larger than " +
                                  std::to_string(l.max_output_bytes) +
                                  " bytes (python.max_output_bytes)");
  }
  return Status::Ok();
}

// The code failed, or its process did: the sandbox could not start, a CPU limit, an error
// the runner reported, no program, an exit without a result. Ok when it gave a result.
Status CodeFailure(const Output& out, const Limits& l, const std::string& program, bool sandbox) {
  if (sandbox && SandboxFailedToStart(out.stderr_text, out.result)) {
    return FailedPreconditionError(
        "the Python sandbox (bubblewrap) cannot start on this machine: " +
        Tail(out.stderr_text, 400) +
        " — it needs unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1, "
        "user.max_user_namespaces > 0). askdb does not fall back to running code unsandboxed; "
        "set python.executor = \"local\" to accept that risk, or \"off\"");
  }
  if (out.signal == SIGXCPU || out.signal == SIGKILL) {
    return DeadlineExceededError("the Python code used more than " + std::to_string(l.cpu_seconds) +
                                 " s of CPU time (python.cpu_seconds) and was stopped");
  }
  if (out.result.is_object() && out.result.contains("error") && !out.result["error"].is_null()) {
    const Json& e = out.result["error"];
    const std::string type = e.value("type", "");
    std::string message = e.value("message", "");
    if (type == "MemoryError") {
      return ResourceExhaustedError("the Python code ran out of memory (python.memory_mb = " +
                                    std::to_string(l.memory_mb) + "): " + message);
    }
    return InvalidArgumentError("the Python code failed: " + message);
  }
  if (out.exit_code == kExecFailed && out.result.is_null()) {
    return FailedPreconditionError("cannot start " + program + ": " + Tail(out.stderr_text, 400));
  }
  if (out.exit_code != 0 || !out.result.is_object()) {
    std::string why = out.signal ? "was killed by signal " + std::to_string(out.signal)
                                 : "exited with status " + std::to_string(out.exit_code);
    if (out.stderr_text.find("MemoryError") != std::string::npos) {
      return ResourceExhaustedError("the Python code ran out of memory (python.memory_mb = " +
                                    std::to_string(l.memory_mb) + ")");
    }
    return InternalError("the Python step " + why +
                         " without a result: " + Tail(out.stderr_text, 400));
  }
  return Status::Ok();
}

}  // namespace

StatusOr<Output> Run(const Request& request, const ExecutorOptions& options,
                     Output* failed_output) {
  ASKDB_RETURN_IF_ERROR(CheckRunnable(options));
  const auto started = SteadyClock::now();
  const bool sandbox = options.mode == ExecutorMode::kSandbox;
  ASKDB_ASSIGN_OR_RETURN(Started run, StartJob(request, options));
  Waited w = Collect(run.child, options.limits, request.cancel);
  Output out = OutputOf(w, run.dir.path().filename().string(), sandbox, started);
  const bool result_too_large = ReadResult(run.dir.path() / "work", options.limits, &out);
  Status failed = StopFailure(w, options.limits, result_too_large);
  if (failed.ok()) {
    failed = CodeFailure(out, options.limits, sandbox ? options.bwrap : options.python, sandbox);
  }
  if (!failed.ok()) {
    if (failed_output != nullptr) *failed_output = out;
    return failed;
  }
  return out;
}

Status CheckSandbox(const ExecutorOptions& options) {
  ExecutorOptions check = options;
  check.mode = ExecutorMode::kSandbox;
  Request request;
  request.code = "pass";
  StatusOr<Output> out = Run(request, check);
  return out.status();
}

}  // namespace askdb::python
