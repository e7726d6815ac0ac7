#include "askdb/agent/plan/plan_validator.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <set>
#include <utility>

namespace askdb::agent::plan {
namespace {

std::string Upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

bool Contains(const std::string& haystack, std::string_view needle) {
  return haystack.find(needle) != std::string::npos;
}

std::string JoinTools(const std::vector<std::string>& tools, bool zh) {
  if (tools.empty()) return zh ? "（无）" : "(none)";
  std::string out;
  for (const std::string& t : tools) {
    if (!out.empty()) out += zh ? "、" : ", ";
    out += t;
  }
  return out;
}

}  // namespace

double DeviationScore(const std::vector<std::string>& planned,
                      const std::vector<std::string>& actual) {
  const size_t n = planned.size();
  const size_t m = actual.size();
  if (n == 0 && m == 0) return 0.0;
  // Longest common subsequence, one row at a time.
  std::vector<size_t> prev(m + 1, 0), cur(m + 1, 0);
  for (size_t i = 1; i <= n; ++i) {
    for (size_t j = 1; j <= m; ++j) {
      cur[j] = planned[i - 1] == actual[j - 1] ? prev[j - 1] + 1 : std::max(prev[j], cur[j - 1]);
    }
    std::swap(prev, cur);
  }
  const double lcs = static_cast<double>(prev[m]);
  return 1.0 - lcs / static_cast<double>(std::max(n, m));
}

std::string_view InferQueryType(std::string_view sql) {
  const std::string s = Upper(sql);
  if (Contains(s, "JOIN ")) return kQueryTypeJoin;
  if (Contains(s, "GROUP BY") || Contains(s, "COUNT(") || Contains(s, "SUM(") ||
      Contains(s, "AVG(") || Contains(s, "MIN(") || Contains(s, "MAX(")) {
    return kQueryTypeAggregation;
  }
  if (Contains(s, "ORDER BY") && Contains(s, "LIMIT")) return kQueryTypeRanking;
  if (Contains(s, "WHERE ")) return kQueryTypeFilter;
  return kQueryTypeDetail;
}

ExecutionValidator::ExecutionValidator(ValidatorOptions options, Logger logger)
    : options_(std::move(options)), logger_(std::move(logger)) {}

void ExecutionValidator::Log(std::string_view message) const {
  if (logger_) {
    logger_(message);
  } else {
    spdlog::warn("plan: {}", message);
  }
}

namespace {

// A plan correction: logged and kept in the result's warnings.
using Warn = std::function<void(std::string)>;

// The plan's request type, multi-step flag and schema level follow the classification.
void FitPlanToRequest(AnalysisPlan& p, RequestType request_type, const Warn& warn) {
  if (p.request_type != request_type) {
    warn(fmt::format("plan request_type {} does not match the classification {}; using {}",
                     RequestTypeName(p.request_type), RequestTypeName(request_type),
                     RequestTypeName(request_type)));
    p.request_type = request_type;
  }
  if (request_type == RequestType::kMultiStepAnalysis && !p.is_multi_step) {
    warn("multi_step_analysis plan was not marked is_multi_step; marked it");
    p.is_multi_step = true;
  }
  const std::string_view level = SchemaLevelFor(request_type);
  if (p.schema_level != level) {
    warn(fmt::format("plan schema_level \"{}\" does not fit a {} request; using \"{}\"",
                     p.schema_level, RequestTypeName(request_type), level));
    p.schema_level = std::string(level);
  }
}

// Tool names (Property 18): an unknown tool's step is removed, a near name is renamed to the
// exact one. False when the step is removed.
bool KnownTool(PlanStep& step, const Warn& warn) {
  if (IsPlanTool(step.tool)) return true;
  std::optional<std::string_view> canonical = CanonicalToolName(step.tool);
  if (!canonical) {
    warn(fmt::format(
        "step {} uses unknown tool \"{}\"; removed it (tools are get_data_source_context, "
        "execute_sql, python_executor, web_search, web_fetch)",
        step.step_num, step.tool));
    return false;
  }
  warn(fmt::format("step {} tool \"{}\" renamed to the exact name \"{}\"", step.step_num, step.tool,
                   *canonical));
  step.tool = std::string(*canonical);
  return true;
}

// The consultation rule (Property 13): one basic schema fetch and no other tool call. False
// when the step is removed; `has_schema` tells whether the fetch was kept already.
bool FitsAConsultation(const PlanStep& step, bool has_schema, const Warn& warn) {
  if (step.tool == kToolExecuteSql) {
    warn(
        fmt::format("consultation plan had an execute_sql step (step {}); removed it: consultation "
                    "requests are answered from the basic schema without running SQL",
                    step.step_num));
    return false;
  }
  if (step.tool != kToolGetDataSourceContext) {
    warn(
        fmt::format("consultation plan had a {} step (step {}); removed it: a consultation "
                    "makes one basic schema fetch and no other tool call",
                    step.tool, step.step_num));
    return false;
  }
  if (has_schema) {
    warn(
        fmt::format("consultation plan fetched the schema twice (step {}); removed the "
                    "second fetch",
                    step.step_num));
    return false;
  }
  return true;
}

// The steps with a known tool that a consultation allows, in the plan's order.
std::vector<PlanStep> KeptSteps(std::vector<PlanStep>& steps, bool consultation, const Warn& warn) {
  std::vector<PlanStep> kept;
  bool consultation_has_schema = false;
  for (PlanStep& step : steps) {
    if (!KnownTool(step, warn)) continue;
    if (consultation && !FitsAConsultation(step, consultation_has_schema, warn)) continue;
    if (step.tool == kToolGetDataSourceContext) consultation_has_schema = consultation;
    kept.push_back(std::move(step));
  }
  return kept;
}

// The steps in step_num order, at most `max_steps` of them.
void SortAndCap(std::vector<PlanStep>& kept, size_t max_steps, const Warn& warn) {
  if (!std::is_sorted(kept.begin(), kept.end(), [](const PlanStep& a, const PlanStep& b) {
        return a.step_num < b.step_num;
      })) {
    warn("plan steps were not in step_num order; sorted them");
  }
  std::stable_sort(kept.begin(), kept.end(),
                   [](const PlanStep& a, const PlanStep& b) { return a.step_num < b.step_num; });
  if (kept.size() > max_steps) {
    warn(fmt::format("plan has {} steps, more than the limit of {}; kept the first {}", kept.size(),
                     max_steps, max_steps));
    kept.resize(max_steps);
  }
}

// Old step_num → new (1..n in order); a duplicate keeps its first step.
std::map<int, int> StepNumbers(const std::vector<PlanStep>& kept, const Warn& warn) {
  std::map<int, int> renumber;
  bool renumbered = false;
  for (size_t i = 0; i < kept.size(); ++i) {
    const int new_num = static_cast<int>(i) + 1;
    if (kept[i].step_num != new_num) renumbered = true;
    renumber.emplace(kept[i].step_num, new_num);
  }
  if (renumbered) warn("plan step numbers were not 1..n; renumbered them");
  return renumber;
}

// The plan's checkpoints under the new numbers; one naming no kept step is dropped.
std::set<int> RenumberedCheckpoints(const std::vector<int>& checkpoints,
                                    const std::map<int, int>& renumber, const Warn& warn) {
  std::set<int> checkpoint_set;
  for (int old : checkpoints) {
    auto it = renumber.find(old);
    if (it == renumber.end()) {
      warn(fmt::format("checkpoint {} names no step of the plan; dropped it", old));
    } else {
      checkpoint_set.insert(it->second);
    }
  }
  return checkpoint_set;
}

// The step's dependencies under the new numbers: only steps kept that run before it.
void RenumberDependencies(PlanStep& step, int old_num, const std::map<int, int>& renumber,
                          const Warn& warn) {
  std::set<int> deps;
  for (int d : step.depends_on) {
    auto it = renumber.find(d);
    if (it == renumber.end()) {
      warn(
          fmt::format("step {} depended on step {}, which is not in the plan; dropped the "
                      "dependency",
                      old_num, d));
    } else if (it->second >= step.step_num) {
      warn(
          fmt::format("step {} depended on step {}, which does not run before it; dropped "
                      "the dependency",
                      old_num, d));
    } else {
      deps.insert(it->second);
    }
  }
  step.depends_on.assign(deps.begin(), deps.end());
}

// Fields per tool (Property 19): a schema level only on a schema fetch (basic for a
// consultation), a query type only on execute_sql (inferred when missing), no negative
// duration.
void FitFieldsToTool(PlanStep& step, int old_num, const std::string& plan_level, bool consultation,
                     const Warn& warn) {
  if (step.tool == kToolGetDataSourceContext) {
    if (!IsSchemaLevel(step.schema_level)) {
      warn(
          fmt::format("step {} (get_data_source_context) had schema_level \"{}\"; set to "
                      "\"{}\"",
                      old_num, step.schema_level, plan_level));
      step.schema_level = plan_level;
    } else if (consultation && step.schema_level != kSchemaLevelBasic) {
      warn(
          fmt::format("step {}: a consultation needs only the basic schema; set "
                      "schema_level to \"basic\"",
                      old_num));
      step.schema_level = std::string(kSchemaLevelBasic);
    }
  } else if (!step.schema_level.empty()) {
    warn(fmt::format("step {} ({}) had a schema_level; cleared it", old_num, step.tool));
    step.schema_level.clear();
  }
  if (step.tool == kToolExecuteSql) {
    if (step.query_type.empty()) {
      step.query_type = std::string(InferQueryType(step.input));
      warn(fmt::format("step {} (execute_sql) had no query_type; inferred \"{}\"", old_num,
                       step.query_type));
    }
  } else if (!step.query_type.empty()) {
    warn(fmt::format("step {} ({}) had a query_type; cleared it", old_num, step.tool));
    step.query_type.clear();
  }
  if (step.estimated_duration_ms < 0) {
    warn(fmt::format("step {} had a negative estimated_duration_ms; set to 0", old_num));
    step.estimated_duration_ms = 0;
  }
}

}  // namespace

ValidationResult ExecutionValidator::ValidatePlan(const AnalysisPlan& plan,
                                                  RequestType request_type) const {
  ValidationResult r;
  AnalysisPlan p = plan;
  const Warn warn = [&](std::string w) {
    Log(w);
    r.warnings.push_back(std::move(w));
  };
  const bool consultation = request_type == RequestType::kConsultation;
  FitPlanToRequest(p, request_type, warn);
  std::vector<PlanStep> kept = KeptSteps(p.steps, consultation, warn);
  SortAndCap(kept, options_.max_steps, warn);
  const std::map<int, int> renumber = StepNumbers(kept, warn);
  std::set<int> checkpoint_set = RenumberedCheckpoints(p.checkpoints, renumber, warn);
  for (size_t i = 0; i < kept.size(); ++i) {
    PlanStep& step = kept[i];
    const int old_num = step.step_num;
    step.step_num = static_cast<int>(i) + 1;
    RenumberDependencies(step, old_num, renumber, warn);
    if (step.is_checkpoint) checkpoint_set.insert(step.step_num);
    FitFieldsToTool(step, old_num, p.schema_level, consultation, warn);
  }
  if (request_type == RequestType::kMultiStepAnalysis) {
    if (kept.empty()) {
      warn("multi_step_analysis plan has no steps; plan again with a schema step and queries");
    } else if (checkpoint_set.empty()) {
      warn("multi_step_analysis plan had no checkpoint; made the last step one");
      checkpoint_set.insert(static_cast<int>(kept.size()));
    }
  }
  for (PlanStep& step : kept) step.is_checkpoint = checkpoint_set.count(step.step_num) > 0;
  p.checkpoints.assign(checkpoint_set.begin(), checkpoint_set.end());
  p.steps = std::move(kept);
  r.plan = std::move(p);
  return r;
}

void ExecutionValidator::BeginExecution(const AnalysisPlan& plan) {
  std::lock_guard lock(mu_);
  began_ = true;
  tracked_plan_ = plan;
  calls_.clear();
  tracking_warnings_.clear();
  planned_additions_ = 0;
}

void ExecutionValidator::TrackExecution(std::string_view tool, int step_num) {
  std::string warning;
  {
    std::lock_guard lock(mu_);
    calls_.push_back(TrackedCall{std::string(tool), step_num});
    if (began_) {
      const PlanStep* step = tracked_plan_.FindStep(step_num);
      const bool zh = options_.chinese;
      if (step == nullptr) {
        warning =
            zh ? fmt::format("第 {} 步调用了 {}，但计划里没有这一步", step_num, tool)
               : fmt::format("tool call {} for step {}, which is not in the plan", tool, step_num);
      } else if (step->tool != tool) {
        warning =
            zh ? fmt::format("第 {} 步计划用 {}，实际调用了 {}", step_num, step->tool, tool)
               : fmt::format("step {} was planned as {} but called {}", step_num, step->tool, tool);
      }
      if (!warning.empty()) tracking_warnings_.push_back(warning);
    }
  }
  if (!warning.empty()) Log(warning);
}

void ExecutionValidator::ExtendPlan(const AnalysisPlan& plan, int added_steps) {
  std::lock_guard lock(mu_);
  tracked_plan_ = plan;
  planned_additions_ += added_steps;
}

ExecutionMetrics ExecutionValidator::GetMetrics() const {
  std::lock_guard lock(mu_);
  return MetricsLocked();
}

ExecutionMetrics ExecutionValidator::MetricsLocked() const {
  ExecutionMetrics m;
  for (const PlanStep& s : tracked_plan_.steps) m.planned_steps.push_back(s.tool);
  int highest = 0;
  for (const TrackedCall& c : calls_) {
    m.actual_steps.push_back(c.tool);
    if (c.step_num < highest) ++m.order_changes;
    highest = std::max(highest, c.step_num);
  }
  m.actual_calls_detail = calls_;
  m.planned_additions = planned_additions_;
  m.planned_calls = static_cast<int>(m.planned_steps.size());
  m.actual_calls = static_cast<int>(m.actual_steps.size());
  m.deviation_score = DeviationScore(m.planned_steps, m.actual_steps);
  m.warnings = tracking_warnings_;
  const bool zh = options_.chinese;
  if (!began_) {
    m.warnings.push_back(
        zh ? "执行指标不完整：跟踪工具调用前没有登记计划（BeginExecution）"
           : "metrics are partial: no plan was registered with BeginExecution before tracking");
  }
  if (m.deviation_score > options_.deviation_warning_threshold) {
    const std::string planned = JoinTools(m.planned_steps, zh);
    const std::string actual = JoinTools(m.actual_steps, zh);
    m.warnings.push_back(
        zh ? fmt::format("执行偏离了计划：偏离度 {:.2f} > {:.2f}（计划：{}；实际：{}）",
                         m.deviation_score, options_.deviation_warning_threshold, planned, actual)
           : fmt::format("execution deviated from the plan: deviation score {:.2f} > {:.2f} "
                         "(planned: {}; actual: {})",
                         m.deviation_score, options_.deviation_warning_threshold, planned, actual));
  }
  return m;
}

std::vector<std::string> ExecutionValidator::LogDeviations() const {
  ExecutionMetrics m;
  size_t already_logged;  // tracking warnings were logged when they were recorded
  {
    std::lock_guard lock(mu_);
    m = MetricsLocked();
    already_logged = tracking_warnings_.size();
  }
  for (size_t i = already_logged; i < m.warnings.size(); ++i) Log(m.warnings[i]);
  return m.warnings;
}

}  // namespace askdb::agent::plan
