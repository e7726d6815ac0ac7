#include "askdb/agent/ask/answer_view.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <string_view>

#include "askdb/agent/ask/chart_words.h"
#include "askdb/analysis/measure_additivity.h"
#include "askdb/catalog/semantic_model.h"
#include "askdb/common/text.h"

namespace askdb::agent {
namespace {

// What the model says of one source column, as far as showing its values goes.
struct ColumnWords {
  std::string unit;
  std::map<std::string, std::string> labels;  // stored value → its Chinese label
};

// The first label with Chinese in it: 'Rock' → 摇滚 (its labels also hold "rock music"). A
// value stored in Chinese already reads as stored: the reason 尺码不合适, asked for in those
// words, is not renamed to its synonym 尺码不对.
std::string ChineseLabel(const catalog::ValueLabel& v) {
  const auto cjk = [](std::string_view s) {
    return std::any_of(s.begin(), s.end(),
                       [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
  };
  if (cjk(v.value)) return "";
  for (const std::string& label : v.labels) {
    if (cjk(label) && label != v.value) return label;
  }
  return "";
}

ColumnWords WordsOf(const catalog::ColumnSemantics& c) {
  ColumnWords w;
  // A time or key column is read as a date or an id, not an amount in a unit.
  if (c.role != catalog::ColumnRole::kTime && c.role != catalog::ColumnRole::kIdentifier) {
    w.unit = c.unit;
  }
  for (const catalog::ValueLabel& v : c.values) {
    if (std::string label = ChineseLabel(v); !label.empty()) w.labels[v.value] = label;
  }
  return w;
}

// The words for a result column's source ("genre.name", or a bare "name" / "t.name" whose
// qualifier is an alias): the table's column when the qualifier names a described table, else
// every described column of that name, when they agree (one unit; no value labelled two ways).
std::optional<ColumnWords> SourceWords(const catalog::SemanticModel& model,
                                       std::string_view source) {
  if (source.empty()) return std::nullopt;
  const size_t dot = source.rfind('.');
  const std::string_view column = dot == std::string_view::npos ? source : source.substr(dot + 1);
  if (dot != std::string_view::npos) {
    std::string_view table = source.substr(0, dot);
    if (const size_t schema_dot = table.rfind('.'); schema_dot != std::string_view::npos) {
      table = table.substr(schema_dot + 1);
    }
    if (const catalog::ColumnSemantics* c = model.FindColumn(table, column)) return WordsOf(*c);
    if (model.FindTable(table) != nullptr) return std::nullopt;
  }
  std::optional<ColumnWords> merged;
  for (const catalog::TableSemantics& t : model.tables) {
    const catalog::ColumnSemantics* c = t.FindColumn(column);
    if (c == nullptr) continue;
    ColumnWords w = WordsOf(*c);
    if (!merged) {
      merged = std::move(w);
      continue;
    }
    if (merged->unit != w.unit) merged->unit.clear();
    for (auto& [value, label] : w.labels) {
      auto [it, added] = merged->labels.emplace(value, label);
      if (!added && it->second != label) it->second.clear();  // labelled two ways: neither
    }
  }
  return merged;
}

bool IsMilliseconds(std::string_view unit) {
  const std::string u = text::AsciiLower(unit);
  return u == "ms" || u == "millisecond" || u == "milliseconds" || unit == "毫秒";
}

}  // namespace

std::string PeriodWords(std::string_view target, bool chinese) {
  const size_t sep = target.find(" .. ");
  if (sep == std::string_view::npos) return std::string(target);
  const std::string from(target.substr(0, sep));
  std::string to(target.substr(sep + 4));
  if (const size_t space = to.find(' '); space != std::string::npos) to.resize(space);
  int y1 = 0, m1 = 0, d1 = 0, y2 = 0, m2 = 0, d2 = 0;
  if (from.size() != 10 || to.size() != 10 ||
      std::sscanf(from.c_str(), "%d-%d-%d", &y1, &m1, &d1) != 3 ||
      std::sscanf(to.c_str(), "%d-%d-%d", &y2, &m2, &d2) != 3) {
    return std::string(target);
  }
  if (m1 == 1 && d1 == 1 && m2 == 1 && d2 == 1 && y2 == y1 + 1) {
    return std::to_string(y1) + (chinese ? "年" : "");
  }
  const bool next_month = (m2 == m1 + 1 && y2 == y1) || (m1 == 12 && m2 == 1 && y2 == y1 + 1);
  if (d1 == 1 && d2 == 1 && next_month) {
    char buf[32];
    std::snprintf(buf, sizeof buf, chinese ? "%d年%d月" : "%d-%02d", y1, m1);
    return buf;
  }
  return from + (chinese ? " 至 " : " to ") + to + (chinese ? "（不含）" : " (exclusive)");
}

namespace {

// A short stored code ("F", "M", "Y", "01"): at most two characters, letters or digits.
bool IsCode(std::string_view value) {
  constexpr size_t kMaxCode = 2;
  return !value.empty() && value.size() <= kMaxCode &&
         std::all_of(value.begin(), value.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; });
}

// The filters of the engine's reading as a person says them: the periods ("2023年") apart
// from the values ("美国", "非巴西"), since a sentence places them differently.
struct FilterPhrases {
  std::vector<std::string> periods;
  std::vector<std::string> values;
};

// A business term's filter ("数字渠道 = orders.channel IN (...)"), said in the person's words.
bool IsTermFilter(const Json& m, const std::string& target) {
  return m.value("kind", "") == "filter" && !m.value("phrase", "").empty() &&
         target.find(" = ") != std::string::npos &&
         static_cast<unsigned char>(target.front()) >= 0x80;
}

// A value filter of the reading: "Invoice.BillingCountry = USA", "Invoice.BillingCountry <> USA".
struct ValueFilter {
  std::string column, value;
  bool negated = false;
};

std::optional<ValueFilter> ReadValueFilter(const std::string& target) {
  const bool negated = target.find(" <> ") != std::string::npos;
  const size_t op = target.find(negated ? " <> " : " = ");
  if (op == std::string::npos || target.find(" (") != std::string::npos) return std::nullopt;
  return ValueFilter{.column = target.substr(0, op),
                     .value = target.substr(op + (negated ? 4 : 3)),
                     .negated = negated};
}

// The words for a value: the semantic model's label in a Chinese run; a stored code the person
// named in words ("female" for F): their words, not the code ("number of customers for F" says
// nothing to them). In Chinese, the words the person used for the value when they are Chinese
// (女性的客户数, not the label's 女的客户数).
std::string ValueWords(const Json& m, const ValueFilter& f, const catalog::SemanticModel* model,
                       bool chinese) {
  std::string words = f.value;
  if (chinese && model != nullptr) {
    if (std::optional<ColumnWords> w = SourceWords(*model, text::AsciiLower(f.column))) {
      auto it = w->labels.find(f.value);
      if (it != w->labels.end() && !it->second.empty()) words = it->second;
    }
  }
  if (const std::string phrase = m.value("phrase", ""); !phrase.empty()) {
    if (!chinese && IsCode(f.value) && text::AsciiLower(phrase) != text::AsciiLower(f.value)) {
      words = phrase;
    }
    if (chinese && text::ContainsCjk(phrase)) words = phrase;
  }
  return words;
}

// Adds a value's words; one person's first and last name read as one name ("Helena Holý", not
// "Helena、Holý"). `first_name_of` is "customer." when the last words were a first name's.
void AddValueWords(const ValueFilter& f, const std::string& words, bool chinese,
                   std::string& first_name_of, FilterPhrases& out) {
  const std::string lower = text::AsciiLower(f.column);
  const size_t dot = lower.rfind('.');
  const std::string table = dot == std::string::npos ? "" : lower.substr(0, dot + 1);
  const std::string bare = lower.substr(table.size());
  if (!f.negated && !first_name_of.empty() && first_name_of == table &&
      (bare == "lastname" || bare == "last_name" || bare == "surname")) {
    out.values.back() += " " + words;
    first_name_of.clear();
    return;
  }
  first_name_of = !f.negated && (bare == "firstname" || bare == "first_name") ? table : "";
  out.values.push_back(f.negated ? (chinese ? "非" : "not ") + words : words);
}

FilterPhrases FilterWords(const Json& reading, const catalog::SemanticModel* model, bool chinese) {
  FilterPhrases out;
  if (!reading.is_object()) return out;
  std::string first_name_of;
  const Json mappings = reading.value("mappings", Json::array());
  for (const Json& m : mappings) {
    if (!m.is_object()) continue;
    const std::string kind = m.value("kind", "");
    const std::string target = m.value("target", "");
    if (kind == "time") {
      out.periods.push_back(PeriodWords(target, chinese));
    } else if (IsTermFilter(m, target)) {
      out.values.push_back(m.value("phrase", ""));
    } else if (kind == "value") {
      if (std::optional<ValueFilter> f = ReadValueFilter(target)) {
        AddValueWords(*f, ValueWords(m, *f, model, chinese), chinese, first_name_of, out);
      }
    }
  }
  return out;
}

std::string Join(const std::vector<std::string>& parts, std::string_view sep) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? std::string(sep) : "") + parts[i];
  return out;
}

// A NULL among words (a mostly empty Company column) reads as an empty cell in the run's
// language, in the table, the chart's labels and the prose ("Norway (—)", not "Norway
// (NULL)"). Numbers keep their NULL: the chart leaves it out, the table prints it blank.
void BlankNullWords(db::ResultSet& result, bool chinese) {
  for (size_t c = 0; c < result.columns.size(); ++c) {
    bool words = false, numbers = false;
    for (const std::vector<db::Value>& row : result.rows) {
      if (c >= row.size() || row[c].is_null()) continue;
      (row[c].kind() == db::Value::Kind::kText ? words : numbers) = true;
    }
    if (!words || numbers) continue;
    for (std::vector<db::Value>& row : result.rows) {
      if (c < row.size() && row[c].is_null()) row[c] = db::Value::Text(EmptyCellText(chinese));
    }
  }
}

// `label` holds `word` as a whole word, whatever the case: 高价值客户 in 高价值客户数, gold in
// "number of gold members" — not the code F inside "of".
bool NamesWord(std::string_view label, std::string_view word) {
  if (word.empty()) return false;
  const std::string l = text::AsciiLower(label), w = text::AsciiLower(word);
  const auto latin = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
  for (size_t at = l.find(w); at != std::string::npos; at = l.find(w, at + 1)) {
    const bool open = at == 0 || !latin(l[at - 1]) || !latin(w.front());
    const size_t end = at + w.size();
    const bool close = end == l.size() || !latin(l[end]) || !latin(w.back());
    if (open && close) return true;
  }
  return false;
}

// The chart is titled by what the rows are, not how to draw them: "各大区的订单金额", not
// "各大区的订单金额，用柱状图展示" (the question still tells the kind asked).
analysis::ChartRequest ChartRequestFor(const AnswerViewInput& input) {
  analysis::ChartRequest request;
  request.question = input.question;
  if (ChartWordsTaken taken = TakeChartWords(input.question); taken.found) {
    request.title = std::move(taken.question);
  }
  request.sql = input.sql;
  request.money_columns = input.money_columns;
  return request;
}

// A one-number label with its filters, as a sentence says them: the period first in Chinese
// and joined to the values ("2024年上海的销售额", not "2024年、上海的销售额"); in English the
// values, then the period ("sales for Shanghai in 2024", "... from 2024-01-01 to ...").
std::string LabelWithFilters(const std::string& label, const FilterPhrases& filters, bool chinese) {
  if (filters.periods.empty() && filters.values.empty()) return label;
  const std::string period = Join(filters.periods, chinese ? "、" : " and ");
  if (chinese) return period + Join(filters.values, "、") + "的" + label;
  std::string out = label;
  if (!filters.values.empty()) out += " for " + Join(filters.values, ", ");
  if (!period.empty())
    out += (period.find(" to ") != std::string::npos ? " from " : " in ") + period;
  return out;
}

}  // namespace

