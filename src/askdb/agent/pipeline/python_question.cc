#include "askdb/agent/pipeline/python_question.h"

#include <spdlog/spdlog.h>

#include <map>
#include <vector>

#include "askdb/common/embedded.h"
#include "askdb/common/json.h"
#include "askdb/nlq/engine.h"
#include "askdb/nlq/schema_index.h"
#include "askdb/nlq/tokenizer.h"

ASKDB_DECLARE_EMBEDDED(python_questions);

namespace askdb::agent::pipeline {
namespace {

using Keys = std::vector<std::string>;  // a phrase as its units' keys

struct Kind {
  std::string template_name;
  std::string shape;  // "time", "item", "pair"
  std::vector<Keys> cues;
};

struct Tables {
  std::vector<Kind> kinds;
  std::map<std::string, std::vector<std::string>> data_questions;  // "time_zh" → forms
  std::vector<Keys> count_after, count_before;
};

Keys UnitKeys(std::string_view phrase) {
  Keys out;
  for (const nlq::Unit& u : nlq::TokenizeUnits(phrase)) out.push_back(u.key);
  return out;
}

std::vector<Keys> KeyList(const Json& list) {
  std::vector<Keys> out;
  for (const Json& p : list) {
    Keys k = UnitKeys(p.get<std::string>());
    if (!k.empty()) out.push_back(std::move(k));
  }
  return out;
}

// The built-in file is part of the binary: a mistake in it is a build defect, logged once
// and leaving the detector empty rather than stopping every question.
Tables Load() {
  Tables t;
  try {
    const Json file = Json::parse(ASKDB_EMBEDDED(python_questions));
    for (const Json& k : file.at("kinds")) {
      t.kinds.push_back(Kind{k.at("template").get<std::string>(), k.at("shape").get<std::string>(),
                             KeyList(k.at("cues"))});
    }
    for (const auto& [name, forms] : file.at("data_questions").items()) {
      t.data_questions[name] = forms.get<std::vector<std::string>>();
    }
    t.count_after = KeyList(file.at("count_words").at("after"));
    t.count_before = KeyList(file.at("count_words").at("before"));
  } catch (const std::exception& e) {
    spdlog::error("data/python/questions.json is not usable ({}); no Python questions", e.what());
    t = Tables{};
  }
  return t;
}

const Tables& Data() {
  static const Tables tables = Load();
  return tables;
}

// Whether `seq` occurs in `units` at `at`.
bool MatchesAt(const std::vector<nlq::Unit>& units, size_t at, const Keys& seq) {
  if (at + seq.size() > units.size()) return false;
  for (size_t k = 0; k < seq.size(); ++k) {
    if (units[at + k].key != seq[k]) return false;
  }
  return true;
}

// The length of the first of `list` that occurs at `at` (0: none).
size_t MatchAny(const std::vector<nlq::Unit>& units, size_t at, const std::vector<Keys>& list) {
  for (const Keys& seq : list) {
    if (MatchesAt(units, at, seq)) return seq.size();
  }
  return 0;
}

// The question's cue: the first kind (in the file's order) one of whose cues occurs, and
// which units are cue words of any kind (not looked up in the schema). A cue that is itself
// a schema word ("预测值" column) is not a cue.
const Kind* FindCue(const std::vector<nlq::Unit>& units, const nlq::SchemaIndex* index,
                    std::vector<bool>& is_cue) {
  is_cue.assign(units.size(), false);
  const Kind* found = nullptr;
  for (const Kind& kind : Data().kinds) {
    for (const Keys& cue : kind.cues) {
      for (size_t at = 0; at + cue.size() <= units.size(); ++at) {
        if (!MatchesAt(units, at, cue)) continue;
        if (index != nullptr &&
            index->FindTerms(nlq::JoinUnitKeys(units, at, at + cue.size())) != nullptr) {
          continue;
        }
        for (size_t k = at; k < at + cue.size(); ++k) is_cue[k] = true;
        if (found == nullptr) found = &kind;
      }
    }
  }
  return found;
}

struct Grounded {
  std::string phrase;
  std::string key;  // what it refers to, for telling two mentions apart
};

// A count's words the engine reads as COUNT beside another measure too ("订单数量",
// "number of orders"); "" when the measure is not a count or the table has no display name.
std::string CountWords(const nlq::SchemaIndex& index, const std::string& key, bool chinese) {
  if (!key.starts_with("count:")) return "";
  const nlq::IndexedTable& t = index.tables()[std::stoi(key.substr(6))];
  const std::string& name = chinese ? t.display_zh : t.display_en;
  if (name.empty()) return "";
  return chinese ? name + "数量" : "number of " + name;
}

struct Grounding {
  std::vector<Grounded> measures, entities;
  bool filter_value = false;  // a stored value: a filter the data question would drop
  bool number = false;        // a number: a period or threshold it would drop
};

void AddOnce(std::vector<Grounded>& list, Grounded g) {
  for (const Grounded& have : list) {
    if (have.key == g.key) return;
  }
  list.push_back(std::move(g));
}

// What the terms of one span name besides a measure: a table, a dimension column, a stored
// value (-1 / false when none).
struct SpanNames {
  int table = -1;
  int dimension = -1;
  bool value = false;
};

// The measures, entities and filters the question's non-cue words name on the schema,
// longest match first: one pass over the units, each span read by the step for what it names.
class Grounder {
 public:
  Grounder(std::string_view q, const std::vector<nlq::Unit>& units, const std::vector<bool>& is_cue,
           const nlq::SchemaIndex& index, bool chinese)
      : q_(q), units_(units), is_cue_(is_cue), index_(index), chinese_(chinese) {}

