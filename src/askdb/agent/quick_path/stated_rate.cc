#include "askdb/agent/quick_path/stated_rate.h"

#include <re2/re2.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "askdb/agent/quick_path/arithmetic.h"
#include "askdb/agent/quick_path/conversion_scan.h"
#include "askdb/agent/quick_path/date_question.h"
#include "askdb/agent/quick_path/unit_table.h"
#include "askdb/agent/quick_path/utf8_pattern.h"
#include "askdb/common/embedded.h"

ASKDB_DECLARE_EMBEDDED(units_toml);

namespace askdb::agent {
namespace {

using Kind = RateQuestion::Kind;
using Unclear = RateQuestion::Unclear;
using Pattern = Utf8Pattern;

// Which side a share rate counts: churn, returns and failures count those lost or gone wrong,
// retention, conversion and attendance those kept or gone right; a number stated of the other
// side ("340 still active", "2760 didn't buy") is the whole less the part asked about.
enum class Counts { kAny, kLost, kKept };

// What a rate word needs besides two numbers: a bare share word ("percentage", 占比) a word
// saying which is the part or the whole (of, 占, 其中, total); a churn or retention a word saying
// which side a number counts (lost, still active, 流失, 还剩): "started the year with 320 clients
// and ended with 296" is a churn of 24, not 296 / 320.
enum class Needs { kNothing, kMarker, kSide };

struct RateWord {
  std::string_view word;  // as normalised (lower case, half-width)
  Kind kind;
  Counts counts;
  Needs needs;
  std::string_view en;
  std::string_view zh;
};

// The rate words, longest first within a kind so that an alternation takes the whole word.
// Only rates that are one fixed formula: turnover, yield or interest rates are not shares of a
// whole, so they are not here (a generic "…率" would compute 200 / 1000 for 周转率).
constexpr RateWord kRateWords[] = {
    {"gross margin", Kind::kMargin, Counts::kAny, Needs::kNothing, "gross margin", "毛利率"},
    {"profit margin", Kind::kMargin, Counts::kAny, Needs::kNothing, "profit margin", "利润率"},
    {"margin", Kind::kMargin, Counts::kAny, Needs::kNothing, "margin", "毛利率"},
    {"销售利润率", Kind::kMargin, Counts::kAny, Needs::kNothing, "profit margin", "销售利润率"},
    {"毛利率", Kind::kMargin, Counts::kAny, Needs::kNothing, "gross margin", "毛利率"},
    {"毛利", Kind::kMargin, Counts::kAny, Needs::kNothing, "gross margin", "毛利率"},
    {"markup", Kind::kMarkup, Counts::kAny, Needs::kNothing, "markup", "加价率"},
    {"mark-up", Kind::kMarkup, Counts::kAny, Needs::kNothing, "markup", "加价率"},
    {"成本利润率", Kind::kMarkup, Counts::kAny, Needs::kNothing, "markup", "成本利润率"},
    {"加价率", Kind::kMarkup, Counts::kAny, Needs::kNothing, "markup", "加价率"},
    {"加成率", Kind::kMarkup, Counts::kAny, Needs::kNothing, "markup", "加成率"},
    {"profit percentage", Kind::kProfit, Counts::kAny, Needs::kNothing, "profit percentage",
     "利润率"},
    {"profit percent", Kind::kProfit, Counts::kAny, Needs::kNothing, "profit percentage", "利润率"},
    {"profit rate", Kind::kProfit, Counts::kAny, Needs::kNothing, "profit rate", "利润率"},
    {"profit %", Kind::kProfit, Counts::kAny, Needs::kNothing, "profit percentage", "利润率"},
    {"利润百分比", Kind::kProfit, Counts::kAny, Needs::kNothing, "profit percentage", "利润率"},
    {"利润率", Kind::kProfit, Counts::kAny, Needs::kNothing, "profit rate", "利润率"},
    {"growth rate", Kind::kChange, Counts::kAny, Needs::kNothing, "growth", "增长率"},
    {"growth", Kind::kChange, Counts::kAny, Needs::kNothing, "growth", "增长率"},
    {"increase", Kind::kChange, Counts::kAny, Needs::kNothing, "increase", "增长率"},
    {"decrease", Kind::kChange, Counts::kAny, Needs::kNothing, "decrease", "下降幅度"},
    {"decline", Kind::kChange, Counts::kAny, Needs::kNothing, "decline", "下降幅度"},
    {"drop", Kind::kChange, Counts::kAny, Needs::kNothing, "drop", "下降幅度"},
    {"rise", Kind::kChange, Counts::kAny, Needs::kNothing, "rise", "增长率"},
    {"change", Kind::kChange, Counts::kAny, Needs::kNothing, "change", "变化幅度"},
    {"gain", Kind::kChange, Counts::kAny, Needs::kNothing, "gain", "增长率"},
    {"fall", Kind::kChange, Counts::kAny, Needs::kNothing, "fall", "下降幅度"},
    {"环比增长率", Kind::kChange, Counts::kAny, Needs::kNothing, "growth", "环比增长率"},
    {"同比增长率", Kind::kChange, Counts::kAny, Needs::kNothing, "growth", "同比增长率"},
    {"环比增长", Kind::kChange, Counts::kAny, Needs::kNothing, "growth", "环比增长"},
    {"同比增长", Kind::kChange, Counts::kAny, Needs::kNothing, "growth", "同比增长"},
    {"环比下降", Kind::kChange, Counts::kAny, Needs::kNothing, "decline", "环比下降"},
    {"同比下降", Kind::kChange, Counts::kAny, Needs::kNothing, "decline", "同比下降"},
    {"增长幅度", Kind::kChange, Counts::kAny, Needs::kNothing, "growth", "增长幅度"},
    {"下降幅度", Kind::kChange, Counts::kAny, Needs::kNothing, "decline", "下降幅度"},
    {"变化幅度", Kind::kChange, Counts::kAny, Needs::kNothing, "change", "变化幅度"},
    {"增长率", Kind::kChange, Counts::kAny, Needs::kNothing, "growth", "增长率"},
    {"环比", Kind::kChange, Counts::kAny, Needs::kNothing, "change", "环比"},
    {"同比", Kind::kChange, Counts::kAny, Needs::kNothing, "change", "同比"},
    {"增幅", Kind::kChange, Counts::kAny, Needs::kNothing, "growth", "增幅"},
    {"涨幅", Kind::kChange, Counts::kAny, Needs::kNothing, "growth", "涨幅"},
    {"跌幅", Kind::kChange, Counts::kAny, Needs::kNothing, "decline", "跌幅"},
    {"降幅", Kind::kChange, Counts::kAny, Needs::kNothing, "decline", "降幅"},
    {"增长", Kind::kChange, Counts::kAny, Needs::kNothing, "growth", "增长率"},
    {"下降", Kind::kChange, Counts::kAny, Needs::kNothing, "decline", "下降幅度"},
    {"上涨", Kind::kChange, Counts::kAny, Needs::kNothing, "growth", "涨幅"},
    {"下跌", Kind::kChange, Counts::kAny, Needs::kNothing, "decline", "跌幅"},
    {"增加", Kind::kChange, Counts::kAny, Needs::kNothing, "increase", "增长率"},
    {"减少", Kind::kChange, Counts::kAny, Needs::kNothing, "decrease", "下降幅度"},
    {"提高", Kind::kChange, Counts::kAny, Needs::kNothing, "increase", "增长率"},
    {"提升", Kind::kChange, Counts::kAny, Needs::kNothing, "increase", "增长率"},
    {"降低", Kind::kChange, Counts::kAny, Needs::kNothing, "decrease", "下降幅度"},
    {"变化", Kind::kChange, Counts::kAny, Needs::kNothing, "change", "变化幅度"},
    {"涨", Kind::kChange, Counts::kAny, Needs::kNothing, "growth", "涨幅"},
    {"降", Kind::kChange, Counts::kAny, Needs::kNothing, "decline", "降幅"},
    {"掉", Kind::kChange, Counts::kAny, Needs::kNothing, "decline", "降幅"},
    {"跌", Kind::kChange, Counts::kAny, Needs::kNothing, "decline", "跌幅"},
    {"churn rate", Kind::kShare, Counts::kLost, Needs::kSide, "churn rate", "流失率"},
    {"churn", Kind::kShare, Counts::kLost, Needs::kSide, "churn rate", "流失率"},
    {"attrition rate", Kind::kShare, Counts::kLost, Needs::kSide, "attrition rate", "流失率"},
    {"attrition", Kind::kShare, Counts::kLost, Needs::kSide, "attrition rate", "流失率"},
    {"cancellation rate", Kind::kShare, Counts::kLost, Needs::kNothing, "cancellation rate",
     "取消率"},
    {"流失率", Kind::kShare, Counts::kLost, Needs::kSide, "churn rate", "流失率"},
    {"流失", Kind::kShare, Counts::kLost, Needs::kSide, "churn rate", "流失率"},
    {"retention rate", Kind::kShare, Counts::kKept, Needs::kSide, "retention rate", "留存率"},
    {"retention", Kind::kShare, Counts::kKept, Needs::kSide, "retention rate", "留存率"},
    {"留存率", Kind::kShare, Counts::kKept, Needs::kSide, "retention rate", "留存率"},
    {"留存", Kind::kShare, Counts::kKept, Needs::kSide, "retention rate", "留存率"},
    {"conversion rate", Kind::kShare, Counts::kKept, Needs::kNothing, "conversion rate", "转化率"},
    {"conversion", Kind::kShare, Counts::kKept, Needs::kNothing, "conversion rate", "转化率"},
    {"click-through rate", Kind::kShare, Counts::kKept, Needs::kNothing, "click-through rate",
     "点击率"},
    {"ctr", Kind::kShare, Counts::kKept, Needs::kNothing, "click-through rate", "点击率"},
    {"return rate", Kind::kShare, Counts::kLost, Needs::kNothing, "return rate", "退货率"},
    {"refund rate", Kind::kShare, Counts::kLost, Needs::kNothing, "refund rate", "退款率"},
    {"open rate", Kind::kShare, Counts::kKept, Needs::kNothing, "open rate", "打开率"},
    {"click rate", Kind::kShare, Counts::kKept, Needs::kNothing, "click rate", "点击率"},
    {"attendance rate", Kind::kShare, Counts::kKept, Needs::kNothing, "attendance rate", "出勤率"},
    {"attendance", Kind::kShare, Counts::kKept, Needs::kNothing, "attendance rate", "出勤率"},
    {"pass rate", Kind::kShare, Counts::kKept, Needs::kNothing, "pass rate", "通过率"},
    {"completion rate", Kind::kShare, Counts::kKept, Needs::kNothing, "completion rate", "完成率"},
    {"success rate", Kind::kShare, Counts::kKept, Needs::kNothing, "success rate", "成功率"},
    {"failure rate", Kind::kShare, Counts::kLost, Needs::kNothing, "failure rate", "失败率"},
    {"error rate", Kind::kShare, Counts::kLost, Needs::kNothing, "error rate", "错误率"},
    {"defect rate", Kind::kShare, Counts::kLost, Needs::kNothing, "defect rate", "不良率"},
    {"response rate", Kind::kShare, Counts::kKept, Needs::kNothing, "response rate", "回复率"},
    {"bounce rate", Kind::kShare, Counts::kLost, Needs::kNothing, "bounce rate", "跳出率"},
    {"occupancy rate", Kind::kShare, Counts::kKept, Needs::kNothing, "occupancy rate", "入住率"},
    {"occupancy", Kind::kShare, Counts::kKept, Needs::kNothing, "occupancy rate", "入住率"},
    {"unsubscribe rate", Kind::kShare, Counts::kLost, Needs::kNothing, "unsubscribe rate",
     "退订率"},
    {"rejection rate", Kind::kShare, Counts::kLost, Needs::kNothing, "rejection rate", "拒绝率"},
    {"hire rate", Kind::kShare, Counts::kKept, Needs::kNothing, "hire rate", "录用率"},
    {"acceptance rate", Kind::kShare, Counts::kKept, Needs::kNothing, "acceptance rate", "接受率"},
    {"approval rate", Kind::kShare, Counts::kKept, Needs::kNothing, "approval rate", "通过率"},
    {"redemption rate", Kind::kShare, Counts::kKept, Needs::kNothing, "redemption rate", "核销率"},
    {"usage rate", Kind::kShare, Counts::kKept, Needs::kNothing, "usage rate", "使用率"},
    {"resolution rate", Kind::kShare, Counts::kKept, Needs::kNothing, "resolution rate", "解决率"},
    {"win rate", Kind::kShare, Counts::kKept, Needs::kNothing, "win rate", "赢单率"},
    {"转化率", Kind::kShare, Counts::kKept, Needs::kNothing, "conversion rate", "转化率"},
    {"转化", Kind::kShare, Counts::kKept, Needs::kNothing, "conversion rate", "转化率"},
    {"退货率", Kind::kShare, Counts::kLost, Needs::kNothing, "return rate", "退货率"},
    {"退款率", Kind::kShare, Counts::kLost, Needs::kNothing, "refund rate", "退款率"},
    {"出勤率", Kind::kShare, Counts::kKept, Needs::kNothing, "attendance rate", "出勤率"},
    {"缺勤率", Kind::kShare, Counts::kLost, Needs::kNothing, "absence rate", "缺勤率"},
    {"到场率", Kind::kShare, Counts::kKept, Needs::kNothing, "attendance rate", "到场率"},
    {"出席率", Kind::kShare, Counts::kKept, Needs::kNothing, "attendance rate", "出席率"},
    {"合格率", Kind::kShare, Counts::kKept, Needs::kNothing, "pass rate", "合格率"},
    {"及格率", Kind::kShare, Counts::kKept, Needs::kNothing, "pass rate", "及格率"},
    {"通过率", Kind::kShare, Counts::kKept, Needs::kNothing, "pass rate", "通过率"},
    {"完成率", Kind::kShare, Counts::kKept, Needs::kNothing, "completion rate", "完成率"},
    {"达成率", Kind::kShare, Counts::kKept, Needs::kNothing, "completion rate", "达成率"},
    {"打开率", Kind::kShare, Counts::kKept, Needs::kNothing, "open rate", "打开率"},
    {"点击率", Kind::kShare, Counts::kKept, Needs::kNothing, "click rate", "点击率"},
    {"成功率", Kind::kShare, Counts::kKept, Needs::kNothing, "success rate", "成功率"},
    {"失败率", Kind::kShare, Counts::kLost, Needs::kNothing, "failure rate", "失败率"},
    {"错误率", Kind::kShare, Counts::kLost, Needs::kNothing, "error rate", "错误率"},
    {"不良率", Kind::kShare, Counts::kLost, Needs::kNothing, "defect rate", "不良率"},
    {"次品率", Kind::kShare, Counts::kLost, Needs::kNothing, "defect rate", "次品率"},
    {"良品率", Kind::kShare, Counts::kKept, Needs::kNothing, "yield of good units", "良品率"},
    {"回复率", Kind::kShare, Counts::kKept, Needs::kNothing, "response rate", "回复率"},
    {"入住率", Kind::kShare, Counts::kKept, Needs::kNothing, "occupancy rate", "入住率"},
    {"复购率", Kind::kShare, Counts::kKept, Needs::kNothing, "repeat purchase rate", "复购率"},
    {"离职率", Kind::kShare, Counts::kLost, Needs::kSide, "attrition rate", "离职率"},
    {"退订率", Kind::kShare, Counts::kLost, Needs::kNothing, "unsubscribe rate", "退订率"},
    {"使用率", Kind::kShare, Counts::kKept, Needs::kNothing, "usage rate", "使用率"},
    {"核销率", Kind::kShare, Counts::kKept, Needs::kNothing, "redemption rate", "核销率"},
    {"录用率", Kind::kShare, Counts::kKept, Needs::kNothing, "hire rate", "录用率"},
    {"解决率", Kind::kShare, Counts::kKept, Needs::kNothing, "resolution rate", "解决率"},
    {"投诉率", Kind::kShare, Counts::kLost, Needs::kNothing, "complaint rate", "投诉率"},
    {"percentage", Kind::kShare, Counts::kAny, Needs::kMarker, "share", "占比"},
    {"proportion", Kind::kShare, Counts::kAny, Needs::kMarker, "share", "占比"},
    {"percent", Kind::kShare, Counts::kAny, Needs::kMarker, "share", "占比"},
    {"share", Kind::kShare, Counts::kAny, Needs::kMarker, "share", "占比"},
    {"%", Kind::kShare, Counts::kAny, Needs::kMarker, "share", "占比"},
    {"百分之多少", Kind::kShare, Counts::kAny, Needs::kMarker, "share", "占比"},
    {"百分之几", Kind::kShare, Counts::kAny, Needs::kMarker, "share", "占比"},
    {"百分比", Kind::kShare, Counts::kAny, Needs::kMarker, "share", "占比"},
    {"占比", Kind::kShare, Counts::kAny, Needs::kMarker, "share", "占比"},
    {"比例", Kind::kShare, Counts::kAny, Needs::kMarker, "share", "占比"},
};

const RateWord* FindRateWord(const std::string& word) {
  for (const RateWord& w : kRateWords) {
    if (w.word == word) return &w;
  }
  return nullptr;
}

// The named rate words (bare = false) or the bare share words as one alternation, longest
// first (RE2 takes the first alternative that fits).
std::string RateWordAlternation(bool bare) {
  std::vector<std::string_view> words;
  for (const RateWord& w : kRateWords) {
    if ((w.needs == Needs::kMarker) == bare) words.push_back(w.word);
  }
  std::stable_sort(words.begin(), words.end(),
                   [](std::string_view a, std::string_view b) { return a.size() > b.size(); });
  std::string out = "(";
  for (size_t i = 0; i < words.size(); ++i) {
    if (i > 0) out += "|";
    out += RE2::QuoteMeta(std::string(words[i]));
  }
  return out + ")";
}

const std::string kEnAsk =
    "(?:what(?:'s| is| was| would be| will be)?|whats|calculate|compute|find|work out|"
    "how (?:big|large|much) (?:is|was))";
// Before and after the English rate word: "what's our monthly churn rate", "percentage drop".
const std::string kEnBefore =
    "(?:the |our |my |their |its |a |an )?(?:[a-z-]+ )?(?:percentage |percent |% )?";
const std::string kEnAfter =
    "(?: rate| percentage| percent| %)?(?: of (?:the |our |all |my )?[a-z]+)?(?: is (?:that|this|"
    "it)| here)?(?: then)?(?: please| pls)?";
const std::string kZhAfter =
    "(?:了)?(?:是|为|有|大概是)?(?:多少|几|多大|多高|百分之几|百分之多少|多少%|几%)?(?:呢|啊|呀)?";
// A few characters naming whose rate (客户流失率, 整体转化率), never 的/各/每/按 (各地区的转化率)
// nor a negation, which turns the rate round (不合格率 is no 合格率: it had answered 95% for 5%).
const std::string kZhWhose = "(?:[^\\x00-\\x7f,.;:?!、。的各每按不未非无没]{0,4}?)";

// The asked rate word and the clause that states the numbers.
struct Asked {
  const RateWord* word = nullptr;
  std::string clause;
};

// Where a rate word `w` (an alternation) is asked: "…, what's the churn rate?", "… what's the
// churn", "what is the growth rate if …", "转化率：访问3000，下单240", "…，流失率是多少".
struct AskPatterns {
  explicit AskPatterns(const std::string& w)
      : en_end("^(.+?)(?:\\s*[,.;:?!—–-]+\\s*(?:so |then |and )?(?:" + kEnAsk +
               " )?|\\s+(?:so |and )?" + kEnAsk + " )" + kEnBefore + w + kEnAfter + "\\s*[?.!]*$"),
        en_if("^(?:so )?(?:" + kEnAsk + " )?" + kEnBefore + w + kEnAfter +
              " (?:if|when|given(?: that)?|assuming) (.+?)[?.!]*$"),
        label("^" + w + "\\s*:\\s*(.+?)[?.!。]*$"),
        zh_end("^(.+?)\\s*(?:[,.;:?!、。]+\\s*(?:那么|那|请问|所以|则)?|那么|请问|是)" + kZhWhose +
               w + kZhAfter + "[?.!。]*$"),
        // Right after the last number, asked outright: 销售额从80增长到100增长了百分之多少.
        zh_glued(
            "^(.+?[0-9万亿千元块])\\s*" + w +
            "(?:了)?(?:是|为)?(?:多少|几|百分之几|百分之多少|多少%|几%)(?:呢|啊|呀)?[?.!。]*$") {}
  Pattern en_end, en_if, label, zh_end, zh_glued;
};

// Whether the asked rate word has a negation right before it: "the non-completion rate", "not
// converted rate", 不合格率 — the other side's rate, which the word alone would compute.
bool NegatedBefore(std::string_view normalized, const std::string& word) {
  static const Pattern negation("(?:^|[^a-z])(?:non|not|un)[ -]?$|(?:不|未|非|无|没)$");
  const size_t at = normalized.rfind(word);
  return at != std::string_view::npos && negation.PartialMatch(normalized.substr(0, at));
}

// A named rate is looked for first: in "markup percentage?" the bare "percentage" would
// otherwise be the word asked and "markup" a word before it.
std::optional<Asked> FindAskedRate(std::string_view normalized) {
  static const AskPatterns named(RateWordAlternation(false));
  static const AskPatterns bare(RateWordAlternation(true));
  for (const AskPatterns* p : {&named, &bare}) {
    Asked a;
    std::string word;
    if (p->en_end.FullMatch(normalized, &a.clause, &word) ||
        p->en_if.FullMatch(normalized, &word, &a.clause) ||
        p->label.FullMatch(normalized, &word, &a.clause) ||
        p->zh_end.FullMatch(normalized, &a.clause, &word) ||
        p->zh_glued.FullMatch(normalized, &a.clause, &word)) {
      a.word = FindRateWord(word);
      if (a.word != nullptr && !NegatedBefore(normalized, word)) return a;
    }
  }
  return std::nullopt;
}

// A rate named by the event it counts ("面试率：投递200，面试50", "200 applicants, 50 got
// interviews, interview rate?", 好评率, 到店率, 激活率): not in the table, so its event word
// (面试, interview) must stand beside the smaller number — the part — and nearer it than the
// whole; else the roles are unclear. Rates of other kinds (turnover, yield, interest, tax, growth)
// are not shares of a whole and never read this way.
constexpr std::string_view kNotAShare[] = {
    "周转",     "收益",      "回报",       "折旧",   "年化",    "贴现",     "折现",      "溢价",
    "佣金",     "提成",      "折扣",       "利",     "汇",      "税",       "息",        "费",
    "价",       "薪",        "资",         "租",     "通胀",    "杠杆",     "负债",      "市盈",
    "市净",     "波动",      "增长",       "出生",   "死亡",    "interest", "exchange",  "tax",
    "turnover", "inflation", "discount",   "burn",   "run",     "heart",    "birth",     "death",
    "frame",    "bit",       "baud",       "sampl",  "refresh", "clock",    "hourly",    "mortgage",
    "yield",    "growth",    "commission", "tip",    "fx",      "crime",    "mortality", "base",
    "spot",     "flat",      "going",      "daily",  "annual",  "monthly",  "weekly",    "hour",
    "day",      "pay",       "wage",       "salary", "rent",    "price",    "cost",      "spend",
    "fee",      "dividend",  "coupon",     "saving"};

bool NamesAShare(std::string_view stem) {
  return std::none_of(std::begin(kNotAShare), std::end(kNotAShare), [stem](std::string_view w) {
    return stem.find(w) != std::string_view::npos;
  });
}

struct EventRate {
  std::string name;                // as asked: 面试率, "interview rate"
  std::vector<std::string> stems;  // the event's words to look for beside the part
};

// The event words of an asked rate: a Chinese X率's trailing characters (面试 of 客户面试率), two
// at least; an English "<word> rate"'s words, by their first six letters (interview → interviews).
std::optional<EventRate> EventOf(const std::string& name) {
  EventRate e{name, {}};
  if (name.ends_with("率")) {
    const std::string stem = name.substr(0, name.size() - std::string_view("率").size());
    if (!NamesAShare(stem)) return std::nullopt;
    // Suffixes never drop a negation: 合格 is no event of 不合格率.
    static const Pattern negated("^(?:不|未|非|无|没)");
    const bool keep_whole = negated.PartialMatch(stem);
    for (size_t cut = 0; cut + 6 <= stem.size(); cut += 3) {
      e.stems.push_back(stem.substr(cut));
      if (keep_whole) break;
    }
    return e.stems.empty() ? std::nullopt : std::optional<EventRate>(e);
  }
  // The first word that is not a function word is the event ("positive" of "positive review
  // rate"; "review" names the whole).
  static const Pattern word("([a-z][a-z-]*)");
  static const Pattern function_word("rate|the|a|an|our|my|their|its|what|whats|is|was|s|overall");
  re2::StringPiece input(name);
  std::string w;
  e.name.clear();
  while (RE2::FindAndConsume(&input, word.re, &w)) {
    if (function_word.FullMatch(w)) continue;
    if (!NamesAShare(w)) return std::nullopt;
    // A hyphenated event by its first word: "show-up rate" by "showed up".
    if (e.stems.empty()) e.stems.push_back(w.substr(0, std::min<size_t>(6, w.find('-'))));
    e.name += w + " ";
  }
  e.name += "rate";
  return e.stems.empty() ? std::nullopt : std::optional<EventRate>(e);
}

// "…，面试率是多少", "interview rate?" at the end, or as a label ("面试率：…").
std::optional<Asked> FindAskedEventRate(std::string_view normalized, std::string& name) {
  static const AskPatterns p(
      "([^\\x00-\\x7f,.;:?!、。的各每按]{2,5}率|(?:[a-z][a-z-]+ ){1,2}rate)");
  // The English name with a word the pattern's "our monthly" slot took: "positive review rate".
  static const Pattern en_name("((?:[a-z][a-z-]+ ){1,2}rate)(?:[^a-z]|$)");
  Asked a;
  if (p.en_end.FullMatch(normalized, &a.clause, &name)) {
    en_name.PartialMatch(normalized.substr(a.clause.size()), &name);
  }
  if (!name.empty() || p.label.FullMatch(normalized, &name, &a.clause) ||
      p.zh_end.FullMatch(normalized, &a.clause, &name)) {
    a.word = FindRateWord("percentage");  // a plain share; the event names it
    return a;
  }
  return std::nullopt;
}

// "price went up from 4.50 to 5.40, by what percent?", "… by how many percent did it increase?",
// "… how much is that in percent?": a change asked as a bare percentage, only
// after a clause that moves (went, grew, fell, from …).
std::optional<Asked> FindAskedChangeBy(std::string_view normalized) {
  static const Pattern by(
      "^(.+?)\\s*[,.;:?!—–-]+\\s*(?:so )?(?:(?:by )?(?:what|how many|how much) "
      "(?:percent|percentage|"
      "%)(?: is that| was that| then| did it [a-z]+)?|(?:how much|what) is (?:that|this|it) in "
      "(?:percent|percentage|%))[?.!]*$");
  static const Pattern moves(
      "(?:^|[^a-z])(?:went|grew|rose|fell|dropped|increased|decreased|declined|jumped|climbed|"
      "slipped|up|down|from)(?:[^a-z]|$)");
  std::string clause;
  if (!by.FullMatch(normalized, &clause) || !moves.PartialMatch(clause)) {
    return std::nullopt;
  }
  return Asked{FindRateWord("change"), clause};
}

// "50 out of 400 as a percentage", "45 out of 180 is what percent": a bare share asked after
// the numbers.
std::optional<Asked> FindAskedPercentage(std::string_view normalized) {
  static const Pattern as(
      "^(.+?),? (?:as a|as|in) (?:percentage|percent|%)[?.!]*$|^(.+?),? is what "
      "(?:percentage|percent|%)[?.!]*$");
  std::string c1, c2;
  if (!as.FullMatch(normalized, &c1, &c2)) return std::nullopt;
  return Asked{FindRateWord("percentage"), c1.empty() ? c2 : c1};
}

struct Stated {
  long double value = 0;
  size_t begin = 0;  // bytes in the clause
  size_t end = 0;
  long double scale = 1;  // the word after it: 1e6 for "million", 1e4 for 万
  std::string unit;       // a unit of measure right after it ("gb", "hours", 公斤), or ""
};

// The units of data/rules/units.toml, which the conversions read too.
const UnitTable* Units() {
  static const StatusOr<UnitTable> table = UnitTable::FromToml(ASKDB_EMBEDDED(units_toml));
  return table.ok() ? &*table : nullptr;
}

// The unit of measure the text after a number starts with (its id in units.toml, or a
// currency's sub-unit the table does not convert: cents, 角), "" when none: two numbers in
// different units ("from 1.5 gb to 1800 mb", "2 hours to 90 minutes", 80公斤…75000克, "50 cents
// to 2 dollars") are not two amounts of one thing (read as such: 119,900%).
std::string UnitAfter(std::string_view after) {
  static const Pattern sub_unit("^\\s*(cents?|角)(?:[^a-z]|$)");
  size_t at = 0;
  while (at < after.size() && after[at] == ' ') ++at;
  size_t length = 0;
  const Unit* unit = Units() == nullptr ? nullptr : UnitNamedAt(after, at, *Units(), length);
  if (unit != nullptr) return unit->id;
  return sub_unit.PartialMatch(after) ? "cent" : "";
}

// Whether both numbers carry a unit and the units differ.
bool UnitsDiffer(const std::vector<Stated>& n) {
  return n.size() == 2 && !n[0].unit.empty() && !n[1].unit.empty() && n[0].unit != n[1].unit;
}

bool LooksLikeYear(long double v) { return v >= 1900 && v <= 2100 && v == std::floor(v); }

// Whether the text before a number makes it a rank, a filter or a time ("top 5", "more than
// 50", "in 2023", 前5, 超过100): then the request is about data.
bool NotAnAmountBefore(std::string_view before) {
  static const Pattern p(
      "(?:^|[^a-z])(?:top|first|last|in|since|during|before|after|over|above|under|below|than|"
      "least|most|q|fy|id|no\\.|#)\\s*$|(?:前|第|超过|大于|小于|低于|高于|不少于|不到|至少|最多|"
      "大约|约|百分之)\\s*$|(?:^|\\s)[-−]$");  // a negative number: "from -50 to 100" has no rate
  return p.PartialMatch(before);
}

// Whether the text right after a number makes it something else than an amount: a percentage
// ("20%", "2 percent", 3个百分点: a rate of rates is data, not a stated amount), a date or time
// (2023年, 3月, 5pm, 1983/7/16, 10:30), a unit glued to it (5mb, 2nd) or a bound (100以上).
bool NotAnAmountAfter(std::string_view after) {
  static const Pattern p(
      "^(?:%|[a-z]|[/"
      ":-][0-9]|\\s*(?:年|月|日|号|季度|时|点|以上|以下|以内|多|个百分点)|\\s+(?:percent|"
      "per cent|pct|percentage point))");
  return p.PartialMatch(after);
}

// Digits as the patterns here take them, commas between any groups ("1,200.5", "1234,567"), as
// a number; nullopt when they are not one number.
std::optional<long double> DigitsValue(std::string digits) {
  digits.erase(std::remove(digits.begin(), digits.end(), ','), digits.end());
  const auto n = ParseNumberPrefix(digits);
  if (!n || n->length != digits.size()) return std::nullopt;
  return n->value;
}

// The multiplier of a Chinese unit word (亿, 万, else 千).
long double ScaleOf(const std::string& chinese_unit) {
  return chinese_unit == "亿" ? 1e8L : chinese_unit == "万" ? 1e4L : 1e3L;
}

// A spoken amount with digits after its Chinese unit, as the arithmetic reads it: 9千2 = 9200,
// 2万5 = 25000 (the pattern alone read 9千2 as 9000 and 2). nullopt when `at` starts with none.
std::optional<ParsedNumber> SpokenAmount(std::string_view at, const std::string& unit_word) {
  if (unit_word != "千" && unit_word != "万" && unit_word != "亿") return std::nullopt;
  const std::optional<ParsedNumber> n = ParseNumberPrefix(at);
  const size_t digits_and_unit = at.find(unit_word) + unit_word.size();
  if (!n || n->length <= digits_and_unit) return std::nullopt;
  return n;
}

// The stated numbers of a clause ("1,000", "12k", "1.2m", "1.1bn", "120万", "$80"), or nullopt when
// one is not an amount (see NotAnAmountBefore/After) or two could be years ("from 2023 to 2024").
std::optional<std::vector<Stated>> StatedNumbers(std::string_view clause) {
  static const Pattern number(
      "([0-9]+(?:,[0-9]{3})*(?:\\.[0-9]+)?|\\.[0-9]+)(\\s?million|\\s?thousand|\\s?billion|\\s?"
      "trillion|bn|k|m|万|亿|千)?");
  std::vector<Stated> out;
  int years = 0;
  re2::StringPiece input(clause.data(), clause.size());
  std::array<re2::StringPiece, 3> g;
  size_t pos = 0;
  while (number.re.Match(input, pos, input.size(), RE2::UNANCHORED, g.data(), g.size())) {
    const size_t begin = g[0].data() - clause.data();
    const std::string word(g[2].data(), g[2].size());
    const std::optional<ParsedNumber> spoken = SpokenAmount(clause.substr(begin), word);
    const size_t end = begin + (spoken ? spoken->length : g[0].size());
    pos = end;
    if (NotAnAmountBefore(clause.substr(0, begin)) || NotAnAmountAfter(clause.substr(end))) {
      return std::nullopt;
    }
    const std::optional<long double> value =
        spoken ? spoken->value / ScaleOf(word) : DigitsValue(std::string(g[1].data(), g[1].size()));
    if (!value) return std::nullopt;
    long double scale = 1;
    if (word.find("thousand") != std::string::npos || word == "k" || word == "千") scale = 1e3L;
    if (word.find("million") != std::string::npos || word == "m") scale = 1e6L;
    if (word.find("billion") != std::string::npos || word == "bn") scale = 1e9L;
    if (word.find("trillion") != std::string::npos) scale = 1e12L;
    if (word == "万") scale = 1e4L;
    if (word == "亿") scale = 1e8L;
    if (word.empty() && LooksLikeYear(*value)) ++years;
    out.push_back({*value * scale, begin, end, scale, UnitAfter(clause.substr(end))});
  }
  if (years >= 2) return std::nullopt;
  return out;
}

// A change "from 2.5 to 3 million", 从2.5涨到3万: a scale word said once serves both numbers
// when the bare one is within a factor of 3 of the other's digits (2.5 beside 3) and a
// hundredfold off its value; read alone, 2.5 → 3,000,000 was a growth of 119,999,900%. Not
// 800,000 beside 1.2 million, nor a share's "45k sessions and 900 purchases".
void ShareTheScale(std::vector<Stated>& n) {
  if (n.size() != 2 || (n[0].scale == 1) == (n[1].scale == 1)) return;
  Stated& bare = n[0].scale == 1 ? n[0] : n[1];
  const Stated& scaled = n[0].scale == 1 ? n[1] : n[0];
  if (bare.value <= 0 || scaled.value <= 0) return;
  const long double to_digits = std::fabs(std::log10(bare.value * scaled.scale / scaled.value));
  const long double to_value = std::fabs(std::log10(bare.value / scaled.value));
  if (to_digits < 0.5L && to_value >= 2) {
    bare.value *= scaled.scale;
    bare.scale = scaled.scale;
  }
}

// "from 80k to 92m": the digits alike (within a factor of 3) but the scale words a hundredfold
// apart or more is a slip of the scale word, not a growth of 114,900%.
bool ScaleWordsDisagree(const std::vector<Stated>& n) {
  if (n.size() != 2 || n[0].scale == n[1].scale || n[0].scale == 1 || n[1].scale == 1 ||
      n[0].value <= 0 || n[1].value <= 0) {
    return false;
  }
  const long double digits =
      std::fabs(std::log10((n[0].value / n[0].scale) / (n[1].value / n[1].scale)));
  return digits < 0.5L && std::fabs(std::log10(n[0].scale / n[1].scale)) >= 2;
}

// Where a number's role is said: the text before it back to the previous number (or the
// clause's start), and after it up to the next number (or the end).
std::string_view Before(std::string_view clause, const std::vector<Stated>& n, size_t i) {
  const size_t from = i == 0 ? 0 : n[i - 1].end;
  return clause.substr(from, n[i].begin - from);
}
std::string_view After(std::string_view clause, const std::vector<Stated>& n, size_t i) {
  const size_t to = i + 1 < n.size() ? n[i + 1].begin : clause.size();
  return clause.substr(n[i].end, to - n[i].end);
}

// "from store 5 to store 8", "genre 1 and genre 2": the same word right before two small whole
// numbers names two things by their numbers. Time, price and function words aside: "last year
// 100, this year 120", "cost price 80, sale price 100", "started with 320 … ended with 296".
bool NamesThingsByNumber(std::string_view clause, const std::vector<Stated>& n) {
  static const Pattern last_word("([a-z]+)\\s*$");
  static const Pattern not_a_name(
      "year|month|quarter|week|day|period|time|price|cost|with|of|and|to|from|at|for|by|is|was|"
      "were|are|be|had|have|has|then|than|about|around|only|just|now|still");
  auto small_whole = [](const Stated& s) {
    return s.value < 1000 && s.value == std::floor(s.value);
  };
  std::string first, second;
  if (n.size() != 2 || !small_whole(n[0]) || !small_whole(n[1]) ||
      !last_word.PartialMatch(Before(clause, n, 0), &first) ||
      !last_word.PartialMatch(Before(clause, n, 1), &second)) {
    return false;
  }
  return first == second && !not_a_name.FullMatch(first);
}

enum class Role { kNone, kPart, kWhole };

// A share's role words: "50 of 400", "out of 800, 120", "400 of them", "50占400", "其中32个",
// "共有800个", "in total".
Role ShareRole(std::string_view before, std::string_view after) {
  static const Pattern part_after("^\\s*(?:(?:out )?of |[个人位名单家笔次条件]?占)");
  static const Pattern part_before("(?:其中|里有|中有|里面有|当中有|其中有)\\s*$");
  static const Pattern whole_before(
      "(?:out of|of|total(?: of)?|in all|占|共有|共|总共|一共|总计|合计|总数|总共有|一共有|全部)"
      "\\s*[$]?$");
  static const Pattern whole_after("^\\s*(?:in total|total|altogether|in all)");
  if (part_after.PartialMatch(after) || part_before.PartialMatch(before)) {
    return Role::kPart;
  }
  if (whole_before.PartialMatch(before) || whole_after.PartialMatch(after)) {
    return Role::kWhole;
  }
  return Role::kNone;
}

// Whether a word says which number is the part or the whole: a bare share word ("percentage",
// 占比) needs one, a named rate (churn, 转化率) takes the smaller number as the part.
bool SaysPartOrWhole(std::string_view clause, const std::vector<Stated>& n) {
  for (size_t i = 0; i < n.size(); ++i) {
    if (ShareRole(Before(clause, n, i), After(clause, n, i)) != Role::kNone) return true;
  }
  return false;
}

enum class Side { kNone, kSame, kOther, kBoth };

// Which side of a share the clause's words count: "lost 90" is a churn's own side, "340 still
// with us" / 还剩340 / "2760 didn't buy" the other (the rate is the whole less them); words of
// both sides, or "left" (gone, or remaining?), cannot be told.
// Words of those kept or gone right ("still", "renewed", 剩, 期末) and of those lost or gone
// wrong ("lost", "didn't", 流失, 不及格), for SideCounted and SideWordOnThePart.
const RE2& KeptWords() {
  static const Pattern kept(
      "(?:^|[^a-z])(?:still|remain|remained|remaining|stayed|kept|retained|renewed|now have|now "
      "has|ended with|ending with|finished with|converted|bought|purchased|ordered|opened|clicked|"
      "responded|replied|signed up|hired|passed|attended|showed up|accepted|approved|redeemed|used|"
      "succeeded|completed|resolved|solved)(?:[^a-z]|$)|剩|还有|留下|留存|仍|依然|续费|期末|月底|"
      "年底|季末|现在有|"
      "目前有|在职|转化|下单|成交|购买|买了|打开|点击|回复|入住|复购|使用|用掉|用了|合格|及格|通过|"
      "成功|出勤|到场|出席|实到|完成|达成|录用|核销|解决");
  return kept.re;
}
const RE2& LostWords() {
  static const Pattern lost(
      "(?:^|[^a-z])(?:lost|churned|cancell?ed|quit|gone|unsubscribed|failed|absent|missed|didn't|"
      "didnt|did "
      "not|not|never|no-shows?|returned|rejected|bounced|defective|unopened|unsold|unused|"
      "without|dropped "
      "out)(?:[^a-z]|$)|流失|取消|退订|离开|走了|丢了|丢失|离职|失败|缺席|缺勤|请假|"
      "没|未|不合格|不及格|不通过|不良|次品|退回|退货|退款|拒绝|投诉|跳出");
  return lost.re;
}

// A lost word negated ("340 didn't churn", 没有流失, 不是次品) counts those kept: with the
// lost words (didn't, 没, 流失) it would read as its own opposite, so it is both sides.
bool NegatesALostWord(std::string_view clause) {
  static const Pattern p(
      "(?:^|[^a-z])(?:didn't|didnt|did not|not|never|haven't|hasn't|have not|has not|wasn't|"
      "weren't|won't)\\s+(?:yet\\s+|been\\s+|ever\\s+)?(?:churn|cancel|quit|leav|left|unsubscrib|"
      "fail|return|bounc|drop|reject|lost|lose|complain|defect)|(?:没有?|未|不是|不曾|并未|并没有?)"
      "(?:流失|取消|退订|离开|走|丢|离职|失败|缺席|缺勤|请假|退回|退货|退款|拒绝|投诉|跳出|次品|"
      "不良)");
  return p.PartialMatch(clause);
}

Side SideCounted(std::string_view clause, Counts counts) {
  static const Pattern left("(?:^|[^a-z])left(?:[^a-z]|$)");
  // 不及格 holds 及格, "didn't buy" may hold a kept word: kept words are looked for outside the
  // lost ones.
  std::string outside_lost(clause);
  const bool l = RE2::GlobalReplace(&outside_lost, LostWords(), " ") > 0;
  const bool k = RE2::PartialMatch(outside_lost, KeptWords());
  if (left.PartialMatch(clause) || (k && l) || NegatesALostWord(clause)) {
    return Side::kBoth;
  }
  if (!k && !l) return Side::kNone;
  return (counts == Counts::kLost) == l ? Side::kSame : Side::kOther;
}

// The byte spans of the matches of `p` in `text`.
std::vector<std::pair<size_t, size_t>> Matches(std::string_view text, const RE2& p) {
  std::vector<std::pair<size_t, size_t>> out;
  re2::StringPiece input(text.data(), text.size());
  re2::StringPiece m;
  size_t pos = 0;
  while (pos < text.size() && p.Match(input, pos, text.size(), RE2::UNANCHORED, &m, 1)) {
    const size_t begin = m.data() - text.data();
    out.emplace_back(begin, begin + m.size());
    pos = m.empty() ? begin + 1 : begin + m.size();
  }
  return out;
}

// The spans of the words of the side a share counts (kLost: lost words; kKept: kept words
// outside lost ones, 及格 in 不及格 being no kept word).
std::vector<std::pair<size_t, size_t>> SideWordSpans(std::string_view clause, Counts counts) {
  const auto lost = Matches(clause, LostWords());
  if (counts == Counts::kLost) return lost;
  std::vector<std::pair<size_t, size_t>> out;
  for (const auto& kept : Matches(clause, KeptWords())) {
    const bool inside_lost = std::any_of(lost.begin(), lost.end(), [&](const auto& l) {
      return l.first < kept.second && kept.first < l.second;
    });
    if (!inside_lost) out.push_back(kept);
  }
  return out;
}

// Bytes between a number and a word's span (0 when they touch or overlap).
size_t Gap(const Stated& s, size_t begin, size_t end) {
  return begin >= s.end ? begin - s.end : s.begin >= end ? s.begin - end : 0;
}

// Whether a word of the other side ("ended with", 月底, "didn't buy") stands nearer the part
// than the whole: "started with 400 and ended with 450" puts the end on the larger number,
// which a complement would take as the whole ((450 − 400) / 450 for a churn): no part is
// stated.
bool SideWordOnThePart(std::string_view clause, const std::vector<Stated>& n, size_t part,
                       Counts counts) {
  const Counts other = counts == Counts::kLost ? Counts::kKept : Counts::kLost;
  for (const auto& [begin, end] : SideWordSpans(clause, other)) {
    if (Gap(n[part], begin, end) < Gap(n[1 - part], begin, end)) return true;
  }
  return false;
}

// Which comma-separated piece of the clause a byte is in: "注册用户5000，激活了3500" puts
// 激活 with 3500 however near 5000 it is in bytes.
size_t PieceOf(std::string_view clause, size_t at) {
  static const Pattern separator("[,;、。]");
  return Matches(clause.substr(0, at), separator.re).size();
}

struct WordsStand {
  bool by_part = false;
  bool by_whole = false;
};

// Whether words (their byte spans) stand by the part or by the whole: in the part's piece of
// the clause and not the whole's ("其中50人来面试", "激活了3500"), or within one piece nearer
// it ("of 400 reviews 360 were positive").
WordsStand WhereWordsStand(std::string_view clause, const std::vector<Stated>& n, size_t part,
                           const std::vector<std::pair<size_t, size_t>>& spans) {
  const size_t part_piece = PieceOf(clause, n[part].begin);
  const size_t whole_piece = PieceOf(clause, n[1 - part].begin);
  WordsStand out;
  for (const auto& [begin, end] : spans) {
    const size_t to_part = Gap(n[part], begin, end);
    const size_t to_whole = Gap(n[1 - part], begin, end);
    const size_t piece = PieceOf(clause, begin);
    const bool pieces = part_piece != whole_piece;
    out.by_part |= pieces ? piece == part_piece : to_part < to_whole;
    out.by_whole |= pieces ? piece == whole_piece : to_whole < to_part;
  }
  return out;
}

void ReadShare(std::string_view clause, const std::vector<Stated>& n, const RateWord& w,
               RateQuestion& r) {
  const Role first = ShareRole(Before(clause, n, 0), After(clause, n, 0));
  const Role second = ShareRole(Before(clause, n, 1), After(clause, n, 1));
  size_t part = n[0].value <= n[1].value ? 0 : 1;
  if (first == Role::kPart || second == Role::kWhole) part = 0;
  if (second == Role::kPart || first == Role::kWhole) part = 1;
  const bool conflict = (first == Role::kPart && second == Role::kPart) ||
                        (first == Role::kWhole && second == Role::kWhole);
  r.a = n[part].value;
  r.b = n[1 - part].value;
  if (conflict || r.a > r.b) r.unclear = Unclear::kPartOverWhole;
  if (w.counts == Counts::kAny) return;
  const Side side = SideCounted(clause, w.counts);
  if (side == Side::kBoth || (side == Side::kNone && w.needs == Needs::kSide)) {
    r.unclear = Unclear::kWhichSide;
  }
  r.complement = side == Side::kOther;
  // Roles said by of/out of/其中 settle the part; only sizes leave it to the side word's place.
  const bool marked = first != Role::kNone || second != Role::kNone;
  if (r.complement && !marked && !SideWordOnThePart(clause, n, part, w.counts)) {
    r.unclear = Unclear::kWhichSide;
  }
  // The side asked about said by the larger number only ("应到40人，实到42人，出勤率": 实到 by
  // 42): the part is not the smaller, so a part larger than the whole (it had been 40 / 42).
  if (side == Side::kSame && !marked) {
    const WordsStand stand = WhereWordsStand(clause, n, part, SideWordSpans(clause, w.counts));
    if (stand.by_whole && !stand.by_part) r.unclear = Unclear::kPartOverWhole;
  }
}

enum class When { kNone, kEarlier, kLater };

// "last year 120 … this year 150", 去年…今年, 上月…本月, 同期…: which of two numbers came first.
When TimeOf(std::string_view text) {
  static const Pattern earlier(
      "(?:^|[^a-z])(?:last|previous|prior|before|earlier|old|ago|yesterday|initially|originally|"
      "used to)(?:[^a-z]|$)|去年|上月|上个月|上季度|上周|昨天|之前|原来|以前|原先|同期|前年|上年|"
      "期初|上一");
  static const Pattern later(
      "(?:^|[^a-z])(?:this|now|current|currently|today|new|after|later|latest)(?:[^a-z]|$)|今年|"
      "本月|这个月|这月|本季度|本周|今天|现在|目前|当前|后来|本期|期末|本年");
  const bool e = earlier.PartialMatch(text);
  const bool l = later.PartialMatch(text);
  if (e == l) return When::kNone;
  return e ? When::kEarlier : When::kLater;
}

// Whether the first number is the earlier one: "from 120 to 150", 从120涨到150, or time words
// around each — both before their numbers (去年500万，今年420万), both after ("150 this year and
// 120 last year"), or the first's before and the second's after ("this year 540 versus 600 last
// year"; never the text between them for both); nullopt when nothing says.
std::optional<bool> FirstIsEarlier(std::string_view clause, const std::vector<Stated>& n) {
  static const Pattern to("(?:^|[^a-z])(?:to|->)(?:[^a-z]|$)|→|到|至|变成|变为|成了");
  // "150 this year compared to 120 last year": a comparison, not a from-to.
  static const Pattern compared("(?:compared|relative|as opposed|in comparison|next|close) to");
  std::string between(After(clause, n, 0));
  RE2::GlobalReplace(&between, compared.re, " ");
  const bool from_to = to.PartialMatch(between);
  std::optional<bool> by_time;
  const std::pair<std::string_view, std::string_view> sides[] = {
      {Before(clause, n, 0), Before(clause, n, 1)},
      {After(clause, n, 0), After(clause, n, 1)},
      {Before(clause, n, 0), After(clause, n, 1)}};
  for (const auto& [first, second] : sides) {
    const When a = TimeOf(first);
    const When b = TimeOf(second);
    if (a != When::kNone && b != When::kNone && a != b) {
      by_time = a == When::kEarlier;
      break;
    }
  }
  if (from_to && by_time == false) return std::nullopt;  // the words disagree
  return from_to ? std::optional<bool>(true) : by_time;
}

// Whether a number is how much the value moved: said right after a verb of change or "by"
// ("grew by 30 to 150", "rose 20 to 120", "this year up by 20", 增长了20万，达到120万, 降了20到80),
// after 比…多/少 (比上个月多卖了60件) or before "more/less than" ("60 more than last month").
// Read as a start it gave 400% for a 25% growth.
bool IsAChangeAmount(std::string_view before, std::string_view after) {
  static const Pattern verb(
      "(?:^|[^a-z])(?:by|up|down|grew|grown|rose|risen|increased|decreased|declined|dropped|fell|"
      "fallen|jumped|climbed|gained|slipped|(?:increase|rise|drop|decline|fall|gain|growth) of)"
      "\\s*[$]?$|(?:增长|增加|上涨|上升|提高|提升|下降|减少|降低|下跌|涨|降|跌|掉|多|少)了?\\s*$|"
      "比[^,.;:?!、。，0-9]*(?:多|少|高|低)[^,.;:?!、。，0-9]{0,3}$");
  static const Pattern than(
      "^\\s*(?:[a-z]+\\s+)?(?:(?:more|fewer|less|higher|lower)\\s+than|(?:up|down)\\s+on)");
  return verb.PartialMatch(before) || than.PartialMatch(after);
}

// Whether the clause names a month, a quarter or a year (march, q3, last year, 3月, 二季度,
// 2024年): then the periods, not the order the numbers are told in, say which came first.
bool NamesAPeriod(std::string_view clause) {
  static const Pattern period("(?:^|[^a-z])(?:" + std::string(kEnglishMonthPattern) +
                              "|q[1-4]|quarters?|years?|fy[0-9]*)(?:[^a-z]|$)|"
                              "[0-9一二三四五六七八九十]+月|季度|年");
  return period.PartialMatch(clause);
}

// Whether the first number is the earlier one as the rate word's direction and the order the
// numbers are told in agree: a drop told from the larger number to the smaller ("1,200 users
// on monday and 900 on tuesday, the percentage drop?"), a rise from the smaller. Growth and
// change may go either way ("negative growth"), and a drop told smaller first may be either
// order: nullopt. A clause that names months, quarters or years is not guessed ("1,200 in
// march and 900 in february": the drop is a rise). A year in digits is no stated amount
// (StatedNumbers), so it is not looked for here.
std::optional<bool> FirstIsEarlierByDirection(std::string_view clause, std::string_view name_en,
                                              long double first, long double second) {
  if (NamesAPeriod(clause)) return std::nullopt;
  const bool up = name_en == "increase" || name_en == "rise" || name_en == "gain";
  const bool down =
      name_en == "decrease" || name_en == "decline" || name_en == "drop" || name_en == "fall";
  if ((up && first < second) || (down && first > second)) return true;
  return std::nullopt;
}

void ReadChange(std::string_view clause, const std::vector<Stated>& n, RateQuestion& r) {
  if (IsAChangeAmount(Before(clause, n, 0), After(clause, n, 0)) ||
      IsAChangeAmount(Before(clause, n, 1), After(clause, n, 1))) {
    r.unclear = Unclear::kChangeBy;
    return;
  }
  std::optional<bool> first = FirstIsEarlier(clause, n);
  if (!first) first = FirstIsEarlierByDirection(clause, r.name_en, n[0].value, n[1].value);
  if (!first) {
    r.unclear = Unclear::kOrder;
    return;
  }
  r.a = n[*first ? 0 : 1].value;
  r.b = n[*first ? 1 : 0].value;
}

enum class Price { kNone, kCost, kPrice };

// What the words right before a number say it is: "costs 60", "sold at 100", 进价80, 卖100.
// The nearer word wins ("cost 80 sold at 100"), the longer on a tie ("cost price 80").
Price PriceRole(std::string_view before) {
  static const Pattern cost(
      "(?:^|[^a-z])(?:cost price|unit cost|costs?|bought|buy|buying|paid|pay|purchase price|"
      "purchased|purchase|wholesale(?: "
      "price)?)(?:[^a-z]|$)|成本价|成本|进价|进货价|采购价|买入价|买价|"
      "买入|买了|买|进货");
  static const Pattern price(
      "(?:^|[^a-z])(?:selling price|sale price|sales price|price|sold|sells?|selling|retail(?: "
      "price)?|revenue)(?:[^a-z]|$)|售价|卖价|零售价|销售价|出售价|定价|卖出|卖了|卖|售");
  // The last match's end and length, {0, 0} when none.
  auto last = [before](const RE2& p) {
    const auto spans = Matches(before, p);
    if (spans.empty()) return std::pair<size_t, size_t>{0, 0};
    return std::pair<size_t, size_t>{spans.back().second, spans.back().second - spans.back().first};
  };
  const auto c = last(cost.re);
  const auto p = last(price.re);
  if (c.second == 0 && p.second == 0) return Price::kNone;
  if (c.first != p.first) return c.first > p.first ? Price::kCost : Price::kPrice;
  return c.second >= p.second ? Price::kCost : Price::kPrice;
}

void ReadCostAndPrice(std::string_view clause, const std::vector<Stated>& n, RateQuestion& r) {
  const Price first = PriceRole(Before(clause, n, 0));
  const Price second = PriceRole(Before(clause, n, 1));
  if (first == Price::kNone || second == Price::kNone || first == second) {
    r.unclear = Unclear::kCostAndPrice;
    return;
  }
  r.a = n[first == Price::kCost ? 0 : 1].value;
  r.b = n[first == Price::kCost ? 1 : 0].value;
}

// "150比120多百分之几", "120比150少百分之几", "150 is what percent more than 120": the change
// from the second number to the first.
std::optional<RateQuestion> ParseComparison(std::string_view normalized) {
  const std::string num = "([0-9]+(?:,[0-9]{3})*(?:\\.[0-9]+)?)";
  static const Pattern zh("^(?:请问|请|帮我算一下|算一下)?" + num + "(?:元|块|个|人)?比" + num +
                          "(?:元|块|个|人)?(?:多|少|高|低|大|小|贵|便宜|增加|减少|高出|多出|低出)"
                          "(?:了)?(?:百分之几|百分之多少|多少%|几%)[?.!。]*$");
  static const Pattern en("^" + num +
                          " is (?:by )?what (?:percent|percentage|%) (?:more|less|higher|lower|"
                          "bigger|smaller|greater|larger|above|below)(?: than)? " +
                          num + "[?.!]*$");
  std::string x, y;
  if (!zh.FullMatch(normalized, &x, &y) && !en.FullMatch(normalized, &x, &y)) {
    return std::nullopt;
  }
  const auto a = DigitsValue(y);
  const auto b = DigitsValue(x);
  if (!a || !b) return std::nullopt;
  RateQuestion r{.kind = Kind::kChange, .name_en = "difference", .name_zh = "差别"};
  r.a = *a;
  r.b = *b;
  r.compared = true;
  r.numbers = {*b, *a};
  return r;
}

// The runs of digits in `s` ("1,200.5" is one): every reading needs two stated numbers, and
// this cheap count spares most requests (data questions) the patterns, which the classifier
// would otherwise run on each of them.
int CountDigitRuns(std::string_view s) {
  int runs = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    const bool digit = s[i] >= '0' && s[i] <= '9';
    const bool joined =
        i >= 2 && (s[i - 1] == '.' || s[i - 1] == ',') && s[i - 2] >= '0' && s[i - 2] <= '9';
    if (digit && (i == 0 || !(s[i - 1] >= '0' && s[i - 1] <= '9')) && !joined) ++runs;
  }
  return runs;
}

// A share named by its event (FindAskedEventRate): read as a plain share of two counts, then
// unclear unless the event's words stand by the part.
std::optional<RateQuestion> ParseEventRate(std::string_view normalized) {
  std::string name;
  const std::optional<Asked> asked = FindAskedEventRate(normalized, name);
  if (!asked) return std::nullopt;
  const std::optional<EventRate> event = EventOf(name);
  auto numbers = StatedNumbers(asked->clause);
  if (!event || !numbers || numbers->size() < 2 || NamesThingsByNumber(asked->clause, *numbers) ||
      UnitsDiffer(*numbers)) {
    return std::nullopt;
  }
  const bool zh = name.ends_with("率");
  RateQuestion r{
      .kind = Kind::kShare, .name_en = zh ? "rate" : event->name, .name_zh = event->name};
  for (const Stated& s : *numbers) r.numbers.push_back(s.value);
  if (numbers->size() > 2) {
    r.unclear = Unclear::kTooManyNumbers;
    return r;
  }
  const RateWord plain{name, Kind::kShare, Counts::kAny, Needs::kNothing, r.name_en, r.name_zh};
  ReadShare(asked->clause, *numbers, plain, r);
  const size_t part = r.a == (*numbers)[0].value ? 0 : 1;
  std::vector<std::pair<size_t, size_t>> spans;
  for (const std::string& stem : event->stems) {
    const Pattern p(RE2::QuoteMeta(stem));
    const auto found = Matches(asked->clause, p.re);
    spans.insert(spans.end(), found.begin(), found.end());
  }
  const WordsStand stand = WhereWordsStand(asked->clause, *numbers, part, spans);
  // Unclear unless the event stands by the part only: not "面试了200人，录用50人" (面试 by the
  // whole), nor "50和200" (no event word).
  if (r.unclear == Unclear::kNone && (stand.by_whole || !stand.by_part)) {
    r.unclear = Unclear::kPartOverWhole;
  }
  return r;
}

}  // namespace

