#include "askdb/knowledge/chunker.h"

#include <algorithm>
#include <functional>

#include "askdb/catalog/token_estimate.h"
#include "askdb/common/code_points.h"
#include "askdb/common/segmenter.h"
#include "askdb/common/text.h"

namespace askdb::knowledge {
namespace {

constexpr int kMinSize = 16;
constexpr int kMaxSize = 20000;

int CodePoints(std::string_view s) { return static_cast<int>(CountCodePoints(s)); }

bool IsSpace(char32_t c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0x3000 || c == 0xA0;
}

// Ends a sentence wherever it stands (Chinese text has no space after it).
bool IsCjkSentenceEnd(char32_t c) {
  return c == U'。' || c == U'！' || c == U'？' || c == U'；' || c == U'…' || c == U'｡';
}
// Ends a sentence only before white space ("3.5", "e.g" stay whole).
bool IsAsciiSentenceEnd(char32_t c) { return c == '.' || c == '!' || c == '?' || c == ';'; }
// Closing marks that belong to the sentence they follow: 。” stays one end.
bool IsCloser(char32_t c) {
  return c == U'”' || c == U'’' || c == U'」' || c == U'』' || c == U'）' || c == ')' || c == '"' ||
         c == '\'' || c == U'…';
}

std::string Trim(std::string_view s) {
  const std::vector<char32_t> cps = text::DecodeUtf8(s);
  size_t b = 0, e = cps.size();
  while (b < e && IsSpace(cps[b])) ++b;
  while (e > b && IsSpace(cps[e - 1])) --e;
  return text::EncodeUtf8(std::vector<char32_t>(cps.begin() + b, cps.begin() + e));
}

bool IsBlank(std::string_view s) { return Trim(s).empty(); }

// Splits after every occurrence of `sep` (kept with the piece before it).
std::vector<std::string> SplitAfter(std::string_view text, std::string_view sep) {
  std::vector<std::string> out;
  size_t start = 0;
  for (size_t at = text.find(sep); at != std::string_view::npos; at = text.find(sep, start)) {
    size_t end = at + sep.size();
    while (end < text.size() && text.substr(end, sep.size()) == sep) end += sep.size();
    out.emplace_back(text.substr(start, end - start));
    start = end;
  }
  if (start < text.size()) out.emplace_back(text.substr(start));
  return out;
}

std::vector<std::string> SplitParagraphs(std::string_view text) { return SplitAfter(text, "\n\n"); }
std::vector<std::string> SplitLines(std::string_view text) { return SplitAfter(text, "\n"); }
std::vector<std::string> SplitWords(std::string_view text) { return SplitAfter(text, " "); }

std::vector<std::string> SplitChars(std::string_view text, int size) {
  std::vector<std::string> out;
  std::string current;
  int n = 0;
  for (char32_t c : text::DecodeUtf8(text)) {
    text::AppendUtf8(c, current);
    if (++n == size) {
      out.push_back(std::move(current));
      current.clear();
      n = 0;
    }
  }
  if (!current.empty()) out.push_back(std::move(current));
  return out;
}

using Splitter = std::function<std::vector<std::string>(std::string_view)>;

// Splits `text` with the first splitter; a piece still longer than `size` goes to the next
// ones, characters last. The pieces concatenate back to `text`.
void SplitToFit(std::string_view text, int size, const std::vector<Splitter>& splitters,
                size_t level, std::vector<std::string>& out) {
  if (CodePoints(text) <= size) {
    out.emplace_back(text);
    return;
  }
  if (level == splitters.size()) {
    for (std::string& piece : SplitChars(text, size)) out.push_back(std::move(piece));
    return;
  }
  std::vector<std::string> pieces = splitters[level](text);
  if (pieces.size() <= 1) {
    SplitToFit(text, size, splitters, level + 1, out);
    return;
  }
  for (const std::string& piece : pieces) SplitToFit(piece, size, splitters, level + 1, out);
}

// Packs consecutive pieces into chunks of at most `size` code points; each new chunk
// starts with the previous chunk's last pieces that fit in `overlap`.
std::vector<std::string> Merge(const std::vector<std::string>& pieces, int size, int overlap) {
  std::vector<std::string> chunks;
  std::vector<std::pair<const std::string*, int>> window;  // pieces of the current chunk
  int length = 0;
  auto emit = [&] {
    std::string chunk;
    for (const auto& [piece, n] : window) chunk += *piece;
    chunk = Trim(chunk);
    if (!chunk.empty()) chunks.push_back(std::move(chunk));
  };
  bool fresh = false;  // the window holds a piece not yet emitted
  for (const std::string& piece : pieces) {
    const int n = CodePoints(piece);
    if (length + n > size && !window.empty()) {
      if (fresh) emit();
      fresh = false;
      // Keep the tail that fits the overlap and leaves room for this piece.
      while (!window.empty() && (length > overlap || length + n > size)) {
        length -= window.front().second;
        window.erase(window.begin());
      }
    }
    window.emplace_back(&piece, n);
    length += n;
    fresh = fresh || !IsBlank(piece);
  }
  if (fresh) emit();
  return chunks;
}

std::vector<std::string> TokenChunks(std::string_view text, int size, int overlap) {
  // Each segmenter token with the text up to the next one, so windows keep their spacing.
  const std::vector<text::Token> tokens = text::Segment(text);
  std::vector<std::string> pieces;
  std::vector<int> costs;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const size_t end = i + 1 < tokens.size() ? tokens[i + 1].byte_offset : text.size();
    pieces.emplace_back(text.substr(tokens[i].byte_offset, end - tokens[i].byte_offset));
    costs.push_back(std::max(1, catalog::EstimateTokens(Trim(pieces.back()))));
  }
  std::vector<std::string> chunks;
  size_t start = 0;
  while (start < pieces.size()) {
    size_t end = start;
    int used = 0;
    while (end < pieces.size() && (end == start || used + costs[end] <= size)) {
      used += costs[end++];
    }
    std::string chunk;
    for (size_t i = start; i < end; ++i) chunk += pieces[i];
    chunk = Trim(chunk);
    if (!chunk.empty()) chunks.push_back(std::move(chunk));
    if (end == pieces.size()) break;
    // Step back over `overlap` tokens, always moving forward by at least one piece.
    size_t next = end;
    int back = 0;
    while (next > start + 1 && back + costs[next - 1] <= overlap) back += costs[--next];
    start = next;
  }
  return chunks;
}

}  // namespace

