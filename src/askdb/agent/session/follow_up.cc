#include "askdb/agent/session/follow_up.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "askdb/agent/session/chart_follow_up.h"
#include "askdb/agent/session/table_nesting.h"
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
  // kTopN: N and the byte span of the number alone; percent: "前5%", "top 10 percent", a share
  // of the rows rather than a count.
  int top_n = 0;
  bool percent = false;
  size_t number_begin = 0, number_end = 0;
  // kGroupOver: the lead's byte end ("各", "每个", "by") and its measure word ("个", "位").
  size_t lead_end = 0;
  std::string measure_word;
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

// What a slot reader found at a unit: the slot and the units it covers.
struct SlotMatch {
  Slot slot;
  size_t first = 0, count = 0;
};

// Explicit year: "2024年", "2024", "in 2024" (the "in" is the slot's when no slot has it).
std::optional<SlotMatch> YearAt(const std::vector<Unit>& units, size_t i,
                                const std::vector<bool>& covered) {
  const Unit& u = units[i];
  if (u.kind != UnitKind::kNumber || u.key.size() != kYearDigits) return std::nullopt;
  std::optional<int> year = ParseInt(u.key);
  if (!year || *year < kMinYear || *year > kMaxYear) return std::nullopt;
  SlotMatch m{.slot = {}, .first = i, .count = 1};
  m.slot.kind = SlotKind::kPeriod;
  m.slot.period = "year:" + u.key;
  if (i > 0 && UnitIs(units[i - 1], "in") && !covered[i - 1]) {
    m.first = i - 1;
    m.count = 2;
    m.slot.with_in = true;
  }
  if (i + 1 < units.size() && units[i + 1].key == "年") ++m.count;
  return m;
}

// "去年", "上个月", "this quarter", ...
std::optional<SlotMatch> RelativePeriodAt(const std::vector<Unit>& units, size_t i) {
  for (const Pattern& p : RelativePeriods()) {
    if (size_t n = MatchAt(units, i, p)) {
      SlotMatch m{.slot = {}, .first = i, .count = n};
      m.slot.kind = SlotKind::kPeriod;
      m.slot.period = p.meaning;
      return m;
    }
  }
  return std::nullopt;
}

// A time grouping: "按月", "每季度", "by month", "monthly".
std::optional<SlotMatch> GroupingAt(const std::vector<Unit>& units, size_t i) {
  for (const auto* list : {&Groupings(), &AdjectiveGroupings()}) {
    for (const Pattern& p : *list) {
      if (size_t n = MatchAt(units, i, p)) {
        SlotMatch m{.slot = {}, .first = i, .count = n};
        m.slot.kind = SlotKind::kGrouping;
        m.slot.grain = p.meaning;
        m.slot.adjective = list == &AdjectiveGroupings();
        return m;
      }
    }
  }
  return std::nullopt;
}

// The units of a percent sign at `i` ("%", "％", "percent"), or of 百分之 read as the number
// 百 followed by "分之" ("前百分之五"); 0 when none.
size_t PercentAt(const std::vector<Unit>& units, size_t i) {
  if (i >= units.size()) return 0;
  if (UnitIs(units[i], "%") || UnitIs(units[i], "％") || UnitIs(units[i], "percent")) return 1;
  if (i + 1 < units.size() && UnitIs(units[i], "分") && UnitIs(units[i + 1], "之")) {
    size_t count = 0;
    return i + 2 < units.size() && ParseTopN(units, i + 2, &count) ? 2 + count : 2;
  }
  return 0;
}

// Top-N: "前5(个|名)", "前五个", "top 5", "top five"; "前5%" is read as a percent top-N, which
// no follow-up applies.
std::optional<SlotMatch> TopNAt(const std::vector<Unit>& units, size_t i) {
  if ((!UnitIs(units[i], "前") && !UnitIs(units[i], "top")) || i + 1 >= units.size()) {
    return std::nullopt;
  }
  size_t count = 0;
  std::optional<int> n = ParseTopN(units, i + 1, &count);
  if (!n || *n <= 0) return std::nullopt;
  SlotMatch m{.slot = {}, .first = i, .count = 1 + count};
  m.slot.kind = SlotKind::kTopN;
  m.slot.top_n = *n;
  m.slot.number_begin = units[i + 1].begin;
  m.slot.number_end = units[i + count].end;
  if (size_t percent = PercentAt(units, i + m.count)) {
    m.slot.percent = true;
    m.count += percent;
  } else if (i + m.count < units.size() &&
             (units[i + m.count].key == "个" || units[i + m.count].key == "名")) {
    ++m.count;
  }
  return m;
}

