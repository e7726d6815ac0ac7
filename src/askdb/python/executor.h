// Python executor (issue 16): runs one piece of analysis code on the earlier steps' rows and
// reads back what it showed.
//
// Each Run gets a fresh working folder (under the system's temporary directory) holding only
// main.py, the inputs as CSV files and manifest.json (names, files, columns with their kind),
// and the trusted runner (data/python/runner.py, linked into the binary). The runner executes
// the code with load()/show_text()/show_table()/show_chart()/finding()/value() in scope and
// writes result.json. Modes:
//
//   sandbox (default)  a fresh bubblewrap sandbox: its own user, PID, network, IPC and UTS
//                      namespaces (no network at all), a read-only /usr/lib and the Python
//                      binary only (no shell, no /etc beyond the library links), a tmpfs /tmp
//                      in which only the working folder is bound, an empty environment;
//                      rlimits (CPU, address space, open files, file size, no core) set in the
//                      child before bwrap starts and the process limit set by the runner
//                      inside the user namespace; when askdb runs as root the child drops to
//                      nobody first (root's process count is never limited).
//   local              a plain /usr/bin/python3 subprocess with the same rlimits and runner but
//                      no isolation: it sees the files and network askdb sees. Opt-in; warned.
//   off                Run returns FailedPrecondition.
//
// In every mode the child is the leader of its own process group; the wall-clock timeout,
// the output cap (stdout + stderr) and cancellation kill the whole group, and the sandbox's
// PID namespace takes every descendant with it. If bubblewrap cannot start (not installed,
// user namespaces disabled) Run says so and why; it never falls back to `local`.
//
// Thread-safe: runs share nothing (each has its own folder and child).
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/json.h"
#include "askdb/common/status.h"
#include "askdb/db/result_set.h"

namespace askdb {
class CancellationToken;
}  // namespace askdb

namespace askdb::python {

enum class ExecutorMode { kSandbox, kLocal, kOff };
std::string_view ExecutorModeName(ExecutorMode mode);  // "sandbox", "local", "off"
StatusOr<ExecutorMode> ParseExecutorMode(std::string_view name);

struct Limits {
  int cpu_seconds = 20;
  int64_t memory_mb = 2048;  // address space; pandas and scipy alone map ~700 MB
  int max_processes = 32;
  int max_open_files = 128;
  int64_t max_file_mb = 64;
  int64_t max_output_bytes = 1 << 20;  // stdout + stderr kept, and result.json's size
  int64_t timeout_ms = 30000;          // wall clock, start to finish
};

struct ExecutorOptions {
  ExecutorMode mode = ExecutorMode::kSandbox;
  Limits limits;
  std::string python = "/usr/bin/python3";
  std::string bwrap = "/usr/bin/bwrap";
  // The runner's audit hook (blocked calls become a PermissionError). Only tests turn it
  // off, to show the sandbox holds on its own.
  bool guard_hook = true;
  // Sandboxes kept started, Python up and pandas/numpy imported, each waiting for one job
  // (python.warm_pool). Each runs one job and is then destroyed; the pool refills in the
  // background. 0: every run starts its sandbox cold. Sandbox mode only.
  int warm_pool = 0;
};

struct InputTable {
  std::string name;  // what load(name) takes; also the CSV file's stem
  const db::ResultSet* rows = nullptr;
};

struct Request {
  std::string code;
  std::vector<InputTable> inputs;
  Json params = Json::object();  // the code's `params`
  const CancellationToken* cancel = nullptr;
};

struct Output {
  Json result;  // result.json: text, tables, charts, findings, values, error
  std::string stdout_text;
  std::string stderr_text;
  int exit_code = -1;  // -1 when killed by a signal
  int signal = 0;
  std::chrono::milliseconds duration{0};  // folder, sandbox, interpreter and code
  // The run's working folder name, also in the sandbox's environment as ASKDB_SANDBOX_RUN
  // (how a test finds the run's processes).
  std::string run_id;
};

// Errors: FailedPrecondition (mode off, sandbox or Python unavailable — the message says
// why and what to do), InvalidArgument (the code raised; the message has its line and
// error), DeadlineExceeded (wall clock or CPU time), ResourceExhausted (output cap, memory),
// Cancelled, Internal (the folder could not be written). The Output of a failed run is
// returned alongside in `*failed_output` when given.
StatusOr<Output> Run(const Request& request, const ExecutorOptions& options,
                     Output* failed_output = nullptr);

// Starts an empty sandbox once: OK, or FailedPrecondition saying why it cannot work here.
Status CheckSandbox(const ExecutorOptions& options);

// The bwrap command line for a working folder and the runner's folder (exposed for tests
// and docs).
// `warm`: the runner imports the heavy modules, then waits for one byte on its stdin.
std::vector<std::string> SandboxCommand(const ExecutorOptions& options, const std::string& work_dir,
                                        const std::string& lib_dir, const std::string& run_id,
                                        bool warm = false);

// Starts the pool for these options now (Run otherwise starts it on first use).
void StartWarmPool(const ExecutorOptions& options);
// Kills every pooled sandbox and stops the refill threads; also run at exit.
void ShutdownWarmPools();

}  // namespace askdb::python
