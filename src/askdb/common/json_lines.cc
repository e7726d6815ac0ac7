#include "askdb/common/json_lines.h"

#include <sstream>

#include "askdb/common/file_util.h"

namespace askdb {

Status ForEachJsonLine(
    const std::filesystem::path& path,
    const std::function<Status(const Json& value, int line, const std::string& where)>& visit) {
  ASKDB_ASSIGN_OR_RETURN(std::string text, ReadFile(path));
  std::istringstream in(text);
  std::string line;
  int line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    if (line.find_first_not_of(" \t\r") == std::string::npos || line[0] == '#') continue;
    const std::string where = path.string() + ":" + std::to_string(line_no);
    StatusOr<Json> value = ParseJson(line);
    if (!value.ok()) return value.status().WithContext(where);
    ASKDB_RETURN_IF_ERROR(visit(*value, line_no, where));
  }
  return Status::Ok();
}

}  // namespace askdb
