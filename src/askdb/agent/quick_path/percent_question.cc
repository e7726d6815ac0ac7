#include "askdb/agent/quick_path/percent_question.h"

#include <re2/re2.h>

#include <cmath>
#include <string>

#include "askdb/agent/quick_path/arithmetic.h"
#include "askdb/agent/quick_path/utf8_pattern.h"

namespace askdb::agent {
namespace {

using Pattern = Utf8Pattern;

// A number as the arithmetic parser reads it (1,234.5, 1.2万, 三百五十); checked whole below.
const std::string kNum = "(-?[0-9.,]+[万亿]?|[零〇一二两三四五六七八九十百千万亿点]+)";
const std::string kZhHead = "(?:请问|请|帮我算一下|帮我算|算一下|计算一下)?";
const std::string kZhTail = "(?:呢|啊|呀)?[?？。.!！]*";
const std::string kZhAsk = "(?:百分之几|百分之多少|多少百分比|百分比是多少|百分比|多少%|几%)";
const std::string kZhMove =
    "(?:增长|增加|上涨|涨|提高|提升|上升|下降|减少|降低|降|下跌|跌|变化|变)";
const std::string kEnHead = "(?:what is |what's |whats |how much is |calculate |compute )?";
const std::string kEnTail = "[?.!]*";
// An amount with an optional thousand or million suffix, for stated changes: "80k", "1.2m".
// Commas only as thousands separators: "from 80 to 92, whats ..." must not read "92,".
const std::string kStated = "((?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\\.[0-9]+)?)(k|m)?";
// A decimal or a fraction of whole numbers, as written: "0.375", ".5", "3/8".
const std::string kFraction = "(-?[0-9]+(?:\\.[0-9]+)?(?:/[0-9]+)?|-?\\.[0-9]+)";

std::optional<PercentQuestion> Make(PercentQuestion::Kind kind, const std::string& a,
                                    const std::string& b) {
  const auto x = ParseWholeNumber(a);
  const auto y = ParseWholeNumber(b);
  if (!x || !y) return std::nullopt;
  return PercentQuestion{kind, *x, *y, {}};
}

// A whole number a year could be ("from 2023 to 2024").
// The range is tested first: casting a value past int's range (a 12-digit amount) to int is
// undefined.
bool LooksLikeYear(long double v) { return v >= 1900 && v <= 2100 && v == std::floor(v); }

// The share one stated amount is of another, a target or a budget ("we're at 1.37m of a 2m
// target, what percent is that", "今年目标800万，已经完成了530万，完成率多少"): the words only
// name the numbers, so the share is computed; never with a year, where the words would be asking
// about data, or unlike k/m suffixes (which do not change the percentage when alike).
std::optional<PercentQuestion> StatedShare(const std::string& part, const std::string& whole,
                                           const std::string& scale_part,
                                           const std::string& scale_whole) {
  if (scale_part != scale_whole) return std::nullopt;
  auto q = Make(PercentQuestion::Kind::kShare, part, whole);
  if (!q || LooksLikeYear(q->a) || LooksLikeYear(q->b)) return std::nullopt;
  const long double unit = scale_part == "k" ? 1e3L : scale_part == "m" ? 1e6L : 1;
  q->a *= unit;
  q->b *= unit;
  return q;
}

// "we're at 1.37m of a 2m target, what percent is that" (part, whole) and "目标800万，已经完成了
// 530万，完成率多少" (whole, part), read whole.
std::optional<PercentQuestion> ParseStatedShare(std::string_view normalized) {
  static const Pattern en(
      "^(?:[a-z' ]{1,30} )?(?:at|hit|reached|done|sold|made|got|spent|used|raised|closed) \\$?" +
      kStated + " (?:of|out of) (?:a |an |the |our |my )?\\$?" + kStated +
      "(?: [a-z]+)?\\s*[,;.]?\\s*(?:so )?(?:what is|what's|whats|what|how much is)? ?(?:the )?"
      "(?:%|percent|percentage)(?: is (?:that|this|it)| (?:done|reached|hit|achieved|complete))?" +
      kEnTail + "$");
  std::string a, sa, b, sb;
  if (en.FullMatch(normalized, &a, &sa, &b, &sb)) return StatedShare(a, b, sa, sb);
  static const Pattern zh(
      "^[^0-9,，。]{0,8}?(?:目标|计划|指标|预算)(?:是|为)?" + kNum +
      "(元|块)?\\s*[,，]\\s*(?:已经|已|目前|现在|实际)?(?:完成|做到|卖了|达成|实现|花了|用了)(?:了)"
      "?" +
      kNum +
      "(元|块)?\\s*[,，]?\\s*(?:完成率|达成率|完成比例|完成了百分之几|完成了百分之多少|"
      "完成了多少|占比|使用率)(?:是)?(?:多少|几|百分之几|百分之多少)?" +
      kZhTail + "$");
  if (zh.FullMatch(normalized, &b, &sb, &a, &sa)) return StatedShare(a, b, sa, sb);
  return std::nullopt;
}

}  // namespace

std::optional<PercentQuestion> ParsePercentQuestion(std::string_view normalized) {
  if (normalized.size() > 160) return std::nullopt;
  using K = PercentQuestion::Kind;
  std::string a, b;
  // 20是80的百分之几 / 20占80的百分之多少 / 20占80的百分比是多少
  static const Pattern zh_share("^" + kZhHead + kNum + "\\s*(?:是|占|为|等于)\\s*" + kNum +
                                "\\s*的\\s*(?:" + kZhAsk + "|比例是多少|几成)" + kZhTail + "$");
  if (zh_share.FullMatch(normalized, &a, &b)) return Make(K::kShare, a, b);
  // 从80增长到100，增长了百分之多少 / 80涨到100涨了百分之几 / 由80降到60下降了多少%
  static const Pattern zh_change("^" + kZhHead + "(?:从|由)?\\s*" + kNum + "\\s*" + kZhMove +
                                 "?(?:到|至|为)\\s*" + kNum + "\\s*[,，]?\\s*(?:" + kZhMove +
                                 "|幅度)?(?:了|是|为)?\\s*(?:" + kZhAsk + "|百分之多少)" + kZhTail +
                                 "$");
  if (zh_change.FullMatch(normalized, &a, &b)) return Make(K::kChange, a, b);
  // 三成是百分之多少 / 三成五等于百分之几 / 0.35是多少% / 八分之三等于百分之多少: N成, a decimal
  // or a fraction as a percentage.
  static const Pattern zh_as(
      "^" + kZhHead + "((?:[0-9.]+|[零〇一二两三四五六七八九十点]+)成" +
      "[一二三四五六七八九1-9]?|0?\\.[0-9]+|[0-9]+/[0-9]+|[一二两三四五六七八九十百]+分之"
      "[一二两三四五六七八九十]+)\\s*(?:是|等于|相当于|合|就是)\\s*" +
      kZhAsk + kZhTail + "$");
  if (zh_as.FullMatch(normalized, &a)) {
    const ArithmeticResult r = EvaluateArithmetic(a);
    if (!r.ok()) return std::nullopt;
    return PercentQuestion{K::kAsPercent, r.value, 1, a};
  }
  // 把0.375换算成百分数 / 3/4化成百分比是多少 / what's 0.75 as a percentage / convert 3/8 to a
  // percent
  static const Pattern as_words(
      "^(?:" + kZhHead + "(?:把|将)?\\s*" + kFraction +
      "\\s*(?:换算成|换算为|转换成|转换为|转成|转为|化成|化为|写成|写为|变成|换成|表示成|表示为)"
      "\\s*"
      "(?:百分数|百分比)(?:是多少|是几|是什么)?" +
      kZhTail + "|" + kEnHead + "(?:convert |express |write |change |turn )?" + kFraction +
      " (?:as|in|to|into) (?:a )?(?:percent|percentage|%)(?: form)?" + kEnTail + ")$");
  std::string a_en;
  if (as_words.FullMatch(normalized, &a, &a_en)) {
    const std::string& x = a.empty() ? a_en : a;
    const ArithmeticResult r = EvaluateArithmetic(x);
    if (!r.ok()) return std::nullopt;
    return PercentQuestion{K::kAsPercent, r.value, 1, x};
  }
  // what percent of 80 is 20 / 20 is what percent of 80 / 20 as a percentage of 80
  static const Pattern en_share_of("^" + kEnHead + "what (?:percent|percentage|%) of " + kNum +
                                   " is " + kNum + kEnTail + "$");
  if (en_share_of.FullMatch(normalized, &b, &a)) return Make(K::kShare, a, b);
  static const Pattern en_share_is("^(?:" + kNum + " is what (?:percent|percentage|%) of " + kNum +
                                   "|" + kEnHead + kNum + " as a (?:percent|percentage) of " +
                                   kNum + "|what (?:percent|percentage) is " + kNum + " of " +
                                   kNum + ")" + kEnTail + "$");
  std::string a2, b2, a3, b3;
  if (en_share_is.FullMatch(normalized, &a, &b, &a2, &b2, &a3, &b3)) {
    if (!a.empty()) return Make(K::kShare, a, b);
    if (!a2.empty()) return Make(K::kShare, a2, b2);
    return Make(K::kShare, a3, b3);
  }
  // A change between stated amounts with words around them ("sales went from 80k to 92k, whats
  // the % increase", 去年营收1200万，今年1500万，增长了百分之多少) is stated_rate.h's to read.
  // percent change from 80 to 100 / what is the percentage increase from 80 to 100
  static const Pattern en_change("^" + kEnHead +
                                 "(?:the )?(?:percent|percentage|%) (?:change|increase|decrease|"
                                 "difference|growth|drop) (?:from )?" +
                                 kNum + " to " + kNum + kEnTail + "$");
  if (en_change.FullMatch(normalized, &a, &b)) return Make(K::kChange, a, b);
  return ParseStatedShare(normalized);
}

std::optional<long double> EvaluatePercentQuestion(const PercentQuestion& q) {
  constexpr long double kHundred = 100;
  if (q.kind == PercentQuestion::Kind::kAsPercent) return q.a * kHundred;
  if (q.kind == PercentQuestion::Kind::kShare) {
    if (q.b == 0) return std::nullopt;
    return q.a / q.b * kHundred;
  }
  if (q.a == 0) return std::nullopt;
  return (q.b - q.a) / (q.a < 0 ? -q.a : q.a) * kHundred;
}

}  // namespace askdb::agent
