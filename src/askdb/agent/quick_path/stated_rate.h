// Stated rates for the quick path: a rate asked about two numbers the request itself gives —
// a share ("we lost 50 of 400 customers, what's our churn rate", "400个客户流失了50个，流失率是
// 多少", "转化率：访问3000，下单240"), a change ("sales went from 120 to 150, what's the growth",
// "上月80，本月100，环比增长多少", "150比120多百分之几") or a margin on a stated cost and price
// ("cost 80 sold at 100, margin?", "进价80卖100，加价率是多少").
//
// The rate word is the one asked about: at the end of the request after the stated numbers
// ("…, churn rate?"), at its start as a label ("转化率：…") or before an if-clause ("what is the
// growth rate if sales went from 2000 to 2600"). The numbers' roles come from the words around
// them (of, out of, 占, 其中, total, 共; from … to, 从 … 到, last/this year, 上月/本月; cost,
// sold at, 成本, 售价); a share's part is never larger than its whole, and a churn stated by
// those kept ("340 still active", 还剩340) is the whole less them. What the words do not
// settle — three numbers, which number came first, which is the cost, whether a number counts
// the customers lost or those left ("50 left") — is a reading with `unclear` set: the quick path
// says what it could not tell and computes nothing. A number that is a date, a rank, a filter or
// already a percentage ("in 2023", "top 5", "more than 50", "20%") means the request is about data,
// and nothing parses.
//
// Like the other quick-path parsers, ParseStatedRate reads the whole (normalised) request or
// nothing, and the classifier uses it as its rule (simple.rate).
//
// Thread-safety: pure functions; safe from any thread.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace askdb::agent {

struct RateQuestion {
  // kShare: part / whole. kChange: (to - from) / from. kMargin: (price - cost) / price.
  // kMarkup: (price - cost) / cost. kProfit: a profit word that names neither ("利润率",
  // "profit percentage"): both are shown.
  enum class Kind { kShare, kChange, kMargin, kMarkup, kProfit };
  // What could not be settled (the answer says it and computes nothing).
  // kChangeBy: a number is how much it moved ("grew by 30 to 150"), not where it started.
  enum class Unclear {
    kNone,
    kTooManyNumbers,
    kOrder,
    kChangeBy,
    kCostAndPrice,
    kWhichSide,
    kPartOverWhole
  };
  Kind kind = Kind::kShare;
  Unclear unclear = Unclear::kNone;
  // The rate as the answer names it, per language ("churn rate" / "流失率").
  std::string name_en;
  std::string name_zh;
  // kShare: part, whole. kChange: from, to. kMargin/kMarkup/kProfit: cost, price.
  long double a = 0;
  long double b = 0;
  std::vector<long double> numbers;  // every stated number, in order (for an unclear reading)
  // kShare counted from the other side: the part stated is those kept for a churn ("340 still
  // active") or those lost for a retention; the rate is (whole − part) / whole.
  bool complement = false;
  // kChange read as a comparison ("150比120多百分之几"): b compared with a, not a change in time.
  bool compared = false;
};

std::optional<RateQuestion> ParseStatedRate(std::string_view normalized);

// The rate in percent, nullopt when unclear or the divisor is zero. kProfit gives the margin;
// its markup is EvaluateMarkup.
std::optional<long double> EvaluateStatedRate(const RateQuestion& r);
std::optional<long double> EvaluateMarkup(const RateQuestion& r);

}  // namespace askdb::agent
