#include "askdb/agent/plan/duration_history.h"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "askdb/agent/plan/analysis_plan.h"

namespace askdb::agent::plan {
namespace {

// Separates tool and query type in the persisted key; neither contains it.
constexpr char kKeySeparator = '|';

}  // namespace

DurationHistory::DurationHistory(DurationHistoryOptions options) : options_(std::move(options)) {
  if (options_.window == 0) options_.window = 1;
}

Status DurationHistory::AttachStore(DurationStore* store) {
  {
    std::lock_guard lock(mu_);
    store_ = store;
  }
  Status loaded = Refresh();
  if (!loaded.ok()) {
    std::lock_guard lock(mu_);
    store_ = nullptr;
  }
  return loaded;
}

bool DurationHistory::has_store() const {
  std::lock_guard lock(mu_);
  return store_ != nullptr;
}

Status DurationHistory::Refresh() {
  DurationStore* store = nullptr;
  {
    std::lock_guard lock(mu_);
    store = store_;
  }
  if (store == nullptr) return Status::Ok();
  // Read outside the lock: the planner may estimate meanwhile from the previous samples.
  StatusOr<std::vector<DurationSample>> all = store->LoadAll();
  if (!all.ok()) return all.status();
  ReplaceSamples(*all);
  return Status::Ok();
}

void DurationHistory::ReplaceSamples(const std::vector<DurationSample>& samples) {
  std::map<Key, std::deque<int64_t>> loaded;
  for (const DurationSample& s : samples) {
    if (s.duration_ms < 0) continue;
    auto& q = loaded[Key(s.tool, s.query_type)];
    q.push_back(s.duration_ms);
    while (q.size() > options_.window) q.pop_front();
  }
  std::lock_guard lock(mu_);
  samples_ = std::move(loaded);
}

void DurationHistory::Record(std::string_view tool, std::string_view query_type,
                             int64_t duration_ms) {
  if (duration_ms < 0) return;
  DurationStore* store = nullptr;
  {
    std::lock_guard lock(mu_);
    auto& q = samples_[Key(std::string(tool), std::string(query_type))];
    q.push_back(duration_ms);
    while (q.size() > options_.window) q.pop_front();
    store = store_;
  }
  if (store == nullptr) return;
  Status appended =
      store->Append(DurationSample{std::string(tool), std::string(query_type), duration_ms});
  if (!appended.ok()) {
    spdlog::warn("step duration not shared through the store ({}); it counts in this process only",
                 appended.message());
  }
}

int64_t DurationHistory::Median(std::deque<int64_t> samples) {
  const size_t mid = samples.size() / 2;
  std::nth_element(samples.begin(), samples.begin() + mid, samples.end());
  if (samples.size() % 2 == 1) return samples[mid];
  const int64_t upper = samples[mid];
  const int64_t lower = *std::max_element(samples.begin(), samples.begin() + mid);
  return lower + (upper - lower) / 2;
}

int64_t DurationHistory::DefaultMs(std::string_view tool) const {
  if (tool == kToolGetDataSourceContext) return options_.default_schema_ms;
  if (tool == kToolExecuteSql) return options_.default_sql_ms;
  if (tool == kToolPythonExecutor) return options_.default_python_ms;
  if (tool == kToolWebSearch) return options_.default_web_search_ms;
  if (tool == kToolWebFetch) return options_.default_web_fetch_ms;
  return options_.default_other_ms;
}

int64_t DurationHistory::EstimateMs(std::string_view tool, std::string_view query_type) const {
  std::lock_guard lock(mu_);
  auto exact = samples_.find(Key(std::string(tool), std::string(query_type)));
  if (exact != samples_.end() && !exact->second.empty()) return Median(exact->second);
  std::deque<int64_t> all;
  for (const auto& [key, q] : samples_) {
    if (key.first == tool) all.insert(all.end(), q.begin(), q.end());
  }
  if (!all.empty()) return Median(std::move(all));
  return DefaultMs(tool);
}

void DurationHistory::Apply(AnalysisPlan& plan) const {
  for (PlanStep& step : plan.steps) {
    step.estimated_duration_ms = EstimateMs(step.tool, step.query_type);
  }
}

Json DurationHistory::ToJson() const {
  std::lock_guard lock(mu_);
  Json samples = Json::object();
  for (const auto& [key, q] : samples_) {
    samples[key.first + kKeySeparator + key.second] =
        Json(std::vector<int64_t>(q.begin(), q.end()));
  }
  return Json{{"window", options_.window}, {"samples", std::move(samples)}};
}

Status DurationHistory::LoadJson(const Json& json) {
  if (!json.is_object() || !json.contains("samples") || !json["samples"].is_object()) {
    return InvalidArgumentError(
        "duration history: expected {\"samples\": {...}}; delete the file to start afresh");
  }
  std::map<Key, std::deque<int64_t>> loaded;
  for (const auto& [name, values] : json["samples"].items()) {
    const size_t sep = name.find(kKeySeparator);
    if (sep == std::string::npos) {
      return InvalidArgumentError("duration history: samples." + name +
                                  ": key must be \"tool|query_type\"");
    }
    if (!values.is_array()) {
      return InvalidArgumentError("duration history: samples." + name +
                                  ": expected an array of milliseconds");
    }
    auto& q = loaded[Key(name.substr(0, sep), name.substr(sep + 1))];
    for (size_t i = 0; i < values.size(); ++i) {
      if (!values[i].is_number_integer() || values[i].get<int64_t>() < 0) {
        return InvalidArgumentError("duration history: samples." + name + "[" + std::to_string(i) +
                                    "]: expected a non-negative integer");
      }
      q.push_back(values[i].get<int64_t>());
    }
    while (q.size() > options_.window) q.pop_front();
  }
  std::lock_guard lock(mu_);
  samples_ = std::move(loaded);
  return Status::Ok();
}

}  // namespace askdb::agent::plan
