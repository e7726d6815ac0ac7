// Small ASCII helpers shared inside the db module (identifier and keyword comparison).
// Internal to db/; pure functions, thread-safe. Non-ASCII bytes compare as they are, which
// is what SQL engines do for identifiers outside ASCII.
#pragma once

#include <string>
#include <string_view>

namespace askdb::db::internal {

inline char AsciiToLower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c; }

inline std::string AsciiLowerCopy(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = AsciiToLower(c);
  return out;
}

inline bool EqualsIgnoreAsciiCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (AsciiToLower(a[i]) != AsciiToLower(b[i])) return false;
  }
  return true;
}

}  // namespace askdb::db::internal
