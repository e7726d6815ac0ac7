#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>

namespace askdb {

// Characters of UTF-8 text as a person and JSON Schema's maxLength count them: every byte
// that does not continue a UTF-8 sequence starts one (an invalid byte counts as one). Its own
// header so that the question limit, MCP's maxLength and the chunker share one count without
// every includer of text.h recompiling.
inline size_t CountCodePoints(std::string_view text) {
  return static_cast<size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

}  // namespace askdb
