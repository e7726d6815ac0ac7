// UTF-8 text utilities for bilingual (Chinese/English) input and terminal output.
// All functions are pure and thread-safe. Invalid UTF-8 bytes are treated as U+FFFD and
// never crash or loop.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace askdb::text {

// Decodes UTF-8 into code points (invalid bytes become U+FFFD).
std::vector<char32_t> DecodeUtf8(std::string_view s);
std::string EncodeUtf8(const std::vector<char32_t>& code_points);
void AppendUtf8(char32_t cp, std::string& out);

// Normalisation for matching user words against schema words: NFKC (full-width letters,
// digits and punctuation become half-width; ideographic space becomes a space), case
// folding, and runs of white space collapsed to one space, trimmed.
std::string NormalizeForMatch(std::string_view s);

// Terminal display width: East Asian wide and full-width characters count 2, combining
// marks and zero-width characters 0, others 1.
int DisplayWidth(std::string_view s);
int CodePointWidth(char32_t cp);

// Pads with spaces on the right (or left) to `width` display columns; a longer string is
// cut at a character boundary and ends in "…" so it fits exactly.
std::string PadRight(std::string_view s, int width);
std::string PadLeft(std::string_view s, int width);
std::string TruncateToWidth(std::string_view s, int width);

// True when the text contains at least one CJK ideograph (used to pick the answer language).
bool ContainsCjk(std::string_view s);

// Lower-cased ASCII copy; non-ASCII bytes unchanged (cheap, for identifiers).
std::string AsciiLower(std::string_view s);

// Splits an identifier into words: "OrderItems" / "order_items" / "orderID" →
// {"order", "items"} / {"order", "id"}; lower-cased.
std::vector<std::string> SplitIdentifier(std::string_view identifier);

}  // namespace askdb::text
