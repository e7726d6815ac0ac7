// UnitTable: the units the quick path converts between (length, mass, area, volume,
// temperature, time, data sizes, currencies), loaded from data/rules/units.toml.
//
// A unit converts to its dimension's base unit as base = (value + offset) * factor, which
// covers both ratio units and temperatures. Currencies have no fixed factor: they convert
// only with a rate given by the caller. Names are looked up in normalised form (NFKC,
// lower case), as produced by text::NormalizeForMatch.
//
// Thread-safety: immutable after construction; all methods are const and thread-safe.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "askdb/common/status.h"

namespace askdb::agent {

struct Unit {
  std::string id;         // "km"
  std::string dimension;  // "length"
  long double factor = 1;
  long double offset = 0;
  bool needs_rate = false;  // currencies
  std::string zh;           // display name in Chinese answers
  std::string en;           // display name in English answers
  std::vector<std::string> names;
  // Bare letters that mean this data size only beside another data size ("10G等于多少M"):
  // g and m are grams and metres on their own.
  std::vector<std::string> short_names;
  std::string binary;  // id of the 1024-based counterpart (gb → gib), or empty
  // Currencies: about how many US dollars one unit is worth, only to tell which way a quoted
  // rate goes (0: not known). Never used as a rate.
  long double about_usd = 0;
};

enum class ConversionError { kNone, kIncompatible, kRateNeeded, kNonFinite };

struct ConversionResult {
  long double value = 0;
  ConversionError error = ConversionError::kNone;
  bool ok() const { return error == ConversionError::kNone; }
};

class UnitTable {
 public:
  // Parses units.toml text; InvalidArgument names the dimension/unit at fault (duplicate
  // names, bad factor) and says to fix the file.
  static StatusOr<UnitTable> FromToml(std::string_view toml_text);

  // The unit with this (normalised) name, or nullptr.
  const Unit* Find(std::string_view name) const;

  // The unit whose short name this is ("g" → gb), or nullptr.
  const Unit* FindShort(std::string_view name) const;

  // The unit with this id, or nullptr.
  const Unit* FindId(std::string_view id) const;

  // Every name of every unit, longest first (so a regex alternation or a scan prefers
  // "平方公里" over "公里").
  const std::vector<std::string>& AllNamesLongestFirst() const { return names_longest_first_; }
  // The names that start with the character at byte `at` of `s`, longest first: a scan tries
  // only these there (the classifier scans every request it asks the conversion reader about).
  const std::vector<std::string>& NamesStartingAt(std::string_view s, size_t at) const;

  // Converts `value` from one unit to another. `rate` (units of `to` per one `from`) is
  // used, and required, for units that need a rate.
  static ConversionResult Convert(long double value, const Unit& from, const Unit& to,
                                  std::optional<long double> rate = std::nullopt);

  // A rate quoted with no direction ("500 rmb to usd at 7.1", "汇率7.2"), as units of `to` per
  // one `from`: a quote is the price of the dearer currency in the cheaper one whichever way the
  // conversion goes (7.1 is CNY per USD for both USD → CNY and CNY → USD), so it is read the
  // way round nearer the currencies' rough worth (about_usd); as given when either is unknown.
  static long double QuotedRate(const Unit& from, const Unit& to, long double rate);

 private:
  // FromToml's steps: a unit read from the file (its names must be new), then the checks and
  // the name order once every unit is in.
  Status AddUnit(Unit unit);
  Status Finish();

  std::vector<Unit> units_;
  std::unordered_map<std::string, size_t> by_name_;
  std::unordered_map<std::string, size_t> by_short_name_;
  std::vector<std::string> names_longest_first_;
  // Keyed by the bytes of a name's first character (FirstCharKey in unit_table.cc).
  std::unordered_map<uint32_t, std::vector<std::string>> names_by_first_char_;
};

}  // namespace askdb::agent
