#include "askdb/nlq/unplaced_words.h"

#include <algorithm>

#include "askdb/common/segmenter.h"
#include "askdb/common/text.h"

namespace askdb::nlq {
namespace {

enum class Role { kPlaced, kUnplaced, kFunction };

struct Span {
  size_t begin = 0, end = 0;  // bytes of the question
  Role role = Role::kPlaced;
};

// A keyword, a schema word or a number left unused was read, only not applied ("How many"
// with nothing to count, "件" a column word): with `known` false it is not named as a word the
// engine does not know.
Role RoleOf(const Item& item, bool known) {
  if (item.used || item.kind == ItemKind::kPunct) return Role::kPlaced;
  if (IsFunctionWord(item)) return Role::kFunction;
  return known || item.kind == ItemKind::kUnknown ? Role::kUnplaced : Role::kPlaced;
}

// The items as byte spans of the question, in question order.
std::vector<Span> Spans(const std::vector<Unit>& units, const std::vector<Item>& items,
                        bool known) {
  std::vector<Span> spans;
  for (const Item& item : items) {
    if (item.unit_begin >= item.unit_end || item.unit_end > units.size()) continue;
    spans.push_back(
        {units[item.unit_begin].begin, units[item.unit_end - 1].end, RoleOf(item, known)});
  }
  std::sort(spans.begin(), spans.end(),
            [](const Span& a, const Span& b) { return a.begin < b.begin; });
  return spans;
}

// A function character at a run's edge belongs to the word when one ICU word holds it and a
// byte of the run's unplaced part ("属于": 属 unplaced, 于 a function word).
bool JoinedByDictionary(const Span& function, size_t unplaced_begin, size_t unplaced_end,
                        const std::vector<text::Token>& words) {
  for (const text::Token& w : words) {
    const size_t w_end = w.byte_offset + w.text.size();
    if (w.byte_offset > function.begin || w_end < function.end) continue;
    return w.byte_offset < unplaced_end && w_end > unplaced_begin;
  }
  return false;
}

// A run whose edge cuts a dictionary word is widened to the whole word the person typed: 以
// of 以后, 上 of 上市 are no words of their own.
void WidenToWholeWords(const std::vector<text::Token>& words, size_t* begin, size_t* end) {
  for (const text::Token& w : words) {
    const size_t w_end = w.byte_offset + w.text.size();
    if (w.byte_offset < *begin && w_end > *begin) *begin = w.byte_offset;
    if (w.byte_offset < *end && w_end > *end) *end = w_end;
  }
}

void AddOnce(std::vector<std::string>* words, std::string word) {
  if (!word.empty() && std::find(words->begin(), words->end(), word) == words->end()) {
    words->push_back(std::move(word));
  }
}

}  // namespace

bool IsFunctionWord(const Item& item) {
  constexpr KwSet kFunction = Bit(Kw::kStop) | Bit(Kw::kRowUnit) | Bit(Kw::kAnd) | Bit(Kw::kConj) |
                              Bit(Kw::kWhich) | Bit(Kw::kInTime) | Bit(Kw::kYearMarker) |
                              Bit(Kw::kEq) | Bit(Kw::kBetween);
  return item.kind == ItemKind::kKeyword && (item.kw & ~kFunction) == 0;
}

namespace {

// English: the unplaced words as read; two joined by a hyphen are one ("best-selling", not
// 'best', 'selling').
std::vector<std::string> UnplacedEnglishWords(std::string_view question,
                                              const std::vector<Span>& spans) {
  std::vector<std::string> out;
  const auto text_of = [&](const Span& sp) { return question.substr(sp.begin, sp.end - sp.begin); };
  for (size_t i = 0; i < spans.size(); ++i) {
    if (spans[i].role != Role::kUnplaced) continue;
    const size_t begin = spans[i].begin;
    size_t end = spans[i].end;
    for (;;) {
      size_t j = i + 1;
      if (j < spans.size() && spans[j].begin == end && text_of(spans[j]) == "-")
        ++j;  // its own item
      if (j >= spans.size() || spans[j].role != Role::kUnplaced || spans[j].begin <= end ||
          question.substr(end, spans[j].begin - end) != "-") {
        break;
      }
      end = spans[j].end;
      i = j;
    }
    AddOnce(&out, std::string(question.substr(begin, end - begin)));
  }
  return out;
}

// Chinese: the unplaced spans that touch, with the function spans between them, as one word
// (a dictionary word's function character joins them, else it ends the word).
std::vector<std::string> UnplacedChineseWords(std::string_view question,
                                              const std::vector<Span>& spans) {
  std::vector<std::string> out;
  const std::vector<text::Token> words = text::Segment(question);
  // "AC/DC出过": a Latin word and Chinese characters beside it are two words.
  const auto cjk = [&](const Span& sp) {
    return text::ContainsCjk(question.substr(sp.begin, sp.end - sp.begin));
  };
  for (size_t i = 0; i < spans.size(); ++i) {
    if (spans[i].role != Role::kUnplaced) continue;
    size_t last = i;
    // A function character bridges two unplaced runs only inside one dictionary word: 的 in
    // 入职的员工 ends a word (one run would quote the whole question back).
    for (size_t j = i + 1; j < spans.size() && spans[j].begin == spans[j - 1].end &&
                           spans[j].role != Role::kPlaced && cjk(spans[j]) == cjk(spans[i]);
         ++j) {
      if (spans[j].role == Role::kFunction &&
          !JoinedByDictionary(spans[j], spans[i].begin, spans[j].begin, words)) {
        break;
      }
      if (spans[j].role == Role::kUnplaced) last = j;
    }
    size_t begin = spans[i].begin, end = spans[last].end;
    const size_t core_begin = begin, core_end = end;
    if (i > 0 && spans[i - 1].end == begin && spans[i - 1].role == Role::kFunction &&
        JoinedByDictionary(spans[i - 1], core_begin, core_end, words)) {
      begin = spans[i - 1].begin;
    }
    if (last + 1 < spans.size() && spans[last + 1].begin == end &&
        spans[last + 1].role == Role::kFunction &&
        JoinedByDictionary(spans[last + 1], core_begin, core_end, words)) {
      end = spans[last + 1].end;
    }
    if (cjk(spans[i])) WidenToWholeWords(words, &begin, &end);
    AddOnce(&out, std::string(question.substr(begin, end - begin)));
    i = last;
  }
  return out;
}

}  // namespace

std::vector<std::string> UnplacedWords(std::string_view question, const std::vector<Unit>& units,
                                       const std::vector<Item>& items, bool chinese, bool known) {
  const std::vector<Span> spans = Spans(units, items, known);
  return chinese ? UnplacedChineseWords(question, spans) : UnplacedEnglishWords(question, spans);
}

std::string QuoteWords(const std::vector<std::string>& words, bool chinese) {
  std::string out;
  for (const std::string& w : words) {
    out += chinese ? (out.empty() ? "" : "、") + std::string("“") + w + "”"
                   : (out.empty() ? "" : ", ") + std::string("'") + w + "'";
  }
  return out;
}

}  // namespace askdb::nlq
