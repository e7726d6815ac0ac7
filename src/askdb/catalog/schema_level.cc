#include "askdb/catalog/schema_level.h"

#include <array>
#include <string>

#include "askdb/common/text.h"

namespace askdb::catalog {
namespace {

struct RequestTypeLevel {
  std::string_view request_type;
  SchemaLevel level;
};

// Seed 001, "Schema Level Mapping".
constexpr std::array<RequestTypeLevel, 8> kLevelByRequestType = {{
    {"trivial", SchemaLevel::kBasic},
    {"simple", SchemaLevel::kBasic},
    {"consultation", SchemaLevel::kBasic},
    {"calculation", SchemaLevel::kBasic},
    {"web_search", SchemaLevel::kBasic},
    {"data_query", SchemaLevel::kDetailed},
    {"visualization", SchemaLevel::kDetailed},
    {"multi_step_analysis", SchemaLevel::kDetailed},
}};

// Unrecognised requests are handled as data queries (seed 000, error handling table).
constexpr SchemaLevel kUnknownRequestLevel = SchemaLevel::kDetailed;

}  // namespace

std::string_view SchemaLevelName(SchemaLevel level) {
  return level == SchemaLevel::kBasic ? "basic" : "detailed";
}

StatusOr<SchemaLevel> ParseSchemaLevel(std::string_view name) {
  const std::string lower = text::AsciiLower(name);
  for (SchemaLevel level : {SchemaLevel::kBasic, SchemaLevel::kDetailed}) {
    if (lower == SchemaLevelName(level)) return level;
  }
  return InvalidArgumentError("unknown schema level '" + std::string(name) +
                              "'; use basic or detailed");
}

SchemaLevel GetSchemaLevel(std::string_view request_type) {
  const std::string lower = text::AsciiLower(request_type);
  for (const RequestTypeLevel& entry : kLevelByRequestType) {
    if (entry.request_type == lower) return entry.level;
  }
  return kUnknownRequestLevel;
}

}  // namespace askdb::catalog
