// EstimateTokens: the one place that says how many LLM tokens a text costs, so the schema
// recall budget, the schema manager and the recall benchmark count the same way.
//
// The estimate is deliberately simple and tokenizer-free: ASCII text costs one token per
// kAsciiBytesPerToken bytes (rounded up), every non-ASCII code point (Chinese characters,
// full-width punctuation, accented letters) one token each. For BPE tokenizers of the
// GPT-4 / Qwen / DeepSeek families this lands within ~15% on English DDL and errs on the
// high side for Chinese, so a budget computed with it is not overrun in practice.
// Pure and thread-safe.
#pragma once

#include <string_view>

namespace askdb::catalog {

// ASCII bytes that make up one token on average (English words and SQL identifiers).
inline constexpr int kAsciiBytesPerToken = 4;

int EstimateTokens(std::string_view text);

}  // namespace askdb::catalog