std::string_view ChunkerName(ChunkerKind kind) {
  switch (kind) {
    case ChunkerKind::kToken:
      return "token";
    case ChunkerKind::kRecursive:
      return "recursive";
    case ChunkerKind::kSentence:
      return "sentence";
    case ChunkerKind::kParagraph:
      return "paragraph";
  }
  return "recursive";
}

StatusOr<ChunkerKind> ParseChunkerKind(std::string_view name) {
  for (ChunkerKind kind : {ChunkerKind::kToken, ChunkerKind::kRecursive, ChunkerKind::kSentence,
                           ChunkerKind::kParagraph}) {
    if (ChunkerName(kind) == name) return kind;
  }
  return InvalidArgumentError("unknown chunker '" + std::string(name) +
                              "'; use one of token, recursive, sentence, paragraph");
}

Status ValidateChunkerOptions(const ChunkerOptions& options) {
  if (options.size < kMinSize || options.size > kMaxSize) {
    return InvalidArgumentError("chunk size " + std::to_string(options.size) +
                                " is out of range; use " + std::to_string(kMinSize) + " to " +
                                std::to_string(kMaxSize));
  }
  if (options.overlap < 0 || options.overlap >= options.size) {
    return InvalidArgumentError("chunk overlap " + std::to_string(options.overlap) +
                                " must be at least 0 and less than the chunk size " +
                                std::to_string(options.size));
  }
  return Status::Ok();
}

std::vector<std::string> SplitSentences(std::string_view text) {
  std::vector<std::string> out;
  const std::vector<char32_t> cps = text::DecodeUtf8(text);
  std::string current;
  for (size_t i = 0; i < cps.size(); ++i) {
    text::AppendUtf8(cps[i], current);
    const bool cjk_end = IsCjkSentenceEnd(cps[i]);
    const bool ascii_end = IsAsciiSentenceEnd(cps[i]) &&
                           (i + 1 == cps.size() || IsSpace(cps[i + 1]) || IsCloser(cps[i + 1]));
    const bool line_end = cps[i] == '\n';
    if (!cjk_end && !ascii_end && !line_end) continue;
    // Closing quotes, repeated ends (！！, ……) and the white space after stay with it.
    while (i + 1 < cps.size() &&
           (IsCloser(cps[i + 1]) || IsCjkSentenceEnd(cps[i + 1]) || IsSpace(cps[i + 1]))) {
      text::AppendUtf8(cps[++i], current);
    }
    out.push_back(std::move(current));
    current.clear();
  }
  if (!current.empty()) out.push_back(std::move(current));
  return out;
}

std::vector<std::string> ChunkText(std::string_view text, const ChunkerOptions& options) {
  if (IsBlank(text)) return {};
  if (options.kind == ChunkerKind::kToken) return TokenChunks(text, options.size, options.overlap);
  std::vector<Splitter> splitters;
  switch (options.kind) {
    case ChunkerKind::kRecursive:
      splitters = {SplitParagraphs, SplitLines, SplitSentences, SplitWords};
      break;
    case ChunkerKind::kSentence:
      splitters = {SplitSentences, SplitWords};
      break;
    case ChunkerKind::kParagraph:
      splitters = {SplitParagraphs, SplitSentences, SplitWords};
      break;
    case ChunkerKind::kToken:
      break;
  }
  std::vector<std::string> pieces;
  // Always split into the chunker's own unit, so overlaps are whole sentences or
  // paragraphs; smaller units only for a unit longer than `size`.
  for (std::string& unit : splitters.front()(text)) {
    SplitToFit(unit, options.size, splitters, 1, pieces);
  }
  return Merge(pieces, options.size, options.overlap);
}

}  // namespace askdb::knowledge