  Grounding Run() {
    for (size_t at = 0; at < units_.size();) {
      if (is_cue_[at] || units_[at].kind == nlq::UnitKind::kPunct) {
        ++at;
        continue;
      }
      if (units_[at].kind == nlq::UnitKind::kNumber) g_.number = true;
      const std::vector<int>* terms = nullptr;
      const size_t end = SpanAt(at, terms);
      if (terms == nullptr) {
        ++at;
        continue;
      }
      if (std::string key = MeasureKey(*terms); !key.empty()) {
        AddOnce(g_.measures, {Text(at, end), std::move(key)});
        at = end;
        continue;
      }
      at = ReadNonMeasure(at, end, NamesOf(*terms));
    }
    return std::move(g_);
  }

 private:
  std::string Text(size_t from, size_t to) const {
    return std::string(q_.substr(units_[from].begin, units_[to - 1].end - units_[from].begin));
  }

  // The longest span at `at` that names something, not crossing a cue: its end, and its terms
  // in `terms` (nullptr and `at` when none).
  size_t SpanAt(size_t at, const std::vector<int>*& terms) const {
    terms = nullptr;
    const size_t longest = std::min(index_.max_term_units(), units_.size() - at);
    for (size_t len = longest; len >= 1; --len) {
      bool crosses_cue = false;
      for (size_t k = at; k < at + len; ++k) crosses_cue = crosses_cue || is_cue_[k];
      if (crosses_cue) continue;
      if ((terms = index_.FindTerms(nlq::JoinUnitKeys(units_, at, at + len))) != nullptr) {
        return at + len;
      }
    }
    return at;
  }

  // The measure a span's terms name ("" when none), as its key; `table` gets its table.
  std::string MeasureKey(const std::vector<int>& terms, int* table = nullptr) const {
    for (int id : terms) {
      const nlq::Term& t = index_.terms()[id];
      if (t.kind == nlq::TermKind::kColumn) {
        const nlq::IndexedColumn& c = index_.columns()[t.column];
        if (table != nullptr) *table = c.table;
        if (c.role == nlq::ColumnRole::kMeasure) return "column:" + std::to_string(t.column);
        // A word for a table's key ("订单数" → orders.order_id) counts its rows.
        if (c.role == nlq::ColumnRole::kIdentifier && c.primary_key && t.source == "synonym") {
          return "count:" + std::to_string(c.table);
        }
      }
      if (t.kind == nlq::TermKind::kBusiness && t.business >= 0 &&
          index_.business_terms()[t.business].def.meaning == nlq::BusinessMeaning::kMeasure) {
        if (table != nullptr) *table = index_.business_terms()[t.business].table;
        return "business:" + std::to_string(t.business);
      }
    }
    return "";
  }

