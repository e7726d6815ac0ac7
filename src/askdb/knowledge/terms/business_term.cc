#include "askdb/knowledge/terms/business_term.h"

#include <map>
#include <set>

#include "askdb/common/text.h"
#include "askdb/db/schema.h"

namespace askdb::knowledge {
namespace {

StatusOr<std::string> Text(const Json& j, const char* key) {
  if (!j.contains(key) || j[key].is_null()) return std::string();
  if (!j[key].is_string()) return InvalidArgumentError(std::string(key) + ": must be a string");
  return j[key].get<std::string>();
}

std::string_view Stripped(std::string_view s) {
  const size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

nlq::BusinessTermDef DefOf(const BusinessTerm& t) {
  return {t.term,   t.synonyms, t.meaning, t.expression,
          t.filter, t.subject,  t.period,  t.period_column};
}

// A declared type that cannot hold a date ("INTEGER", "REAL", "BOOLEAN"); a TEXT column can
// (SQLite keeps dates as text), so only the engine, which sees the values, checks those.
bool NumericType(std::string_view type) {
  const std::string t = text::AsciiLower(type);
  for (std::string_view n : {"int", "real", "float", "double", "numeric", "decimal", "bool"}) {
    if (t.find(n) != std::string::npos) return true;
  }
  return false;
}

// The period's column binds, to a table the definition reads, and may hold dates.
Status ValidatePeriodColumn(const BusinessTerm& t, const db::DatabaseSchema& schema) {
  ASKDB_ASSIGN_OR_RETURN(nlq::TermExpr c, nlq::ParseTermExpression(t.period_column));
  const std::string where = "term '" + t.term + "' period_column " + t.period_column;
  const db::TableInfo* table = schema.FindTable(c.table);
  const db::ColumnInfo* column = nullptr;
  for (size_t k = 0; table != nullptr && k < table->columns.size(); ++k) {
    if (text::EqualsIgnoreAsciiCase(table->columns[k].name, c.column)) column = &table->columns[k];
  }
  if (column == nullptr) {
    return InvalidArgumentError(where +
                                " does not name a column of the datasource; write table.column "
                                "with names from `askdb schema`");
  }
  std::set<std::string> read;
  for (const std::string* text : {&t.expression, &t.filter}) {
    if (text->empty()) continue;
    ASKDB_ASSIGN_OR_RETURN(nlq::TermExpr e, nlq::ParseTermExpression(*text));
    std::vector<const nlq::TermExpr*> cols;
    nlq::CollectColumns(e, &cols);
    for (const nlq::TermExpr* r : cols) read.insert(text::AsciiLower(r->table));
  }
  if (!t.expression.empty() && !read.contains(text::AsciiLower(c.table))) {
    return InvalidArgumentError(where +
                                " is not on a table the definition reads; name a date "
                                "column of the rows it counts (e.g. orders.order_date). " +
                                std::string(nlq::kOnePeriodPerTermAdvice));
  }
  if (NumericType(column->type)) {
    return InvalidArgumentError(where + " is " + column->type +
                                ", not a date; name a date or timestamp column");
  }
  return Status::Ok();
}

}  // namespace

Json TermToJson(const BusinessTerm& t) {
  Json j = Json::object();
  if (!t.id.empty()) j["id"] = t.id;
  if (!t.scope.empty()) j["scope"] = t.scope;
  j["term"] = t.term;
  j["synonyms"] = t.synonyms;
  if (!t.description.empty()) j["description"] = t.description;
  j["is_recall"] = t.is_recall;
  if (t.meaning != nlq::BusinessMeaning::kNone) {
    j["meaning"] = std::string(nlq::BusinessMeaningName(t.meaning));
    j["expression"] = t.expression;
  }
  if (!t.filter.empty()) j["filter"] = t.filter;
  if (!t.subject.empty()) j["subject"] = t.subject;
  if (!t.period.empty()) j["period"] = t.period;
  if (!t.period_column.empty()) j["period_column"] = t.period_column;
  if (t.created_at_ms) j["created_at_ms"] = t.created_at_ms;
  if (t.updated_at_ms) j["updated_at_ms"] = t.updated_at_ms;
  return j;
}

StatusOr<BusinessTerm> TermFromJson(const Json& j) {
  if (!j.is_object()) return InvalidArgumentError("a term must be a JSON object");
  static const char* kKeys[] = {
      "id",        "scope",         "term",          "synonyms",     "description",
      "is_recall", "meaning",       "expression",    "filter",       "subject",
      "period",    "period_column", "created_at_ms", "updated_at_ms"};
  for (const auto& [key, value] : j.items()) {
    bool known = false;
    for (const char* k : kKeys) known |= key == k;
    if (!known) {
      return InvalidArgumentError("unknown field '" + key +
                                  "'; a term has term, synonyms, description, is_recall, "
                                  "meaning, expression, filter, subject, period, "
                                  "period_column");
    }
  }
  BusinessTerm t;
  ASKDB_ASSIGN_OR_RETURN(t.id, Text(j, "id"));
  ASKDB_ASSIGN_OR_RETURN(t.scope, Text(j, "scope"));
  ASKDB_ASSIGN_OR_RETURN(t.term, Text(j, "term"));
  ASKDB_ASSIGN_OR_RETURN(t.description, Text(j, "description"));
  ASKDB_ASSIGN_OR_RETURN(t.expression, Text(j, "expression"));
  ASKDB_ASSIGN_OR_RETURN(t.filter, Text(j, "filter"));
  ASKDB_ASSIGN_OR_RETURN(t.subject, Text(j, "subject"));
  ASKDB_ASSIGN_OR_RETURN(t.period, Text(j, "period"));
  ASKDB_ASSIGN_OR_RETURN(t.period_column, Text(j, "period_column"));
  ASKDB_ASSIGN_OR_RETURN(std::string meaning, Text(j, "meaning"));
  ASKDB_ASSIGN_OR_RETURN(t.meaning, nlq::ParseBusinessMeaning(meaning));
  if (j.contains("synonyms")) {
    if (!j["synonyms"].is_array())
      return InvalidArgumentError("synonyms: must be a list of strings");
    for (const Json& s : j["synonyms"]) {
      if (!s.is_string()) return InvalidArgumentError("synonyms: must be a list of strings");
      t.synonyms.push_back(s.get<std::string>());
    }
  }
  if (j.contains("is_recall")) {
    if (!j["is_recall"].is_boolean())
      return InvalidArgumentError("is_recall: must be true or false");
    t.is_recall = j["is_recall"].get<bool>();
  }
  for (const char* k : {"created_at_ms", "updated_at_ms"}) {
    if (j.contains(k) && !j[k].is_number_integer()) {
      return InvalidArgumentError(std::string(k) + ": must be an integer");
    }
  }
  t.created_at_ms = j.value("created_at_ms", int64_t{0});
  t.updated_at_ms = j.value("updated_at_ms", int64_t{0});
  return t;
}

Status ValidateTerm(const BusinessTerm& t, const db::DatabaseSchema& schema) {
  if (Stripped(t.term).empty()) return InvalidArgumentError("a term needs a name (term)");
  if (t.term.size() > 200)
    return InvalidArgumentError("term '" + t.term.substr(0, 40) + "…' is longer than 200 bytes");
  for (const std::string& s : t.synonyms) {
    if (Stripped(s).empty()) return InvalidArgumentError("term '" + t.term + "': an empty synonym");
  }
  ASKDB_RETURN_IF_ERROR(nlq::CheckBusinessTermShape(DefOf(t)));
  if (t.meaning == nlq::BusinessMeaning::kNone) return Status::Ok();
  // Bind against the catalog: the column's position in the schema stands in for its id.
  auto resolve = [&](std::string_view table, std::string_view column) {
    const db::TableInfo* info = schema.FindTable(table);
    if (info == nullptr) return -1;
    for (size_t k = 0; k < info->columns.size(); ++k) {
      if (text::AsciiLower(info->columns[k].name) == text::AsciiLower(column)) return int(k);
    }
    return -1;
  };
  for (const std::string* text : {&t.expression, &t.filter}) {
    if (text->empty()) continue;
    ASKDB_ASSIGN_OR_RETURN(nlq::TermExpr e, nlq::ParseTermExpression(*text));
    ASKDB_RETURN_IF_ERROR(nlq::BindTermExpression(e, resolve).WithContext("term '" + t.term + "'"));
  }
  if (!t.subject.empty() && schema.FindTable(t.subject) == nullptr) {
    return InvalidArgumentError("term '" + t.term + "': subject '" + t.subject +
                                "' is not a table of the datasource; name the table whose rows "
                                "the condition selects");
  }
  if (!t.period.empty()) return ValidatePeriodColumn(t, schema);
  return Status::Ok();
}

Status CheckNoClash(const std::vector<BusinessTerm>& terms) {
  std::map<std::string, std::string> owner;  // lower-cased word → term
  for (const BusinessTerm& t : terms) {
    std::vector<std::string> words = t.synonyms;
    words.insert(words.begin(), t.term);
    for (const std::string& w : words) {
      const std::string key = text::AsciiLower(Stripped(w));
      auto [it, inserted] = owner.emplace(key, t.term);
      if (!inserted && it->second != t.term) {
        return AlreadyExistsError("'" + w + "' already names term '" + it->second +
                                  "'; a word can mean one thing only: remove it from one of them");
      }
    }
  }
  return Status::Ok();
}

std::vector<BusinessTerm> OverlayTerms(std::vector<BusinessTerm> base,
                                       const std::vector<BusinessTerm>& over) {
  auto words = [](const BusinessTerm& t) {
    std::set<std::string> out{text::AsciiLower(Stripped(t.term))};
    for (const std::string& s : t.synonyms) out.insert(text::AsciiLower(Stripped(s)));
    return out;
  };
  std::set<std::string> taken;
  for (const BusinessTerm& t : over) {
    if (t.is_recall) taken.merge(words(t));
  }
  std::erase_if(base, [&](const BusinessTerm& t) {
    for (const std::string& w : words(t)) {
      if (taken.count(w) > 0) return true;
    }
    return false;
  });
  base.insert(base.end(), over.begin(), over.end());
  return base;
}

std::vector<nlq::BusinessTermDef> EngineDefinitions(const std::vector<BusinessTerm>& terms) {
  std::vector<nlq::BusinessTermDef> defs;
  for (const BusinessTerm& t : terms) {
    if (!t.is_recall) continue;
    defs.push_back(DefOf(t));
  }
  return defs;
}

}  // namespace askdb::knowledge
