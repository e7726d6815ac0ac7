#include "askdb/agent/quick_path/conversion_scan.h"

#include <gtest/gtest.h>

#include <string>

#include "askdb/agent/request_classifier.h"

namespace askdb::agent {
namespace {

class ConversionScanTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto t = UnitTable::FromToml(EmbeddedUnits());
    ASSERT_TRUE(t.ok()) << t.status().ToString();
    units_ = *std::move(t);
  }
  // The items of `s` as "12.5", "[km]" …, joined by spaces.
  std::string Scan(std::string_view s) const {
    std::string out;
    for (const ScanItem& item : ScanConversion(s, units_)) {
      if (!out.empty()) out += ' ';
      if (item.is_unit) {
        out += "[" + item.unit->id + "]";
      } else {
        char buf[32];
        std::snprintf(buf, sizeof(buf), "%Lg", item.number);
        out += buf;
      }
    }
    return out;
  }
  UnitTable units_;
};

TEST_F(ConversionScanTest, ReadsAnAmountAndTwoUnits) {
  EXPECT_EQ(Scan("convert 5 miles to km"), "5 [" + units_.Find("miles")->id + "] [km]");
  // A unit name wins over a numeral that starts it: 100 千克, not 100 千 克.
  EXPECT_EQ(Scan("100千克是多少斤"),
            "100 [" + units_.Find("千克")->id + "] [" + units_.Find("斤")->id + "]");
}

TEST_F(ConversionScanTest, ReadsHalvesTenthsAndSigns) {
  const std::string jin = "[" + units_.Find("斤")->id + "]";
  const std::string metre = "[" + units_.Find("米")->id + "]";
  EXPECT_EQ(Scan("一斤半"), "1.5 " + jin);       // half after the unit
  EXPECT_EQ(Scan("半斤"), "0.5 " + jin);         // half with no number
  EXPECT_EQ(Scan("一米七五"), "1.75 " + metre);  // a spoken height
  const auto id = [&](std::string_view name) { return "[" + units_.Find(name)->id + "]"; };
  EXPECT_EQ(Scan("two and a half cups"), "2.5 " + id("cups"));
  // An article before a unit is one of it.
  EXPECT_EQ(Scan("how many ounces in a pound"), id("ounces") + " 1 " + id("pound"));
  const std::string c = "[" + units_.Find("摄氏度")->id + "]";
  EXPECT_EQ(Scan("零下10摄氏度"), "-10 " + c);
}

TEST_F(ConversionScanTest, MovesATemperatureScaleNamedBeforeItsAmount) {
  const std::string f = "[" + units_.Find("华氏")->id + "]";
  EXPECT_EQ(Scan("华氏100度").substr(0, 4), "100 ");
  EXPECT_EQ(Scan("华氏100度"), "100 " + f);
}

TEST_F(ConversionScanTest, UnitNamesStandAlone) {
  size_t length = 0;
  EXPECT_NE(UnitNamedAt("5m", 1, units_, length), nullptr);
  EXPECT_EQ(length, 1u);
  EXPECT_EQ(UnitNamedAt("what's", 5, units_, length), nullptr);  // not seconds
  EXPECT_EQ(UnitNamedAt("mile", 0, units_, length), units_.Find("mile"));
  EXPECT_EQ(UnitNamedAt("miles", 4, units_, length), nullptr);
}

TEST_F(ConversionScanTest, TakesAStatedRateOut) {
  std::vector<ScanItem> items = ScanConversion("1欧元兑7.8人民币，50欧元是多少人民币", units_);
  const RateStatement stated = TakeRateStatement("1欧元兑7.8人民币，50欧元是多少人民币", items);
  ASSERT_NE(stated.from, nullptr);
  EXPECT_EQ(stated.from, units_.Find("欧元"));
  EXPECT_EQ(stated.to, units_.Find("人民币"));
  EXPECT_DOUBLE_EQ(static_cast<double>(stated.rate), 7.8);
  ASSERT_EQ(items.size(), 3u);  // 50 欧元 人民币 remain
  EXPECT_EQ(items[0].number, 50);

  std::vector<ScanItem> plain = ScanConversion("100美元是多少人民币", units_);
  EXPECT_EQ(TakeRateStatement("100美元是多少人民币", plain).from, nullptr);
  EXPECT_EQ(plain.size(), 3u);
}

TEST_F(ConversionScanTest, MentionsAnAmountInDigitsOrWords) {
  EXPECT_TRUE(MentionsAnAmount("半个小时是多少分钟"));
  EXPECT_TRUE(MentionsAnAmount("a dozen eggs in grams"));
  EXPECT_TRUE(MentionsAnAmount("3 cups"));
  EXPECT_FALSE(MentionsAnAmount("conversion between tablespoons and teaspoons"));
  EXPECT_FALSE(MentionsAnAmount("how many ounces in one pound"));
}

// Session 25: a lead-in clause with no number and no unit is left out of the reading; one that
// names either is kept (the rate of "at 7.1 yuan per dollar, how much is 200 dollars").
TEST_F(ConversionScanTest, ANumberlessLeadClauseIsLeftOut) {
  EXPECT_EQ(WithoutNumberlessLeadClause("i'm going to europe, what's 250 dollars in euros at 0.92",
                                        units_),
            " what's 250 dollars in euros at 0.92");
  EXPECT_EQ(WithoutNumberlessLeadClause("我要出国，100美元按7.1是多少人民币", units_),
            "100美元按7.1是多少人民币");
  for (std::string_view kept :
       {"at 7.1 yuan per dollar, how much is 200 dollars", "in 2013, sales in usd", "5 kg to lb"}) {
    EXPECT_EQ(WithoutNumberlessLeadClause(kept, units_), kept);
  }
}

// Session 25: a bare c or f is a temperature scale right after a number or as the last word
// after in/to; elsewhere a lone letter names nothing.
TEST_F(ConversionScanTest, TemperatureLettersOnlyBesideANumberOrAsTheTarget) {
  size_t length = 0;
  EXPECT_EQ(UnitNamedAt("72f in c", 2, units_, length), units_.Find("°f"));
  EXPECT_EQ(UnitNamedAt("72f in c", 7, units_, length), units_.Find("°c"));
  EXPECT_EQ(UnitNamedAt("30 c to f", 3, units_, length), units_.Find("°c"));
  EXPECT_EQ(UnitNamedAt("plan c for 5 kg", 5, units_, length), nullptr);
  EXPECT_EQ(UnitNamedAt("grade f students in c", 6, units_, length), nullptr);
  EXPECT_EQ(UnitNamedAt("is it c or d", 6, units_, length), nullptr);
}

}  // namespace
}  // namespace askdb::agent
