#include "askdb/agent/quick_path/arithmetic.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <memory>
#include <string>

namespace askdb::agent {
namespace {

std::string Eval(std::string_view expr) {
  const ArithmeticResult r = EvaluateArithmetic(expr);
  return r.ok() ? FormatNumber(r.value) : "error:" + r.detail;
}

TEST(ArithmeticTest, PrecedenceAndAssociativity) {
  EXPECT_EQ(Eval("3.5*(2+4)"), "21");
  EXPECT_EQ(Eval("1+2*3"), "7");
  EXPECT_EQ(Eval("(1+2)*3"), "9");
  EXPECT_EQ(Eval("10-4-3"), "3");
  EXPECT_EQ(Eval("2^3^2"), "512");
  EXPECT_EQ(Eval("2**10"), "1024");
  EXPECT_EQ(Eval("-2^2"), "-4");
  EXPECT_EQ(Eval("2^-1"), "0.5");
  EXPECT_EQ(Eval("--3"), "3");
  EXPECT_EQ(Eval("100/8"), "12.5");
  EXPECT_EQ(Eval("10 % 3"), "1");
  EXPECT_EQ(Eval("(12+8)×3"), "60");
  EXPECT_EQ(Eval("20÷4"), "5");
  EXPECT_EQ(Eval("3 x 4"), "12");
}

TEST(ArithmeticTest, NoFloatNoise) {
  EXPECT_EQ(Eval("0.1+0.2"), "0.3");
  EXPECT_EQ(Eval("1/3"), "0.333333333333");
  EXPECT_EQ(Eval("1/3*3"), "1");
  EXPECT_EQ(Eval("2^40"), "1099511627776");
  EXPECT_EQ(Eval("1.1*1.1"), "1.21");
  EXPECT_EQ(Eval("0-0"), "0");
  EXPECT_EQ(FormatNumber(1e20L), "1e+20");
  EXPECT_EQ(FormatNumber(-2.5L), "-2.5");
}

TEST(ArithmeticTest, NumbersAndSeparators) {
  EXPECT_EQ(Eval("1,234.5 + 765.5"), "2000");
  EXPECT_EQ(Eval("1,000,000/4"), "250000");
  EXPECT_EQ(Eval(".5*4"), "2");
  EXPECT_EQ(Eval("1.2万"), "12000");
  EXPECT_EQ(Eval("3亿/3"), "100000000");
  EXPECT_NE(Eval("1,23+1").rfind("error:", 0), std::string::npos);
}

TEST(ArithmeticTest, ChineseNumerals) {
  const auto num = [](std::string_view s) {
    auto n = ParseNumberPrefix(s);
    return n ? FormatNumber(n->value) : "none";
  };
  EXPECT_EQ(num("三百五十"), "350");
  EXPECT_EQ(num("一千二百零五"), "1205");
  EXPECT_EQ(num("两万"), "20000");
  EXPECT_EQ(num("十五"), "15");
  EXPECT_EQ(num("二十"), "20");
  EXPECT_EQ(num("一万零五百"), "10500");
  EXPECT_EQ(num("三亿五千万"), "350000000");
  EXPECT_EQ(num("三点五"), "3.5");
  EXPECT_EQ(num("二零二四"), "2024");
  EXPECT_EQ(num("万"), "10000");
  EXPECT_EQ(num("销售"), "none");
  EXPECT_EQ(Eval("三百五十加一千二百零五"), "1555");
  EXPECT_EQ(Eval("两万除以八"), "2500");
  EXPECT_EQ(Eval("十减去三"), "7");
  EXPECT_EQ(Eval("六乘以七"), "42");
}

// A last digit after 百/千/万/亿 is one unit lower, as spoken; before 2026-11-26 session 11
// 两千五 was read as 2005, 一百五加一百五 as 210 (confident wrong numbers).
TEST(ArithmeticTest, SpokenAbbreviatedNumerals) {
  const auto num = [](std::string_view s) {
    auto n = ParseNumberPrefix(s);
    return n ? FormatNumber(n->value) : "none";
  };
  EXPECT_EQ(num("两千五"), "2500");
  EXPECT_EQ(num("一百五"), "150");
  EXPECT_EQ(num("三万五"), "35000");
  EXPECT_EQ(num("一万二"), "12000");
  EXPECT_EQ(num("一亿二"), "120000000");
  EXPECT_EQ(num("两千零五"), "2005");
  EXPECT_EQ(num("一千二百零五"), "1205");
  EXPECT_EQ(num("三十五"), "35");
  EXPECT_EQ(num("两千五百"), "2500");
  EXPECT_EQ(Eval("一百五加一百五"), "300");
  EXPECT_EQ(Eval("一万二乘二"), "24000");
  EXPECT_EQ(Eval("三万五除以七"), "5000");
  EXPECT_EQ(Eval("两千五的百分之八"), "200");
}

// A bare percentage added to or taken from a number is a share of it, as calculators read it
// (it had been 200 + 0.1 = 200.1).
TEST(ArithmeticTest, PercentagesAddedToANumberAreShares) {
  EXPECT_EQ(Eval("200 + 10%"), "220");
  EXPECT_EQ(Eval("200 - 20%"), "160");
  EXPECT_EQ(Eval("200减去百分之二十"), "160");
  EXPECT_EQ(Eval("200加百分之十"), "220");
  EXPECT_EQ(Eval("100 plus 10%"), "110");
  EXPECT_EQ(Eval("200 + 10% + 10%"), "242");
  EXPECT_EQ(Eval("50% + 50%"), "1");
  EXPECT_EQ(Eval("200 + 10% * 3"), "200.3");  // not bare: 10% × 3
  EXPECT_EQ(Eval("200 * 10%"), "20");
  EXPECT_EQ(Eval("200然后减去百分之二十"), "160");
  EXPECT_EQ(Eval("3加5再加百分之五十"), "12");
}

// Chinese fractions: A分之B is B/A; 又 joins a whole number and a fraction.
TEST(ArithmeticTest, ChineseFractions) {
  EXPECT_EQ(Eval("五分之一"), "0.2");
  EXPECT_EQ(Eval("五分之一加三分之一"), "0.533333333333");
  EXPECT_EQ(Eval("三分之一乘以九"), "3");
  EXPECT_EQ(Eval("4分之3"), "0.75");
  EXPECT_EQ(Eval("一又二分之一加一"), "2.5");
  EXPECT_EQ(Eval("三分之二的平方"), "0.444444444444");
  EXPECT_EQ(Eval("百分之二十"), "0.2");  // 百分之 stays a percentage
  EXPECT_EQ(Eval("300的三分之一"), "100");
  // A fraction before 的 and a number is that share of the number (session 21: it failed as
  // "'的' must be followed by 平方…"); 的平方 after a fraction still squares it.
  EXPECT_EQ(Eval("三分之二的900"), "600");
  EXPECT_EQ(Eval("四分之一的1000"), "250");
  EXPECT_EQ(Eval("五分之三的250"), "150");
  EXPECT_EQ(Eval("300的一半"), "150");
  EXPECT_EQ(Eval("45的两倍"), "90");
  EXPECT_EQ(Eval("45的两倍加10"), "100");
  EXPECT_NE(Eval("零分之一").rfind("error:", 0), std::string::npos);
  EXPECT_NE(Eval("一又二").rfind("error:", 0), std::string::npos);
}

TEST(ArithmeticTest, HalvesThirdsAndDoubles) {
  EXPECT_EQ(Eval("half of 300"), "150");
  EXPECT_EQ(Eval("a third of 90"), "30");
  EXPECT_EQ(Eval("a quarter of 80"), "20");
  EXPECT_EQ(Eval("double 45"), "90");
  EXPECT_EQ(Eval("twice 30 plus 1"), "61");
  // Fractions in words ("one third of 90" had been 1 + 3 = 4 times 90 = 360).
  EXPECT_EQ(Eval("one third of 90"), "30");
  EXPECT_EQ(Eval("one third of 90 plus 1"), "31");
  EXPECT_EQ(Eval("two thirds of 90"), "60");
  EXPECT_EQ(Eval("one half of 10"), "5");
  EXPECT_EQ(Eval("three quarters of 80"), "60");
  EXPECT_EQ(Eval("2 to the third"), "8");
  EXPECT_EQ(Eval("twenty one plus one"), "22");
}

TEST(ArithmeticTest, NegativeSignInWords) {
  EXPECT_EQ(Eval("负五加三"), "-2");
  EXPECT_EQ(Eval("十的负二次方"), "0.01");
  EXPECT_EQ(Eval("三乘以负二"), "-6");
}

// N成 is N tenths: 三成 = 30%, 三成五 = 35%.
TEST(ArithmeticTest, ChengIsTenths) {
  EXPECT_EQ(Eval("三成"), "0.3");
  EXPECT_EQ(Eval("200的三成"), "60");
  EXPECT_EQ(Eval("1000的两成"), "200");
  EXPECT_EQ(Eval("200的三成五"), "70");
  EXPECT_EQ(Eval("两千五的七成"), "1750");
  EXPECT_EQ(Eval("80乘以三成"), "24");
  EXPECT_EQ(Eval("十成"), "1");
  EXPECT_NE(Eval("200的十二成").rfind("error:", 0), std::string::npos);
  EXPECT_NE(Eval("200的零成").rfind("error:", 0), std::string::npos);
}

TEST(ArithmeticTest, WordsPercentPowers) {
  EXPECT_EQ(Eval("百分之二十"), "0.2");
  EXPECT_EQ(Eval("百分之二十乘以350"), "70");
  EXPECT_EQ(Eval("350的百分之二十"), "70");
  EXPECT_EQ(Eval("350的20%"), "70");
  EXPECT_EQ(Eval("15% of 80"), "12");
  EXPECT_EQ(Eval("200*10%"), "20");
  EXPECT_EQ(Eval("50%-10"), "-9.5");
  EXPECT_EQ(Eval("3的平方"), "9");
  EXPECT_EQ(Eval("3的立方"), "27");
  EXPECT_EQ(Eval("2的10次方"), "1024");
  EXPECT_EQ(Eval("16的平方根"), "4");
  EXPECT_EQ(Eval("2的-1次方"), "0.5");  // a negative exponent after 的
  EXPECT_EQ(Eval("10的-2次方"), "0.01");
  EXPECT_EQ(Eval("根号16+1"), "5");
  EXPECT_EQ(Eval("sqrt(16)"), "4");
  EXPECT_EQ(Eval("5 squared"), "25");
  EXPECT_EQ(Eval("3 plus 4 times 2"), "11");
  EXPECT_EQ(Eval("10 divided by 4"), "2.5");
  EXPECT_EQ(Eval("2 to the power of 8"), "256");
}

TEST(ArithmeticTest, ReciprocalsRootsAndNamedResults) {
  EXPECT_EQ(Eval("4的倒数"), "0.25");
  EXPECT_EQ(Eval("the reciprocal of 8"), "0.125");
  EXPECT_EQ(Eval("根下25"), "5");
  EXPECT_EQ(Eval("根号下16"), "4");
  EXPECT_EQ(Eval("十二与32的积"), "384");
  EXPECT_EQ(Eval("45和53的差"), "-8");
  EXPECT_EQ(Eval("3与4之和"), "7");
  EXPECT_EQ(Eval("100跟8的商"), "12.5");
  EXPECT_EQ(Eval("the sum of 3 and 4"), "7");
  EXPECT_EQ(Eval("the product of 6 and 7"), "42");
  EXPECT_EQ(Eval("the difference between 10 and 3"), "7");
  EXPECT_EQ(Eval("quotient of 9 and 3"), "3");
  EXPECT_EQ(EvaluateArithmetic("0的倒数").error, ArithmeticError::kDivisionByZero);
  EXPECT_EQ(EvaluateArithmetic("3与0的商").error, ArithmeticError::kDivisionByZero);
  // 与 joins two operands only when a named result follows.
  EXPECT_EQ(EvaluateArithmetic("3与4").error, ArithmeticError::kSyntax);
  EXPECT_EQ(EvaluateArithmetic("the sum of 3").error, ArithmeticError::kSyntax);
}

// A comma between two operands separates a list; dropping it read "2, -3" as 2 - 3 ("the
// product of 2, -3 and 4" had been -4).
TEST(ArithmeticTest, CommaListsAreListsNeverSubtractions) {
  EXPECT_EQ(Eval("the sum of 3, 7, 9, and 24"), "43");
  EXPECT_EQ(Eval("sum of 5, -3 and 10"), "12");
  EXPECT_EQ(Eval("the product of 2, -3 and 4"), "-24");
  EXPECT_EQ(Eval("the average of 5, -3 and 10"), "4");
  EXPECT_EQ(Eval("average of 54, 23, 43, 12, and 442"), "114.8");
  EXPECT_EQ(Eval("the mean of 3, 7, 9 and 11"), "7.5");
  EXPECT_EQ(Eval("the average of 2 and 3"), "2.5");
  EXPECT_EQ(Eval("mean of two, four and nine"), "5");
  EXPECT_EQ(Eval("the sum of 1,000 and 5"), "1005");  // a thousands separator stays one
  EXPECT_EQ(Eval("先算3加5,再乘以2"), "16");          // a comma before a step is read past
  // A list where no list is taken is not an expression.
  EXPECT_EQ(EvaluateArithmetic("5, -3").error, ArithmeticError::kSyntax);
  EXPECT_EQ(EvaluateArithmetic("10, 4 + 2").error, ArithmeticError::kSyntax);
  EXPECT_EQ(EvaluateArithmetic("the difference between 10, 3 and 2").error,
            ArithmeticError::kSyntax);
  EXPECT_EQ(EvaluateArithmetic("the average of 5").error, ArithmeticError::kSyntax);
}
TEST(ArithmeticTest, Errors) {
  EXPECT_EQ(EvaluateArithmetic("1/0").error, ArithmeticError::kDivisionByZero);
  EXPECT_EQ(EvaluateArithmetic("5 % 0").error, ArithmeticError::kDivisionByZero);
  EXPECT_EQ(EvaluateArithmetic("1/(2-2)").error, ArithmeticError::kDivisionByZero);
  EXPECT_EQ(EvaluateArithmetic("0^-1").error, ArithmeticError::kDivisionByZero);
  EXPECT_EQ(EvaluateArithmetic("根号-4").error, ArithmeticError::kDomain);
  EXPECT_EQ(EvaluateArithmetic("10^100000").error, ArithmeticError::kOverflow);
  for (const char* bad : {"", "1+", "(1+2", "1+2)", "*3", "1 2", "abc", "3的", "1++*2"}) {
    EXPECT_EQ(EvaluateArithmetic(bad).error, ArithmeticError::kSyntax) << bad;
  }
  const std::string deep(100000, '(');
  EXPECT_EQ(EvaluateArithmetic(deep).error, ArithmeticError::kSyntax);
  EXPECT_EQ(EvaluateArithmetic(std::string(100000, '-') + "1").error, ArithmeticError::kSyntax);
}

// Never crashes, whatever the bytes.
RC_GTEST_PROP(ArithmeticProperty, NeverCrashesOnRandomInput, ()) {
  static const std::vector<std::string> kPieces = {
      "(",     ")",    "+",  "-",  "*",    "/",    "^",      "%",  "**", "1",   "2.5",
      "1,000", "三百", "万", "的", "平方", "次方", "百分之", "of", " ",  "根号"};
  const std::string s = *rc::gen::oneOf(
      rc::gen::arbitrary<std::string>(),
      rc::gen::map(rc::gen::container<std::vector<std::string>>(rc::gen::elementOf(kPieces)),
                   [](const std::vector<std::string>& parts) {
                     std::string out;
                     for (const auto& p : parts) out += p;
                     return out;
                   }));
  const ArithmeticResult r = EvaluateArithmetic(s);
  RC_ASSERT(r.ok() || r.error != ArithmeticError::kNone);
  if (r.ok()) RC_ASSERT(std::isfinite(r.value));
}

// An expression tree, printed as text and evaluated independently.
struct Node {
  char op = 0;  // 0 = leaf
  long double value = 0;
  std::shared_ptr<Node> left, right;
};

rc::Gen<std::shared_ptr<Node>> GenTree(int depth) {
  const auto leaf = rc::gen::map(rc::gen::inRange(0, 1000), [](int v) {
    auto n = std::make_shared<Node>();
    n->value = v;
    return n;
  });
  if (depth == 0) return leaf;
  return rc::gen::oneOf(
      leaf, rc::gen::apply(
                [](char op, std::shared_ptr<Node> l, std::shared_ptr<Node> r) {
                  auto n = std::make_shared<Node>();
                  n->op = op;
                  n->left = std::move(l);
                  n->right = std::move(r);
                  return n;
                },
                rc::gen::element('+', '-', '*', '/'), GenTree(depth - 1), GenTree(depth - 1)));
}

// Fully parenthesised rendering, with some operators spelled as words or other signs.
std::string Render(const Node& n, int style) {
  if (n.op == 0) return FormatNumber(n.value);
  std::string op(1, n.op);
  if (style == 1) op = n.op == '*' ? "×" : n.op == '/' ? "÷" : op;
  if (style == 2) op = n.op == '+' ? "加" : n.op == '-' ? "减" : n.op == '*' ? "乘以" : "除以";
  return "(" + Render(*n.left, style) + op + Render(*n.right, style) + ")";
}

std::optional<long double> Reference(const Node& n) {
  if (n.op == 0) return n.value;
  const auto l = Reference(*n.left);
  const auto r = Reference(*n.right);
  if (!l || !r) return std::nullopt;
  switch (n.op) {
    case '+':
      return *l + *r;
    case '-':
      return *l - *r;
    case '*':
      return *l * *r;
    default:
      if (*r == 0) return std::nullopt;
      return *l / *r;
  }
}

RC_GTEST_PROP(ArithmeticProperty, MatchesIndependentEvaluation, ()) {
  const auto tree = *GenTree(4);
  const int style = *rc::gen::inRange(0, 3);
  const std::string text = Render(*tree, style);
  const ArithmeticResult r = EvaluateArithmetic(text);
  const auto expected = Reference(*tree);
  if (!expected) {
    RC_ASSERT(r.error == ArithmeticError::kDivisionByZero);
    return;
  }
  RC_ASSERT(r.ok());
  const long double tolerance = 1e-12L * std::max(1.0L, std::fabs(*expected));
  RC_ASSERT(std::fabs(r.value - *expected) <= tolerance);
}

// Unparenthesised chains follow precedence: a+b*c-d/e.
RC_GTEST_PROP(ArithmeticProperty, PrecedenceWithoutParentheses, ()) {
  const int a = *rc::gen::inRange(0, 1000), b = *rc::gen::inRange(0, 1000),
            c = *rc::gen::inRange(0, 1000), d = *rc::gen::inRange(0, 1000),
            e = *rc::gen::inRange(1, 1000);
  const std::string text = std::to_string(a) + "+" + std::to_string(b) + "*" + std::to_string(c) +
                           "-" + std::to_string(d) + "/" + std::to_string(e);
  const ArithmeticResult r = EvaluateArithmetic(text);
  RC_ASSERT(r.ok());
  const long double expected =
      a + static_cast<long double>(b) * c - static_cast<long double>(d) / e;
  RC_ASSERT(std::fabs(r.value - expected) <= 1e-9L);
}

}  // namespace
TEST(ArithmeticTest, ChainsWrittenOutInStepsApplyEachStepToTheResultSoFar) {
  EXPECT_EQ(Eval("三加五再乘以二"), "16");
  EXPECT_EQ(Eval("3加5然后乘以2"), "16");
  EXPECT_EQ(Eval("三加五乘以二再减去四"), "9");  // precedence inside a step: 3+10, then -4
  EXPECT_EQ(Eval("先算3加5,再乘以2"), "16");
  EXPECT_EQ(Eval("一千除以八再减去二十五"), "100");
  EXPECT_EQ(Eval("100减20然后除以4再加1"), "21");
  EXPECT_EQ(Eval("10减3的差乘以4"), "28");
  EXPECT_EQ(Eval("2加3的和的平方"), "25");
  EXPECT_EQ(Eval("3与4的和乘以2"), "14");  // the pair keeps its own 的和
  EXPECT_EQ(Eval("3 plus 5 then times 2"), "16");
  EXPECT_EQ(Eval("3 plus 5 and then divided by 4"), "2");
  // The same rule in English: precedence inside a step, "then" ends one (docs/classifier.md).
  EXPECT_EQ(Eval("three plus five times two then minus four"), "9");
  EXPECT_EQ(Eval("three plus five then times two then minus four"), "12");
  EXPECT_EQ(Eval("三加五再乘以二再减去四"), "12");
  EXPECT_EQ(Eval("5乘4乘三再除以二"), "30");
}

TEST(ArithmeticTest, RootsAndPowersInWords) {
  EXPECT_EQ(Eval("27的三次方根"), "3");
  EXPECT_EQ(Eval("81的四次方根"), "3");
  EXPECT_EQ(Eval("8开三次方"), "2");
  EXPECT_EQ(Eval("16开平方"), "4");
  EXPECT_EQ(Eval("27开立方"), "3");
  // A root without a degree is the square root (session 14: "144开根号" was a syntax error).
  EXPECT_EQ(Eval("一百四十四开根号"), "12");
  EXPECT_EQ(Eval("16开方"), "4");
  EXPECT_EQ(Eval("81开方再加1"), "10");
  EXPECT_EQ(Eval("-32的5次方根"), "-2");
  EXPECT_EQ(Eval("(-16)的四次方根"), "error:");
  EXPECT_EQ(Eval("-16的四次方根"), "-2");  // like -2^2 = -4: the minus applies last
  EXPECT_EQ(Eval("2 to the 10th power"), "1024");
  EXPECT_EQ(Eval("2 to the power 10"), "1024");
  EXPECT_EQ(Eval("two to the tenth"), "1024");
  EXPECT_EQ(Eval("the fourth root of 81"), "3");
  EXPECT_EQ(Eval("5th root of 32"), "2");
  EXPECT_EQ(Eval("square root of two"), "1.41421356237");
  EXPECT_EQ(Eval("seven times eight"), "56");
  EXPECT_EQ(Eval("twenty-one plus three hundred"), "321");
  EXPECT_EQ(Eval("two thousand five hundred divided by five"), "500");
  EXPECT_NE(Eval("sevenfold plus 2").rfind("error:", 0), std::string::npos);
}

TEST(ArithmeticTest, VerbsAndDiscounts) {
  EXPECT_EQ(Eval("add 5 and 7"), "12");
  EXPECT_EQ(Eval("add 5 to 7"), "12");
  EXPECT_EQ(Eval("multiply 6 by 7"), "42");
  EXPECT_EQ(Eval("divide 100 by 4"), "25");
  EXPECT_EQ(Eval("subtract 3 from 10"), "7");
  EXPECT_EQ(Eval("increase 200 by 10%"), "220");
  EXPECT_EQ(Eval("decrease 200 by 10%"), "180");
  EXPECT_EQ(Eval("reduce 50 by 8"), "42");
  EXPECT_EQ(Eval("15% off 80"), "68");
  EXPECT_EQ(Eval("200打八折"), "160");
  EXPECT_EQ(Eval("100的8折"), "80");
  EXPECT_EQ(Eval("300打7.5折"), "225");
  EXPECT_EQ(Eval("200打八五折"), "170");
  EXPECT_EQ(Eval("divide 1 by 0"), "error:");
  EXPECT_EQ(Eval("5 factorial"), "120");
  EXPECT_EQ(Eval("0的阶乘"), "1");
  EXPECT_EQ(Eval("2.5 factorial"), "error:");
  EXPECT_EQ(Eval("171 factorial"), "error:");
  EXPECT_NE(Eval("divide 100 from 4").rfind("error:", 0), std::string::npos);
  EXPECT_NE(Eval("200打折").rfind("error:", 0), std::string::npos);
}

// Session 22: spoken amounts with digits (2万5), k and m after digits, multiples in words,
// "sqrt of". An m is a million only beside a k or a dollar sign: alone it may be metres.
TEST(ArithmeticTest, SpokenDigitAmountsScaleLettersAndMultiples) {
  EXPECT_EQ(Eval("2万5加3千"), "28000");
  EXPECT_EQ(Eval("3千5减去800"), "2700");
  EXPECT_EQ(Eval("1万2乘以3"), "36000");
  EXPECT_EQ(Eval("2万3千5"), "23500");
  EXPECT_EQ(Eval("2万5千"), "25000");
  EXPECT_EQ(Eval("1万两千除以3"), "4000");
  EXPECT_EQ(Eval("1.2万"), "12000");
  EXPECT_NE(Eval("2万50").rfind("error:", 0), std::string::npos);  // 两万零五十 or 2万 and 50?
  EXPECT_NE(Eval("1万2月").rfind("error:", 0), std::string::npos);  // a month, not 12000
  EXPECT_EQ(Eval("3.5k + 1.2k"), "4700");
  EXPECT_EQ(Eval("45k / 12"), "3750");
  EXPECT_EQ(Eval("1.2m minus 300k"), "900000");
  EXPECT_EQ(Eval("$1.5m / 12"), "125000");
  EXPECT_NE(Eval("5m * 3").rfind("error:", 0), std::string::npos);
  EXPECT_NE(Eval("3kg + 2").rfind("error:", 0), std::string::npos);
  EXPECT_EQ(Eval("triple 250"), "750");
  EXPECT_EQ(Eval("quadruple 12"), "48");
  EXPECT_EQ(Eval("twice 1.5k"), "3000");
  EXPECT_EQ(Eval("double 375"), "750");
  EXPECT_EQ(Eval("half of 3.5k"), "1750");
  EXPECT_EQ(Eval("sqrt of 144"), "12");
  EXPECT_EQ(Eval("three fourths of 200"), "150");
  EXPECT_EQ(Eval("two fifths of 500"), "200");
  // "of" after a bare whole number is no product ("3 of 4" had been 12); a share's "of" is.
  EXPECT_NE(Eval("3 of 4").rfind("error:", 0), std::string::npos);
  EXPECT_NE(Eval("1 of 4").rfind("error:", 0), std::string::npos);
  EXPECT_EQ(Eval("3/4 of 200"), "150");
  EXPECT_EQ(Eval("200% of 80"), "160");
  EXPECT_EQ(Eval("0.5 of 10"), "5");
  EXPECT_EQ(Eval("10 percent of 50"), "5");
}

// Session 23: the registers of a calculator and a cheque.
TEST(ArithmeticTest, FinancialNumeralsExponentsAndTerseRoots) {
  EXPECT_EQ(Eval("壹仟贰佰加叁佰"), "1500");
  EXPECT_EQ(Eval("伍佰乘以拾贰"), "6000");
  EXPECT_EQ(Eval("壹亿伍仟万除以三"), "50000000");
  EXPECT_EQ(Eval("玖佰玖拾玖加壹"), "1000");
  EXPECT_EQ(Eval("贰仟的百分之十五"), "300");
  EXPECT_EQ(Eval("1.2e6/0.005"), "240000000");
  EXPECT_EQ(Eval("2.5e3 + 500"), "3000");
  EXPECT_EQ(Eval("5e-3*4"), "0.02");
  EXPECT_EQ(Eval("1.2e6除以0.005"), "240000000");
  EXPECT_EQ(Eval("cube root 343"), "7");
  EXPECT_EQ(Eval("square root 49"), "7");
  // An exponent ends its word and has at most three digits.
  EXPECT_EQ(Eval("2e5x").rfind("error:", 0), 0u) << Eval("2e5x");
  EXPECT_EQ(Eval("1e1234").rfind("error:", 0), 0u) << Eval("1e1234");
  // Beyond a double (long double holds it, the answer's JSON could not): an overflow.
  EXPECT_EQ(Eval("1e300*1e300").rfind("error:", 0), 0u) << Eval("1e300*1e300");
  EXPECT_EQ(Eval("1e400*1").rfind("error:", 0), 0u) << Eval("1e400*1");
}

// A financial form is read only as a cheque writes it: two or more of them, no ordinary
// numeral mixed in. 陆 of 大陆, 伍 of 队伍, 拾 of 收拾 are words.
TEST(ArithmeticTest, AFinancialFormAloneIsNoNumber) {
  for (std::string_view s : {"陆100美元", "伍", "拾一下", "陆一百", "伍佰五十"}) {
    EXPECT_FALSE(ParseNumberPrefix(s)) << s;
  }
  const auto cheque = ParseNumberPrefix("壹仟贰佰元整");
  ASSERT_TRUE(cheque);
  EXPECT_EQ(FormatNumber(cheque->value), "1200");
  const auto wan = ParseNumberPrefix("壹万零伍佰");
  ASSERT_TRUE(wan);
  EXPECT_EQ(FormatNumber(wan->value), "10500");
  EXPECT_EQ(Eval("大陆100加5").rfind("error:", 0), 0u);
}

}  // namespace askdb::agent