  SpanNames NamesOf(const std::vector<int>& terms) const {
    SpanNames names;
    for (int id : terms) {
      const nlq::Term& t = index_.terms()[id];
      if (t.kind == nlq::TermKind::kTable && names.table < 0) names.table = t.table;
      if (t.kind == nlq::TermKind::kColumn && names.dimension < 0 &&
          index_.columns()[t.column].role == nlq::ColumnRole::kDimension) {
        names.dimension = t.column;
      }
      names.value = names.value || t.kind == nlq::TermKind::kValue;
    }
    return names;
  }

  // A span [at, end) that names no measure: a table (a count of its rows, the table of the
  // measure that follows, or an entity), a dimension (an entity) or a stored value (a filter).
  // Returns where the pass goes on.
  size_t ReadNonMeasure(size_t at, size_t end, const SpanNames& names) {
    if (names.table >= 0) return ReadTable(at, end, names.table);
    if (names.dimension >= 0) {
      AddOnce(g_.entities, {Text(at, end), "column:" + std::to_string(names.dimension)});
    } else if (names.value) {
      g_.filter_value = true;
    }
    return end;
  }

  size_t ReadTable(size_t at, size_t end, int table) {
    if (const size_t count_end = ReadRowCount(at, end, table); count_end > 0) return count_end;
    // "订单金额", "invoice total": the table qualifies the measure that follows.
    if (end < units_.size()) {
      const std::vector<int>* next = nullptr;
      const size_t next_end = SpanAt(end, next);
      int measure_table = -1;
      if (next != nullptr) {
        if (std::string key = MeasureKey(*next, &measure_table);
            !key.empty() && measure_table == table) {
          AddOnce(g_.measures, {Text(at, next_end), std::move(key)});
          return next_end;
        }
      }
    }
    if (index_.LabelColumn(table, chinese_) >= 0) {
      AddOnce(g_.entities, {Text(at, end), "table:" + std::to_string(table)});
    }
    return end;
  }

  // "订单数", "order count", "number of orders": a count of the table's rows. Returns the end
  // of the words read, 0 when no count word stands beside the table word.
  size_t ReadRowCount(size_t at, size_t end, int table) {
    const Tables& data = Data();
    const size_t after = end < units_.size() ? MatchAny(units_, end, data.count_after) : 0;
    size_t before = 0;
    for (const Keys& seq : data.count_before) {
      if (before == 0 && at >= seq.size() && MatchesAt(units_, at - seq.size(), seq)) {
        before = seq.size();
      }
    }
    if (after == 0 && before == 0) return 0;
    AddOnce(g_.measures, {Text(at - before, end + after), "count:" + std::to_string(table)});
    return end + after;
  }