std::optional<RateQuestion> ParseStatedRate(std::string_view normalized) {
  if (normalized.size() > 200 || CountDigitRuns(normalized) < 2) return std::nullopt;
  static const Pattern any_word(RateWordAlternation(false) + "|" + RateWordAlternation(true) +
                                "|比|than|率|rate");
  if (!any_word.PartialMatch(normalized)) return std::nullopt;
  if (auto r = ParseComparison(normalized)) return r;
  // "… from 4.50 to 5.40 — by what percent" first: else "percent" is a bare share word asked.
  std::optional<Asked> asked = FindAskedChangeBy(normalized);
  if (!asked) asked = FindAskedRate(normalized);
  if (!asked) asked = FindAskedPercentage(normalized);
  if (!asked) return ParseEventRate(normalized);
  auto numbers = StatedNumbers(asked->clause);
  if (!numbers || numbers->size() < 2 || NamesThingsByNumber(asked->clause, *numbers) ||
      UnitsDiffer(*numbers) || ScaleWordsDisagree(*numbers)) {
    return std::nullopt;
  }
  if (asked->word->kind == Kind::kChange) ShareTheScale(*numbers);
  const RateWord& w = *asked->word;
  RateQuestion r{.kind = w.kind, .name_en = std::string(w.en), .name_zh = std::string(w.zh)};
  for (const Stated& s : *numbers) r.numbers.push_back(s.value);
  if (numbers->size() > 2) {
    r.unclear = Unclear::kTooManyNumbers;
    return r;
  }
  if (w.kind == Kind::kShare) {
    if (w.needs == Needs::kMarker && !SaysPartOrWhole(asked->clause, *numbers)) return std::nullopt;
    ReadShare(asked->clause, *numbers, w, r);
  } else if (w.kind == Kind::kChange) {
    ReadChange(asked->clause, *numbers, r);
  } else {
    ReadCostAndPrice(asked->clause, *numbers, r);
  }
  return r;
}

std::optional<long double> EvaluateStatedRate(const RateQuestion& r) {
  constexpr long double kHundred = 100;
  if (r.unclear != Unclear::kNone) return std::nullopt;
  switch (r.kind) {
    case Kind::kShare:
      if (r.b == 0) return std::nullopt;
      return (r.complement ? r.b - r.a : r.a) / r.b * kHundred;
    case Kind::kChange:
      if (r.a == 0) return std::nullopt;
      return (r.b - r.a) / std::fabs(r.a) * kHundred;
    case Kind::kMarkup:
      return EvaluateMarkup(r);
    case Kind::kMargin:
    case Kind::kProfit:
      if (r.b == 0) return std::nullopt;
      return (r.b - r.a) / r.b * kHundred;
  }
  return std::nullopt;
}

std::optional<long double> EvaluateMarkup(const RateQuestion& r) {
  if (r.unclear != Unclear::kNone || r.a == 0) return std::nullopt;
  return (r.b - r.a) / r.a * 100;
}

}  // namespace askdb::agent