// Group over a table or column: "各流派", "每个国家".
std::optional<SlotMatch> GroupOverAt(const std::vector<Unit>& units, size_t i,
                                     const nlq::SchemaIndex* index) {
  const size_t lead = index != nullptr ? GroupLead(units, i) : 0;
  if (lead == 0 || i + lead >= units.size()) return std::nullopt;
  size_t n = 0;
  std::set<std::pair<int, int>> named = SchemaPhraseAt(units, i + lead, *index, &n);
  if (n == 0) return std::nullopt;
  SlotMatch m{.slot = {}, .first = i, .count = lead + n};
  m.slot.kind = SlotKind::kGroupOver;
  m.slot.columns = std::move(named);
  m.slot.lead_end = units[i + lead - 1].end;
  if (lead == 2 && units[i].key != "for") m.slot.measure_word = units[i + 1].text;
  return m;
}

// Filter value known to the index, longest phrase first.
std::optional<SlotMatch> ValueAt(const std::vector<Unit>& units, size_t i,
                                 const nlq::SchemaIndex* index) {
  if (index == nullptr || units[i].kind == UnitKind::kPunct) return std::nullopt;
  const size_t longest = std::min(index->max_term_units(), units.size() - i);
  for (size_t n = longest; n >= 1; --n) {
    const std::vector<int>* ids = index->FindTerms(nlq::JoinUnitKeys(units, i, i + n));
    if (ids == nullptr) continue;
    SlotMatch m{.slot = {}, .first = i, .count = n};
    m.slot.kind = SlotKind::kValue;
    for (int id : *ids) {
      const nlq::Term& t = index->terms()[id];
      if (t.kind == nlq::TermKind::kValue) m.slot.columns.insert({t.table, t.column});
    }
    if (!m.slot.columns.empty()) return m;
  }
  return std::nullopt;
}

// The first slot reader that matches at unit `i`, in order of precedence.
std::optional<SlotMatch> SlotAt(const std::vector<Unit>& units, size_t i,
                                const nlq::SchemaIndex* index, const std::vector<bool>& covered) {
  if (std::optional<SlotMatch> m = YearAt(units, i, covered)) return m;
  if (std::optional<SlotMatch> m = RelativePeriodAt(units, i)) return m;
  if (std::optional<SlotMatch> m = GroupingAt(units, i)) return m;
  if (std::optional<SlotMatch> m = TopNAt(units, i)) return m;
  if (std::optional<SlotMatch> m = GroupOverAt(units, i, index)) return m;
  return ValueAt(units, i, index);
}

