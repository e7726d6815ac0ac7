#include "askdb/server/metrics/metrics.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace askdb::server::metrics {
namespace {

// Integers up to 2^53 are exact in a double and print without a fraction or exponent.
constexpr double kMaxExactInteger = 9007199254740992.0;
constexpr std::string_view kHistogramBucketLabel = "le";
constexpr std::string_view kReservedLabelPrefix = "__";

bool IsValidMetricName(std::string_view name) {
  if (name.empty()) return false;
  for (size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':';
    const bool digit = c >= '0' && c <= '9';
    if (!(letter || (i > 0 && digit))) return false;
  }
  return true;
}

bool IsValidLabelName(std::string_view name) {
  if (name.empty() || name.starts_with(kReservedLabelPrefix)) return false;
  for (size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    const bool digit = c >= '0' && c <= '9';
    if (!(letter || (i > 0 && digit))) return false;
  }
  return true;
}

// HELP text escaping: backslash and newline (quotes stay as they are).
std::string EscapeHelp(std::string_view help) {
  std::string out;
  out.reserve(help.size());
  for (char c : help) {
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '\n') {
      out += "\\n";
    } else {
      out += c;
    }
  }
  return out;
}

std::string_view TypeName(MetricType type) {
  switch (type) {
    case MetricType::kCounter:
      return "counter";
    case MetricType::kGauge:
      return "gauge";
    case MetricType::kHistogram:
      return "histogram";
  }
  return "untyped";
}

// Appends `{a="x",b="y"}` (with `extra` as a last label when given); nothing when there
// are no labels at all.
void AppendLabels(std::string& out, const std::vector<std::string>& names,
                  const std::vector<std::string>& values, std::string_view extra_name = {},
                  std::string_view extra_value = {}) {
  if (names.empty() && extra_name.empty()) return;
  out += '{';
  bool first = true;
  for (size_t i = 0; i < names.size(); ++i) {
    if (!first) out += ',';
    first = false;
    out += names[i];
    out += "=\"";
    out += EscapeLabelValue(values[i]);
    out += '"';
  }
  if (!extra_name.empty()) {
    if (!first) out += ',';
    out += extra_name;
    out += "=\"";
    out += EscapeLabelValue(extra_value);
    out += '"';
  }
  out += '}';
}

void AppendSample(std::string& out, std::string_view name, std::string_view suffix,
                  const std::vector<std::string>& label_names,
                  const std::vector<std::string>& values, double value,
                  std::string_view extra_name = {}, std::string_view extra_value = {}) {
  out += name;
  out += suffix;
  AppendLabels(out, label_names, values, extra_name, extra_value);
  out += ' ';
  out += FormatSampleValue(value);
  out += '\n';
}

std::string ChildKey(const std::vector<std::string>& values) {
  std::string key;
  for (const std::string& value : values) {
    key += std::to_string(value.size());
    key += ':';
    key += value;
  }
  return key;
}

template <typename T>
struct TypeOf;
template <>
struct TypeOf<Counter> {
  static constexpr MetricType kType = MetricType::kCounter;
};
template <>
struct TypeOf<Gauge> {
  static constexpr MetricType kType = MetricType::kGauge;
};
template <>
struct TypeOf<Histogram> {
  static constexpr MetricType kType = MetricType::kHistogram;
};

}  // namespace

