#include "askdb/nlq/lexicon.h"

#include <spdlog/spdlog.h>

#include <array>
#include <cstdlib>
#include <utility>

#include "askdb/common/embedded.h"
#include "askdb/common/json.h"
#include "askdb/common/text.h"
#include "askdb/nlq/tokenizer.h"

ASKDB_DECLARE_EMBEDDED(nlq_lexicon);

namespace askdb::nlq {
namespace {

constexpr std::array<std::pair<std::string_view, Kw>, static_cast<int>(Kw::kCount_)> kKinds = {{
    {"sum", Kw::kSum},
    {"avg", Kw::kAvg},
    {"count", Kw::kCount},
    {"max", Kw::kMax},
    {"min", Kw::kMin},
    {"distinct", Kw::kDistinct},
    {"group", Kw::kGroup},
    {"which", Kw::kWhich},
    {"gt", Kw::kGt},
    {"ge", Kw::kGe},
    {"lt", Kw::kLt},
    {"le", Kw::kLe},
    {"eq", Kw::kEq},
    {"between", Kw::kBetween},
    {"and", Kw::kAnd},
    {"conjunction", Kw::kConj},
    {"not", Kw::kNot},
    {"top", Kw::kTop},
    {"bottom", Kw::kBottom},
    {"desc", Kw::kDesc},
    {"asc", Kw::kAsc},
    {"order", Kw::kOrder},
    {"share", Kw::kShare},
    {"year_bucket", Kw::kYearBucket},
    {"quarter_bucket", Kw::kQuarterBucket},
    {"month_bucket", Kw::kMonthBucket},
    {"week_bucket", Kw::kWeekBucket},
    {"day_bucket", Kw::kDayBucket},
    {"trend", Kw::kTrend},
    {"this_year", Kw::kThisYear},
    {"last_year", Kw::kLastYear},
    {"this_month", Kw::kThisMonth},
    {"last_month", Kw::kLastMonth},
    {"this_quarter", Kw::kThisQuarter},
    {"last_quarter", Kw::kLastQuarter},
    {"last_days", Kw::kLastDays},
    {"day_unit", Kw::kDayUnit},
    {"month_unit", Kw::kMonthUnit},
    {"year_unit", Kw::kYearUnit},
    {"quarter_unit", Kw::kQuarterUnit},
    {"year_marker", Kw::kYearMarker},
    {"in_time", Kw::kInTime},
    {"q1", Kw::kQ1},
    {"q2", Kw::kQ2},
    {"q3", Kw::kQ3},
    {"q4", Kw::kQ4},
    {"month_names", Kw::kMonthName},
    {"row_unit", Kw::kRowUnit},
    {"age", Kw::kAge},
    {"oldest", Kw::kOldest},
    {"youngest", Kw::kYoungest},
    {"unsupported", Kw::kUnsupported},
    {"stop", Kw::kStop},
}};

}  // namespace

StatusOr<Lexicon> Lexicon::FromJson(std::string_view json_text) {
  ASKDB_ASSIGN_OR_RETURN(Json doc, ParseJson(json_text));
  if (!doc.is_object()) return InvalidArgumentError("lexicon: the document must be a JSON object");
  Lexicon lex;
  for (const auto& [key, value] : doc.items()) {
    if (!key.empty() && key[0] == '_') continue;
    const Kw* kind = nullptr;
    for (const auto& [name, k] : kKinds) {
      if (name == key) kind = &k;
    }
    if (kind == nullptr) {
      return InvalidArgumentError("lexicon: unknown keyword kind '" + key +
                                  "'; use one of the kinds listed in docs/nlq.md");
    }
    if (!value.is_array()) {
      return InvalidArgumentError("lexicon: '" + key + "' must be an array of phrases");
    }
    int month = 0;
    for (const Json& phrase : value) {
      if (!phrase.is_string()) {
        return InvalidArgumentError("lexicon: '" + key + "' holds a non-string entry");
      }
      size_t units = 0;
      const std::string k = PhraseKey(phrase.get<std::string>(), &units);
      if (k.empty()) continue;
      lex.phrases_[k] |= Bit(*kind);
      if (units > lex.max_units_) lex.max_units_ = units;
      if (*kind == Kw::kMonthName) lex.months_[k] = ++month;
    }
  }
  return lex;
}

const Lexicon& Lexicon::Builtin() {
  static const Lexicon* const kBuiltin = [] {
    StatusOr<Lexicon> lex = FromJson(ASKDB_EMBEDDED(nlq_lexicon));
    if (!lex.ok()) {
      spdlog::critical("built-in nlq lexicon is broken: {}", lex.status().ToString());
      std::abort();
    }
    return new Lexicon(std::move(lex).value());  // NOLINT: process-lifetime singleton
  }();
  return *kBuiltin;
}

KwSet Lexicon::Lookup(std::string_view key) const {
  const auto it = phrases_.find(std::string(key));
  return it == phrases_.end() ? 0 : it->second;
}

int Lexicon::MonthOf(std::string_view key) const {
  const auto it = months_.find(std::string(key));
  return it == months_.end() ? 0 : it->second;
}

bool IsEachWord(std::string_view word) {
  const std::string lower = text::AsciiLower(word);
  return lower == "each" || lower == "every" || lower == "for each" || lower == "for every" ||
         lower == "in each";
}

}  // namespace askdb::nlq
