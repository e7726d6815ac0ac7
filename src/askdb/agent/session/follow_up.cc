#include "askdb/agent/session/follow_up.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "askdb/cache/slots.h"
#include "askdb/common/text.h"
#include "askdb/nlq/number_words.h"
#include "askdb/nlq/schema_index.h"
#include "askdb/nlq/tokenizer.h"

namespace askdb::agent {
namespace {

using nlq::Unit;
using nlq::UnitKind;

// Years outside this range are read as plain numbers, not periods.
constexpr int kMinYear = 1900;
constexpr int kMaxYear = 2100;
constexpr size_t kYearDigits = 4;

// kGroupOver: "各X"/"每个X"/"by X"/"per X" over a table or column ("各流派", "by genre"), which a
// value of that column can take the place of ("各流派的曲目数" + "那爵士呢" → "爵士的曲目数",
// "tracks by genre" + "what about Jazz?" → "tracks for Jazz").
enum class SlotKind { kValue, kPeriod, kGrouping, kTopN, kGroupOver };

// One recognised slot of a question, with its byte span in the question text.
struct Slot {
  SlotKind kind = SlotKind::kValue;
  size_t begin = 0, end = 0;  // byte span
  std::string text;           // as written
  // kValue: the (table, column) pairs the value belongs to; kGroupOver: the (table, column)
  // pairs the group word names, column -1 for a table.
  std::set<std::pair<int, int>> columns;
  // kPeriod: "year:2024" or a relative name ("last_year"); with_in: span starts with "in".
  std::string period;
  bool with_in = false;
  // kGrouping: "month", "year", ...; adjective: written "monthly" rather than "by month".
  std::string grain;
  bool adjective = false;
  // kTopN: N and the byte span of the number alone.
  int top_n = 0;
  size_t number_begin = 0, number_end = 0;
};

struct Pattern {
  std::vector<std::string> words;  // unit keys in order
  std::string meaning;
};

const std::vector<Pattern>& RelativePeriods() {
  static const std::vector<Pattern> patterns = {{{"去", "年"}, "last_year"},
                                                {{"今", "年"}, "this_year"},
                                                {{"上", "个", "月"}, "last_month"},
                                                {{"上", "月"}, "last_month"},
                                                {{"本", "月"}, "this_month"},
                                                {{"这", "个", "月"}, "this_month"},
                                                {{"上", "个", "季", "度"}, "last_quarter"},
                                                {{"上", "季", "度"}, "last_quarter"},
                                                {{"本", "季", "度"}, "this_quarter"},
                                                {{"last", "year"}, "last_year"},
                                                {{"this", "year"}, "this_year"},
                                                {{"last", "month"}, "last_month"},
                                                {{"this", "month"}, "this_month"},
                                                {{"last", "quarter"}, "last_quarter"},
                                                {{"this", "quarter"}, "this_quarter"}};
  return patterns;
}

// Time groupings; the meaning is the grain. Adjective forms are listed separately.
const std::vector<Pattern>& Groupings() {
  static const std::vector<Pattern> patterns = [] {
    std::vector<Pattern> p;
    const std::vector<std::pair<std::vector<std::string>, std::string>> zh_grains = {
        {{"月"}, "month"}, {{"个", "月"}, "month"}, {{"年"}, "year"}, {{"季", "度"}, "quarter"},
        {{"天"}, "day"},   {{"日"}, "day"},         {{"周"}, "week"}};
    for (const char* lead : {"按", "每", "逐"}) {
      for (const auto& [words, grain] : zh_grains) {
        std::vector<std::string> w = {lead};
        w.insert(w.end(), words.begin(), words.end());
        p.push_back({std::move(w), grain});
      }
    }
    for (const char* lead : {"by", "per", "each"}) {
      for (const char* grain : {"month", "year", "quarter", "day", "week"}) {
        p.push_back({{lead, grain}, grain});
      }
    }
    return p;
  }();
  return patterns;
}

const std::vector<Pattern>& AdjectiveGroupings() {
  static const std::vector<Pattern> patterns = {{{"monthly"}, "month"},     {{"yearly"}, "year"},
                                                {{"annually"}, "year"},     {{"annual"}, "year"},
                                                {{"quarterly"}, "quarter"}, {{"daily"}, "day"},
                                                {{"weekly"}, "week"}};
  return patterns;
}

// Words that carry no slot in a follow-up: the follow-up markers (那/那么/换成/改成/只看/
// 仅看/再看, what about/how about/and/now/only/just/same for/instead) and fillers.
bool IsFiller(const Unit& u) {
  static const std::set<std::string> fillers = {
      "那",    "么",  "呢",     "的",   "吧",   "啊",   "呀",  "嘛",      "了",   "个",
      "也",    "换",  "成",     "改",   "只",   "仅",   "看",  "再",      "and",  "what",
      "about", "how", "now",    "only", "just", "same", "for", "instead", "then", "the",
      "in",    "of",  "please", "too",  "a",    "show", "me",  "ok",      "okay"};
  if (u.kind == UnitKind::kPunct) return true;
  return fillers.count(u.key) > 0 || fillers.count(text::AsciiLower(u.text)) > 0;
}

bool UnitIs(const Unit& u, std::string_view word) {
  return u.key == word || text::AsciiLower(u.text) == word;
}

// Length in units of `p` when it matches at `i`, else 0.
size_t MatchAt(const std::vector<Unit>& units, size_t i, const Pattern& p) {
  if (i + p.words.size() > units.size()) return 0;
  for (size_t k = 0; k < p.words.size(); ++k) {
    if (!UnitIs(units[i + k], p.words[k])) return 0;
  }
  return p.words.size();
}

std::optional<int> ParseInt(std::string_view digits) {
  int n = 0;
  auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
  if (ec != std::errc() || ptr != digits.data() + digits.size()) return std::nullopt;
  return n;
}

// The number starting at unit `i`: digits, a Chinese numeral (one unit per character) or an
// English number word. `count` receives the number of units read.
std::optional<int> ParseTopN(const std::vector<Unit>& units, size_t i, size_t* count) {
  const Unit& u = units[i];
  *count = 1;
  if (u.kind == UnitKind::kNumber) return ParseInt(u.key);
  std::optional<double> value;
  if (u.kind == UnitKind::kCjk) {
    std::string numeral;
    size_t k = i;
    for (; k < units.size() && units[k].kind == UnitKind::kCjk; ++k) {
      std::vector<char32_t> cps = text::DecodeUtf8(units[k].text);
      if (cps.size() != 1 || !nlq::IsChineseNumeralChar(cps[0])) break;
      numeral += units[k].text;
    }
    if (k == i) return std::nullopt;
    *count = k - i;
    value = nlq::ParseChineseNumeral(numeral);
  } else if (u.kind == UnitKind::kWord) {
    value = nlq::ParseEnglishNumberWord(text::AsciiLower(u.text));
  }
  if (!value || *value != static_cast<int>(*value)) return std::nullopt;
  return static_cast<int>(*value);
}

// "各" or "每" with an optional measure word ("每个", "每位", "各种"), or "by", "per", "each",
// "for each": the units it takes, else 0.
size_t GroupLead(const std::vector<Unit>& units, size_t i) {
  if (UnitIs(units[i], "by") || UnitIs(units[i], "per") || UnitIs(units[i], "each")) return 1;
  if (UnitIs(units[i], "for") && i + 1 < units.size() && UnitIs(units[i + 1], "each")) return 2;
  if (!UnitIs(units[i], "各") && !UnitIs(units[i], "每")) return 0;
  static const std::set<std::string> measure_words = {"个", "位", "种", "家",
                                                      "名", "张", "首", "类"};
  return i + 1 < units.size() && measure_words.count(units[i + 1].key) ? 2 : 1;
}

// The table and column terms of the longest schema phrase starting at unit `i`; `count`
// receives its length in units (0 when none).
std::set<std::pair<int, int>> SchemaPhraseAt(const std::vector<Unit>& units, size_t i,
                                             const nlq::SchemaIndex& index, size_t* count) {
  *count = 0;
  for (size_t n = std::min(index.max_term_units(), units.size() - i); n >= 1; --n) {
    const std::vector<int>* ids = index.FindTerms(nlq::JoinUnitKeys(units, i, i + n));
    if (ids == nullptr) continue;
    std::set<std::pair<int, int>> named;
    for (int id : *ids) {
      const nlq::Term& t = index.terms()[id];
      if (t.kind == nlq::TermKind::kTable) named.insert({t.table, -1});
      if (t.kind == nlq::TermKind::kColumn) named.insert({t.table, t.column});
    }
    if (named.empty()) continue;
    *count = n;
    return named;
  }
  return {};
}

// Scans `text` for slots; `covered` receives, per unit, whether a slot covers it.
std::vector<Slot> ScanSlots(std::string_view text, const std::vector<Unit>& units,
                            const nlq::SchemaIndex* index, std::vector<bool>* covered) {
  std::vector<Slot> slots;
  covered->assign(units.size(), false);
  auto add = [&](Slot slot, size_t first, size_t count) {
    slot.begin = units[first].begin;
    slot.end = units[first + count - 1].end;
    slot.text = std::string(text.substr(slot.begin, slot.end - slot.begin));
    for (size_t k = first; k < first + count; ++k) (*covered)[k] = true;
    slots.push_back(std::move(slot));
  };
  size_t i = 0;
  while (i < units.size()) {
    const Unit& u = units[i];
    // Explicit year: "2024年", "2024", "in 2024".
    if (u.kind == UnitKind::kNumber && u.key.size() == kYearDigits) {
      std::optional<int> year = ParseInt(u.key);
      if (year && *year >= kMinYear && *year <= kMaxYear) {
        Slot s;
        s.kind = SlotKind::kPeriod;
        s.period = "year:" + u.key;
        size_t first = i, count = 1;
        if (i > 0 && UnitIs(units[i - 1], "in") && !(*covered)[i - 1]) {
          first = i - 1;
          count = 2;
          s.with_in = true;
        }
        if (i + 1 < units.size() && units[i + 1].key == "年") ++count;
        add(std::move(s), first, count);
        i = first + count;
        continue;
      }
    }
    bool matched = false;
    for (const Pattern& p : RelativePeriods()) {
      if (size_t n = MatchAt(units, i, p)) {
        Slot s;
        s.kind = SlotKind::kPeriod;
        s.period = p.meaning;
        add(std::move(s), i, n);
        i += n;
        matched = true;
        break;
      }
    }
    if (matched) continue;
    for (const auto* list : {&Groupings(), &AdjectiveGroupings()}) {
      for (const Pattern& p : *list) {
        if (size_t n = MatchAt(units, i, p)) {
          Slot s;
          s.kind = SlotKind::kGrouping;
          s.grain = p.meaning;
          s.adjective = list == &AdjectiveGroupings();
          add(std::move(s), i, n);
          i += n;
          matched = true;
          break;
        }
      }
      if (matched) break;
    }
    if (matched) continue;
    // Top-N: "前5(个|名)", "前五个", "top 5", "top five".
    if ((UnitIs(u, "前") || UnitIs(u, "top")) && i + 1 < units.size()) {
      size_t count = 0;
      std::optional<int> n = ParseTopN(units, i + 1, &count);
      if (n && *n > 0) {
        Slot s;
        s.kind = SlotKind::kTopN;
        s.top_n = *n;
        s.number_begin = units[i + 1].begin;
        s.number_end = units[i + count].end;
        size_t total = 1 + count;
        if (i + total < units.size() &&
            (units[i + total].key == "个" || units[i + total].key == "名")) {
          ++total;
        }
        add(std::move(s), i, total);
        i += total;
        continue;
      }
    }
    // Group over a table or column: "各流派", "每个国家".
    if (size_t lead = index != nullptr ? GroupLead(units, i) : 0;
        lead > 0 && i + lead < units.size()) {
      size_t n = 0;
      std::set<std::pair<int, int>> named = SchemaPhraseAt(units, i + lead, *index, &n);
      if (n > 0) {
        Slot s;
        s.kind = SlotKind::kGroupOver;
        s.columns = std::move(named);
        add(std::move(s), i, lead + n);
        i += lead + n;
        continue;
      }
    }
    // Filter value known to the index, longest phrase first.
    if (index != nullptr && u.kind != UnitKind::kPunct) {
      size_t longest = std::min(index->max_term_units(), units.size() - i);
      for (size_t n = longest; n >= 1 && !matched; --n) {
        const std::vector<int>* ids = index->FindTerms(nlq::JoinUnitKeys(units, i, i + n));
        if (ids == nullptr) continue;
        Slot s;
        s.kind = SlotKind::kValue;
        for (int id : *ids) {
          const nlq::Term& t = index->terms()[id];
          if (t.kind == nlq::TermKind::kValue) s.columns.insert({t.table, t.column});
        }
        if (s.columns.empty()) continue;
        add(std::move(s), i, n);
        i += n;
        matched = true;
      }
      if (matched) continue;
    }
    ++i;
  }
  return slots;
}

std::string RenderPeriod(const std::string& period, bool chinese, bool with_in) {
  if (period.rfind("year:", 0) == 0) {
    std::string year = period.substr(std::string_view("year:").size());
    if (chinese) return year + "年";
    return with_in ? "in " + year : year;
  }
  static const std::vector<std::pair<std::string, std::string>> zh = {
      {"last_year", "去年"},  {"this_year", "今年"},      {"last_month", "上个月"},
      {"this_month", "本月"}, {"last_quarter", "上季度"}, {"this_quarter", "本季度"}};
  if (chinese) {
    for (const auto& [key, word] : zh) {
      if (key == period) return word;
    }
  }
  std::string en = period;
  std::replace(en.begin(), en.end(), '_', ' ');
  return en;
}

std::string RenderGrouping(const std::string& grain, bool chinese, bool adjective) {
  if (chinese)
    return grain == "quarter" ? "每季度"
           : grain == "day"   ? "每天"
           : grain == "week"  ? "每周"
           : grain == "year"  ? "每年"
                              : "每月";
  if (adjective) return grain == "day" ? "daily" : grain + "ly";
  return "by " + grain;
}

// Byte offset just past the last non-punctuation character (to append before a final "?").
size_t ContentEnd(std::string_view text, const std::vector<Unit>& units) {
  for (size_t k = units.size(); k > 0; --k) {
    if (units[k - 1].kind != UnitKind::kPunct) return units[k - 1].end;
  }
  return text.size();
}

struct Edit {
  size_t begin = 0, end = 0;
  std::string text;
  int order = 0;  // among insertions at one position, lower order ends up first
};

FollowUp NotFollowUp(std::string_view question, std::string why) {
  return FollowUp{false, std::string(question), std::move(why)};
}

// The one group-over slot of `slots` whose table or column a value of `columns` belongs to.
const Slot* GroupOverFor(const std::vector<Slot>& slots,
                         const std::set<std::pair<int, int>>& columns, bool* ambiguous) {
  const Slot* found = nullptr;
  for (const Slot& g : slots) {
    if (g.kind != SlotKind::kGroupOver) continue;
    const bool over = std::any_of(columns.begin(), columns.end(), [&](const auto& c) {
      return g.columns.count(c) > 0 || g.columns.count({c.first, -1}) > 0;
    });
    if (!over) continue;
    if (found != nullptr) *ambiguous = true;
    found = &g;
  }
  return found;
}

const Slot* OnlySlot(const std::vector<Slot>& slots, SlotKind kind, bool* ambiguous) {
  const Slot* found = nullptr;
  for (const Slot& s : slots) {
    if (s.kind != kind) continue;
    if (found != nullptr) *ambiguous = true;
    found = &s;
  }
  return found;
}

// "订单数呢" after "2024年手机的销售额": the measure after the previous question's last 的
// gives way to the one asked ("2024年手机的订单数"). Only a Chinese "(那)X呢" whose X names a
// measure by its ending (数/额/量/率/价) and a previous question ending "…的<measure>";
// nullopt otherwise.
std::optional<FollowUp> MeasureSwap(std::string_view previous, std::string_view follow_up) {
  std::string x(follow_up);
  while (!x.empty() && std::isspace(static_cast<unsigned char>(x.back()))) x.pop_back();
  while (!x.empty() && std::isspace(static_cast<unsigned char>(x.front()))) x.erase(0, 1);
  for (std::string_view end : {"？", "?", "。"}) {
    if (x.ends_with(end)) x.resize(x.size() - end.size());
  }
  if (!x.ends_with("呢")) return std::nullopt;
  x.resize(x.size() - std::string_view("呢").size());
  for (std::string_view start : {"那么", "那"}) {
    if (x.starts_with(start)) {
      x.erase(0, start.size());
      break;
    }
  }
  static constexpr std::string_view kMeasureEnds[] = {"数", "额", "量", "率", "价"};
  const bool measure_word = std::any_of(std::begin(kMeasureEnds), std::end(kMeasureEnds),
                                        [&](std::string_view e) { return x.ends_with(e); });
  if (x.empty() || !measure_word || !text::ContainsCjk(x) || x.size() > 24) return std::nullopt;
  const size_t de = previous.rfind("的");
  if (de == std::string_view::npos || de == 0) return std::nullopt;
  std::string_view old = previous.substr(de + std::string_view("的").size());
  for (std::string_view end : {"？", "?", "。"}) {
    if (old.ends_with(end)) old.remove_suffix(end.size());
  }
  if (old.empty() || old.find(' ') != std::string_view::npos) return std::nullopt;
  FollowUp out{true, std::string(previous.substr(0, de)) + "的" + x, std::string(old) + " → " + x};
  return out;
}

}  // namespace

FollowUp ResolveFollowUp(std::string_view previous_resolved_question, std::string_view follow_up,
                         const nlq::SchemaIndex* index) {
  if (previous_resolved_question.empty()) {
    return NotFollowUp(follow_up, "no previous question");
  }
  const std::vector<Unit> units = nlq::TokenizeUnits(follow_up);
  std::vector<bool> covered;
  const std::vector<Slot> slots = ScanSlots(follow_up, units, index, &covered);
  if (slots.empty()) {
    if (std::optional<FollowUp> swap = MeasureSwap(previous_resolved_question, follow_up))
      return *swap;
    return NotFollowUp(follow_up, "no value, period, grouping or top-N");
  }
  for (size_t k = 0; k < units.size(); ++k) {
    if (!covered[k] && !IsFiller(units[k])) {
      return NotFollowUp(
          follow_up, "has its own content (\"" + units[k].text + "\"): treated as a new question");
    }
  }

  const std::string previous(previous_resolved_question);
  const std::vector<Unit> prev_units = nlq::TokenizeUnits(previous);
  std::vector<bool> prev_covered;
  const std::vector<Slot> prev_slots = ScanSlots(previous, prev_units, index, &prev_covered);
  const bool chinese = text::ContainsCjk(previous);

  std::vector<Edit> edits;
  std::vector<std::string> notes;
  std::set<SlotKind> seen;
  std::set<size_t> replaced_values;  // begin offsets of previous values already replaced
  for (const Slot& s : slots) {
    if (s.kind != SlotKind::kValue && !seen.insert(s.kind).second) {
      return NotFollowUp(follow_up, "more than one period, grouping or top-N");
    }
    bool ambiguous = false;
    switch (s.kind) {
      case SlotKind::kValue: {
        const Slot* old = nullptr;
        for (const Slot& p : prev_slots) {
          if (p.kind != SlotKind::kValue) continue;
          bool same_column = std::any_of(s.columns.begin(), s.columns.end(),
                                         [&](const auto& c) { return p.columns.count(c) > 0; });
          if (!same_column) continue;
          if (old != nullptr) ambiguous = true;
          old = &p;
        }
        if (old == nullptr && !ambiguous) {
          // No value of that column before, but a group over it: the value narrows the
          // breakdown to its own row ("各流派" → "爵士").
          old = GroupOverFor(prev_slots, s.columns, &ambiguous);
        }
        if (old == nullptr || ambiguous || !replaced_values.insert(old->begin).second) {
          return NotFollowUp(follow_up, "\"" + s.text +
                                            "\" has no single value of the same column in the "
                                            "previous question to replace");
        }
        // "by genre" gives way to "for Jazz"; "各流派" to "爵士".
        // ... unless a preposition already stands before it ("customers in each country" →
        // "in Germany", not "in for Germany").
        const std::string before = " " + text::AsciiLower(previous.substr(0, old->begin));
        const bool after_preposition = before.ends_with(" in ") || before.ends_with(" for ") ||
                                       before.ends_with(" of ") || before.ends_with(" across ");
        const std::string text = old->kind == SlotKind::kGroupOver && !chinese && !after_preposition
                                     ? "for " + s.text
                                     : s.text;
        edits.push_back({old->begin, old->end, text, 0});
        notes.push_back(old->text + " → " + text);
        break;
      }
      case SlotKind::kPeriod: {
        const Slot* old = OnlySlot(prev_slots, SlotKind::kPeriod, &ambiguous);
        if (ambiguous) {
          return NotFollowUp(follow_up, "the previous question has more than one period");
        }
        if (old != nullptr) {
          std::string text = RenderPeriod(s.period, chinese, old->with_in);
          edits.push_back({old->begin, old->end, text, 0});
          notes.push_back(old->text + " → " + text);
        } else if (chinese) {
          std::string text = RenderPeriod(s.period, true, false);
          edits.push_back({0, 0, text, 0});
          notes.push_back((chinese ? "加上 " : "added ") + text);
        } else {
          std::string text = RenderPeriod(s.period, false, true);
          size_t at = ContentEnd(previous, prev_units);
          edits.push_back({at, at, " " + text, 0});
          notes.push_back((chinese ? "加上 " : "added ") + text);
        }
        break;
      }
      case SlotKind::kGrouping: {
        const Slot* old = OnlySlot(prev_slots, SlotKind::kGrouping, &ambiguous);
        if (ambiguous) {
          return NotFollowUp(follow_up, "the previous question has more than one grouping");
        }
        if (old != nullptr) {
          std::string text = RenderGrouping(s.grain, chinese, old->adjective);
          edits.push_back({old->begin, old->end, text, 1});
          notes.push_back(old->text + " → " + text);
        } else if (chinese) {
          std::string text = RenderGrouping(s.grain, true, false);
          // After the period when there is one: "2024年的销售额" → "2024年每月的销售额".
          const Slot* period = OnlySlot(prev_slots, SlotKind::kPeriod, &ambiguous);
          size_t at = period != nullptr && !ambiguous ? period->end : 0;
          edits.push_back({at, at, text, 1});
          notes.push_back((chinese ? "加上 " : "added ") + text);
        } else {
          std::string text = RenderGrouping(s.grain, false, false);
          size_t at = ContentEnd(previous, prev_units);
          edits.push_back({at, at, " " + text, 1});
          notes.push_back((chinese ? "加上 " : "added ") + text);
        }
        break;
      }
      case SlotKind::kGroupOver:
        return NotFollowUp(follow_up, "a new grouping (\"" + s.text + "\") is a new question");
      case SlotKind::kTopN: {
        const Slot* old = OnlySlot(prev_slots, SlotKind::kTopN, &ambiguous);
        if (old == nullptr || ambiguous) {
          return NotFollowUp(follow_up, "the previous question has no single top-N to change");
        }
        std::string n = std::to_string(s.top_n);
        edits.push_back({old->number_begin, old->number_end, n, 0});
        notes.push_back(old->text + " → top " + n);
        break;
      }
    }
  }

  // Apply from the back so earlier offsets stay valid; among insertions at one position the
  // higher order goes in first, so the lower order ends up in front of it.
  std::sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) {
    if (a.begin != b.begin) return a.begin > b.begin;
    return a.order > b.order;
  });
  std::string resolved = previous;
  for (const Edit& e : edits) resolved.replace(e.begin, e.end - e.begin, e.text);

  // Cross-check with the answer cache's slot reader: the rewrite must not change what the
  // previous question asked for beyond the substituted slots (aggregation, comparison,
  // order, negation), and the follow-up itself must carry none of those (a follow-up that
  // says "average" or "不是" is a new question, not a substitution).
  const nlq::CivilDate anchor = nlq::TodayUtc();
  const cache::QuestionSlots asked = cache::ExtractSlots(follow_up, anchor, index);
  if (!asked.aggregations.empty() || !asked.comparisons.empty() || asked.negated) {
    return NotFollowUp(follow_up,
                       "names an aggregation, comparison or negation: " + asked.Describe());
  }
  const cache::QuestionSlots before = cache::ExtractSlots(previous, anchor, index);
  const cache::QuestionSlots after = cache::ExtractSlots(resolved, anchor, index);
  if (before.aggregations != after.aggregations || before.comparisons != after.comparisons ||
      before.negated != after.negated ||
      (before.order != after.order && seen.count(SlotKind::kTopN) == 0)) {
    return NotFollowUp(
        follow_up, "the rewrite \"" + resolved + "\" would change more than the substituted slots");
  }

  // Only the substitutions ("北京 → 上海"): language-neutral, so any front end can frame it.
  std::string explanation;
  for (size_t k = 0; k < notes.size(); ++k) {
    if (k > 0) explanation += "; ";
    explanation += notes[k];
  }
  return FollowUp{true, std::move(resolved), std::move(explanation)};
}

}  // namespace askdb::agent
