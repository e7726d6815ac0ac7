// What changes when the rows of a SQLite datasource change, for the answer cache. The cache
// keys a datasource's answers by its structure (schema, semantic model, terms): rows written
// since an answer was stored (a new export copied over the file, a load) left it served for
// the L1 lifetime — "how many orders" answered 830 from the cache after 77 were deleted.
#pragma once

#include <string>
#include <string_view>

namespace askdb::agent {

// The size and modification time of a SQLite database file and of its write-ahead log, as
// "#data-<size>-<mtime>-<wal size>-<wal mtime>"; any write to the database changes one of
// them (a read never does: askdb opens it read-only). "" for a server database
// (postgres://, mysql://), whose writes askdb cannot see cheaply, and for a URL that does
// not parse.
std::string DataStamp(std::string_view url);

}  // namespace askdb::agent
