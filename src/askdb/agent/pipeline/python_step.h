// The python_executor step of a multi-step analysis (issue 16; seed 004 §10: PythonGenerate →
// PythonExecute → PythonAnalyze, retries, fallback).
//
//   input "template:NAME"  a vetted template (python/templates.h) on the step's first
//                          dependency's rows: no model needed.
//   any other input        with a model: the code is generated from the step's instruction,
//                          the schema and samples of the inputs; a failed run goes back to
//                          the model with the failed code and its error, at most
//                          `max_tries` runs in all. Then the fallback: the step ends with the
//                          seed's fixed note and the analysis goes on without it.
//                          Without a model: the step fails saying a model is needed.
// Inputs are the rows of the step's execute_sql dependencies, named "step_N".
// The analyse part: with no model, the step's findings are the run's finding() sentences,
// else its text. With a model, the model turns the run's output (findings, text, tables,
// charts, values) into the step's findings (prompt python_analyze, reply {"findings": [...]};
// prose is read as one finding a line); a reply that stays malformed after one repair, or
// gives none, leaves the code's own findings with a note saying why — never an error.
//
// Not thread-safe per record; RunPythonStep itself shares nothing.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "askdb/agent/pipeline/model_call.h"
#include "askdb/agent/plan/analysis_plan.h"
#include "askdb/common/json.h"
#include "askdb/common/status.h"
#include "askdb/db/result_set.h"
#include "askdb/python/executor.h"

namespace askdb {
class CancellationToken;
}  // namespace askdb

namespace askdb::agent::pipeline {

inline constexpr int kDefaultPythonMaxTries = 3;

// The seed's fixed fallback note (PYTHON_FALLBACK_MODE).
std::string PythonFallbackNote(bool chinese, int tries);

struct PythonStepInput {
  python::ExecutorOptions executor;
  int max_tries = kDefaultPythonMaxTries;
  ModelFn model;  // empty: templates only
  std::string schema_text;
  bool chinese = false;
  const CancellationToken* cancel = nullptr;
};

// What one python_executor step did, for the step's outcome and the report.
struct PythonStepRecord {
  std::string code;           // the code that ran last
  std::string template_name;  // "" for a model's code
  Json output;  // result.json of the last run (text, tables, charts, findings, values)
  std::string printed;
  int tries = 0;
  bool fallback = false;
  std::vector<std::string> errors;  // one per failed try
  int64_t sandbox_ms = 0;           // the last run, start to result
  // The step's findings for the report (the analyse part) and who wrote them: "model",
  // or "code" (finding()/show_text()); the note when the model's could not be used.
  std::vector<std::string> findings;
  std::string findings_by;
  std::string analysis_note;
};

// One named input: a dependency's rows.
struct PythonStepData {
  std::string name;
  const db::ResultSet* rows = nullptr;
};

// Errors: the last run's (no model, the template failed, the executor is off or the
// sandbox cannot start). A fallback is a success whose text is the note.
StatusOr<std::string> RunPythonStep(const PythonStepInput& input, const plan::PlanStep& step,
                                    const std::vector<PythonStepData>& data,
                                    PythonStepRecord& record);

// The generate call: instruction, schema, input samples and, on a retry, the failed code
// and its error. The reply is {"code": "..."}.
ModelCall PythonGenerateCall(const PythonStepInput& input, const plan::PlanStep& step,
                             const std::vector<PythonStepData>& data,
                             const std::string& failed_code, const std::string& error);

// The code from a reply: a stray Markdown fence (```python … ```) around it is removed.
std::string StripCodeFence(std::string code);

// A reply that is prose around a closed ```python (or ```py, or untagged) block instead of
// JSON, as models write code: {"code": the block}. nullopt when there is no such block.
std::optional<Json> PythonReplyFromText(std::string_view text);

// The code's findings: each finding()'s text, else the text the code showed.
std::vector<std::string> PythonFindings(const Json& output);

// A step's findings from its outcome's python record (StepOutcome::python): the analyse
// part's ("findings"), else the code's.
std::vector<std::string> PythonStepFindings(const Json& python);

// The analyse call: the step's instruction, the request and a summary of what the run
// output. The reply is {"findings": [...]}; prose is accepted (PythonFindingsFromText).
ModelCall PythonAnalyzeCall(const plan::PlanStep& step, const PythonStepRecord& record);

// A prose reply to the analyse call as {"findings": one per line, bullets removed};
// nullopt when the text looks like JSON (a truncated reply must be repaired, not read).
std::optional<Json> PythonFindingsFromText(std::string_view text);

// A step event's Python fields (the run's stream, like an SQL step's sql and row_count):
// code, text, findings, charts, tables, tries, errors, fallback, duration_ms. No-op for
// other tools.
struct StepOutcome;
void AddPythonStepEvent(const StepOutcome& step, Json& data);

// The ECharts options the code showed.
std::vector<Json> PythonCharts(const Json& output);

}  // namespace askdb::agent::pipeline