  std::string_view q_;
  const std::vector<nlq::Unit>& units_;
  const std::vector<bool>& is_cue_;
  const nlq::SchemaIndex& index_;
  bool chinese_;
  Grounding g_;
};

std::string Fill(std::string text, std::string_view key, const std::string& value) {
  const std::string marker = "{" + std::string(key) + "}";
  for (size_t at = text.find(marker); at != std::string::npos; at = text.find(marker)) {
    text.replace(at, marker.size(), value);
  }
  return text;
}

// Whether the engine's translation has the template's input shape. An aggregate is a
// function (SUM of a money column) or a business measure, which is one already (Northwind's
// inferred revenue = SUM(UnitPrice * Quantity * (1 - Discount)): "forecast revenue" was
// left unanswered while "revenue per month" was answered).
bool HasShape(const nlq::Translation& t, bool per_month, size_t measures) {
  if (!t.answered) return false;
  size_t functions = 0;
  bool by_month = false, by_item = false;
  for (const nlq::Mapping& m : t.explanation) {
    if (m.kind == "function" || m.kind == "measure") ++functions;
    if (m.kind == "group") (m.target == "time bucket" ? by_month : by_item) = true;
    if (m.kind == "value" || m.kind == "filter" || m.kind == "time") return false;
  }
  return functions >= measures && (per_month ? by_month && !by_item : by_item && !by_month);
}

// The data question's shape for the kind's template ("pair_time", "pair_item", "time",
// "item"), when what was grounded fits it: a pair needs two measures and at most one entity;
// a per-month kind over a named entity ("各门店的销售额趋势") is one series per item, which
// the templates do not do; a per-item kind needs exactly one entity.
std::optional<std::string> ShapeFor(const Kind& kind, const Grounding& g) {
  if (kind.shape == "pair") {
    if (g.measures.size() < 2 || g.entities.size() > 1) return std::nullopt;
    return g.entities.empty() ? "pair_time" : "pair_item";
  }
  if (g.measures.size() != 1) return std::nullopt;
  if (g.entities.size() != (kind.shape == "item" ? 1u : 0u)) return std::nullopt;
  return kind.shape;
}

// Every item must fit in one result: the engine caps a list at default_list_limit rows,
// and a Pareto split or outlier check over the first 1,000 of 8,000 customers is wrong.
bool ItemsFitOneResult(const Grounding& g, const nlq::SchemaIndex& index,
                       const nlq::TranslateOptions& options) {
  for (const Grounded& e : g.entities) {
    const bool table = e.key.starts_with("table:");
    const int id = std::stoi(e.key.substr(e.key.find(':') + 1));
    const std::optional<int64_t> items =
        table ? index.tables()[id].row_count
              : std::optional<int64_t>(index.columns()[id].stats.distinct_count);
    if (!items || *items > options.default_list_limit) return false;
  }
  return true;
}

// The measures as written, then a count in the words the engine reads beside another.
std::vector<std::pair<std::string, std::string>> MeasureWordings(const PythonQuestion& out,
                                                                 const Grounding& g,
                                                                 const nlq::SchemaIndex& index,
                                                                 bool chinese) {
  std::vector<std::pair<std::string, std::string>> wordings = {{out.measure, out.measure2}};
  const std::string count1 = CountWords(index, g.measures[0].key, chinese);
  const std::string count2 =
      g.measures.size() > 1 ? CountWords(index, g.measures[1].key, chinese) : "";
  if (!count1.empty() || !count2.empty()) {
    wordings.emplace_back(count1.empty() ? out.measure : count1,
                          count2.empty() ? out.measure2 : count2);
  }
  return wordings;
}

}  // namespace

std::string PythonQuestionCue(std::string_view question) {
  const std::vector<nlq::Unit> units = nlq::TokenizeUnits(question);
  std::vector<bool> is_cue;
  const Kind* kind = FindCue(units, nullptr, is_cue);
  return kind == nullptr ? "" : kind->template_name;
}

std::optional<PythonQuestion> DetectPythonQuestion(std::string_view question, bool chinese,
                                                   const nlq::SchemaIndex& index,
                                                   const db::Dialect& dialect,
                                                   const nlq::TranslateOptions& options) {
  const std::vector<nlq::Unit> units = nlq::TokenizeUnits(question);
  std::vector<bool> is_cue;
  const Kind* kind = FindCue(units, &index, is_cue);
  if (kind == nullptr) return std::nullopt;
  const Grounding g = Grounder(question, units, is_cue, index, chinese).Run();
  const bool forecast = kind->template_name == "forecast";
  // A filter or a period the data question would drop changes the answer: not ours. A
  // forecast's numbers and periods are its horizon ("未来3个月").
  if (g.filter_value || (g.number && !forecast)) return std::nullopt;
  const std::optional<std::string> shape = ShapeFor(*kind, g);
  if (!shape || !ItemsFitOneResult(g, index, options)) return std::nullopt;
  PythonQuestion out;
  out.template_name = kind->template_name;
  out.measure = g.measures[0].phrase;
  if (kind->shape == "pair") out.measure2 = g.measures[1].phrase;
  if (!g.entities.empty()) out.entity = g.entities[0].phrase;
  const auto forms = Data().data_questions.find(*shape + (chinese ? "_zh" : "_en"));
  if (forms == Data().data_questions.end()) return std::nullopt;
  // The first wording and form the engine answers in the template's shape.
  for (const auto& [measure, measure2] : MeasureWordings(out, g, index, chinese)) {
    for (const std::string& form : forms->second) {
      const std::string q =
          Fill(Fill(Fill(form, "measure", measure), "measure2", measure2), "entity", out.entity);
      const nlq::Translation t = nlq::Engine::Translate(q, index, dialect, options);
      if (HasShape(t, shape->ends_with("time"), kind->shape == "pair" ? 2 : 1)) {
        out.data_question = q;
        return out;
      }
    }
  }
  return std::nullopt;
}

}  // namespace askdb::agent::pipeline
