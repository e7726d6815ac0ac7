// The executor on real bubblewrap and Debian's Python: data in, results out, errors.
#include "askdb/python/executor.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "askdb/common/cancellation.h"

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

}  // namespace
}  // namespace askdb::python
