#include "askdb/agent/quick_path/unit_table.h"

#include <gtest/gtest.h>

#include <cmath>

#include "askdb/agent/request_classifier.h"

namespace askdb::agent {
namespace {

class UnitTableTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto t = UnitTable::FromToml(EmbeddedUnits());
    ASSERT_TRUE(t.ok()) << t.status().ToString();
    table_ = *std::move(t);
  }
  long double Convert(long double v, std::string_view from, std::string_view to,
                      std::optional<long double> rate = std::nullopt) {
    const Unit* f = table_.Find(from);
    const Unit* t = table_.Find(to);
    EXPECT_NE(f, nullptr) << from;
    EXPECT_NE(t, nullptr) << to;
    if (f == nullptr || t == nullptr) return NAN;
    const ConversionResult r = UnitTable::Convert(v, *f, *t, rate);
    return r.ok() ? r.value : NAN;
  }
  UnitTable table_;
};

TEST_F(UnitTableTest, ConvertsAcrossDimensions) {
  EXPECT_NEAR(Convert(100, "公里", "英里"), 62.1371192237, 1e-9);
  EXPECT_NEAR(Convert(3, "斤", "克"), 1500, 1e-9);
  EXPECT_NEAR(Convert(1, "亩", "平方米"), 666.666666667, 1e-6);
  EXPECT_NEAR(Convert(1, "gallon", "升"), 3.785411784, 1e-12);
  EXPECT_NEAR(Convert(100, "摄氏度", "华氏度"), 212, 1e-9);
  EXPECT_NEAR(Convert(-40, "°f", "°c"), -40, 1e-9);
  EXPECT_NEAR(Convert(0, "celsius", "kelvin"), 273.15, 1e-9);
  EXPECT_NEAR(Convert(2, "小时", "分钟"), 120, 1e-12);
  EXPECT_NEAR(Convert(1, "周", "天"), 7, 1e-12);
  EXPECT_NEAR(Convert(1, "gb", "mb"), 1000, 1e-9);
  EXPECT_NEAR(Convert(1, "mib", "kib"), 1024, 1e-9);
  EXPECT_NEAR(Convert(1, "kib", "b"), 1024, 1e-9);
  EXPECT_NEAR(Convert(1, "英寸", "厘米"), 2.54, 1e-12);
  EXPECT_NEAR(Convert(60, "mph", "km/h"), 96.56064, 1e-9);  // round 11: speeds
  EXPECT_NEAR(Convert(36, "公里每小时", "米/秒"), 10, 1e-12);
  EXPECT_NEAR(Convert(10, "knots", "km/h"), 18.52, 1e-12);
}

TEST_F(UnitTableTest, CurrencyNeedsARate) {
  const Unit* usd = table_.Find("美元");
  const Unit* cny = table_.Find("人民币");
  ASSERT_NE(usd, nullptr);
  ASSERT_NE(cny, nullptr);
  EXPECT_EQ(UnitTable::Convert(100, *usd, *cny).error, ConversionError::kRateNeeded);
  EXPECT_NEAR(static_cast<double>(UnitTable::Convert(100, *usd, *cny, 7.2L).value), 720, 1e-9);
  const Unit* km = table_.Find("km");
  EXPECT_EQ(UnitTable::Convert(1, *km, *usd).error, ConversionError::kIncompatible);
}

// A rate quoted with no direction is the dearer currency's price in the cheaper one, whichever
// way the conversion goes: 500 CNY at 7.1 is 70.42 USD, not 3550.
TEST_F(UnitTableTest, AQuotedRateIsReadTheWayRoundOfTheCurrenciesWorth) {
  const Unit* usd = table_.Find("usd");
  const Unit* cny = table_.Find("rmb");
  const Unit* eur = table_.Find("eur");
  const Unit* km = table_.Find("km");
  EXPECT_NEAR(static_cast<double>(UnitTable::QuotedRate(*usd, *cny, 7.1L)), 7.1, 1e-12);
  EXPECT_NEAR(static_cast<double>(UnitTable::QuotedRate(*cny, *usd, 7.1L)), 1 / 7.1, 1e-12);
  EXPECT_NEAR(static_cast<double>(UnitTable::QuotedRate(*eur, *usd, 1.08L)), 1.08, 1e-12);
  EXPECT_NEAR(static_cast<double>(UnitTable::QuotedRate(*usd, *eur, 1.08L)), 1 / 1.08, 1e-12);
  // Already the way round of the conversion: kept.
  EXPECT_NEAR(static_cast<double>(UnitTable::QuotedRate(*cny, *usd, 0.14L)), 0.14, 1e-12);
  // No worth known: as given.
  EXPECT_NEAR(static_cast<double>(UnitTable::QuotedRate(*km, *usd, 3.0L)), 3.0, 1e-12);
}

