// The executor on real bubblewrap and Debian's Python: data in, results out, errors.
#include "askdb/python/executor.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "askdb/common/cancellation.h"
#include "askdb/common/file_util.h"

namespace askdb::python {
namespace {

Request Code(std::string code) {
  Request r;
  r.code = std::move(code);
  return r;
}

using ::testing::HasSubstr;

db::ResultSet Sales() {
  db::ResultSet rs;
  rs.columns = {{"月份", "TEXT"}, {"销售额", "REAL"}, {"备注", "TEXT"}};
  rs.rows = {{db::Value::Text("2025-01"), db::Value::Double(10.5), db::Value::Text("a,\"b\"")},
             {db::Value::Text("2025-02"), db::Value::Int(20), db::Value::Null()},
             {db::Value::Text("2025-03"), db::Value::Decimal("30.25"), db::Value::Text("x\ny")}};
  return rs;
}

ExecutorOptions Fast(ExecutorMode mode = ExecutorMode::kSandbox) {
  ExecutorOptions o;
  o.mode = mode;
  o.limits.timeout_ms = 15000;
  return o;
}

TEST(PythonExecutor, ReadsInputsAndReturnsTextTablesChartsFindings) {
  const db::ResultSet sales = Sales();
  Request r;
  r.inputs = {{"sales", &sales}};
  r.params = {{"factor", 2}};
  r.code = R"(
df = load("sales")
print("rows", len(df))
show_text("total %.2f" % (df["销售额"].sum() * params["factor"]))
show_table("t", df[["月份", "销售额"]])
show_chart({"xAxis": {"type": "category", "data": list(df["月份"])},
            "yAxis": {"type": "value"},
            "series": [{"type": "bar", "data": [float(v) for v in df["销售额"]]}]})
finding("最高月份 " + df.loc[df["销售额"].idxmax(), "月份"], peak=df["销售额"].max())
value("notes", list(df["备注"].fillna("")))
)";
  StatusOr<Output> out = python::Run(r, Fast());
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  EXPECT_EQ(out->stdout_text, "rows 3\n");
  const Json& res = out->result;
  EXPECT_EQ(res["text"][0], "total 121.50");
  EXPECT_EQ(res["tables"][0]["columns"], Json({"月份", "销售额"}));
  EXPECT_DOUBLE_EQ(res["tables"][0]["rows"][2][1].get<double>(), 30.25);
  EXPECT_EQ(res["charts"][0]["series"][0]["type"], "bar");
  EXPECT_EQ(res["findings"][0]["text"], "最高月份 2025-03");
  EXPECT_DOUBLE_EQ(res["findings"][0]["values"]["peak"].get<double>(), 30.25);
  EXPECT_EQ(res["values"]["notes"], Json({"a,\"b\"", "", "x\ny"}));
}

TEST(PythonExecutor, CodeErrorNamesTheLineAndTheError) {
  StatusOr<Output> out = python::Run(Code("x = 1\ny = x / 0\n"), Fast());
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().code(), StatusCode::kInvalidArgument);
  EXPECT_THAT(out.status().message(), HasSubstr("line 2: ZeroDivisionError"));
}

TEST(PythonExecutor, ModeOffRefusesWithTheSetting) {
  StatusOr<Output> out = python::Run(Code("pass"), Fast(ExecutorMode::kOff));
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().code(), StatusCode::kFailedPrecondition);
  EXPECT_THAT(out.status().message(), HasSubstr("python.executor"));
}

TEST(PythonExecutor, MissingBubblewrapSaysSoAndDoesNotRunUnsandboxed) {
  ExecutorOptions o = Fast();
  o.bwrap = "/nonexistent/bwrap";
  StatusOr<Output> out = python::Run(Code("open('/tmp/askdb-should-not-exist','w')"), o);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().code(), StatusCode::kFailedPrecondition);
  EXPECT_THAT(out.status().message(), HasSubstr("bubblewrap"));
  EXPECT_FALSE(std::filesystem::exists("/tmp/askdb-should-not-exist"));
}

TEST(PythonExecutor, SandboxThatCannotStartIsExplained) {
  // bwrap's own refusal (here: the interpreter to bind is missing) is reported as the
  // sandbox failing to start, with bwrap's words, not as the code's error.
  ExecutorOptions o = Fast();
  o.python = "/nonexistent/python3";
  StatusOr<Output> out = python::Run(Code("pass"), o);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().code(), StatusCode::kFailedPrecondition);
  EXPECT_THAT(out.status().message(), HasSubstr("sandbox (bubblewrap) cannot start"));
  EXPECT_THAT(out.status().message(), HasSubstr("/nonexistent/python3"));
  EXPECT_THAT(out.status().message(), HasSubstr("does not fall back"));
}

TEST(PythonExecutor, LocalModeRunsThePlainInterpreter) {
  StatusOr<Output> out =
      python::Run(Code("import os\nshow_text(os.getcwd())"), Fast(ExecutorMode::kLocal));
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  EXPECT_THAT(out->result["text"][0].get<std::string>(), HasSubstr("askdb-py-"));
}