// Scans `text` for slots; `covered` receives, per unit, whether a slot covers it.
std::vector<Slot> ScanSlots(std::string_view text, const std::vector<Unit>& units,
                            const nlq::SchemaIndex* index, std::vector<bool>* covered) {
  std::vector<Slot> slots;
  covered->assign(units.size(), false);
  size_t i = 0;
  while (i < units.size()) {
    std::optional<SlotMatch> m = SlotAt(units, i, index, *covered);
    if (!m) {
      ++i;
      continue;
    }
    Slot& slot = slots.emplace_back(std::move(m->slot));
    slot.begin = units[m->first].begin;
    slot.end = units[m->first + m->count - 1].end;
    slot.text = std::string(text.substr(slot.begin, slot.end - slot.begin));
    for (size_t k = m->first; k < m->first + m->count; ++k) (*covered)[k] = true;
    i = m->first + m->count;
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

// Only a follow-up's slots and markers, which had no place in the previous question.
FollowUp Declined(std::string_view question, std::string why, DeclineWhy reason) {
  return FollowUp{false, std::string(question), std::move(why), true, reason};
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

// Why a question is not a follow-up of the previous one; nullopt: nothing against it (yet).
using WhyNot = std::optional<std::string>;

// The previous question as the follow-up's substitutions see it.
struct PreviousQuestion {
  std::string text;
  std::vector<Unit> units;
  std::vector<Slot> slots;
  bool chinese = false;
  const nlq::SchemaIndex* index = nullptr;  // may be null
};

PreviousQuestion ReadPrevious(std::string_view question, const nlq::SchemaIndex* index) {
  PreviousQuestion previous;
  previous.text = std::string(question);
  previous.units = nlq::TokenizeUnits(previous.text);
  std::vector<bool> covered;
  previous.slots = ScanSlots(previous.text, previous.units, index, &covered);
  previous.chinese = text::ContainsCjk(previous.text);
  previous.index = index;
  return previous;
}

// The edits to the previous question, with a note per edit ("北京 → 上海", "added 2024").
struct Rewrite {
  std::vector<Edit> edits;
  std::vector<std::string> notes;
  std::set<size_t> replaced_values;     // begin offsets of previous values already replaced
  std::string_view previous;            // the text the edits apply to
  size_t follow_up_slots = 0;           // how many slots the follow-up has
  DeclineWhy why = DeclineWhy::kGuess;  // set by a substitution that says why not

  // Says why not, with the reason the user is told.
  std::string Decline(DeclineWhy reason, std::string why_not) {
    why = reason;
    return why_not;
  }

  void Replace(size_t begin, size_t end, const std::string& old_text, std::string text, int order) {
    notes.push_back(old_text + " → " + text);
    edits.push_back({begin, end, std::move(text), order});
  }
  void Insert(size_t at, const std::string& text, bool chinese, int order) {
    // English text goes after the last word, with a space; Chinese text needs none, but a
    // Latin word beside a Latin word does ("Beijing的销售额" + "Toys" → "Beijing Toys的销售额",
    // not one token "BeijingToys").
    std::string inserted = chinese ? text : " " + text;
    if (chinese && !text.empty()) {
      if (at > 0 && at <= previous.size() && IsAsciiWordByte(previous[at - 1]) &&
          IsAsciiWordByte(text.front())) {
        inserted.insert(0, " ");
      }
      if (at < previous.size() && IsAsciiWordByte(previous[at]) && IsAsciiWordByte(text.back())) {
        inserted += " ";
      }
    }
    edits.push_back({at, at, std::move(inserted), order});
    notes.push_back((chinese ? "加上 " : "added ") + text);
  }
  static bool IsAsciiWordByte(char c) {
    const auto u = static_cast<unsigned char>(c);
    return u < 0x80 && std::isalnum(u) != 0;
  }
  void Drop(size_t begin, size_t end, const std::string& old_text, bool chinese) {
    edits.push_back({begin, end, "", 0});
    notes.push_back((chinese ? "去掉 " : "dropped ") + old_text);
  }
};

// The first unit no slot covers that is not a filler: the follow-up says something of its
// own, so it is a new question.
WhyNot OwnContent(const std::vector<Unit>& units, const std::vector<bool>& covered) {
  for (size_t k = 0; k < units.size(); ++k) {
    if (!covered[k] && !IsFiller(units[k])) {
      return "has its own content (\"" + units[k].text + "\"): treated as a new question";
    }
  }
  return std::nullopt;
}

// Whether `column` of `table` is the table's label in either language (name_zh, name_en).
bool IsLabel(const nlq::SchemaIndex* index, int table, int column) {
  return index != nullptr &&
         (column == index->LabelColumn(table, true) || column == index->LabelColumn(table, false));
}

// Whether two values are of one attribute: one column, or the row's name in two languages
// ("上海" then "Beijing" replace each other; combined they would ask for no city at all).
bool SameAttribute(const nlq::SchemaIndex* index, const std::pair<int, int>& a,
                   const std::pair<int, int>& b) {
  if (a == b) return true;
  return a.first == b.first && IsLabel(index, a.first, a.second) &&
         IsLabel(index, b.first, b.second);
}

// The previous question's one value of the attribute of `columns`; null when none or several.
const Slot* SameColumnValue(const PreviousQuestion& previous,
                            const std::set<std::pair<int, int>>& columns, bool* ambiguous) {
  const Slot* found = nullptr;
  for (const Slot& p : previous.slots) {
    if (p.kind != SlotKind::kValue) continue;
    const bool same_column = std::any_of(columns.begin(), columns.end(), [&](const auto& c) {
      return std::any_of(p.columns.begin(), p.columns.end(),
                         [&](const auto& o) { return SameAttribute(previous.index, c, o); });
    });
    if (!same_column) continue;
    if (found != nullptr) *ambiguous = true;
    found = &p;
  }
  return found;
}

std::set<int> TablesOf(const std::set<std::pair<int, int>>& columns) {
  std::set<int> tables;
  for (const auto& c : columns) tables.insert(c.first);
  return tables;
}

std::string NoCounterpart(const Slot& s) {
  return "\"" + s.text +
         "\" has no single value of the same column in the previous question to "
         "replace";
}

// `value` in place of `old`: "by genre" gives way to "for Jazz"; "各流派" to "爵士" ... unless a
// preposition already stands before it ("customers in each country" → "in Germany", not
// "in for Germany").
void ReplaceByValue(const Slot& value, const Slot& old, const PreviousQuestion& previous,
                    Rewrite* rewrite) {
  const std::string before = " " + text::AsciiLower(previous.text.substr(0, old.begin));
  const bool after_preposition = before.ends_with(" in ") || before.ends_with(" for ") ||
                                 before.ends_with(" of ") || before.ends_with(" across ");
  std::string text = old.kind == SlotKind::kGroupOver && !previous.chinese && !after_preposition
                         ? "for " + value.text
                         : value.text;
  rewrite->Replace(old.begin, old.end, old.text, std::move(text), 0);
}

// Whether the value names one row of its table: the table's label column (name, title),
// one row per value. "上海" names one city, which lies in one region; "线上" is the channel
// of many orders, in every region.
bool NamesItsRow(const nlq::SchemaIndex& index, const Slot& value) {
  return std::all_of(value.columns.begin(), value.columns.end(), [&](const auto& c) {
    const auto [table, column] = c;
    return IsLabel(&index, table, column) && index.LabelIsUnique(table, column);
  });
}

// Whether the previous value `p` is another level of the hierarchy whose row `value` names:
// the region a city lies in ("华东" before "上海"), or with `upward` also a city inside the
// region named now ("上海" before "华东"). Kept beside the new value, either would ask for the
// rows of both at once: none, or only the lower level's.
bool OnAnotherLevel(const Slot& value, const Slot& p, const nlq::SchemaIndex& index, bool upward) {
  if (p.kind != SlotKind::kValue || !NamesItsRow(index, value)) return false;
  const TableNesting nesting = NestingOf(index, TablesOf(value.columns), TablesOf(p.columns));
  return nesting == TableNesting::kInside ||
         (upward && nesting == TableNesting::kContains && NamesItsRow(index, p));
}

// The previous question's values the new value's row lies in, dropped: after "华东各城市的销售额"
// "那北京呢" asks for 北京, not "华东北京" (empty when 北京 is not in 华东). English drops the
// preposition before the value too ("for East China").
void DropValuesItLiesIn(const Slot& value, const PreviousQuestion& previous, Rewrite* rewrite) {
  if (previous.index == nullptr) return;
  for (const Slot& p : previous.slots) {
    if (!OnAnotherLevel(value, p, *previous.index, false) ||
        !rewrite->replaced_values.insert(p.begin).second) {
      continue;
    }
    size_t begin = p.begin;
    if (!previous.chinese) {
      const std::string before = text::AsciiLower(previous.text.substr(0, p.begin));
      for (std::string_view lead : {" for ", " in ", " of ", " "}) {
        if (before.ends_with(lead)) {
          begin -= lead.size();
          break;
        }
      }
    }
    rewrite->Drop(begin, p.end, p.text, previous.chinese);
  }
}

// `value` in place of `old`, and the values its row lies in dropped.
void ReplaceNarrowing(const Slot& value, const Slot& old, const PreviousQuestion& previous,
                      Rewrite* rewrite) {
  ReplaceByValue(value, old, previous, rewrite);
  DropValuesItLiesIn(value, previous, rewrite);
}

// A value of a table nested with the previous breakdown's by keys narrows it. A value that
// names a row inside one of the breakdown's groups takes the breakdown's place: a city after
// "各地区" (a city lies in one region), "上海的销售额". Any other keeps the breakdown, as a
// filter beside it: a region after "各城市", for the cities inside ("华东各城市的销售额",
// "sales by city for East China"); an order's channel after "各地区", whose orders lie in
// every region ("线上各地区的销售额"). A value of an unrelated table ("Toys" after "by city") is
// not read: which breakdown it narrows is a guess.
WhyNot NarrowNestedBreakdown(const Slot& s, const PreviousQuestion& previous, Rewrite* rewrite) {
  bool ambiguous = false;
  const Slot* group = OnlySlot(previous.slots, SlotKind::kGroupOver, &ambiguous);
  if (group == nullptr || ambiguous || previous.index == nullptr ||
      !rewrite->replaced_values.insert(group->begin).second) {
    return NoCounterpart(s);
  }
  const TableNesting nesting =
      NestingOf(*previous.index, TablesOf(s.columns), TablesOf(group->columns));
  if (nesting == TableNesting::kNone) return NoCounterpart(s);
  if (nesting == TableNesting::kInside && NamesItsRow(*previous.index, s)) {
    ReplaceNarrowing(s, *group, previous, rewrite);
  } else if (previous.chinese) {
    rewrite->Insert(group->begin, s.text, true, 2);
  } else {
    rewrite->Insert(group->end, "for " + s.text, false, 2);
  }
  return std::nullopt;
}

bool HasSlot(const std::vector<Slot>& slots, SlotKind kind) {
  return std::any_of(slots.begin(), slots.end(), [&](const Slot& s) { return s.kind == kind; });
}

// Whether the previous value `p` and `value` are of one table and one of them names its row:
// kept together they would ask for a row with both ("上海" and province "浙江": none), so the
// new value takes the old one's place.
bool OfTheSameRow(const Slot& value, const Slot& p, const nlq::SchemaIndex& index) {
  if (p.kind != SlotKind::kValue) return false;
  const std::set<int> tables = TablesOf(value.columns);
  const std::set<int> previous_tables = TablesOf(p.columns);
  const bool shared =
      std::any_of(tables.begin(), tables.end(), [&](int t) { return previous_tables.contains(t); });
  return shared && (NamesItsRow(index, p) || NamesItsRow(index, value));
}

// Whether a preposition (for, in, of) stands just before `at` in `text`.
bool AfterPreposition(std::string_view text, size_t at) {
  const std::string before = " " + text::AsciiLower(text.substr(0, at));
  return before.ends_with(" for ") || before.ends_with(" in ") || before.ends_with(" of ");
}

// A value of another column than the previous question's values combines with them ("上海的
// 销售额" + "那线上呢" → "上海线上的销售额", "sales for Shanghai for online"): in Chinese after the
// last of them; in English after the last of them when a preposition introduces it, else at
// the end ("Shanghai sales in 2024" + "Toys" → "Shanghai sales in 2024 for Toys"). A value on
// another level of one of their hierarchies, or of the same table as one that names its row,
// takes its place instead ("上海的销售额" + "那华东呢" → "华东的销售额", "那浙江呢" →
// "浙江的销售额"); two such values: which one it replaces is a guess. A question with no value has
// nothing it narrows: where the value goes is a guess.
WhyNot CombineWithValues(const Slot& s, const PreviousQuestion& previous, Rewrite* rewrite) {
  const Slot* last = nullptr;
  const Slot* level = nullptr;
  const Slot* same_row = nullptr;
  bool several_rows = false;
  for (const Slot& p : previous.slots) {
    if (p.kind != SlotKind::kValue) continue;
    last = &p;
    if (previous.index == nullptr) continue;
    if (OfTheSameRow(s, p, *previous.index)) {
      if (same_row != nullptr) several_rows = true;
      same_row = &p;
    }
    if (level == nullptr && OnAnotherLevel(s, p, *previous.index, true)) level = &p;
  }
  if (last == nullptr || several_rows) return NoCounterpart(s);
  if (same_row != nullptr) level = same_row;
  if (level != nullptr) {
    if (!rewrite->replaced_values.insert(level->begin).second) return NoCounterpart(s);
    ReplaceNarrowing(s, *level, previous, rewrite);
  } else if (previous.chinese) {
    rewrite->Insert(last->end, s.text, true, 3);
  } else if (AfterPreposition(previous.text, last->begin)) {
    rewrite->Insert(last->end, "for " + s.text, false, 3);
  } else {
    rewrite->Insert(ContentEnd(previous.text, previous.units), "for " + s.text, false, 3);
  }
  return std::nullopt;
}

// A value takes the place of the previous question's one value of the same column, or of
// its one group over that column, or narrows a breakdown over a table nested with its own,
// or combines with the previous question's values of other columns.
WhyNot SubstituteValue(const Slot& s, const PreviousQuestion& previous, Rewrite* rewrite) {
  bool ambiguous = false;
  const Slot* old = SameColumnValue(previous, s.columns, &ambiguous);
  if (old == nullptr && !ambiguous) {
    // No value of that column before, but a group over it: the value narrows the
    // breakdown to its own row ("各流派" → "爵士").
    old = GroupOverFor(previous.slots, s.columns, &ambiguous);
    if (old == nullptr && !ambiguous) {
      return HasSlot(previous.slots, SlotKind::kGroupOver)
                 ? NarrowNestedBreakdown(s, previous, rewrite)
                 : CombineWithValues(s, previous, rewrite);
    }
  }
  if (old == nullptr || ambiguous || !rewrite->replaced_values.insert(old->begin).second) {
    return NoCounterpart(s);
  }
  ReplaceNarrowing(s, *old, previous, rewrite);
  return std::nullopt;
}

// A period takes the place of the previous one, or is added: in front in Chinese, at the
// end in English.
WhyNot SubstitutePeriod(const Slot& s, const PreviousQuestion& previous, Rewrite* rewrite) {
  bool ambiguous = false;
  const Slot* old = OnlySlot(previous.slots, SlotKind::kPeriod, &ambiguous);
  if (ambiguous) return "the previous question has more than one period";
  if (old != nullptr) {
    rewrite->Replace(old->begin, old->end, old->text,
                     RenderPeriod(s.period, previous.chinese, old->with_in), 0);
  } else if (previous.chinese) {
    rewrite->Insert(0, RenderPeriod(s.period, true, false), true, 0);
  } else {
    rewrite->Insert(ContentEnd(previous.text, previous.units), RenderPeriod(s.period, false, true),
                    false, 0);
  }
  return std::nullopt;
}

// Whether the previous question keeps only its top rows, as the engine reads it: a top-N the
// follow-up scanner knows ("前5个", "top 5"), or any the answer cache's reader finds
// ("销售额最高的5个门店"), an order word (最高, top), or a largest/smallest beside a number ("the
// 3 cities with the highest sales").
bool RanksItsRows(const PreviousQuestion& previous) {
  if (HasSlot(previous.slots, SlotKind::kTopN)) return true;
  const cache::QuestionSlots slots =
      cache::ExtractSlots(previous.text, nlq::TodayUtc(), previous.index);
  const auto& aggregations = slots.aggregations;
  const bool extreme =
      std::find(aggregations.begin(), aggregations.end(), "max") != aggregations.end() ||
      std::find(aggregations.begin(), aggregations.end(), "min") != aggregations.end();
  return slots.top_n.has_value() || !slots.order.empty() || (extreme && !slots.numbers.empty());
}

// A time grouping takes the place of the previous one, or is added: in Chinese after the
// period when there is one ("2024年的销售额" → "2024年每月的销售额"), in English at the end.
WhyNot SubstituteGrouping(const Slot& s, const PreviousQuestion& previous, Rewrite* rewrite) {
  bool ambiguous = false;
  const Slot* old = OnlySlot(previous.slots, SlotKind::kGrouping, &ambiguous);
  if (ambiguous) return "the previous question has more than one grouping";
  if (old == nullptr && RanksItsRows(previous)) {
    // "前5个门店的销售额" + "按月呢": the top 5 of each month, or the months of those 5? The
    // engine read "每月前5个门店" as the top 5 of all month-store pairs, a wrong answer.
    return rewrite->Decline(DeclineWhy::kTopNAndTimeGrouping,
                            "a time grouping added to a top-N: the top of each period or the "
                            "periods of the top is a guess");
  }
  if (old != nullptr) {
    rewrite->Replace(old->begin, old->end, old->text,
                     RenderGrouping(s.grain, previous.chinese, old->adjective), 1);
  } else if (previous.chinese) {
    const Slot* period = OnlySlot(previous.slots, SlotKind::kPeriod, &ambiguous);
    const size_t at = period != nullptr && !ambiguous ? period->end : 0;
    rewrite->Insert(at, RenderGrouping(s.grain, true, false), true, 1);
  } else {
    rewrite->Insert(ContentEnd(previous.text, previous.units),
                    RenderGrouping(s.grain, false, false), false, 1);
  }
  return std::nullopt;
}

// Whether the previous question orders its rows by a word of its own (最高, lowest, 升序) or
// names an order at all ("按城市名排序", "sorted by name", "in alphabetical order"): then "the
// top 5" of it is not simply the largest five of the measure, but maybe the first 5 rows shown.
bool NamesAnOrder(const PreviousQuestion& previous) {
  static const std::regex kOrderWords(
      "排序|排列|\\bsort(ed|ing)?\\b|\\border(ed)? by\\b|\\bin [a-z]+ order\\b", std::regex::icase);
  return !cache::ExtractSlots(previous.text, nlq::TodayUtc(), previous.index).order.empty() ||
         std::regex_search(previous.text, kOrderWords);
}

// A top-N added to a breakdown that had none ("各门店的销售额" + "只看前5个" → "前5个门店的销售额",
// "sales by store" + "just the top 5" → "sales by store top 5"): the engine ranks a breakdown
// by its measure, largest first, so its top N are the N largest. Only over one table or column,
// no time grouping (the first 5 months are not the top 5) and no order of its own; only as
// the follow-up's one slot ("只看前5个门店" after "各城市" names a breakdown of its own); in
// English only after "by" ("sales per store top 5" reads as a top 5 per store).
WhyNot AddTopN(const Slot& s, const PreviousQuestion& previous, Rewrite* rewrite) {
  bool ambiguous = false;
  const Slot* group = OnlySlot(previous.slots, SlotKind::kGroupOver, &ambiguous);
  if (group == nullptr || ambiguous) {
    return rewrite->Decline(ambiguous ? DeclineWhy::kGuess : DeclineWhy::kNothingToRank,
                            "the previous question has no single top-N to change nor one "
                            "breakdown to rank");
  }
  if (HasSlot(previous.slots, SlotKind::kGrouping)) {
    return rewrite->Decline(DeclineWhy::kTopNAndTimeGrouping,
                            "a top-N of a time grouping: the first periods are not the top");
  }
  if (NamesAnOrder(previous)) {
    return rewrite->Decline(DeclineWhy::kOwnOrder,
                            "the previous question orders its rows its own way");
  }
  const std::string lead = previous.text.substr(group->begin, group->lead_end - group->begin);
  if (rewrite->follow_up_slots > 1 || (!previous.chinese && text::AsciiLower(lead) != "by")) {
    return rewrite->Decline(DeclineWhy::kGuess, "a top-N with other slots, or after \"" + lead +
                                                    "\": which rows are ranked is a guess");
  }
  const std::string n = std::to_string(s.top_n);
  if (previous.chinese) {
    const std::string word = group->measure_word.empty() ? "个" : group->measure_word;
    rewrite->Replace(group->begin, group->lead_end, lead, "前" + n + word, 0);
  } else {
    rewrite->Insert(ContentEnd(previous.text, previous.units), "top " + n, false, 4);
  }
  return std::nullopt;
}

// A top-N changes the number of the previous question's one top-N, or ranks its breakdown.
WhyNot SubstituteTopN(const Slot& s, const PreviousQuestion& previous, Rewrite* rewrite) {
  bool ambiguous = false;
  const Slot* old = OnlySlot(previous.slots, SlotKind::kTopN, &ambiguous);
  if (s.percent || (old != nullptr && old->percent)) {
    return rewrite->Decline(DeclineWhy::kPercentage, "a top percentage is no count of rows");
  }
  if (ambiguous) return "the previous question has more than one top-N";
  if (old == nullptr) return AddTopN(s, previous, rewrite);
  const std::string n = std::to_string(s.top_n);
  rewrite->edits.push_back({old->number_begin, old->number_end, n, 0});
  rewrite->notes.push_back(old->text + " → top " + n);
  return std::nullopt;
}

// A group over another table or column takes the place of the previous question's one group
// over a table or column ("average freight by ship country" + "and by category?" → "average
// freight by category"; "各城市的销售额" + "那各品类呢"). Run alone, "and by category?" listed
// the category names, a confident answer to nothing asked. Only in the previous question's
// language, and only in place of a group: added to a question without one it is a new question.
WhyNot SubstituteGroupOver(const Slot& s, const PreviousQuestion& previous, Rewrite* rewrite) {
  if (text::ContainsCjk(s.text) != previous.chinese) {
    return "a grouping (\"" + s.text + "\") in another language than the previous question";
  }
  bool ambiguous = false;
  const Slot* old = OnlySlot(previous.slots, SlotKind::kGroupOver, &ambiguous);
  if (old == nullptr || ambiguous) {
    return "a new grouping (\"" + s.text +
           "\") with no single grouping in the previous question to replace is a new question";
  }
  rewrite->Replace(old->begin, old->end, old->text, s.text, 0);
  return std::nullopt;
}

WhyNot Substitute(const Slot& s, const PreviousQuestion& previous, Rewrite* rewrite) {
  switch (s.kind) {
    case SlotKind::kValue:
      return SubstituteValue(s, previous, rewrite);
    case SlotKind::kPeriod:
      return SubstitutePeriod(s, previous, rewrite);
    case SlotKind::kGrouping:
      return SubstituteGrouping(s, previous, rewrite);
    case SlotKind::kGroupOver:
      return SubstituteGroupOver(s, previous, rewrite);
    case SlotKind::kTopN:
      return SubstituteTopN(s, previous, rewrite);
  }
  return std::nullopt;
}

// The edits for every slot of the follow-up; at most one period, grouping and top-N.
WhyNot PlanRewrite(const std::vector<Slot>& slots, const PreviousQuestion& previous,
                   Rewrite* rewrite) {
  std::set<SlotKind> seen;
  rewrite->follow_up_slots = slots.size();
  for (const Slot& s : slots) {
    if (s.kind != SlotKind::kValue && !seen.insert(s.kind).second) {
      return "more than one period, grouping or top-N";
    }
    if (WhyNot why = Substitute(s, previous, rewrite)) return why;
  }
  return std::nullopt;
}

// Applies from the back so earlier offsets stay valid. At one position a replacement goes
// first (an insertion before it would shift the span it replaces: "2024年" put in front of
// "各地区" before 各地区 → 上海 cut into it), then the insertions, the higher order first, so
// the lower order ends up in front.
std::string ApplyEdits(std::string text, std::vector<Edit> edits) {
  std::stable_sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) {
    if (a.begin != b.begin) return a.begin > b.begin;
    if ((a.end > a.begin) != (b.end > b.begin)) return a.end > a.begin;
    return a.order > b.order;
  });
  for (const Edit& e : edits) text.replace(e.begin, e.end - e.begin, e.text);
  return text;
}

// Cross-check with the answer cache's slot reader: the rewrite must not change what the
// previous question asked for beyond the substituted slots (aggregation, comparison,
// order, negation), and the follow-up itself must carry none of those (a follow-up that
// says "average" or "不是" is a new question, not a substitution).
WhyNot ChangesMoreThanTheSlots(std::string_view follow_up, const std::string& previous,
                               const std::string& resolved, const nlq::SchemaIndex* index,
                               bool changes_top_n) {
  const nlq::CivilDate anchor = nlq::TodayUtc();
  const cache::QuestionSlots asked = cache::ExtractSlots(follow_up, anchor, index);
  if (!asked.aggregations.empty() || !asked.comparisons.empty() || asked.negated) {
    return "names an aggregation, comparison or negation: " + asked.Describe();
  }
  const cache::QuestionSlots before = cache::ExtractSlots(previous, anchor, index);
  const cache::QuestionSlots after = cache::ExtractSlots(resolved, anchor, index);
  if (before.aggregations != after.aggregations || before.comparisons != after.comparisons ||
      before.negated != after.negated || (before.order != after.order && !changes_top_n)) {
    return "the rewrite \"" + resolved + "\" would change more than the substituted slots";
  }
  return std::nullopt;
}

// Only the substitutions ("北京 → 上海"): language-neutral, so any front end can frame it.
std::string JoinNotes(const std::vector<std::string>& notes) {
  std::string explanation;
  for (size_t k = 0; k < notes.size(); ++k) {
    if (k > 0) explanation += "; ";
    explanation += notes[k];
  }
  return explanation;
}

}  // namespace