TEST_F(UnitTableTest, LongestNamesFirst) {
  const auto& names = table_.AllNamesLongestFirst();
  ASSERT_FALSE(names.empty());
  for (size_t i = 1; i < names.size(); ++i) EXPECT_GE(names[i - 1].size(), names[i].size());
}

TEST_F(UnitTableTest, ShortNamesAreDataSizesOnlyWhenAsked) {
  EXPECT_EQ(table_.Find("g")->id, "g");  // grams on their own
  EXPECT_EQ(table_.FindShort("g")->id, "gb");
  EXPECT_EQ(table_.Find("t")->id, "tb");  // no unit of its own
  EXPECT_EQ(table_.FindShort("兆")->id, "mb");
  EXPECT_EQ(table_.FindShort("km"), nullptr);
  EXPECT_EQ(table_.FindId(table_.FindShort("g")->binary)->id, "gib");
}

TEST(UnitTableErrors, RejectsBadTables) {
  EXPECT_FALSE(UnitTable::FromToml("[[dimension]]\nname='x'\nunits=[{id='a',names=['a'],"
                                   "binary='nope'}]")
                   .ok());
  EXPECT_FALSE(UnitTable::FromToml("[[dimension]]\nname='x'\nunits=[{id='a',names=['a'],"
                                   "short_names=['q']},{id='b',names=['b'],short_names=['q']}]")
                   .ok());
  EXPECT_FALSE(UnitTable::FromToml("[[dimension]]\nname='x'\nunits=[{id='a',names=['a']},"
                                   "{id='b',names=['a']}]")
                   .ok());
  EXPECT_FALSE(UnitTable::FromToml("[[dimension]]\nname='x'\nunits=[{id='a',factor='1/0',"
                                   "names=['a']}]")
                   .ok());
  EXPECT_FALSE(UnitTable::FromToml("not toml [").ok());
  EXPECT_FALSE(UnitTable::FromToml("").ok());
}

// The first fault in file order is the one reported, a unit's own before a clash of its names
// with an earlier unit's.
TEST(UnitTableErrors, SaysWhichFaultComesFirst) {
  const auto message = [](std::string_view toml) {
    const StatusOr<UnitTable> t = UnitTable::FromToml(toml);
    return t.ok() ? std::string("ok") : std::string(t.status().message());
  };
  EXPECT_NE(message("[[dimension]]\nunits=[]").find("a dimension has no name"), std::string::npos);
  EXPECT_NE(message("[[dimension]]\nname='x'").find("dimension 'x' has no units list"),
            std::string::npos);
  EXPECT_NE(message("[[dimension]]\nname='x'\nunits=[{names=['a']}]").find("has no id"),
            std::string::npos);
  EXPECT_NE(message("[[dimension]]\nname='x'\nunits=[{id='a'}]").find("unit 'a' has no names"),
            std::string::npos);
  // The clash of b's name with a comes before c's missing id.
  EXPECT_NE(message("[[dimension]]\nname='x'\nunits=[{id='a',names=['a']},{id='b',names=['a']},"
                    "{names=['c']}]")
                .find("the name 'a' is used by two units"),
            std::string::npos);
  EXPECT_NE(message("[[dimension]]\nname='x'\nunits=[{id='a',names=['a'],binary='nope'}]")
                .find("names binary unit 'nope'"),
            std::string::npos);
}

}  // namespace
}  // namespace askdb::agent
