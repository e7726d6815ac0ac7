// What the quick path's arithmetic makes of a request before any answer is written: the reader
// that takes it (a percentage, a stated rate, a division, a bill, a rounding, or the expression
// left after the framing words) and what that reader parsed. QuickPath::Answer() renders this
// reading; the classifier asks QuickPath::ReadArithmetic() for it to type a request simple, so
// the two can never disagree and the classifier pays for no answer text.
#pragma once

#include <string>
#include <variant>

#include "askdb/agent/quick_path/arithmetic.h"
#include "askdb/agent/quick_path/bill_question.h"
#include "askdb/agent/quick_path/division_question.h"
#include "askdb/agent/quick_path/percent_question.h"
#include "askdb/agent/quick_path/round_question.h"
#include "askdb/agent/quick_path/stated_rate.h"

namespace askdb::agent {

// The expression of a request (framing words such as "算一下", "what is" removed) and its value,
// or why it has none.
struct ExpressionReading {
  std::string expression;
  ArithmeticResult result;
  // A household reader's result (household_question.h): `result` holds the value rounded to the
  // cent, or to whole months up (then `exact` is the expression's own value, shown with it).
  bool whole_months = false;
  long double exact = 0;
};

struct ArithmeticReading {
  std::variant<PercentQuestion, RateQuestion, DivisionQuestion, BillQuestion, RoundQuestion,
               ExpressionReading>
      question;
  // The request is a discounted price ("原价680打八五折多少钱"): the words around it were
  // removed before the readers above read it.
  bool discounted = false;
};

}  // namespace askdb::agent
