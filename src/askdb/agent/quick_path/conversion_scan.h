// The scan of a unit-conversion request ("100千克是多少斤", "how many ounces in a pound",
// "汇率7.1的话100美元是多少人民币"): the amounts and unit names it holds, in order, with the
// shapes that put a number and a unit together read (一米七五, 一斤半, 半个小时, 零下十度,
// 华氏100度, "two and a half cups"). The quick path's Conversion decides from these items
// which is the amount, the unit converted from, the target and a rate.
//
// Thread-safety: free functions over const data.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/agent/quick_path/unit_table.h"

namespace askdb::agent {

// A number or unit found while scanning a conversion request; [begin, end) are its bytes.
struct ScanItem {
  bool is_unit = false;
  long double number = 0;
  const Unit* unit = nullptr;
  size_t begin = 0;
  size_t end = 0;
};

// The numbers and units of `s` (normalised: lower case, NFKC), in order. Unit names are tried
// before numerals ("千克" is a unit, not the numeral 千 followed by 克). With `unread`, also the
// text no shape read, a space in place of each piece that was read (the words around the
// conversion: "how many  is that", "合多少").
std::vector<ScanItem> ScanConversion(std::string_view s, const UnitTable& units,
                                     std::string* unread = nullptr);

// The unit whose name starts at byte `at` of `s` (the longest such name), with its length in
// `length`; nullptr when none. An ASCII name stands alone: the "m" of "5m" counts, the "m" of
// "mile" and the "s" of "what's" do not.
const Unit* UnitNamedAt(std::string_view s, size_t at, const UnitTable& units, size_t& length);

// The classifier's cheap necessary condition for a conversion, in one scan and no pattern: `s`
// names an amount (a digit, a Chinese numeral or an English number word, arithmetic.h
// NumberCueAt) and two units (UnitNamedAt) — the unit of the amount and a target. Most requests
// fail it, so the conversion reader runs on few.
bool MayBeConversion(std::string_view s, const UnitTable& units);

// `s` with each compact compound amount spelled as one amount of the smaller unit: 5'11" → "71
// inch", 3h20m → "200 min", so that the conversion reads one amount (two had made a sum it does
// not read). `s` itself (copied) when it holds none; a cheap byte test comes first.
std::string WithCompoundAmountsSpelled(std::string_view s);

// "i'm going to europe, what's 250 dollars in euros at 0.92",
// "给我换算一下，500美元按汇率7.2是多少人民币": `s` after its first comma when the clause before it
// names no number and no unit (a story or a polite lead-in the conversion does not need); else `s`
// itself.
std::string_view WithoutNumberlessLeadClause(std::string_view s, const UnitTable& units);

// "1欧元兑7.8人民币", "if 1 euro is 7.8 yuan": one unit of a currency is `rate` of another.
struct RateStatement {
  const Unit* from = nullptr;
  const Unit* to = nullptr;
  long double rate = 0;
};

// Finds "1 <currency> … R <currency>", "R <currency> per <currency>" ("at 7.2 yuan per
// dollar") or "at R per <currency>" with one other currency in the request ("320 euros in dollars
// at 0.92 per dollar": 0.92 euros per dollar) among the scanned items of `text`, removes it and
// returns it, when an amount to convert remains besides it. An empty statement (from == nullptr)
// when there is none.
RateStatement TakeRateStatement(std::string_view text, std::vector<ScanItem>& items);

// Whether `s` holds a digit, 半, an English cardinal (other than "one", which the scan reads
// before a unit) or a word for a part or a count (a quarter, a dozen): a conversion whose scan
// found no amount then does not answer for one unit, since it would have misread the amount
// ("半个小时" had been answered 1 小时 = 60 分钟).
bool MentionsAnAmount(std::string_view s);

}  // namespace askdb::agent
