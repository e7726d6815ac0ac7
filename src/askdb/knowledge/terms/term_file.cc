#include "askdb/knowledge/terms/term_file.h"

#include <fstream>
#include <sstream>

#include "askdb/common/file_util.h"

namespace askdb::knowledge {

std::filesystem::path TermsPathFor(const std::filesystem::path& database_file) {
  std::filesystem::path p = database_file;
  p.replace_extension(".terms.json");
  return p;
}

StatusOr<std::vector<BusinessTerm>> ParseTermsJson(const Json& json) {
  if (!json.is_object() || !json.contains("terms") || !json["terms"].is_array()) {
    return InvalidArgumentError("a terms file is {\"version\": 1, \"terms\": [...]}");
  }
  if (json.value("version", kTermsFileVersion) != kTermsFileVersion) {
    return InvalidArgumentError("unsupported terms file version; this askdb reads version 1");
  }
  std::vector<BusinessTerm> terms;
  for (size_t k = 0; k < json["terms"].size(); ++k) {
    StatusOr<BusinessTerm> t = TermFromJson(json["terms"][k]);
    if (!t.ok()) return t.status().WithContext("terms[" + std::to_string(k) + "]");
    terms.push_back(std::move(t).value());
  }
  ASKDB_RETURN_IF_ERROR(CheckNoClash(terms));
  return terms;
}

StatusOr<std::vector<BusinessTerm>> LoadTermsFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return NotFoundError("cannot read " + path.string());
  std::stringstream text;
  text << in.rdbuf();
  StatusOr<Json> json = ParseJson(text.str());
  if (!json.ok()) return json.status().WithContext(path.string());
  StatusOr<std::vector<BusinessTerm>> terms = ParseTermsJson(*json);
  if (!terms.ok()) return terms.status().WithContext(path.string());
  return terms;
}

Status SaveTermsFile(const std::vector<BusinessTerm>& terms, const std::filesystem::path& path) {
  Json j = {{"version", kTermsFileVersion}, {"terms", Json::array()}};
  for (const BusinessTerm& t : terms) j["terms"].push_back(TermToJson(t));
  return WriteFileAtomic(path, j.dump(2) + "\n");
}

}  // namespace askdb::knowledge
