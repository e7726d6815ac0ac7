#include "askdb/agent/quick_path/spoken_input.h"

#include <algorithm>
#include <optional>
#include <vector>

#include "askdb/agent/quick_path/arithmetic.h"

namespace askdb::agent {
namespace {

// English words that carry nothing in speech; each is a whole word ("so" of "also" stays).
constexpr std::string_view kEnglishFillers[] = {"um",   "umm", "uh",   "uhh", "er",   "erm",
                                                "hmm",  "hm",  "like", "so",  "okay", "ok",
                                                "well", "hey", "oh",   "yeah"};
// Fillers of more than one word, as word sequences.
constexpr std::string_view kEnglishFillerPhrases[] = {"let me think", "you know", "quick one"};
// Chinese fillers, taken at the start of a word (after a space) only when they stand alone or a
// punctuation mark follows them ("嗯，", "那个 "): "那个月的3号", "那个星期五" keep theirs.
constexpr std::string_view kChineseFillers[] = {"嗯", "呃", "那个", "就是", "啊"};

// Words that correct what was just said, longest first (whole words only).
constexpr std::string_view kCorrections[] = {
    "no wait", "no sorry", "i mean", "make that", "or rather", "不对不对", "说错了",
    "应该是",  "sorry",    "不对",   "哦不",      "no",        "wait"};
// Not "不是": it more often means "not" ("买了 3个 不是 4个" bought 3, not 4) than a correction.
// What may follow a Chinese number before a correction: "3个 不对 4个".
constexpr std::string_view kCounters[] = {"个", "位", "人", "块", "元", "次", "张"};
// A number right after one of these is an operand: the correction's scope is unclear.
constexpr std::string_view kOperators[] = {"加",   "减",    "乘",    "除", "以", "的",   "+",
                                           "-",    "*",     "/",     "x",  "×",  "÷",    "^",
                                           "plus", "minus", "times", "by", "of", "over", "and"};

std::vector<std::string> Words(std::string_view s) {
  std::vector<std::string> words;
  size_t at = 0;
  while (at < s.size()) {
    const size_t end = std::min(s.find(' ', at), s.size());
    if (end > at) words.emplace_back(s.substr(at, end - at));
    at = end + 1;
  }
  return words;
}

std::string Joined(const std::vector<std::string>& words, size_t from, size_t to) {
  std::string out;
  for (size_t i = from; i < to && i < words.size(); ++i) {
    if (!out.empty()) out += ' ';
    out += words[i];
  }
  return out;
}

bool IsEnglishFiller(std::string_view word) {
  return std::find(std::begin(kEnglishFillers), std::end(kEnglishFillers), word) !=
         std::end(kEnglishFillers);
}

// The bytes of a punctuation mark at the start of `s` (ASCII or the CJK marks, which NFKC leaves
// full width: 、。), or 0.
size_t PunctuationLength(std::string_view s) {
  constexpr std::string_view kMarks[] = {",", ".", "!", "?", ";", ":", "、", "。", "…", "~"};
  for (std::string_view m : kMarks) {
    if (s.starts_with(m)) return m.size();
  }
  return 0;
}

// A word without the Chinese fillers at its start, each taken only when the word ends right after
// it or a punctuation mark follows it ("嗯那个" → "", "嗯，三千五" → "三千五"); "那个月的3号" and
// "嗯那个月" are kept whole.
std::string WithoutChineseFillers(std::string word) {
  std::string_view rest = word;
  size_t cut = 0;  // the bytes known to be fillers and their punctuation
  for (bool matched = true; matched && !rest.empty();) {
    matched = false;
    for (std::string_view filler : kChineseFillers) {
      if (!rest.starts_with(filler)) continue;
      rest.remove_prefix(filler.size());
      bool punctuated = false;
      while (const size_t n = PunctuationLength(rest)) {
        rest.remove_prefix(n);
        punctuated = true;
      }
      if (punctuated || rest.empty()) cut = word.size() - rest.size();
      matched = true;
      break;
    }
  }
  return word.substr(cut);
}

// Whether a word is noise or a correction, or starts with a Chinese filler: only then is the text
// rebuilt (the classifier asks the readers of most requests that hold a number).
bool MayBeNoise(std::string_view word) {
  const auto starts = [&](std::string_view w) { return word.starts_with(w); };
  return IsEnglishFiller(word) ||
         std::any_of(std::begin(kChineseFillers), std::end(kChineseFillers), starts) ||
         std::any_of(std::begin(kEnglishFillerPhrases), std::end(kEnglishFillerPhrases), starts) ||
         std::any_of(std::begin(kCorrections), std::end(kCorrections), starts);
}

std::vector<std::string> WithoutFillers(const std::vector<std::string>& words) {
  static const std::vector<std::vector<std::string>> kPhrases = [] {
    std::vector<std::vector<std::string>> phrases;
    for (std::string_view p : kEnglishFillerPhrases) phrases.push_back(Words(p));
    return phrases;
  }();
  std::vector<std::string> kept;
  for (size_t i = 0; i < words.size(); ++i) {
    bool phrase = false;
    for (const std::vector<std::string>& parts : kPhrases) {
      if (i + parts.size() <= words.size() &&
          std::equal(parts.begin(), parts.end(), words.begin() + i)) {
        i += parts.size() - 1;
        phrase = true;
        break;
      }
    }
    if (phrase || IsEnglishFiller(words[i])) continue;
    std::string word = WithoutChineseFillers(words[i]);
    if (!word.empty()) kept.push_back(std::move(word));
  }
  return kept;
}

// The bytes of a whole number at the start of `s` (digits, Chinese numerals or one English
// number word), or 0.
size_t NumberLength(std::string_view s) {
  if (const auto n = ParseNumberPrefix(s)) return n->length;
  if (const auto n = ParseEnglishAmountPrefix(s)) return n->length;
  return 0;
}

bool EndsWithOperator(std::string_view s) {
  return std::any_of(std::begin(kOperators), std::end(kOperators),
                     [&](std::string_view op) { return s.ends_with(op); });
}

// The byte where the number that ends `word` begins (a counter after it allowed), or npos.
size_t CorrectedNumberStart(std::string_view word) {
  for (std::string_view counter : kCounters) {
    if (word.ends_with(counter)) {
      word.remove_suffix(counter.size());
      break;
    }
  }
  for (size_t at = 0; at < word.size(); ++at) {
    if ((static_cast<unsigned char>(word[at]) & 0xC0) == 0x80) continue;  // inside a character
    if (NumberLength(word.substr(at)) == word.size() - at) return at;
  }
  return std::string_view::npos;
}

// The words with "A <correction> B" read as B, when A is one number that is no operand; nullopt
// when there is no correction or its scope is unclear.
std::optional<std::vector<std::string>> Corrected(const std::vector<std::string>& words) {
  for (std::string_view marker : kCorrections) {
    const std::vector<std::string> parts = Words(marker);
    for (size_t m = 1; m + parts.size() < words.size(); ++m) {
      if (!std::equal(parts.begin(), parts.end(), words.begin() + m)) continue;
      const std::string& before = words[m - 1];
      std::string after = words[m + parts.size()];
      if (after.starts_with("是")) after.erase(0, std::string_view("是").size());
      const size_t start = CorrectedNumberStart(before);
      if (start == std::string_view::npos || NumberLength(after) == 0) return std::nullopt;
      const std::string_view lead = std::string_view(before).substr(0, start);
      const std::string_view previous = m >= 2 ? std::string_view(words[m - 2]) : "";
      // "3乘以5 不对 4", "twenty five no thirty": the corrected number is part of more.
      const bool previous_is_number =
          !previous.empty() && NumberLength(previous) == previous.size();
      if (EndsWithOperator(lead) ||
          (lead.empty() && (EndsWithOperator(previous) || previous_is_number))) {
        return std::nullopt;
      }
      std::vector<std::string> out(words.begin(), words.begin() + (m - 1));
      out.push_back(std::string(lead) + after);
      out.insert(out.end(), words.begin() + (m + parts.size() + 1), words.end());
      return out;
    }
  }
  return words;
}

// What may follow "grand" when it is a thousand ("split a grand between 4 people", "5 grand in
// euros"), not an adjective ("a grand total", "a grand piano").
constexpr std::string_view kAfterGrand[] = {
    "",     "split", "in",   "to", "for", "between", "among", "divided", "over",  "a",  "per",
    "each", "and",   "into", "at", "is",  "was",     "plus",  "minus",   "times", "by", "dollars"};

// The thousands the word before "grand" says, in digits ("a" 1000, "5" 5000, "two" 2000);
// empty when the word is no number.
std::string ThousandsOf(std::string_view word) {
  if (word == "a") return "1000";
  if (const auto n = ParseWholeNumber(word)) return FormatNumber(*n * 1000);
  const auto spoken = ParseEnglishAmountPrefix(word);
  if (spoken && spoken->length == word.size()) return FormatNumber(spoken->value * 1000);
  return "";
}

// "a grand" is 1000 and "5 grand" 5000 in chat about money; other uses of the word stay.
std::vector<std::string> WithGrandAsThousand(std::vector<std::string> words) {
  for (size_t i = 1; i < words.size(); ++i) {
    std::string_view grand = words[i];
    std::string trail;  // a punctuation mark after it: "a grand,"
    while (!grand.empty() && (grand.back() == ',' || grand.back() == '.' || grand.back() == '?')) {
      trail.insert(trail.begin(), grand.back());
      grand.remove_suffix(1);
    }
    if (grand != "grand") continue;
    const std::string_view next = i + 1 < words.size() && trail.empty() ? words[i + 1] : "";
    if (std::find(std::begin(kAfterGrand), std::end(kAfterGrand), next) == std::end(kAfterGrand)) {
      continue;
    }
    std::string amount = ThousandsOf(words[i - 1]);
    if (amount.empty()) continue;
    words[i - 1] = amount + trail;
    words.erase(words.begin() + static_cast<std::ptrdiff_t>(i));
  }
  return words;
}

}  // namespace

std::string WithoutSpokenNoise(std::string_view request) {
  // The slang thousand first: the readers after it see digits.
  std::string slang(request);
  if (request.find("grand") != std::string_view::npos) {
    const std::vector<std::string> words = WithGrandAsThousand(Words(request));
    slang = Joined(words, 0, words.size());
  }
  const std::string_view normalized = slang;
  if (!MayHoldNumber(normalized)) return std::string(normalized);
  const std::vector<std::string> typed = Words(normalized);
  if (std::none_of(typed.begin(), typed.end(), MayBeNoise)) return std::string(normalized);
  const std::vector<std::string> words = WithoutFillers(typed);
  const auto corrected = Corrected(words);
  if (!corrected) return std::string(normalized);
  return Joined(*corrected, 0, corrected->size());
}

}  // namespace askdb::agent