namespace {
constexpr std::pair<DeclineWhy, std::string_view> kDeclineWhyNames[] = {
    {DeclineWhy::kGuess, "guess"},
    {DeclineWhy::kNothingToRank, "nothing_to_rank"},
    {DeclineWhy::kTopNAndTimeGrouping, "top_n_and_time_grouping"},
    {DeclineWhy::kPercentage, "percentage"},
    {DeclineWhy::kOwnOrder, "own_order"},
    {DeclineWhy::kChartNotReplaceable, "chart_not_replaceable"}};
}  // namespace

std::string_view DeclineWhyName(DeclineWhy why) {
  for (const auto& [value, name] : kDeclineWhyNames) {
    if (value == why) return name;
  }
  return "guess";
}

DeclineWhy DeclineWhyFromName(std::string_view name) {
  for (const auto& [value, known] : kDeclineWhyNames) {
    if (known == name) return value;
  }
  return DeclineWhy::kGuess;
}

FollowUp ResolveFollowUp(std::string_view previous_resolved_question, std::string_view follow_up,
                         const nlq::SchemaIndex* index) {
  if (previous_resolved_question.empty()) {
    return NotFollowUp(follow_up, "no previous question");
  }
  if (std::optional<FollowUp> chart = ChartSwitch(previous_resolved_question, follow_up)) {
    return *chart;
  }
  const std::vector<Unit> units = nlq::TokenizeUnits(follow_up);
  std::vector<bool> covered;
  const std::vector<Slot> slots = ScanSlots(follow_up, units, index, &covered);
  if (slots.empty()) {
    if (std::optional<FollowUp> swap = MeasureSwap(previous_resolved_question, follow_up))
      return *swap;
    return NotFollowUp(follow_up, "no value, period, grouping or top-N");
  }
  if (WhyNot why = OwnContent(units, covered)) return NotFollowUp(follow_up, std::move(*why));
  const PreviousQuestion previous = ReadPrevious(previous_resolved_question, index);
  Rewrite rewrite;
  rewrite.previous = previous.text;
  if (WhyNot why = PlanRewrite(slots, previous, &rewrite)) {
    return Declined(follow_up, std::move(*why), rewrite.why);
  }
  std::string resolved = ApplyEdits(previous.text, std::move(rewrite.edits));
  const bool changes_top_n = std::any_of(slots.begin(), slots.end(),
                                         [](const Slot& s) { return s.kind == SlotKind::kTopN; });
  if (WhyNot why =
          ChangesMoreThanTheSlots(follow_up, previous.text, resolved, index, changes_top_n)) {
    return Declined(follow_up, std::move(*why), DeclineWhy::kGuess);
  }
  return FollowUp{true, std::move(resolved), JoinNotes(rewrite.notes)};
}

}  // namespace askdb::agent
