#include "askdb/common/json.h"

#include <string>

namespace askdb {

StatusOr<Json> ParseJson(std::string_view text) {
  try {
    return Json::parse(text);
  } catch (const Json::parse_error& e) {
    return InvalidArgumentError(std::string("malformed JSON: ") + e.what());
  } catch (const Json::exception& e) {
    // e.g. out_of_range for a number no double holds ("1e999"): still bad input.
    return InvalidArgumentError(std::string("unusable JSON: ") + e.what());
  }
}

}  // namespace askdb