std::string EscapeLabelValue(std::string_view value) {
  std::string out;
  out.reserve(value.size());
  for (char c : value) {
    switch (c) {
      case '\\':
        out += "\\\\";
        break;
      case '"':
        out += "\\\"";
        break;
      case '\n':
        out += "\\n";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string FormatSampleValue(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "+Inf" : "-Inf";
  char buf[64];
  std::to_chars_result result{};
  if (value == std::trunc(value) && std::fabs(value) <= kMaxExactInteger) {
    result = std::to_chars(buf, buf + sizeof(buf), static_cast<int64_t>(value));
  } else {
    result = std::to_chars(buf, buf + sizeof(buf), value);  // shortest round-trip form
  }
  return std::string(buf, result.ptr);
}

// ---------------------------------------------------------------------------------------
// Metrics.

void Counter::Increment(double amount) {
  if (!(amount > 0.0)) return;  // also rejects NaN
  value_.fetch_add(amount, std::memory_order_relaxed);
}

Histogram::Histogram(std::vector<double> bounds)
    : bounds_(std::move(bounds)),
      counts_(std::make_unique<std::atomic<uint64_t>[]>(bounds_.size() + 1)) {}

void Histogram::Observe(double value) {
  if (std::isnan(value)) return;
  const size_t index = std::lower_bound(bounds_.begin(), bounds_.end(), value) - bounds_.begin();
  counts_[index].fetch_add(1, std::memory_order_relaxed);
  sum_.fetch_add(value, std::memory_order_relaxed);
}

Histogram::Snapshot Histogram::Collect() const {
  Snapshot snapshot;
  snapshot.bounds = bounds_;
  snapshot.cumulative_counts.reserve(bounds_.size() + 1);
  uint64_t running = 0;
  for (size_t i = 0; i <= bounds_.size(); ++i) {
    running += counts_[i].load(std::memory_order_relaxed);
    snapshot.cumulative_counts.push_back(running);
  }
  // The count is the +Inf bucket, so the two always agree in the output.
  snapshot.count = running;
  snapshot.sum = sum_.load(std::memory_order_relaxed);
  return snapshot;
}

// ---------------------------------------------------------------------------------------
// Families.

template <typename T>
Family<T>::Family(std::string name, std::string help, std::vector<std::string> label_names,
                  std::function<std::unique_ptr<T>()> make)
    : FamilyBase(std::move(name), std::move(help), std::move(label_names)),
      make_(std::move(make)) {}

template <typename T>
MetricType Family<T>::type() const {
  return TypeOf<T>::kType;
}

template <typename T>
T& Family<T>::WithLabels(std::initializer_list<LabelView> labels) {
  std::vector<std::string> values(label_names().size());
  for (size_t i = 0; i < values.size(); ++i) {
    for (const LabelView& label : labels) {
      if (label.first == label_names()[i]) {
        values[i] = std::string(label.second);
        break;
      }
    }
  }
  return FindOrCreate(std::move(values));
}

template <typename T>
T& Family<T>::WithLabels(const std::vector<std::pair<std::string, std::string>>& labels) {
  std::vector<std::string> values(label_names().size());
  for (size_t i = 0; i < values.size(); ++i) {
    for (const auto& label : labels) {
      if (label.first == label_names()[i]) {
        values[i] = label.second;
        break;
      }
    }
  }
  return FindOrCreate(std::move(values));
}

template <typename T>
T& Family<T>::WithLabelValues(std::initializer_list<std::string_view> values) {
  std::vector<std::string> ordered(label_names().size());
  size_t i = 0;
  for (std::string_view value : values) {
    if (i == ordered.size()) break;
    ordered[i++] = std::string(value);
  }
  return FindOrCreate(std::move(ordered));
}

template <typename T>
T& Family<T>::FindOrCreate(std::vector<std::string> values) {
  std::string key = ChildKey(values);
  {
    std::shared_lock lock(mu_);
    const auto it = children_.find(key);
    if (it != children_.end()) return *it->second.metric;
  }
  std::unique_lock lock(mu_);
  auto [it, inserted] = children_.try_emplace(std::move(key));
  if (inserted) {
    it->second.values = std::move(values);
    it->second.metric = make_();
  }
  return *it->second.metric;
}

template <typename T>
std::vector<std::pair<std::vector<std::string>, const T*>> Family<T>::Children() const {
  std::vector<std::pair<std::vector<std::string>, const T*>> out;
  {
    std::shared_lock lock(mu_);
    out.reserve(children_.size());
    for (const auto& [key, child] : children_) out.emplace_back(child.values, child.metric.get());
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  return out;
}

template <typename T>
void Family<T>::RenderText(std::string& out) const {
  out += "# HELP ";
  out += name();
  out += ' ';
  out += EscapeHelp(help());
  out += "\n# TYPE ";
  out += name();
  out += ' ';
  out += TypeName(type());
  out += '\n';
  for (const auto& [values, metric] : Children()) {
    if constexpr (std::is_same_v<T, Histogram>) {
      const Histogram::Snapshot snapshot = metric->Collect();
      for (size_t i = 0; i < snapshot.cumulative_counts.size(); ++i) {
        const std::string le = i < snapshot.bounds.size()
                                   ? FormatSampleValue(snapshot.bounds[i])
                                   : FormatSampleValue(std::numeric_limits<double>::infinity());
        AppendSample(out, name(), "_bucket", label_names(), values,
                     static_cast<double>(snapshot.cumulative_counts[i]), kHistogramBucketLabel, le);
      }
      AppendSample(out, name(), "_sum", label_names(), values, snapshot.sum);
      AppendSample(out, name(), "_count", label_names(), values,
                   static_cast<double>(snapshot.count));
    } else {
      AppendSample(out, name(), "", label_names(), values, metric->Value());
    }
  }
}

template class Family<Counter>;
template class Family<Gauge>;
template class Family<Histogram>;

// ---------------------------------------------------------------------------------------
// Registry.

Status Registry::CheckNew(const std::string& name, const std::vector<std::string>& label_names,
                          MetricType type) const {
  if (!IsValidMetricName(name)) {
    return InvalidArgumentError("metric name '" + name +
                                "' is not valid: use letters, digits, '_' and ':', not "
                                "starting with a digit");
  }
  for (size_t i = 0; i < label_names.size(); ++i) {
    const std::string& label = label_names[i];
    if (!IsValidLabelName(label)) {
      return InvalidArgumentError("label name '" + label + "' of metric " + name +
                                  " is not valid: use letters, digits and '_', not starting "
                                  "with a digit or '__'");
    }
    if (type == MetricType::kHistogram && label == kHistogramBucketLabel) {
      return InvalidArgumentError("histogram " + name +
                                  " cannot have a label named 'le': Prometheus uses it for "
                                  "bucket bounds; rename the label");
    }
    if (std::find(label_names.begin(), label_names.begin() + i, label) != label_names.begin() + i) {
      return InvalidArgumentError("metric " + name + " declares label '" + label + "' twice");
    }
  }
  for (const auto& family : families_) {
    if (family->name() == name) {
      return AlreadyExistsError("metric " + name +
                                " is already registered: register each metric once and share "
                                "the family");
    }
  }
  return Status::Ok();
}

namespace {

template <typename T>
StatusOr<Family<T>*> AddFamily(std::vector<std::unique_ptr<FamilyBase>>& families, std::string name,
                               std::string help, std::vector<std::string> label_names,
                               std::function<std::unique_ptr<T>()> make) {
  auto family = std::make_unique<Family<T>>(std::move(name), std::move(help),
                                            std::move(label_names), std::move(make));
  Family<T>* raw = family.get();
  // A family without labels has exactly one metric; create it so it renders from the start.
  if (raw->label_names().empty()) raw->Get();
  families.push_back(std::move(family));
  return raw;
}

}  // namespace

StatusOr<Family<Counter>*> Registry::AddCounter(std::string name, std::string help,
                                                std::vector<std::string> label_names) {
  std::lock_guard lock(mu_);
  ASKDB_RETURN_IF_ERROR(CheckNew(name, label_names, MetricType::kCounter));
  return AddFamily<Counter>(families_, std::move(name), std::move(help), std::move(label_names),
                            [] { return std::make_unique<Counter>(); });
}

StatusOr<Family<Gauge>*> Registry::AddGauge(std::string name, std::string help,
                                            std::vector<std::string> label_names) {
  std::lock_guard lock(mu_);
  ASKDB_RETURN_IF_ERROR(CheckNew(name, label_names, MetricType::kGauge));
  return AddFamily<Gauge>(families_, std::move(name), std::move(help), std::move(label_names),
                          [] { return std::make_unique<Gauge>(); });
}

StatusOr<Family<Histogram>*> Registry::AddHistogram(std::string name, std::string help,
                                                    std::vector<std::string> label_names,
                                                    HistogramOptions options) {
  std::vector<double>& bounds = options.buckets;
  if (!bounds.empty() && std::isinf(bounds.back()) && bounds.back() > 0) bounds.pop_back();
  for (size_t i = 0; i < bounds.size(); ++i) {
    if (!std::isfinite(bounds[i]) || (i > 0 && !(bounds[i - 1] < bounds[i]))) {
      return InvalidArgumentError("histogram " + name +
                                  " buckets must be finite and strictly increasing; fix the "
                                  "bucket list");
    }
  }
  std::lock_guard lock(mu_);
  ASKDB_RETURN_IF_ERROR(CheckNew(name, label_names, MetricType::kHistogram));
  return AddFamily<Histogram>(families_, std::move(name), std::move(help), std::move(label_names),
                              [bounds] { return std::make_unique<Histogram>(bounds); });
}

std::string Registry::RenderText() const {
  std::string out;
  std::lock_guard lock(mu_);
  for (const auto& family : families_) family->RenderText(out);
  return out;
}

}  // namespace askdb::server::metrics
