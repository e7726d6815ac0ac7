#include "askdb/agent/quick_path/tax_question.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <utility>

#include "askdb/agent/quick_path/arithmetic.h"

namespace askdb::agent {
namespace {

TEST(TaxQuestionTest, ATaxAtAStatedRateOnAnAmountThatSaysWhetherItHoldsIt) {
  for (const auto& [request, expected] : std::initializer_list<std::pair<const char*, double>>{
           {"不含税价10000元，增值税税率13%，税额多少", 1300},
           {"含税价1130元，税率13%，不含税价是多少", 1000},
           {"含税价1130元，税率13%，税额是多少", 130},
           {"不含税价10000，税率13%，含税价多少", 11300},
           {"net price 1,200 and vat at 20%, how much is the vat", 240},
           {"net price 1,200 and vat at 20%, what's the total", 1440},
           {"what's the total with 8% sales tax on $250", 270},
       }) {
    const auto e = TaxExpression(request);
    ASSERT_TRUE(e) << request;
    const ArithmeticResult r = EvaluateArithmetic(*e);
    ASSERT_TRUE(r.ok()) << request << " -> " << *e;
    EXPECT_NEAR(static_cast<double>(r.value), expected, 1e-9) << request << " -> " << *e;
  }
}

// An amount that does not say whether it holds the tax, a question the amount already answers,
// and data questions are not read.
TEST(TaxQuestionTest, UnclearAmountsAndDataQuestionsAreNotRead) {
  for (const char* request : {
           "价格1130元，税率13%，税额多少",        // with or without the tax?
           "含税价1130元，税率13%，含税价是多少",  // already said
           "不含税价10000元，税率13%，不含税价多少",
           "price 1,200 and vat at 20%, how much is the vat",
           "total tax by country",
           "各地区的增值税税额是多少",
       }) {
    EXPECT_FALSE(TaxExpression(request)) << request;
  }
}

}  // namespace
}  // namespace askdb::agent
