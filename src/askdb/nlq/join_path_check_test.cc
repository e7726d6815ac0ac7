#include "askdb/nlq/join_path_check.h"

#include <gtest/gtest.h>

#include <memory>

#include "askdb/db/sqlite/sqlite_connector.h"
#include "askdb/nlq/engine.h"
#include "askdb/nlq/schema_index.h"
#include "askdb/nlq/test_fixture.h"

namespace askdb::nlq {
namespace {

constexpr const char* kSql = R"sql(
CREATE TABLE airports(code TEXT PRIMARY KEY, city TEXT);
CREATE TABLE flights(flight_no INTEGER PRIMARY KEY,
                     source_airport TEXT REFERENCES airports(code),
                     dest_airport TEXT REFERENCES airports(code));
CREATE TABLE students(student_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE courses(course_id INTEGER PRIMARY KEY, title TEXT);
CREATE TABLE enrolments(student_id INTEGER REFERENCES students(student_id),
                        course_id INTEGER REFERENCES courses(course_id), grade TEXT);
CREATE TABLE waiting_list(student_id INTEGER REFERENCES students(student_id),
                          course_id INTEGER REFERENCES courses(course_id), position INTEGER);
CREATE TABLE teachers(teacher_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE teaches(teacher_id INTEGER REFERENCES teachers(teacher_id),
                     course_id INTEGER REFERENCES courses(course_id));
CREATE TABLE departments(dept_id INTEGER PRIMARY KEY, dept_name TEXT);
CREATE TABLE programmes(prog_id INTEGER PRIMARY KEY, dept_id INTEGER REFERENCES departments(dept_id));
CREATE TABLE registrations(reg_id INTEGER PRIMARY KEY,
                           prog_id INTEGER REFERENCES programmes(prog_id));
CREATE TABLE course_regs(id INTEGER PRIMARY KEY, course_id INTEGER REFERENCES courses(course_id),
                         reg_id INTEGER REFERENCES registrations(reg_id), mark INTEGER);
CREATE TABLE rooms(room_id INTEGER PRIMARY KEY, course_id INTEGER REFERENCES courses(course_id),
                   FOREIGN KEY(course_id) REFERENCES courses(course_id));
INSERT INTO airports VALUES ('ABZ','Aberdeen'),('LHR','London');
INSERT INTO flights VALUES (1,'ABZ','LHR'),(2,'LHR','ABZ'),(3,'LHR','LHR');
INSERT INTO students VALUES (1,'Ann'),(2,'Bob');
INSERT INTO courses VALUES (1,'Maths'),(2,'Art');
INSERT INTO enrolments VALUES (1,1,'A'),(2,2,'B');
INSERT INTO waiting_list VALUES (1,2,1);
INSERT INTO teachers VALUES (1,'Kim');
INSERT INTO teaches VALUES (1,1);
)sql";

class JoinPathCheckTest : public testing::DbTest {
 protected:
  void SetUp() override { Open(kSql); }
  int Table(const char* name) const { return index_->FindTable(name); }
  JoinTree Tree(const char* root, const char* needed) const {
    auto tree = FindJoinTree(*index_, Table(root), {Table(needed)});
    EXPECT_TRUE(tree);
    return *tree;
  }
  // A word that names the given column.
  Item Naming(const char* table, const char* column) const {
    Item it;
    it.kind = ItemKind::kTerm;
    const int c = index_->FindColumn(Table(table), column);
    for (int id = 0; id < static_cast<int>(index_->terms().size()); ++id) {
      const Term& t = index_->terms()[id];
      if (t.kind == TermKind::kColumn && t.column == c) it.terms.push_back(id);
    }
    EXPECT_FALSE(it.terms.empty());
    return it;
  }
};

TEST_F(JoinPathCheckTest, TwoReferencesBetweenTwoTablesNeedTheQuestionToNameOne) {
  const JoinTree tree = Tree("flights", "airports");
  const auto problem = FindUnclearJoin(tree, {}, *index_);
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->en.find("source_airport"), std::string::npos) << problem->en;
  EXPECT_NE(problem->en.find("dest_airport"), std::string::npos) << problem->en;
  // Named by the reference the tree took: it stands; by the other: it does not.
  const JoinEdge& taken = index_->edges()[tree.steps[0].edge];
  const bool source = index_->columns()[taken.from_column].name == "source_airport";
  EXPECT_FALSE(FindUnclearJoin(
      tree, {Naming("flights", source ? "source_airport" : "dest_airport")}, *index_));
  EXPECT_TRUE(FindUnclearJoin(tree, {Naming("flights", source ? "dest_airport" : "source_airport")},
                              *index_));
}

TEST_F(JoinPathCheckTest, TwoLinkTablesBetweenTwoTablesNeedTheQuestionToNameOne) {
  const JoinTree tree = Tree("students", "courses");
  const auto problem = FindUnclearJoin(tree, {}, *index_);
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->en.find("enrolments"), std::string::npos) << problem->en;
  EXPECT_NE(problem->en.find("waiting_list"), std::string::npos) << problem->en;
  const std::string via = index_->tables()[tree.steps[0].table].name;
  EXPECT_FALSE(FindUnclearJoin(
      tree, {Naming(via.c_str(), via == "enrolments" ? "grade" : "position")}, *index_));
  // One link table only (teachers ← teaches → courses): the path is the only one.
  EXPECT_FALSE(FindUnclearJoin(Tree("teachers", "courses"), {}, *index_));
}

// courses ← course_regs → registrations → programmes → departments: "courses per
// department" would be the courses some registration of the department's programmes took.
TEST_F(JoinPathCheckTest, ALongDetourThroughUnnamedTablesIsRefused) {
  const JoinTree detour = Tree("courses", "departments");
  const auto problem = FindUnclearJoin(detour, {}, *index_);
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->en.find("course_regs, registrations, programmes"), std::string::npos)
      << problem->en;
  // Naming one of them leaves two unnamed tables between: the path stands.
  EXPECT_FALSE(FindUnclearJoin(detour, {Naming("course_regs", "mark")}, *index_));
  // Lookups only (no row repeated on the way): the path stands however long.
  EXPECT_FALSE(FindUnclearJoin(Tree("course_regs", "departments"), {}, *index_));
}

