#include "askdb/common/json.h"

#include <string>

namespace askdb {

StatusOr<Json> ParseJson(std::string_view text) {
  try {
    return Json::parse(text);
  } catch (const Json::parse_error& e) {
    return InvalidArgumentError(std::string("malformed JSON: ") + e.what());
  }
}

}  // namespace askdb
