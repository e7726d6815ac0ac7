#include "askdb/agent/quick_path/unit_table.h"

#include <toml++/toml.h>

#include <algorithm>
#include <charconv>
#include <cmath>

namespace askdb::agent {
namespace {

// Reads a factor given as a number or as an exact ratio "a/b" (TOML has no fractions).
std::optional<long double> ReadFactor(const toml::node* node) {
  if (node == nullptr) return 1.0L;
  if (auto v = node->value<double>()) return static_cast<long double>(*v);
  if (auto s = node->value<std::string>()) {
    const auto slash = s->find('/');
    if (slash == std::string::npos) return std::nullopt;
    try {
      const long double num = std::stold(s->substr(0, slash));
      const long double den = std::stold(s->substr(slash + 1));
      if (den == 0) return std::nullopt;
      return num / den;
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }
  return std::nullopt;
}

// The non-empty strings of a TOML array (none when it is missing).
std::vector<std::string> NonEmptyStrings(const toml::array* list) {
  std::vector<std::string> out;
  if (list == nullptr) return out;
  for (const toml::node& n : *list) {
    if (auto s = n.value<std::string>(); s && !s->empty()) out.push_back(*s);
  }
  return out;
}

// A [[dimension]] entry: its name, whether its units need a rate, and its units.
struct Dimension {
  std::string name;
  bool needs_rate = false;
  const toml::array* units = nullptr;
};

StatusOr<Dimension> ReadDimension(const toml::node& dim_node) {
  const toml::table* dim = dim_node.as_table();
  if (dim == nullptr) return InvalidArgumentError("units table: [[dimension]] must be a table");
  Dimension d;
  d.name = (*dim)["name"].value_or(std::string());
  if (d.name.empty()) return InvalidArgumentError("units table: a dimension has no name");
  d.needs_rate = (*dim)["needs_rate"].value_or(false);
  d.units = (*dim)["units"].as_array();
  if (d.units == nullptr) {
    return InvalidArgumentError("units table: dimension '" + d.name + "' has no units list");
  }
  return d;
}

// One unit of dimension `dim`, checked: an id, a positive factor, at least one name.
StatusOr<Unit> ReadUnit(const toml::node& unit_node, const Dimension& dim) {
  const toml::table* u = unit_node.as_table();
  if (u == nullptr) {
    return InvalidArgumentError("units table: dimension '" + dim.name +
                                "' has a unit that is not a table");
  }
  Unit unit;
  unit.id = (*u)["id"].value_or(std::string());
  unit.dimension = dim.name;
  unit.needs_rate = dim.needs_rate;
  unit.zh = (*u)["zh"].value_or(unit.id);
  unit.en = (*u)["en"].value_or(unit.id);
  unit.about_usd = (*u)["about_usd"].value_or(0.0);
  if (unit.id.empty()) {
    return InvalidArgumentError("units table: a unit of '" + dim.name + "' has no id");
  }
  const auto factor = ReadFactor(u->get("factor"));
  if (!factor || *factor <= 0) {
    return InvalidArgumentError("units table: unit '" + unit.id +
                                "' has a bad factor; use a positive number or \"a/b\"");
  }
  unit.factor = *factor;
  unit.offset = static_cast<long double>((*u)["offset"].value_or(0.0));
  unit.names = NonEmptyStrings((*u)["names"].as_array());
  unit.short_names = NonEmptyStrings((*u)["short_names"].as_array());
  unit.binary = (*u)["binary"].value_or(std::string());
  if (unit.names.empty()) {
    return InvalidArgumentError("units table: unit '" + unit.id + "' has no names");
  }
  return unit;
}

// The bytes of the UTF-8 character at byte `at` of `s` (at most four), packed: one integer per
// character, so a scan looks up the names it may start with once per character.
uint32_t FirstCharKey(std::string_view s, size_t at) {
  const auto lead = static_cast<unsigned char>(s[at]);
  const size_t length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
  uint32_t key = 0;
  for (size_t i = at; i < at + length && i < s.size(); ++i) {
    key = (key << 8) | static_cast<unsigned char>(s[i]);
  }
  return key;
}

}  // namespace

StatusOr<UnitTable> UnitTable::FromToml(std::string_view toml_text) {
  toml::table root;
  try {
    root = toml::parse(toml_text);
  } catch (const toml::parse_error& e) {
    return InvalidArgumentError("units table: TOML syntax error at line " +
                                std::to_string(e.source().begin.line) + ": " +
                                std::string(e.description()) + "; fix the units file");
  }
  UnitTable table;
  const toml::array* dims = root["dimension"].as_array();
  if (dims == nullptr || dims->empty()) {
    return InvalidArgumentError("units table: no [[dimension]] entries; add at least one");
  }
  for (const toml::node& dim_node : *dims) {
    ASKDB_ASSIGN_OR_RETURN(const Dimension dim, ReadDimension(dim_node));
    for (const toml::node& unit_node : *dim.units) {
      ASKDB_ASSIGN_OR_RETURN(Unit unit, ReadUnit(unit_node, dim));
      ASKDB_RETURN_IF_ERROR(table.AddUnit(std::move(unit)));
    }
  }
  ASKDB_RETURN_IF_ERROR(table.Finish());
  return table;
}

// Names are unique across units, and short names across units' short names.
Status UnitTable::AddUnit(Unit unit) {
  for (const std::string& name : unit.names) {
    if (!by_name_.emplace(name, units_.size()).second) {
      return InvalidArgumentError("units table: the name '" + name +
                                  "' is used by two units; names must be unique");
    }
    names_longest_first_.push_back(name);
  }
  for (const std::string& name : unit.short_names) {
    if (!by_short_name_.emplace(name, units_.size()).second) {
      return InvalidArgumentError("units table: the short name '" + name +
                                  "' is used by two units; short names must be unique");
    }
  }
  units_.push_back(std::move(unit));
  return Status::Ok();
}

Status UnitTable::Finish() {
  // A short name that is no unit's own name is still found by a scan ("1T", "3兆").
  for (const auto& [name, index] : by_short_name_) {
    if (!by_name_.count(name)) names_longest_first_.push_back(name);
  }
  for (const Unit& unit : units_) {
    if (!unit.binary.empty() && FindId(unit.binary) == nullptr) {
      return InvalidArgumentError("units table: unit '" + unit.id + "' names binary unit '" +
                                  unit.binary + "', which does not exist; fix the units file");
    }
  }
  std::stable_sort(names_longest_first_.begin(), names_longest_first_.end(),
                   [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  for (const std::string& name : names_longest_first_) {
    if (!name.empty()) names_by_first_char_[FirstCharKey(name, 0)].push_back(name);
  }
  return Status::Ok();
}

const Unit* UnitTable::Find(std::string_view name) const {
  const auto it = by_name_.find(std::string(name));
  return it == by_name_.end() ? FindShort(name) : &units_[it->second];
}

const Unit* UnitTable::FindShort(std::string_view name) const {
  const auto it = by_short_name_.find(std::string(name));
  return it == by_short_name_.end() ? nullptr : &units_[it->second];
}

const Unit* UnitTable::FindId(std::string_view id) const {
  for (const Unit& unit : units_) {
    if (unit.id == id) return &unit;
  }
  return nullptr;
}

ConversionResult UnitTable::Convert(long double value, const Unit& from, const Unit& to,
                                    std::optional<long double> rate) {
  ConversionResult result;
  if (from.dimension != to.dimension) {
    result.error = ConversionError::kIncompatible;
    return result;
  }
  if (from.needs_rate || to.needs_rate) {
    if (from.id == to.id) {
      result.value = value;
    } else if (!rate) {
      result.error = ConversionError::kRateNeeded;
      return result;
    } else {
      result.value = value * *rate;
    }
  } else {
    const long double base = (value + from.offset) * from.factor;
    result.value = base / to.factor - to.offset;
  }
  if (!std::isfinite(result.value)) result.error = ConversionError::kNonFinite;
  return result;
}

long double UnitTable::QuotedRate(const Unit& from, const Unit& to, long double rate) {
  if (from.about_usd <= 0 || to.about_usd <= 0 || rate <= 0) return rate;
  const long double expected = std::log(from.about_usd / to.about_usd);
  const long double as_given = std::fabs(std::log(rate) - expected);
  const long double inverted = std::fabs(-std::log(rate) - expected);
  return inverted < as_given ? 1 / rate : rate;
}

const std::vector<std::string>& UnitTable::NamesStartingAt(std::string_view s, size_t at) const {
  static const std::vector<std::string> kNone;
  if (at >= s.size()) return kNone;
  const auto it = names_by_first_char_.find(FirstCharKey(s, at));
  return it == names_by_first_char_.end() ? kNone : it->second;
}

}  // namespace askdb::agent
