// The built-in demo datasource: a fictional Chinese retail chain (regions, cities, stores,
// customers, products, orders, order items, returns) over 2023-01-01 .. 2025-12-31, with
// the seasonality, growth and regional differences a real business shows, so that askdb can
// be tried, tested and benchmarked with no database of one's own. data/demo/README.md
// describes the tables; data/demo/semantic_model.json is its semantic model.
//
// Generation is deterministic: the same options give a byte-identical file on every run
// and platform (a fixed PRNG, integer arithmetic for money, own distributions, nothing
// read from the clock). The functions are thread-safe as long as callers write different
// paths.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string_view>

#include "askdb/common/status.h"

namespace askdb::catalog {
struct SemanticModel;
}  // namespace askdb::catalog

namespace askdb::demo {

struct DemoOptions {
  uint64_t seed = 20240601;
  int orders = 60000;  // exact number of orders generated
  int customers = 8000;
  bool overwrite = false;  // replace an existing file at the target path
};

// Builds the demo database at `path`. The file is built beside `path` under a temporary
// name and renamed into place, so `path` never holds a partial database. AlreadyExists when
// `path` exists and !options.overwrite; InvalidArgument for out-of-range options.
Status CreateDemoDatabase(const std::filesystem::path& path, const DemoOptions& options = {});

// True when `path` is a SQLite database holding the demo's tables (any version of them): the
// one file `askdb demo --refresh` may replace and write the demo's model and terms beside.
// False for a missing, unreadable or non-SQLite file and for any other database.
bool LooksLikeDemoDatabase(const std::filesystem::path& path);

// data/demo/semantic_model.json as compiled into the binary.
std::string_view BuiltinDemoSemanticModelJson();

// The built-in semantic model, parsed and validated.
StatusOr<catalog::SemanticModel> BuiltinDemoSemanticModel();

// Writes BuiltinDemoSemanticModelJson() to `path` atomically (replacing any old file).
Status WriteDemoSemanticModel(const std::filesystem::path& path);

// data/demo/terms.json as compiled into the binary: the demo's business terms (the terms-file
// form of knowledge/terms/term_file.h, written beside the database as NAME.terms.json).
std::string_view BuiltinDemoTermsJson();

}  // namespace askdb::demo
