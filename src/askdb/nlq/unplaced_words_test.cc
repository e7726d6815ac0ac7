// The words a decline names: whole Chinese words, never single characters of one, and never
// a whole word the reading placed (a word it placed only part of is named whole: 上市).
#include "askdb/nlq/unplaced_words.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "askdb/catalog/semantic_model.h"
#include "askdb/db/sqlite/sqlite_connector.h"
#include "askdb/nlq/engine.h"
#include "askdb/nlq/schema_index.h"
#include "askdb/nlq/test_fixture.h"

namespace askdb::nlq {
namespace {

// One item per unit of `question`; `placed` and `function` hold the units' texts read as
// placed words and as function words, every other unit is unknown.
struct Reading {
  std::vector<Unit> units;
  std::vector<Item> items;
};

Reading Read(std::string_view question, const std::vector<std::string>& placed,
             const std::vector<std::string>& function) {
  Reading r;
  r.units = TokenizeUnits(question);
  for (size_t u = 0; u < r.units.size(); ++u) {
    Item item;
    item.unit_begin = u;
    item.unit_end = u + 1;
    item.text = r.units[u].text;
    if (std::find(placed.begin(), placed.end(), item.text) != placed.end()) {
      item.kind = ItemKind::kTerm;
      item.used = true;
    } else if (item.text == "-") {
      item.kind = ItemKind::kPunct;
    } else if (std::find(function.begin(), function.end(), item.text) != function.end()) {
      item.kind = ItemKind::kKeyword;
      item.kw = Bit(Kw::kStop);
    }
    r.items.push_back(item);
  }
  return r;
}

std::vector<std::string> Words(std::string_view q, const std::vector<std::string>& placed,
                               const std::vector<std::string>& function = {}) {
  const Reading r = Read(q, placed, function);
  return UnplacedWords(q, r.units, r.items, true);
}

TEST(UnplacedWordsTest, AdjacentUnknownCharactersAreOneWord) {
  EXPECT_EQ(Words("新注册客户", {"客", "户"}), (std::vector<std::string>{"新注册"}));
  EXPECT_EQ(Words("销售额对比", {"销", "售", "额"}), (std::vector<std::string>{"对比"}));
}

TEST(UnplacedWordsTest, AFunctionCharacterJoinsOnlyWhereTheDictionaryJoinsIt) {
  // 属于: 于 is a function word, but ICU reads 属于 as one word.
  EXPECT_EQ(Words("城市属于西南", {"城", "市", "西", "南"}, {"于"}),
            (std::vector<std::string>{"属于"}));
  // 的 after an unknown word stays out.
  EXPECT_EQ(Words("退货率的城市", {"城", "市"}, {"的"}), (std::vector<std::string>{"退货率"}));
}

// "2023年以后上市": 后 read as "after", 以 and 上 left over, were named as two characters; the
// words the person typed are 以后 and 上市.
TEST(UnplacedWordsTest, ACharacterLeftOfADictionaryWordNamesTheWholeWord) {
  EXPECT_EQ(Words("以后上市的新品", {"后", "市", "新", "品"}, {"的"}),
            (std::vector<std::string>{"以后", "上市"}));
}

TEST(UnplacedWordsTest, AFunctionWordBetweenUnknownWordsEndsAWord) {
  // Nothing placed: the decline must not quote the whole question back as one word.
  const std::vector<std::string> words = Words("入职的员工", {}, {"的"});
  EXPECT_EQ(words, (std::vector<std::string>{"入职", "员工"}));
}

// A schema word left unapplied (件, a column's word) was read: only with `known` is it named.
TEST(UnplacedWordsTest, AKnownWordLeftUnappliedIsNotCalledUnknown) {
  Reading r = Read("卖出件", {}, {});
  r.items[2].kind = ItemKind::kTerm;  // 件: unused, but a word of the schema
  EXPECT_EQ(UnplacedWords("卖出件", r.units, r.items, true, false),
            (std::vector<std::string>{"卖出"}));
  EXPECT_EQ(UnplacedWords("卖出件", r.units, r.items, true), (std::vector<std::string>{"卖出件"}));
}

TEST(UnplacedWordsTest, ALatinWordBesideChineseIsAWordOfItsOwn) {
  EXPECT_EQ(Words("DC出过专辑", {"专", "辑"}), (std::vector<std::string>{"DC", "出过"}));
}

TEST(UnplacedWordsTest, APlacedWordIsNeverNamed) {
  EXPECT_EQ(Words("西南区", {"西", "南"}), (std::vector<std::string>{"区"}));
  EXPECT_TRUE(Words("客户", {"客", "户"}).empty());
}

TEST(UnplacedWordsTest, EnglishWordsStayAsRead) {
  const std::string q = "video files";
  const Reading r = Read(q, {}, {});
  EXPECT_EQ(UnplacedWords(q, r.units, r.items, false),
            (std::vector<std::string>{"video", "files"}));
  // A hyphen joins two words into one.
  const std::string hyphen = "3 best-selling items";
  const Reading h = Read(hyphen, {"items"}, {});
  EXPECT_EQ(UnplacedWords(hyphen, h.units, h.items, false),
            (std::vector<std::string>{"3", "best-selling"}));
  EXPECT_EQ(QuoteWords({"video", "files"}, false), "'video', 'files'");
  EXPECT_EQ(QuoteWords({"新注册", "属于"}, true), "“新注册”、“属于”");
}

// Through the engine: the decline names the words to rephrase.
class UnplacedWordsEngineTest : public testing::DbTest {
 protected:
  void SetUp() override {
    catalog::SemanticModel model;
    catalog::TableSemantics customers = testing::SemanticTable("customers", "客户", "customer");
    model.tables = {customers};
    Open(
        "CREATE TABLE customers(customer_id INTEGER PRIMARY KEY, name TEXT, signup_date TEXT,"
        " birth_year INTEGER);"
        "INSERT INTO customers VALUES (1,'Ann','2023-01-05',1990),(2,'Bo','2024-02-01',1985);",
        &model);
  }
  std::string Reason(std::string_view q) {
    const Translation t = Ask(q);
    EXPECT_FALSE(t.answered) << q << " → " << t.sql;
    return t.abstain_reason;
  }
};

TEST_F(UnplacedWordsEngineTest, ADeclineNamesWholeWordsNotCharacters) {
  const std::string reason = Reason("2023年新注册了多少客户");
  EXPECT_NE(reason.find("“新注册”"), std::string::npos) << reason;
  EXPECT_EQ(reason.find("新, 注"), std::string::npos) << reason;
}

TEST_F(UnplacedWordsEngineTest, AReasonThatQuotesNoWordGetsTheUnplacedOnes) {
  const std::string zh = Reason("上个月的退货率是多少");
  EXPECT_NE(zh.find("未能理解的词：“退货率”"), std::string::npos) << zh;
  const std::string en = Reason("How many people visited the website last month?");
  EXPECT_NE(en.find("Words I could not place: 'people', 'visited', 'website'"), std::string::npos)
      << en;
}

// A sum that a one-to-many join would repeat is declined naming the measure as the question
// did, beside its column, not the table's name alone.
using FanOutDeclineTest = testing::DbTest;

TEST_F(FanOutDeclineTest, NamesTheMeasure) {
  catalog::SemanticModel model;
  catalog::TableSemantics genres = testing::SemanticTable("genres", "流派", "genre");
  genres.columns = {
      testing::SemanticColumn("name", "流派", "genre", catalog::ColumnRole::kDimension)};
  catalog::TableSemantics invoices = testing::SemanticTable("invoices", "发票", "invoice");
  invoices.columns = {
      testing::SemanticColumn("total", "销售额", "sales", catalog::ColumnRole::kMeasure)};
  model.tables = {genres, invoices};
  Open(
      "CREATE TABLE genres(genre_id INTEGER PRIMARY KEY, name TEXT);"
      "CREATE TABLE invoices(invoice_id INTEGER PRIMARY KEY, total REAL);"
      "CREATE TABLE lines(line_id INTEGER PRIMARY KEY,"
      " invoice_id INTEGER REFERENCES invoices(invoice_id),"
      " genre_id INTEGER REFERENCES genres(genre_id));"
      "INSERT INTO genres VALUES (1,'Rock'),(2,'Jazz');"
      "INSERT INTO invoices VALUES (1,10),(2,20);"
      "INSERT INTO lines VALUES (1,1,1),(2,1,2),(3,2,1);",
      &model);
  const Translation zh = Ask("各流派的销售额");
  EXPECT_FALSE(zh.answered) << zh.sql;
  EXPECT_NE(zh.abstain_reason.find("“销售额”（invoices.total）记在 invoices 的每一行上"),
            std::string::npos)
      << zh.abstain_reason;
  const Translation en = Ask("sales by genre");
  EXPECT_FALSE(en.answered) << en.sql;
  EXPECT_NE(en.abstain_reason.find("'sales' (invoices.total) is recorded once per invoices row"),
            std::string::npos)
      << en.abstain_reason;
}

}  // namespace
}  // namespace askdb::nlq
