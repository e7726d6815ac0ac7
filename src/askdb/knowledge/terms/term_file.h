// The terms file: the business terms of one database for the CLI and embedded use, kept
// beside it as NAME.terms.json (like NAME.semantic.json): {"version": 1, "terms": [...]}
// with each term in the JSON form of business_term.h. The server keeps its terms in the
// management database instead (term_store.h).
#pragma once

#include <filesystem>
#include <vector>

#include "askdb/common/status.h"
#include "askdb/knowledge/terms/business_term.h"

namespace askdb::knowledge {

inline constexpr int kTermsFileVersion = 1;

// shop.sqlite → shop.terms.json
std::filesystem::path TermsPathFor(const std::filesystem::path& database_file);

// Reads and checks the file (form, unique words). Errors name the file and the entry.
StatusOr<std::vector<BusinessTerm>> LoadTermsFile(const std::filesystem::path& path);
StatusOr<std::vector<BusinessTerm>> ParseTermsJson(const Json& json);
// Writes atomically (a reader never sees half a file).
Status SaveTermsFile(const std::vector<BusinessTerm>& terms, const std::filesystem::path& path);

}  // namespace askdb::knowledge
