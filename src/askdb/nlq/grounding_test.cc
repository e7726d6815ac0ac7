#include "askdb/nlq/grounding.h"

#include <gtest/gtest.h>

#include <memory>

#include "askdb/db/sqlite/sqlite_connector.h"
#include "askdb/nlq/engine.h"
#include "askdb/nlq/schema_index.h"
#include "askdb/nlq/test_fixture.h"
#include "askdb/nlq/tokenizer.h"

namespace askdb::nlq {
namespace {

constexpr const char* kPetsSql = R"sql(
CREATE TABLE student(StuID INTEGER PRIMARY KEY, LName TEXT, Fname TEXT, Age INTEGER,
                     weight REAL);
CREATE TABLE pets(PetID INTEGER PRIMARY KEY, PetType TEXT, pet_age INTEGER, weight REAL);
CREATE TABLE has_pet(StuID INTEGER REFERENCES student(StuID),
                     PetID INTEGER REFERENCES pets(PetID));
INSERT INTO student VALUES (1,'Smith','Linda',18,60),(2,'Kim','Tracy',19,55),
  (3,'Lee','Shiela',21,70);
INSERT INTO pets VALUES (1,'cat',3,12),(2,'dog',2,13.4),(3,'dog',1,9.3);
INSERT INTO has_pet VALUES (1,1),(2,2),(2,3);
)sql";

class GroundingTest : public testing::DbTest {
 protected:
  void SetUp() override { Open(kPetsSql); }
  Item Used(const char* phrase) const {
    Item it;
    it.kind = ItemKind::kTerm;
    it.text = phrase;
    it.used = true;
    const std::vector<int>* ids = index_->FindTerms(PhraseKey(phrase));
    EXPECT_NE(ids, nullptr) << phrase;
    if (ids) it.terms = *ids;
    return it;
  }
  std::vector<int> AllTables() const { return {0, 1, 2}; }
};

TEST_F(GroundingTest, StrengthsFollowHowTheMatchWasFound) {
  Term t;
  t.source = "name";
  EXPECT_EQ(TermStrength(t), 1.0);
  t.exact = false;
  EXPECT_LT(TermStrength(t), 1.0);
  t.source = "inferred money";
  EXPECT_LT(TermStrength(t), 0.85);
  t.source = "synonym";
  t.exact = true;
  EXPECT_GT(TermStrength(t), 0.9);
  EXPECT_LT(TermStrength(t), 1.0);
}

TEST_F(GroundingTest, TheWeakestUsedWordBoundsTheReading) {
  // "age" is student.Age by its name (and pets.pet_age only by a leftover word): strong.
  const Grounding exact = GroundReading({Used("age")}, *index_, AllTables());
  EXPECT_EQ(exact.weakest, 1.0);
  EXPECT_TRUE(exact.word.empty());
  // "type" is only the rest of PetType once the table's name is taken off.
  const Grounding loose = GroundReading({Used("age"), Used("type")}, *index_, AllTables());
  EXPECT_LT(loose.weakest, 1.0);
  EXPECT_EQ(loose.word, "type");
  EXPECT_FALSE(loose.close);
  // An unused word does not count.
  Item unused = Used("type");
  unused.used = false;
  EXPECT_EQ(GroundReading({unused}, *index_, AllTables()).weakest, 1.0);
}

TEST_F(GroundingTest, TwoEquallyCloseColumnsOfTheQuerysTablesAreClose) {
  // "weight" names student.weight and pets.weight alike: close when both tables are read ...
  const Item weight = Used("weight");
  Grounding g = GroundReading({weight}, *index_, AllTables());
  EXPECT_TRUE(g.close);
  EXPECT_EQ(g.word, "weight");
  EXPECT_LT(g.weakest, 1.0);
  // ... not when the query reads only one of them.
  g = GroundReading({weight}, *index_, {index_->FindTable("student")});
  EXPECT_FALSE(g.close);
}

TEST_F(GroundingTest, AKeyNamedInFullIsAnExactMatch) {
  // "pet id" is PetID's own name (indexed at low priority, not derived); "id" alone is not.
  // (has_pet.PetID has the same name: only the pets are read here, so it is not close.)
  const std::vector<int> pets{index_->FindTable("pets")};
  EXPECT_EQ(GroundReading({Used("pet id")}, *index_, pets).weakest, 1.0);
  EXPECT_LT(GroundReading({Used("id")}, *index_, pets).weakest, 1.0);
}

TEST_F(GroundingTest, ALooselyMatchedWordIsNamedWhenTheEngineAbstains) {
  Grounding g;
  g.weakest = 0.6;
  g.word = "type";
  EXPECT_NE(WeakGroundingMessage(g, false).find("'type'"), std::string::npos);
  EXPECT_NE(WeakGroundingMessage(g, true).find("“type”"), std::string::npos);
}

}  // namespace
}  // namespace askdb::nlq
