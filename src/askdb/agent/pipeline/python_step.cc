#include "askdb/agent/pipeline/python_step.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <utility>

#include "askdb/agent/pipeline/run_state.h"
#include "askdb/common/text.h"
#include "askdb/llm/prompts.h"
#include "askdb/python/templates.h"

namespace askdb::agent::pipeline {
namespace {

// Rows of each input shown to the model.
constexpr size_t kSampleRows = 5;
constexpr int kMaxCellWidth = 40;

std::string InputsForPrompt(const std::vector<PythonStepData>& data) {
  std::string out;
  for (const PythonStepData& d : data) {
    out += "- " + d.name + " (" + std::to_string(d.rows->row_count()) + " rows): ";
    for (size_t c = 0; c < d.rows->columns.size(); ++c) {
      out += (c ? ", " : "") + d.rows->columns[c].name;
    }
    out += "\n";
    const size_t shown = std::min(d.rows->rows.size(), kSampleRows);
    for (size_t r = 0; r < shown; ++r) {
      out += "    ";
      for (size_t c = 0; c < d.rows->rows[r].size(); ++c) {
        out += (c ? " | " : "") +
               text::TruncateToWidth(d.rows->rows[r][c].ToDisplayString(), kMaxCellWidth);
      }
      out += "\n";
    }
  }
  return out.empty() ? "(none)\n" : out;
}

python::Request MakeRequest(std::string code, const std::vector<PythonStepData>& data, Json params,
                            const CancellationToken* cancel) {
  python::Request r;
  r.code = std::move(code);
  for (const PythonStepData& d : data) r.inputs.push_back({d.name, d.rows});
  r.params = std::move(params);
  r.cancel = cancel;
  return r;
}

// Runs once and records what happened.
Status RunOnce(const PythonStepInput& input, python::Request request, PythonStepRecord& record) {
  record.code = request.code;
  ++record.tries;
  python::Output failed;
  StatusOr<python::Output> out = python::Run(request, input.executor, &failed);
  const python::Output& seen = out.ok() ? *out : failed;
  record.output = seen.result;
  record.printed = seen.stdout_text;
  record.sandbox_ms = seen.duration.count();
  if (!out.ok()) record.errors.push_back(out.status().message());
  return out.status();
}

// Failures no new code can fix: the executor itself is unavailable.
bool ExecutorUnavailable(const Status& s) {
  return s.code() == StatusCode::kFailedPrecondition || s.code() == StatusCode::kCancelled;
}

std::string OutputSummary(const Json& output, bool chinese) {
  const std::vector<std::string> findings = PythonFindings(output);
  if (findings.empty()) return chinese ? "Python 分析已完成。" : "Python analysis done.";
  std::string out;
  for (const std::string& f : findings) out += (out.empty() ? "" : "\n") + f;
  return out;
}

}  // namespace

std::string PythonFallbackNote(bool chinese, int tries) {
  return chinese
             ? "Python 高级分析暂时不可用：代码尝试 " + std::to_string(tries) +
                   " 次均未成功，本步骤已跳过，分析继续基于 SQL 查询结果。"
             : "Advanced Python analysis is unavailable: the code failed " + std::to_string(tries) +
                   " times, so this step was left out and the analysis continues with the "
                   "SQL results.";
}

std::string StripCodeFence(std::string code) {
  const size_t open = code.find("```");
  if (open == std::string::npos) return code;
  const size_t line_end = code.find('\n', open);
  if (line_end == std::string::npos) return code;
  const size_t close = code.find("```", line_end);
  return code.substr(line_end + 1,
                     close == std::string::npos ? std::string::npos : close - line_end - 1);
}

std::optional<Json> PythonReplyFromText(std::string_view text) {
  const std::optional<std::string_view> block =
      FencedBlock(text, [](std::string_view tag, std::string_view body) {
        return !body.empty() && (tag.empty() || tag == "python" || tag == "py" || tag == "python3");
      });
  if (!block) return std::nullopt;
  return Json{{"code", std::string(*block)}};
}

std::vector<std::string> PythonFindings(const Json& output) {
  std::vector<std::string> out;
  if (!output.is_object()) return out;
  for (const Json& f : output.value("findings", Json::array())) {
    if (f.is_object() && f.contains("text") && f["text"].is_string()) {
      out.push_back(f["text"].get<std::string>());
    }
  }
  if (!out.empty()) return out;
  for (const Json& t : output.value("text", Json::array())) {
    if (t.is_string() && !t.get<std::string>().empty()) out.push_back(t.get<std::string>());
  }
  return out;
}

std::vector<Json> PythonCharts(const Json& output) {
  std::vector<Json> out;
  if (!output.is_object()) return out;
  for (const Json& c : output.value("charts", Json::array())) {
    if (c.is_object()) out.push_back(c);
  }
  return out;
}

void AddPythonStepEvent(const StepOutcome& step, Json& data) {
  if (step.python.is_null()) return;
  const Json output = step.python.value("output", Json());
  data["code"] = step.code;
  data["text"] = step.text;
  data["findings"] = PythonFindings(output);
  data["charts"] = PythonCharts(output);
  data["tables"] = output.is_object() ? output.value("tables", Json::array()) : Json::array();
  data["printed"] = step.python.value("printed", "");
  data["tries"] = step.python.value("tries", 0);
  data["errors"] = step.python.value("errors", Json::array());
  data["fallback"] = step.python.value("fallback", false);
  data["template"] = step.python.value("template", "");
  data["duration_ms"] = step.duration_ms;
}

ModelCall PythonGenerateCall(const PythonStepInput& input, const plan::PlanStep& step,
                             const std::vector<PythonStepData>& data,
                             const std::string& failed_code, const std::string& error) {
  ModelCall call;
  call.user_template = llm::kPythonGenerateTemplate;
  call.schema_text = input.schema_text;
  call.question = step.input;
  call.values = {{"instruction", step.purpose},
                 {"inputs", InputsForPrompt(data)},
                 {"failed_code", failed_code},
                 {"error", error}};
  call.reply_schema = {
      {"type", "object"}, {"properties", {{"code", {{"type", "string"}}}}}, {"required", {"code"}}};
  call.natural_reply = PythonReplyFromText;
  return call;
}

StatusOr<std::string> RunPythonStep(const PythonStepInput& input, const plan::PlanStep& step,
                                    const std::vector<PythonStepData>& data,
                                    PythonStepRecord& record) {
  record = PythonStepRecord{};
  Json params = {{"lang", input.chinese ? "zh" : "en"}};
  if (!data.empty()) params["input"] = data.front().name;

  if (step.input.starts_with(python::kTemplatePrefix)) {
    const std::string name = step.input.substr(python::kTemplatePrefix.size());
    const std::optional<std::string_view> code = python::TemplateCode(name);
    if (!code) return InvalidArgumentError("no Python template named \"" + name + "\"");
    record.template_name = name;
    if (data.empty()) {
      return FailedPreconditionError("the " + name + " template has no input: its query step " +
                                     "did not return rows");
    }
    ASKDB_RETURN_IF_ERROR(
        RunOnce(input, MakeRequest(std::string(*code), data, params, input.cancel), record));
    return OutputSummary(record.output, input.chinese);
  }

  if (!input.model) {
    return FailedPreconditionError(
        input.chinese ? "这个 Python 步骤需要模型来编写代码；没有配置模型（[llm]），所以没有运行"
                      : "this Python step needs a model to write its code and none is "
                        "configured ([llm]); it was not run");
  }
  const int tries = std::max(1, input.max_tries);
  std::string failed_code, error;
  for (int attempt = 1; attempt <= tries; ++attempt) {
    StatusOr<Json> reply = input.model(PythonGenerateCall(input, step, data, failed_code, error));
    if (!reply.ok()) return reply.status();
    const std::string code = StripCodeFence(ReplyString(*reply, "code"));
    const Status ran = RunOnce(input, MakeRequest(code, data, params, input.cancel), record);
    if (ran.ok()) return OutputSummary(record.output, input.chinese);
    if (ExecutorUnavailable(ran)) return ran;
    spdlog::info("analysis: Python step {} try {} failed: {}", step.step_num, attempt,
                 ran.message());
    failed_code = code;
    error = ran.message();
  }
  // PYTHON_FALLBACK_MODE: the analysis goes on without this step, saying so.
  record.fallback = true;
  record.output = Json();
  return PythonFallbackNote(input.chinese, record.tries);
}

}  // namespace askdb::agent::pipeline
