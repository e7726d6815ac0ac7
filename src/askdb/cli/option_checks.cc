#include "askdb/cli/option_checks.h"

#include <charconv>
#include <string>

#include "askdb/agent/quick_path/time_zone.h"

namespace askdb::cli {

CLI::Validator TimeZoneName() {
  return CLI::Validator(
      [](std::string& value) -> std::string {
        if (value.empty()) return "";
        const StatusOr<agent::TimeZone> zone = agent::TimeZone::Load(value);
        return zone.ok() ? "" : zone.status().message();
      },
      "ZONE", "TimeZoneName");
}

CLI::Validator PositiveValue() {
  return CLI::Validator(
      [](std::string& value) -> std::string {
        double number = 0;
        const char* end = value.data() + value.size();
        const auto [ptr, ec] = std::from_chars(value.data(), end, number);
        if (ec == std::errc() && ptr == end && number > 0) return "";
        return "must be a number greater than 0, got '" + value + "'";
      },
      "POSITIVE", "PositiveValue");
}

}  // namespace askdb::cli
