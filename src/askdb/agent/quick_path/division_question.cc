#include "askdb/agent/quick_path/division_question.h"

#include <re2/re2.h>

#include <cmath>
#include <string>

#include "askdb/agent/quick_path/arithmetic.h"
#include "askdb/agent/quick_path/utf8_pattern.h"

namespace askdb::agent {
namespace {

using Pattern = Utf8Pattern;

// A number as the arithmetic parser reads it; checked whole (and whole-valued) below.
const std::string kNum = "(-?[0-9.,]+|[零〇一二两三四五六七八九十百千万亿]+)";
const std::string kEnHead =
    "(?:(?:can you tell me|tell me|i need to know|i want to know|do you know|check|please "
    "check)\\s+)?";
const std::string kEnTail = "\\s*(?:,?\\s*please)?\\s*[?.!]*";
const std::string kZhTail = "\\s*(?:吗|么|嘛|不|没有)?\\s*(?:呢|啊|呀)?[?？。.!！]*";

// The whole number `s` spells, or nullopt (a fraction, a misplaced separator, too large).
std::optional<int64_t> Whole(const std::string& s) {
  const auto n = ParseWholeNumber(s);
  constexpr long double kLimit = 1e15L;  // exact in int64 and in long double
  if (!n || std::fabs(*n) > kLimit || *n != std::floor(*n)) return std::nullopt;
  return static_cast<int64_t>(*n);
}

std::optional<DivisionQuestion> Make(DivisionQuestion::Kind kind, const std::string& dividend,
                                     const std::string& divisor) {
  const auto a = Whole(dividend);
  const auto b = Whole(divisor);
  if (!a || !b || *b == 0) return std::nullopt;
  return DivisionQuestion{kind, *a, *b};
}

// "is 97 prime": the smallest factor above 1 by trial division (n is at most 1e15, so at
// most ~3e7 steps; the parser takes numbers up to 1e12 to stay well under a millisecond).
std::optional<DivisionQuestion> Prime(const std::string& number) {
  const auto n = Whole(number);
  constexpr int64_t kLargest = 1000000000000;
  if (!n || *n < 2 || *n > kLargest) return std::nullopt;
  int64_t factor = *n;
  for (int64_t d = 2; d * d <= *n; d += d == 2 ? 1 : 2) {
    if (*n % d == 0) {
      factor = d;
      break;
    }
  }
  return DivisionQuestion{DivisionQuestion::Kind::kPrime, *n, factor};
}

}  // namespace

std::optional<DivisionQuestion> ParseDivisionQuestion(std::string_view normalized) {
  if (normalized.size() > 160) return std::nullopt;
  using K = DivisionQuestion::Kind;
  std::string a, b;
  // is 126 divisible by 8 / is 126 evenly divisible by 8 / can 57 be divided evenly by 3
  static const Pattern en_divisible(
      "^" + kEnHead + "(?:if |whether )?(?:is " + kNum + " (?:evenly |exactly )?divisible by|can " +
      kNum + " be (?:evenly |exactly )?divided (?:evenly |exactly )?by) " + kNum + kEnTail + "$");
  std::string a2;
  if (en_divisible.FullMatch(normalized, &a, &a2, &b)) {
    return Make(K::kDivisible, a.empty() ? a2 : a, b);
  }
  // how many times does 8 go into 2000 / how many times can 12 go into 600 / how many times
  // will 7 go into 50
  static const Pattern en_into("^" + kEnHead + "how many times (?:does|can|will|would) " + kNum +
                               " (?:go|fit|divide) into " + kNum + kEnTail + "$");
  if (en_into.FullMatch(normalized, &b, &a)) return Make(K::kTimesInto, a, b);
  // 126能被8整除吗 / 126可以被8整除吗 / 126能不能被8整除
  static const Pattern zh_divisible("^(?:请问)?" + kNum +
                                    "\\s*(?:能|可以|能不能|可不可以)?\\s*被\\s*" + kNum +
                                    "\\s*整除" + kZhTail + "$");
  if (zh_divisible.FullMatch(normalized, &a, &b)) return Make(K::kDivisible, a, b);
  // is 97 a prime number / is 97 prime / 97是质数吗 / 97是不是素数
  static const Pattern en_prime("^" + kEnHead + "(?:if |whether )?is " + kNum +
                                " (?:a )?prime(?: number)?" + kEnTail + "$");
  static const Pattern zh_prime("^(?:请问)?" + kNum +
                                "\\s*(?:是|是不是)\\s*(?:一个)?(?:质数|素数)" + kZhTail + "$");
  if (en_prime.FullMatch(normalized, &a) || zh_prime.FullMatch(normalized, &a)) {
    return Prime(a);
  }
  return std::nullopt;
}

}  // namespace askdb::agent