TEST_F(JoinPathCheckTest, OneReferenceDeclaredTwiceIsOneWay) {
  int declared = 0;
  for (const JoinEdge& e : index_->edges()) declared += e.from_table == Table("rooms");
  ASSERT_EQ(declared, 2);
  EXPECT_FALSE(FindUnclearJoin(Tree("rooms", "courses"), {}, *index_));
}

TEST_F(JoinPathCheckTest, AnUnclearJoinAbstainsEndToEnd) {
  const Translation flights = Ask("how many flights from Aberdeen");
  EXPECT_FALSE(flights.answered) << flights.sql;
  const Translation students = Ask("how many students in Maths");
  EXPECT_FALSE(students.answered) << students.sql;
  EXPECT_TRUE(Ask("how many flights").answered);
}

// Two tables that both refer to one channel (Spider's tvshow shape).
class SharedParentTest : public testing::DbTest {
 protected:
  void SetUp() override {
    Open(
        "CREATE TABLE tv_channel (id INTEGER PRIMARY KEY, series_name TEXT, country TEXT);"
        "CREATE TABLE cartoon (id INTEGER PRIMARY KEY, title TEXT,"
        " channel INTEGER REFERENCES tv_channel(id));"
        "CREATE TABLE tv_series (id INTEGER PRIMARY KEY, episode TEXT, rating REAL,"
        " channel INTEGER REFERENCES tv_channel(id));"
        "INSERT INTO tv_channel VALUES (1,'Sky Radio','Italy'),(2,'MTV','UK');"
        "INSERT INTO cartoon VALUES (1,'Blue Beetle',1),(2,'Dawn',1),(3,'Fall',2);"
        "INSERT INTO tv_series VALUES (1,'Pilot',8.1,1),(2,'Finale',7.2,2);");
  }
};

TEST_F(SharedParentTest, TablesRelatedOnlyByAnUnnamedParentAreRefused) {
  // "What is the title for the episode 'A Love of a Lifetime'?" read the cartoons of the
  // episode's channel at 1.00 (a perturbation of a right develop answer).
  const Translation t = Ask("What is the title for the episode 'Pilot'?");
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("related only by sharing a tv_channel"), std::string::npos)
      << t.abstain_reason;
  // A lookup of the parent itself is no sibling join.
  const Translation parent = Ask("What is the country of the tv channel of the episode 'Pilot'?");
  EXPECT_TRUE(parent.answered) << parent.abstain_reason;
}

}  // namespace
}  // namespace askdb::nlq
