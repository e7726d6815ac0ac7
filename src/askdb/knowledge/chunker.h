// Chunker: splits a document's text into the pieces the knowledge index stores, chosen per
// item (seed 004 §5.3): token, recursive, sentence or paragraph, each with a size and an
// overlap.
//
//   token      windows of `size` estimated tokens (catalog::EstimateTokens over the
//              segmenter's words), consecutive windows sharing `overlap` tokens
//   recursive  paragraphs, then lines, then sentences, then words, then characters — the
//              largest unit that fits `size` characters — packed up to `size`
//   sentence   sentences packed up to `size` characters (a longer sentence is cut)
//   paragraph  paragraphs (blank-line separated) packed up to `size` characters; a longer
//              paragraph is split by sentences
//
// Sentences end at 。！？；… (and their full-width/ASCII kin) and at . ! ? ; followed by
// white space, so Chinese text without spaces is split where a reader would. For the
// character-based chunkers `size` and `overlap` count code points; consecutive chunks
// repeat up to `overlap` of them (whole units, never a cut word). Pure and thread-safe.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/status.h"

namespace askdb::knowledge {

enum class ChunkerKind { kToken, kRecursive, kSentence, kParagraph };

std::string_view ChunkerName(ChunkerKind kind);  // "token", "recursive", ...
// InvalidArgument naming the four choices.
StatusOr<ChunkerKind> ParseChunkerKind(std::string_view name);

struct ChunkerOptions {
  ChunkerKind kind = ChunkerKind::kRecursive;
  int size = 600;    // characters (tokens for kToken)
  int overlap = 80;  // characters (tokens for kToken) repeated between neighbours
};

// InvalidArgument unless 16 <= size <= 20000 and 0 <= overlap < size.
Status ValidateChunkerOptions(const ChunkerOptions& options);

// The chunks of `text`, in order, trimmed, none empty; none when `text` is blank.
// `options` must be valid.
std::vector<std::string> ChunkText(std::string_view text, const ChunkerOptions& options);

// The text split after each sentence end (the ends stay with their sentence).
std::vector<std::string> SplitSentences(std::string_view text);

}  // namespace askdb::knowledge