TEST(PythonExecutor, CancellationStopsTheRun) {
  CancellationToken cancel;
  cancel.Cancel();
  Request r = Code("import time\ntime.sleep(30)");
  r.cancel = &cancel;
  StatusOr<Output> out = python::Run(r, Fast());
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().code(), StatusCode::kCancelled);
}

TEST(PythonExecutor, ParsesModes) {
  EXPECT_EQ(*ParseExecutorMode("sandbox"), ExecutorMode::kSandbox);
  EXPECT_EQ(*ParseExecutorMode("local"), ExecutorMode::kLocal);
  EXPECT_EQ(*ParseExecutorMode("off"), ExecutorMode::kOff);
  EXPECT_THAT(ParseExecutorMode("docker").status().message(), HasSubstr("sandbox, local or off"));
}

// Sandboxes descending from this test: processes with ASKDB_SANDBOX_RUN in their environment
// whose parent has none (the runner; a helper it forks, such as the `uname -p` importing pandas
// runs, shares the marker and would count one sandbox twice for a moment).
int OurSandboxProcesses() {
  namespace fs = std::filesystem;
  const auto parent_of = [](const std::string& pid) -> std::string {
    std::ifstream in("/proc/" + pid + "/stat");
    std::string line;
    std::getline(in, line);
    const size_t close = line.rfind(')');
    if (close == std::string::npos) return "";
    std::istringstream rest(line.substr(close + 2));
    std::string state, ppid;
    rest >> state >> ppid;
    return ppid;
  };
  const auto marked = [](const std::string& pid) {
    StatusOr<std::string> env = ReadFile("/proc/" + pid + "/environ");
    return env.ok() && env->find("ASKDB_SANDBOX_RUN=") != std::string::npos;
  };
  const std::string self = std::to_string(getpid());
  int n = 0;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator("/proc", ec)) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    if (!marked(name) || marked(parent_of(name))) continue;
    for (std::string p = parent_of(name); !p.empty() && p != "0" && p != "1"; p = parent_of(p)) {
      if (p == self) {
        ++n;
        break;
      }
    }
  }
  return n;
}

TEST(PythonWarmPool, RunsEachJobInAFreshPreparedSandboxAndShutdownKillsThePool) {
  ExecutorOptions o = Fast();
  o.warm_pool = 2;
  StartWarmPool(o);
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (OurSandboxProcesses() < 2 && std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_EQ(OurSandboxProcesses(), 2) << "the pool did not start two sandboxes";
  // The pool starts a sandbox only once the one before it is ready (pandas imported), so the
  // first is waiting now: the job below takes it.

  // A pooled sandbox has pandas loaded already, gets this job's inputs, and keeps nothing.
  const db::ResultSet sales = Sales();
  Request first = Code(
      "import sys, os\n"
      "value('preloaded', 'pandas' in sys.modules)\n"
      "value('total', float(load('sales')['销售额'].sum()))\n"
      "open('leftover.txt', 'w').write('x')\n"
      "value('files', sorted(f for f in os.listdir('.') if not f.startswith('.')))\n");
  first.inputs = {{"sales", &sales}};
  StatusOr<Output> a = python::Run(first, o);
  ASSERT_TRUE(a.ok()) << a.status().ToString();
  EXPECT_EQ(a->result["values"]["preloaded"], true);
  EXPECT_DOUBLE_EQ(a->result["values"]["total"].get<double>(), 60.75);
  EXPECT_THAT(a->result["values"]["files"].dump(), HasSubstr("input_1.csv"));
  StatusOr<Output> b = python::Run(Code("import os\nvalue('seen', sorted(os.listdir('.')))\n"), o);
  ASSERT_TRUE(b.ok()) << b.status().ToString();
  EXPECT_NE(a->run_id, b->run_id);
  const std::string seen = b->result["values"]["seen"].dump();
  EXPECT_THAT(seen, ::testing::Not(HasSubstr("leftover.txt")));
  EXPECT_THAT(seen, ::testing::Not(HasSubstr("input_1.csv")));

  // The pool refills in the background, and shutdown leaves no sandbox behind. A used
  // sandbox takes a moment to exit, so the count must hold at 2, not just touch it.
  const auto refill_until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  int steady_polls = 0;
  while (steady_polls < 5 && std::chrono::steady_clock::now() < refill_until) {
    steady_polls = OurSandboxProcesses() == 2 ? steady_polls + 1 : 0;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_EQ(steady_polls, 5) << "the pool did not settle at two waiting sandboxes (now "
                             << OurSandboxProcesses() << ")";
  ShutdownWarmPools();
  EXPECT_EQ(OurSandboxProcesses(), 0) << "a pooled sandbox outlived the shutdown";
}

}  // namespace
}  // namespace askdb::python
