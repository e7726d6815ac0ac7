#include "askdb/nlq/growth_cue.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <sstream>
#include <string>
#include <vector>

#include "askdb/common/text.h"
#include "askdb/nlq/schema_index.h"

namespace askdb::nlq {
namespace {

// ---- shared ----

bool IsYear(std::string_view w) {
  return w.size() == 4 && (w[0] == '1' || w[0] == '2') &&
         std::all_of(w.begin(), w.end(),
                     [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
}

constexpr int kMonthsInYear = 12;

int MonthsBetweenYears(std::string_view later, std::string_view earlier) {
  return (std::stoi(std::string(later)) - std::stoi(std::string(earlier))) * kMonthsInYear;
}

template <size_t N>
bool In(const std::array<std::string_view, N>& words, std::string_view w) {
  return std::find(words.begin(), words.end(), w) != words.end();
}

// The latest year the data holds whole: that of its latest date when the date falls in the
// year's last week (data ending on 30 December holds the year), else the year before; 0 when
// the data holds no date.
int LatestFullYear(const SchemaIndex& index) {
  constexpr int kLastWeekStart = 25;
  const std::optional<CivilDate> latest = index.LatestDate();
  if (!latest) return 0;
  return latest->month == 12 && latest->day >= kLastWeekStart ? latest->year : latest->year - 1;
}

// Two named years shown side by side with no growth asked: next to each other only ("sales
// in 2022 versus 2024" is left to the plain reading, which refuses the years between).
bool SideBySideYears(const ComparisonCue& cue) { return cue.shift_months == kMonthsInYear; }

// ---- English ----

constexpr std::array<std::string_view, 13> kEnglishUp = {
    "growth",    "grew", "grow", "grown", "growing", "increase", "increased",
    "increases", "rise", "rose", "risen", "gain",    "gained"};
constexpr std::array<std::string_view, 8> kEnglishDown = {
    "decrease", "decreased", "decline", "declined", "fell", "drop", "dropped", "shrank"};
// Growth in either direction: asked, but no direction to rank by.
constexpr std::array<std::string_view, 2> kEnglishChange = {"change", "changed"};
constexpr std::array<std::string_view, 9> kEnglishMost = {"fastest",   "biggest",  "most",
                                                          "largest",   "highest",  "greatest",
                                                          "strongest", "steepest", "sharpest"};
// Words ending the noun after "which" ("which region had …").
constexpr std::array<std::string_view, 16> kNounEnds = {
    "had",  "has", "have", "saw",  "sees", "showed", "shows",  "did",
    "does", "was", "is",   "were", "with", "in",     "during", "for"};
// Of kNounEnds, the verbs taken with the noun; a preposition stays with what follows it.
constexpr std::array<std::string_view, 12> kNounVerbs = {
    "had", "has", "have", "saw", "sees", "showed", "shows", "did", "does", "was", "is", "were"};
constexpr std::array<std::string_view, 6> kVersus = {"vs",      "vs.",      "versus",
                                                     "against", "compared", "over"};

std::string Bare(std::string_view word) {
  std::string w = text::AsciiLower(word);
  while (!w.empty() && std::ispunct(static_cast<unsigned char>(w.back())) && w.back() != '.') {
    w.pop_back();
  }
  if (w.size() > 1 && w.back() == '.' && w != "vs.") w.pop_back();
  return w;
}

struct EnglishWords {
  std::vector<std::string> words, bare;
  std::vector<bool> taken;
  bool Has(size_t i, std::string_view w) const { return i < bare.size() && bare[i] == w; }
  void Take(size_t i, size_t n = 1) {
    for (size_t k = i; k < i + n && k < taken.size(); ++k) taken[k] = true;
  }
};

// What the English question says of growth.
struct EnglishSaid {
  bool growth = false;  // a growth word: growth is asked
  bool change = false;  // "change": growth in either direction
  bool down = false, most = false, how_much = false;
};

// A growth word that is no growth: part of a name or title ("The Rise of the Blue Beetle",
// "Effects of Climate Change": capitalised inside the sentence), "dropped off", or a word of
// the schema's own names.
bool NotGrowth(const EnglishWords& q, size_t i, const SchemaIndex& index) {
  const bool capitalised = i > 0 && std::isupper(static_cast<unsigned char>(q.words[i][0])) != 0;
  return capitalised || q.Has(i + 1, "off") || SchemaNames(index, q.bare[i]);
}

EnglishSaid TakeGrowthWords(EnglishWords& q, const SchemaIndex& index) {
  EnglishSaid said;
  for (size_t i = 0; i < q.bare.size(); ++i) {
    const std::string& w = q.bare[i];
    const bool up = In(kEnglishUp, w), down = In(kEnglishDown, w), change = In(kEnglishChange, w);
    if ((up || down || change) && !NotGrowth(q, i, index)) {
      said.growth = true;
      said.change = said.change || change;
      said.down = said.down || down;
      q.Take(i);
      if (q.Has(i + 1, "of")) q.Take(i + 1);
    } else if (In(kEnglishMost, w)) {
      said.most = true;
      q.Take(i);
      if (i >= 1 && q.Has(i - 1, "the")) q.Take(i - 1);
    } else if (w == "how" && q.Has(i + 1, "much") && i >= 1 && q.Has(i - 1, "by")) {
      said.how_much = true;
      q.Take(i - 1, 3);
    }
  }
  return said;
}

// "vs last year", "up 5% over last year", "compared to last year": year over year. "up" or
// "down" before it says growth.
bool TakeLastYear(EnglishWords& q, EnglishSaid& said) {
  for (size_t i = 0; i + 1 < q.bare.size(); ++i) {
    if (!q.Has(i, "last") || !q.Has(i + 1, "year")) continue;
    size_t from = i;
    if (from >= 2 && q.Has(from - 2, "compared") &&
        (q.Has(from - 1, "to") || q.Has(from - 1, "with"))) {
      from -= 2;
    } else if (from >= 1 && (In(kVersus, q.bare[from - 1]) || q.Has(from - 1, "from"))) {
      from -= 1;
    } else {
      continue;
    }
    if (from >= 1 && (q.Has(from - 1, "up") || q.Has(from - 1, "down"))) {
      said.growth = true;
      said.down = said.down || q.Has(from - 1, "down");
      --from;
    }
    q.Take(from, i + 2 - from);
    return true;
  }
  return false;
}

// "2024 vs 2023": the span replaced by the later year; the distance in months, 0 none.
int TakeTwoYears(EnglishWords& q) {
  for (size_t i = 0; i + 2 < q.bare.size(); ++i) {
    if (!IsYear(q.bare[i]) || !In(kVersus, q.bare[i + 1])) continue;
    size_t second = i + 2;
    if (q.bare[i + 1] == "compared" && (q.Has(second, "to") || q.Has(second, "with"))) ++second;
    if (second >= q.bare.size() || !IsYear(q.bare[second])) continue;
    const std::string a = q.bare[i], b = q.bare[second];
    if (a == b) return 0;
    const std::string later = std::max(a, b), earlier = std::min(a, b);
    // A bare year reads as a number ("sales by category 2024"): said as a period.
    const bool said_as_period = i > 0 && (q.Has(i - 1, "in") || q.Has(i - 1, "during"));
    q.words[i] = (said_as_period ? "" : "in ") + later;
    q.Take(i + 1, second - i);
    return MonthsBetweenYears(later, earlier);
  }
  return 0;
}

// "which region had": the noun ("region") with "which" and the verb taken; empty when none.
std::string TakeWhichNoun(EnglishWords& q) {
  std::string noun;
  for (size_t i = 0; i < q.bare.size(); ++i) {
    if (q.bare[i] != "which" || q.taken[i]) continue;
    q.Take(i);
    size_t k = i + 1;
    for (; k < q.bare.size() && !q.taken[k] && !In(kNounEnds, q.bare[k]); ++k) {
      std::string w = q.words[k];
      const bool possessive = w.size() > 2 && w.ends_with("'s");
      if (possessive) w.resize(w.size() - 2);
      noun += (noun.empty() ? "" : " ") + w;
      q.Take(k);
      if (possessive) break;
    }
    if (k < q.bare.size() && In(kNounVerbs, q.bare[k])) q.Take(k);
    break;
  }
  return noun;
}

bool HasWhich(const EnglishWords& q) {
  return std::find(q.bare.begin(), q.bare.end(), "which") != q.bare.end();
}

// The words not taken make the question; the taken ones the phrase the answer cites.
void Assemble(const EnglishWords& q, const std::string& noun, ComparisonCue& cue) {
  for (size_t k = 0; k < q.words.size(); ++k) {
    std::string& to = q.taken[k] ? cue.phrase : cue.question;
    to += (to.empty() ? "" : " ") + q.words[k];
  }
  if (!noun.empty()) cue.question += " by " + noun;
}

std::optional<ComparisonCue> EnglishGrowth(std::string_view question, const SchemaIndex& index) {
  EnglishWords q;
  std::istringstream in{std::string(question)};
  for (std::string w; in >> w;) {
    q.words.push_back(w);
    q.bare.push_back(Bare(w));
  }
  q.taken.assign(q.words.size(), false);
  EnglishSaid said = TakeGrowthWords(q, index);
  ComparisonCue cue;
  cue.growth_words = true;
  cue.year_over_year = TakeLastYear(q, said);
  cue.shift_months = TakeTwoYears(q);
  const bool two_periods = cue.year_over_year || cue.shift_months != 0;
  if (!said.growth) {
    // Two periods alone: side by side, and only when nothing asks for one group or an order.
    if (!SideBySideYears(cue) || said.most || said.how_much || HasWhich(q)) return std::nullopt;
    cue.side_by_side = true;
    Assemble(q, "", cue);
    return cue;
  }
  // "the biggest change" has no direction to rank by.
  const bool ranked = said.most || HasWhich(q);
  if (ranked && said.change) return std::nullopt;
  const std::string noun = TakeWhichNoun(q);
  if (!noun.empty()) cue.top = 1;
  if (ranked) cue.rank = said.down ? -1 : 1;
  cue.rank_by_change = said.how_much;
  if (cue.rank != 0 && !two_periods) cue.default_year = LatestFullYear(index);
  Assemble(q, noun, cue);
  return cue;
}

// ---- Chinese ----

struct ChinesePhrase {
  std::string_view words;
  int direction;  // +1 growth, -1 fall
};

// Superlatives of growth, longest first where one holds another.
constexpr std::array<ChinesePhrase, 15> kChineseMost = {{{"增长最快", 1},
                                                         {"增速最快", 1},
                                                         {"增幅最大", 1},
                                                         {"增长最多", 1},
                                                         {"增加最多", 1},
                                                         {"增长最大", 1},
                                                         {"涨幅最大", 1},
                                                         {"上涨最多", 1},
                                                         {"下降最多", -1},
                                                         {"下降最快", -1},
                                                         {"降幅最大", -1},
                                                         {"减少最多", -1},
                                                         {"下滑最多", -1},
                                                         {"跌幅最大", -1},
                                                         {"下跌最多", -1}}};
// The change asked as an amount.
constexpr std::array<ChinesePhrase, 8> kChineseHowMuch = {{{"增长了多少", 1},
                                                           {"增加了多少", 1},
                                                           {"减少了多少", -1},
                                                           {"下降了多少", -1},
                                                           {"增长多少", 1},
                                                           {"增加多少", 1},
                                                           {"减少多少", -1},
                                                           {"下降多少", -1}}};
constexpr std::array<std::string_view, 7> kWhich = {"哪一个", "哪个", "哪家", "哪一家",
                                                    "哪些",   "哪类", "哪种"};
constexpr std::array<std::string_view, 6> kChineseLastYear = {
    "与去年相比", "和去年相比", "跟去年相比", "相比去年", "比去年", "较去年"};
constexpr std::array<std::string_view, 8> kChineseVersus = {"对比", "相比", "比", "vs",
                                                            "VS",   "与",   "和", "跟"};
constexpr std::array<std::string_view, 5> kChineseCompareEnd = {"的对比", "对比", "相比", "相比较",
                                                                "比较"};

// Takes `words` out of `q` (and a 的 right after it); whether it was there.
bool Cut(std::string& q, std::string_view words, std::string* phrase) {
  const size_t at = q.find(words);
  if (at == std::string::npos) return false;
  size_t n = words.size();
  if (q.compare(at + n, 3, "的") == 0) n += 3;
  if (phrase) *phrase += q.substr(at, n);
  q.erase(at, n);
  return true;
}

bool YearAt(const std::string& q, size_t at) {
  return at + 4 <= q.size() && IsYear(std::string_view(q).substr(at, 4)) &&
         (at == 0 || !std::isdigit(static_cast<unsigned char>(q[at - 1])));
}

// Where the second year of "2024年与2023年" starts after `p` (the end of the first), its
// joining word in `joined`; npos when none.
size_t SecondYear(const std::string& q, size_t p, std::string_view* joined) {
  for (std::string_view v : kChineseVersus) {
    if (q.compare(p, v.size(), v) != 0) continue;
    size_t b = p + v.size();
    while (b < q.size() && q[b] == ' ') ++b;
    if (!YearAt(q, b)) continue;
    *joined = v;
    return b;
  }
  return std::string::npos;
}

// "2024年与2023年 … 对比", "2024年比2023年": the span replaced by the later year; the months
// between, 0 none. Two years joined by 和/与/跟 name two periods, not a comparison, unless
// growth is asked or 对比/相比 follows.
int CutTwoYears(std::string& q, bool growth_asked, std::string* phrase) {
  for (size_t at = 0; at + 4 <= q.size(); ++at) {
    if (!YearAt(q, at)) continue;
    size_t p = at + 4;
    if (q.compare(p, 3, "年") == 0) p += 3;
    std::string_view joined;
    const size_t b = SecondYear(q, p, &joined);
    if (b == std::string::npos) continue;
    size_t end = b + 4;
    if (q.compare(end, 3, "年") == 0) end += 3;
    const std::string a = q.substr(at, 4), c = q.substr(b, 4);
    const bool by_and = joined == "与" || joined == "和" || joined == "跟";
    const std::string rest = q.substr(end);
    const bool ended =
        std::any_of(kChineseCompareEnd.begin(), kChineseCompareEnd.end(),
                    [&](std::string_view e) { return rest.find(e) != std::string::npos; });
    if ((by_and && !ended && !growth_asked) || a == c) return 0;
    if (phrase) *phrase += q.substr(at, end - at);
    q.replace(at, end - at, std::max(a, c) + "年");
    for (std::string_view e : kChineseCompareEnd) Cut(q, e, phrase);
    return MonthsBetweenYears(std::max(a, c), std::min(a, c));
  }
  return 0;
}

// The superlative or amount of growth the question asks for; whether it asks one.
bool CutGrowthPhrase(std::string& q, ComparisonCue& cue) {
  for (const ChinesePhrase& p : kChineseMost) {
    if (Cut(q, p.words, &cue.phrase)) {
      cue.rank = p.direction;
      return true;
    }
  }
  for (const ChinesePhrase& p : kChineseHowMuch) {
    if (Cut(q, p.words, &cue.phrase)) {
      cue.rank_by_change = true;
      cue.rank = p.direction;
      return true;
    }
  }
  return false;
}

// 哪个品类 → 各品类; the top one kept when a superlative ranks them. Whether a 哪 was there.
bool ReplaceWhich(std::string& q, ComparisonCue& cue) {
  for (std::string_view w : kWhich) {
    const size_t at = q.find(w);
    if (at == std::string::npos) continue;
    q.replace(at, w.size(), "各");
    const bool one = w != "哪些" && w != "哪类" && w != "哪种";
    if (one && cue.rank != 0 && !cue.rank_by_change) cue.top = 1;
    return true;
  }
  return false;
}

std::optional<ComparisonCue> ChineseGrowth(std::string_view question, const SchemaIndex& index) {
  if (SchemaNames(index, "增长") || SchemaNames(index, "增幅")) return std::nullopt;
  ComparisonCue cue;
  cue.growth_words = true;
  cue.year_over_year = false;
  std::string q(question);
  const bool growth = CutGrowthPhrase(q, cue);
  // The periods said first in the phrase cited: "2024年比2023年增加了多少".
  std::string periods;
  for (std::string_view w : kChineseLastYear) {
    if (Cut(q, w, &periods)) {
      cue.year_over_year = true;
      break;
    }
  }
  cue.shift_months = CutTwoYears(q, growth, &periods);
  cue.phrase = periods + cue.phrase;
  const bool two_periods = cue.year_over_year || cue.shift_months != 0;
  if (!growth) {
    // Two periods alone: side by side, never for 哪个 (one group asked).
    if (!SideBySideYears(cue) || q.find("哪") != std::string::npos) return std::nullopt;
    cue.side_by_side = true;
  }
  ReplaceWhich(q, cue);
  if (growth && !cue.rank_by_change && !two_periods) cue.default_year = LatestFullYear(index);
  // "是" / "是哪个" left at the end asks for the one found.
  while (q.ends_with("是") || q.ends_with("？") || q.ends_with("?")) {
    q.resize(q.size() - (q.ends_with("?") ? 1 : 3));
  }
  cue.question = q;
  return cue;
}

// Whether the reading placed a measure the question names ("sales", 订单数): growth of what
// is otherwise unclear ("which category grew fastest").
bool NamesAMeasure(const Translation& t) {
  return std::any_of(t.explanation.begin(), t.explanation.end(), [](const Mapping& m) {
    return !m.phrase.empty() && (m.kind == "column" || m.kind == "function");
  });
}

// A year the question did not name, added where the plain reading takes a period.
std::string WithYear(std::string_view question, int year, bool chinese) {
  const std::string y = std::to_string(year);
  return chinese ? y + "年" + std::string(question) : std::string(question) + " in " + y;
}

}  // namespace

std::optional<ComparisonCue> FindGrowthCue(std::string_view question, const SchemaIndex& index) {
  if (text::ContainsCjk(question)) return ChineseGrowth(question, index);
  return EnglishGrowth(question, index);
}

Translation TranslateGrowth(const ComparisonCue& cue, std::string_view question,
                            const db::Dialect& dialect, const TranslateOptions& options,
                            const ReadQuestion& read) {
  if (cue.side_by_side) {
    Translation plain = read(question, options);
    if (plain.answered) return plain;
    Translation compared = TranslateComparison(cue, dialect, options, read);
    return compared.answered ? compared : plain;
  }
  const Translation probe = read(cue.question, options);
  // "how did the rise of prices change", "how much rain fell in July": growth said with no
  // ranking, second period or amount asked, and no period or measure read, is the plain
  // reading's to answer or refuse.
  const bool pointed =
      cue.rank != 0 || cue.rank_by_change || cue.shift_months != 0 || cue.year_over_year;
  if (!pointed && (probe.periods_read.empty() || !NamesAMeasure(probe))) {
    return read(question, options);
  }
  if (!NamesAMeasure(probe)) {
    return AbstainComparison(
        probe,
        "'" + cue.phrase + "' asks how a figure changed, and the question names none: name " +
            "what grew or fell (sales, the number of orders)",
        "“" + cue.phrase +
            "”问的是某个指标的变化，而问题没有写明是哪个指标：请写明（如销售额、订单数）");
  }
  if (cue.default_year != 0 && probe.answered && probe.periods_read.empty()) {
    ComparisonCue latest = cue;
    latest.question = WithYear(cue.question, cue.default_year, probe.chinese);
    latest.period_defaulted = true;
    return TranslateComparison(latest, dialect, options, read);
  }
  return TranslateComparison(cue, dialect, options, read);
}

}  // namespace askdb::nlq
