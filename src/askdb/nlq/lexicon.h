// The engine's bilingual keyword tables (aggregation, grouping, comparison, time, ordering,
// share and stop words), read from data/nlq/lexicon.json, which is linked into the binary.
// A phrase may carry several kinds ("前" is both "top" and "last N"); the parser decides by
// context. Lexicon::Builtin() parses the embedded file once and is thread-safe to share.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

#include "askdb/common/status.h"

namespace askdb::nlq {

enum class Kw : int {
  kSum,
  kAvg,
  kCount,
  kMax,
  kMin,
  kDistinct,
  kGroup,
  kWhich,
  kGt,
  kGe,
  kLt,
  kLe,
  kEq,
  kBetween,
  kAnd,
  kConj,  // and/和/及 joining two items of a list ("by region and channel"), not a range
  kNot,
  kTop,
  kBottom,
  kDesc,
  kAsc,
  kOrder,
  kShare,
  kYearBucket,
  kQuarterBucket,
  kMonthBucket,
  kWeekBucket,
  kDayBucket,
  kTrend,  // trend/趋势/over time: a time series, by month unless a bucket is named
  kThisYear,
  kLastYear,
  kThisMonth,
  kLastMonth,
  kThisQuarter,
  kLastQuarter,
  kLastDays,
  kDayUnit,
  kMonthUnit,
  kYearUnit,
  kQuarterUnit,
  kYearMarker,
  kInTime,
  kQ1,
  kQ2,
  kQ3,
  kQ4,
  kMonthName,
  kRowUnit,
  kAge,       // age/年龄 with no age column: resolved to a birth-date column, order only
  kOldest,    // oldest/earliest/最年长: the first rows by age (or by founding year)
  kYoungest,  // youngest/newest/latest/最年轻: the last rows by age
  // median/中位数, variance, 同比/环比, cumulative...: statistics the engine does not compute;
  // a question asking for one is abstained on rather than answered with a plain SUM.
  kUnsupported,
  kStop,
  kCount_  // number of kinds; not a kind
};

using KwSet = uint64_t;
static_assert(static_cast<int>(Kw::kCount_) <= 64, "keyword kinds must fit in a KwSet");
inline constexpr KwSet Bit(Kw k) { return KwSet{1} << static_cast<int>(k); }

// The English words for "for each" other than "per" (each, every, for each, for every, in
// each), in any case: a grouping word the lexicon also reads as "by", kept apart where "each"
// asks for many groups.
bool IsEachWord(std::string_view word);

class Lexicon {
 public:
  // Parses a lexicon document ({"sum": ["sum", "总额"], ...}); unknown keys other than those
  // starting with "_" are InvalidArgument.
  static StatusOr<Lexicon> FromJson(std::string_view json_text);
  // The built-in tables (data/nlq/lexicon.json). Aborts only if the embedded file is broken,
  // which the unit tests rule out.
  static const Lexicon& Builtin();

  // Kinds of the phrase with this unit key (tokenizer.h PhraseKey); 0 when unknown.
  KwSet Lookup(std::string_view key) const;
  size_t max_units() const { return max_units_; }
  // For month names: 1..12, or 0.
  int MonthOf(std::string_view key) const;

 private:
  std::unordered_map<std::string, KwSet> phrases_;
  std::unordered_map<std::string, int> months_;
  size_t max_units_ = 1;
};

}  // namespace askdb::nlq
