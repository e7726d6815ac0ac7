// UTF-8 text utilities for bilingual (Chinese/English) input and terminal output.
// All functions are pure and thread-safe. Invalid UTF-8 bytes are treated as U+FFFD and
// never crash or loop.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace askdb::text {

// What invalid input decodes to and what unencodable code points encode as.
inline constexpr char32_t kReplacementChar = 0xFFFD;

// Decodes UTF-8 into code points. Each maximal invalid subsequence (Unicode §3.9, the
// "substitution of maximal subparts" practice) becomes one U+FFFD.
std::vector<char32_t> DecodeUtf8(std::string_view s);

// Decodes the code point starting at byte `pos` into `*cp` and returns how many bytes it
// took: always >= 1 when pos < s.size(), so a scanning loop always advances; 0 when pos is
// at or past the end. Invalid input yields U+FFFD with the length of its maximal subpart.
size_t DecodeUtf8At(std::string_view s, size_t pos, char32_t* cp);

// True when `s` is well-formed UTF-8 (no overlongs, surrogates or values past U+10FFFF).
bool IsValidUtf8(std::string_view s);

// Copy of `s` with every invalid subsequence replaced by U+FFFD; valid input is unchanged.
std::string SanitizeUtf8(std::string_view s);

// Surrogates and values past U+10FFFF are encoded as U+FFFD.
std::string EncodeUtf8(const std::vector<char32_t>& code_points);
void AppendUtf8(char32_t cp, std::string& out);

// Normalisation for matching user words against schema words: NFKC (full-width letters,
// digits and punctuation become half-width; ideographic space becomes a space), case
// folding, and runs of white space collapsed to one space, trimmed. Implemented with ICU's
// NFKC_Casefold, which also drops default-ignorable characters (zero-width joiners, soft
// hyphens). Idempotent; the result is valid UTF-8 even for invalid input.
std::string NormalizeForMatch(std::string_view s);

// Terminal display width: East Asian wide and full-width characters count 2, combining
// marks, zero-width (format) characters and control characters 0, others 1 (including
// East Asian ambiguous characters such as "…", and U+FFFD for each invalid sequence).
int DisplayWidth(std::string_view s);
int CodePointWidth(char32_t cp);

// Pads with spaces on the right (or left) to `width` display columns; a longer string is
// cut at a character boundary and ends in "…" (width 1) so it fits exactly. The result is
// always valid UTF-8 (invalid input bytes become U+FFFD) and, for width >= 1, exactly
// `width` columns wide. TruncateToWidth only cuts (never pads), so its result may be one
// column narrower than `width` when a wide character would straddle the limit; width <= 0
// gives "" for all three.
std::string PadRight(std::string_view s, int width);
std::string PadLeft(std::string_view s, int width);
std::string TruncateToWidth(std::string_view s, int width);

// At most `max_bytes` bytes of `s`, cut before a character, never inside one (for limits counted
// in bytes: SQL identifiers, stored text).
std::string Utf8Prefix(std::string_view s, size_t max_bytes);

// True when the text contains at least one CJK ideograph (used to pick the answer language).
bool ContainsCjk(std::string_view s);

// Lower-cased ASCII copy; non-ASCII bytes unchanged (cheap, for identifiers).
std::string AsciiLower(std::string_view s);
char AsciiLower(char c);
// Case-insensitive for ASCII letters only, as SQL engines compare identifiers.
bool EqualsIgnoreAsciiCase(std::string_view a, std::string_view b);

// Splits an identifier into words: "OrderItems" / "order_items" / "orderID" →
// {"order", "items"} / {"order", "id"}; lower-cased.
// Digits stay with the letters before them ("address2" → {"address2"}, "sha256" →
// {"sha256"}) because they usually belong to the name; a separator splits them off
// ("address_2" → {"address", "2"}), and an upper-case letter after a digit starts a word
// ("Q1Sales" → {"q1", "sales"}). Acronyms end before the next capitalised word
// ("HTTPServerID" → {"http", "server", "id"}). Non-ASCII runs ("订单ID" → {"订单", "id"}) are
// their own words. Everything else that is not a letter, digit or combining mark
// (underscores, hyphens, spaces, dots, "，") separates words.
std::vector<std::string> SplitIdentifier(std::string_view identifier);

// Levenshtein distance counted in code points (used for "did you mean" suggestions).
int EditDistance(std::string_view a, std::string_view b);

}  // namespace askdb::text
