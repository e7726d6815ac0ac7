// Word segmentation for Chinese and English text with ICU's dictionary-based word break
// iterator. Thread-safe: each call uses its own iterator (cloned from a shared prototype).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace askdb::text {

struct Token {
  std::string text;    // as it appears in the input
  size_t byte_offset;  // where it starts in the input
  bool is_word;        // false for punctuation; white space is dropped
};

// "2024年各地区的销售额" → 2024 | 年 | 各 | 地区 | 的 | 销售 | 额 (exact splits follow ICU's
// dictionary; ICU 72 gives this one). Tokens are in input order with increasing byte
// offsets; invalid UTF-8 bytes form their own non-word tokens. Never fails: on an ICU
// error it falls back to one token per code point.
std::vector<Token> Segment(std::string_view text);

}  // namespace askdb::text
