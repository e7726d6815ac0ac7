#include "askdb/db/dialect.h"

namespace askdb::db {

std::string Dialect::LimitClause(long long n) const {
  return " LIMIT " + std::to_string(n < 0 ? 0 : n);
}

std::string QuoteByDoubling(std::string_view text, char quote) {
  std::string out;
  out.reserve(text.size() + 2);
  out += quote;
  for (char c : text) {
    out += c;
    if (c == quote) out += quote;
  }
  out += quote;
  return out;
}

}  // namespace askdb::db
