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

std::string_view Trimmed(std::string_view s) {
  const size_t begin = s.find_first_not_of(" \t\r\n");
  if (begin == std::string_view::npos) return {};
  return s.substr(begin, s.find_last_not_of(" \t\r\n") - begin + 1);
}

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

std::string StepText(const PythonStepRecord& record, bool chinese) {
  if (record.findings.empty()) return chinese ? "Python 分析已完成。" : "Python analysis done.";
  std::string out;
  for (const std::string& f : record.findings) out += (out.empty() ? "" : "\n") + f;
  if (!record.analysis_note.empty()) out += "\n" + record.analysis_note;
  return out;
}

// What the run output, for the analyse prompt: bounded, so a big table cannot crowd out
// the rest of the prompt.
constexpr size_t kTableRowsShown = 12;
constexpr size_t kPrintedShown = 2000;

std::string OutputForPrompt(const PythonStepRecord& record) {
  const Json& out = record.output;
  std::string text;
  for (const std::string& f : PythonFindings(out)) text += "- finding: " + f + "\n";
  if (out.is_object()) {
    for (const Json& t : out.value("text", Json::array())) {
      if (t.is_string() && !t.get<std::string>().empty())
        text += "- text: " + t.get<std::string>() + "\n";
    }
    if (const Json values = out.value("values", Json::object());
        values.is_object() && !values.empty()) {
      text += "- values: " + text::TruncateToWidth(values.dump(), 1500) + "\n";
    }
    for (const Json& t : out.value("tables", Json::array())) {
      text += "- table " + t.value("name", std::string()) + ": " +
              t.value("columns", Json::array()).dump() + "\n";
      const Json rows = t.value("rows", Json::array());
      for (size_t r = 0; r < rows.size() && r < kTableRowsShown; ++r) {
        text += "    " + text::TruncateToWidth(rows[r].dump(), 200) + "\n";
      }
      if (rows.size() > kTableRowsShown) {
        text += "    (" + std::to_string(rows.size()) + " rows in all)\n";
      }
    }
    for (const Json& c : PythonCharts(out)) {
      std::string series;
      for (const Json& s : c.value("series", Json::array())) {
        if (!s.is_object()) continue;
        series += (series.empty() ? "" : ", ") + s.value("name", s.value("type", std::string())) +
                  " (" + std::to_string(s.value("data", Json::array()).size()) + " points)";
      }
      const Json title = c.value("title", Json::object());
      text += "- chart " + (title.is_object() ? title.value("text", std::string()) : "") + ": " +
              series + "\n";
    }
  }
  if (!record.printed.empty()) {
    text += "- printed: " + text::TruncateToWidth(record.printed, kPrintedShown) + "\n";
  }
  return text.empty() ? "(nothing)\n" : text;
}

// The analyse part: the model's findings, else the code's with a note saying why.
void Analyze(const PythonStepInput& input, const plan::PlanStep& step, PythonStepRecord& record) {
  record.findings = PythonFindings(record.output);
  record.findings_by = "code";
  if (!input.model) return;
  StatusOr<Json> reply = input.model(PythonAnalyzeCall(step, record));
  std::string why;
  if (reply.ok()) {
    std::vector<std::string> findings;
    for (const Json& f : reply->value("findings", Json::array())) {
      if (f.is_string() && !Trimmed(f.get<std::string>()).empty()) {
        findings.push_back(std::string(Trimmed(f.get<std::string>())));
      }
    }
    if (!findings.empty()) {
      record.findings = std::move(findings);
      record.findings_by = "model";
      return;
    }
    why = input.chinese ? "模型没有给出结论" : "the model gave none";
  } else {
    why = reply.status().message();
  }
  spdlog::info("analysis: Python step {}: the model's findings are not usable ({})", step.step_num,
               why);
  record.analysis_note =
      input.chinese ? "（模型未能整理这一步的结论：" + why + "；以上为代码直接计算出的结论。）"
                    : "(The model could not write this step's findings: " + why +
                          "; these are the ones the code computed.)";
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

std::vector<std::string> PythonStepFindings(const Json& python) {
  if (!python.is_object()) return {};
  if (const auto f = python.find("findings"); f != python.end() && f->is_array()) {
    std::vector<std::string> out;
    for (const Json& s : *f) {
      if (s.is_string()) out.push_back(s.get<std::string>());
    }
    return out;
  }
  return PythonFindings(python.value("output", Json()));
}

std::optional<Json> PythonFindingsFromText(std::string_view text) {
  const std::string_view trimmed = Trimmed(text);
  if (trimmed.empty() || trimmed.front() == '{' || trimmed.front() == '[' ||
      trimmed.find("```") != std::string_view::npos ||
      trimmed.find("\"findings\"") != std::string_view::npos) {
    return std::nullopt;
  }
  Json findings = Json::array();
  size_t at = 0;
  while (at <= trimmed.size()) {
    size_t end = trimmed.find('\n', at);
    if (end == std::string_view::npos) end = trimmed.size();
    std::string_view line = Trimmed(trimmed.substr(at, end - at));
    at = end + 1;
    // A list's marker: "- ", "* ", "• ", "1. ", "2) ".
    for (std::string_view marker : {"- ", "* ", "• ", "•"}) {
      if (line.starts_with(marker)) line = Trimmed(line.substr(marker.size()));
    }
    size_t digits = 0;
    while (digits < line.size() && line[digits] >= '0' && line[digits] <= '9') ++digits;
    if (digits > 0 && digits + 1 < line.size() && (line[digits] == '.' || line[digits] == ')')) {
      line = Trimmed(line.substr(digits + 1));
    }
    // A heading ("Findings:", "结论：") introduces the list; it is not a finding.
    if (line.empty() || line.ends_with(":") || line.ends_with("：")) continue;
    findings.push_back(std::string(line));
  }
  if (findings.empty()) return std::nullopt;
  return Json{{"findings", std::move(findings)}};
}

ModelCall PythonAnalyzeCall(const plan::PlanStep& step, const PythonStepRecord& record) {
  ModelCall call;
  call.user_template = llm::kPythonAnalyzeTemplate;
  call.question = step.input.starts_with(python::kTemplatePrefix) ? step.purpose : step.input;
  call.values = {{"instruction", step.purpose}, {"output", OutputForPrompt(record)}};
  call.reply_schema = {
      {"type", "object"},
      {"properties",
       {{"findings",
         {{"type", Json::array({"array", "null"})}, {"items", NullableType("string")}}}}},
      {"required", {"findings"}}};
  call.natural_reply = PythonFindingsFromText;
  return call;
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
  data["findings"] = PythonStepFindings(step.python);
  data["findings_by"] = step.python.value("findings_by", "");
  data["analysis_note"] = step.python.value("analysis_note", "");
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
    Analyze(input, step, record);
    return StepText(record, input.chinese);
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
    if (ran.ok()) {
      Analyze(input, step, record);
      return StepText(record, input.chinese);
    }
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