std::string EmptyCellText(bool chinese) { return chinese ? "(空)" : "—"; }

std::string MinutesSeconds(double milliseconds) {
  const long long total = std::llround(std::fabs(milliseconds) / 1000.0);
  const long long h = total / 3600, m = total / 60 % 60, s = total % 60;
  char buf[64];
  if (h > 0) {
    std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", h, m, s);
  } else {
    std::snprintf(buf, sizeof buf, "%lld:%02lld", m, s);
  }
  return (milliseconds < 0 && total > 0 ? "-" : "") + std::string(buf);
}

AnswerView MakeAnswerView(const db::ResultSet& result, const AnswerViewInput& input) {
  AnswerView view{result, {}};
  std::vector<std::string> units(result.columns.size());
  if (input.model != nullptr) {
    const analysis::ResultFacts facts =
        analysis::DescribeResult(result, input.sql, input.money_columns);
    for (size_t c = 0; c < result.columns.size() && c < facts.sources.size(); ++c) {
      std::optional<ColumnWords> words = SourceWords(*input.model, facts.sources[c]);
      if (!words) continue;
      db::ResultColumn& column = view.result.columns[c];
      units[c] = words->unit;
      if (!words->unit.empty() && column.name.find(words->unit) == std::string::npos) {
        column.name += " (" + words->unit + ")";
      }
      if (!input.chinese || words->labels.empty()) continue;
      for (std::vector<db::Value>& row : view.result.rows) {
        if (c >= row.size() || row[c].is_null()) continue;
        const std::string stored = row[c].ToDisplayString();
        auto it = words->labels.find(stored);
        if (it == words->labels.end() || it->second.empty()) continue;
        row[c] = db::Value::Text(it->second + " (" + stored + ")");
      }
    }
  }
  BlankNullWords(view.result, input.chinese);
  view.chart = analysis::RecommendChart(view.result, ChartRequestFor(input));
  if (view.chart.kind != analysis::ChartKind::kKpi) return view;
  // One number: what it was filtered by, and a duration as people read one.
  FilterPhrases filters = FilterWords(input.reading, input.model, input.chinese);
  // A filter the label already names ("高价值客户数" under the term 高价值客户) is said once:
  // "高价值客户的高价值客户数" doubles it.
  auto named = [&](const std::string& f) { return NamesWord(view.chart.kpi_label, f); };
  std::erase_if(filters.periods, named);
  std::erase_if(filters.values, named);
  view.chart.kpi_label = LabelWithFilters(view.chart.kpi_label, filters, input.chinese);
  if (!units.empty() && IsMilliseconds(units[0]) && !view.result.rows.empty() &&
      !view.result.rows[0].empty()) {
    if (std::optional<double> ms = view.result.rows[0][0].AsNumber(); ms && std::isfinite(*ms)) {
      view.chart.kpi_formatted +=
          input.chinese ? "（" + MinutesSeconds(*ms) + "）" : " (" + MinutesSeconds(*ms) + ")";
    }
  }
  return view;
}

}  // namespace askdb::agent
