#include "askdb/agent/classifier_eval.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "askdb/agent/request_classifier.h"

namespace askdb::agent {
namespace {

std::filesystem::path WriteLines(const std::string& name, const std::string& text) {
  const std::filesystem::path path = std::filesystem::path(::testing::TempDir()) / name;
  std::ofstream(path) << text;
  return path;
}

// An engine question set is read as data questions, split kept, language detected.
TEST(ClassifierEval, NlqQuestionSetsAreDataQuestions) {
  const auto path = WriteLines("questions.jsonl",
                               "# blind set\n"
                               "{\"id\": \"a\", \"question\": \"2024年各地区的销售额\", "
                               "\"split\": \"develop\"}\n"
                               "{\"id\": \"b\", \"question\": \"hello\", \"split\": \"report\", "
                               "\"expect_abstain\": true}\n");
  auto requests = ReadNlqQuestionsAsDataRequests(path);
  ASSERT_TRUE(requests.ok()) << requests.status().ToString();
  ASSERT_EQ(requests->size(), 2u);
  EXPECT_EQ((*requests)[0].type, "data_query");
  EXPECT_EQ((*requests)[1].split, "report");
  const ClassifierEvalReport report = RunClassifierEval(*requests, *RequestClassifier::Default());
  EXPECT_EQ(report.tallies.at("develop").at("zh").at("data_query").correct, 1);
  EXPECT_EQ(report.tallies.at("report").at("en").at("data_query").correct, 0);  // a greeting
  const auto bad = WriteLines("bad_questions.jsonl", "{\"id\": \"a\", \"sql\": \"x\"}\n");
  const auto error = ReadNlqQuestionsAsDataRequests(bad);
  ASSERT_FALSE(error.ok());
  EXPECT_NE(error.status().message().find("question"), std::string::npos);
}

TEST(ClassifierEval, TalliesBySplitLanguageAndType) {
  const auto path = WriteLines("labelled.jsonl",
                               "# comment\n"
                               "{\"text\": \"hello\", \"type\": \"trivial\", \"lang\": \"en\", "
                               "\"split\": \"dev\"}\n"
                               "{\"text\": \"2024年各地区的销售额\", \"type\": \"data_query\", "
                               "\"lang\": \"zh\", \"split\": \"dev\"}\n"
                               "{\"text\": \"hello\", \"type\": \"web_search\", \"lang\": \"en\", "
                               "\"split\": \"train\"}\n");
  auto requests = ReadLabelledRequests(path);
  ASSERT_TRUE(requests.ok()) << requests.status().ToString();
  ASSERT_EQ(requests->size(), 3u);
  const ClassifierEvalReport report = RunClassifierEval(*requests, *RequestClassifier::Default());
  EXPECT_EQ(report.total, 3);
  EXPECT_EQ(report.correct, 2);
  EXPECT_EQ(report.tallies.at("dev").at("en").at("trivial").correct, 1);
  EXPECT_EQ(report.tallies.at("dev").at("zh").at("*").total, 1);
  EXPECT_EQ(report.tallies.at("train").at("en").at("web_search").correct, 0);
  EXPECT_EQ(report.confusions.at({"train", "web_search → trivial"}), 1);
  const std::string text = RenderClassifierEvalText(report);
  EXPECT_NE(text.find("split dev"), std::string::npos) << text;
  EXPECT_NE(text.find("web_search → trivial"), std::string::npos) << text;
  EXPECT_EQ(ClassifierEvalReportToJson(report)["correct"], 2);
}

TEST(ClassifierEval, OtherIsRightOnlyWhenHandedOn) {
  // A greeting labelled "other" is answered locally with confidence: that is wrong. A request
  // nothing recognises falls back to data_query: that hands it on, which is right. (Keyboard
  // mash: "frobnicate the widget", used until session 14, is English enough for the retrained
  // model to read as small talk at p 0.70.)
  std::vector<LabelledRequest> requests = {{"hello", "other", "en", "", ""},
                                           {"qwzx vbnm plkj", "other", "en", "", ""}};
  const ClassifierEvalReport report = RunClassifierEval(requests, *RequestClassifier::Default());
  EXPECT_EQ(report.total, 2);
  EXPECT_EQ(report.correct, 1);
}

TEST(ClassifierEval, MalformedLinesNameTheLine) {
  auto missing = ReadLabelledRequests(WriteLines("bad1.jsonl", "{\"text\": \"hi\"}\n"));
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.status().message().find("bad1.jsonl:1"), std::string::npos);
  auto unknown = ReadLabelledRequests(
      WriteLines("bad2.jsonl", "\n{\"text\": \"hi\", \"type\": \"chitchat\"}\n"));
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.status().message().find("bad2.jsonl:2"), std::string::npos);
  EXPECT_NE(unknown.status().message().find("chitchat"), std::string::npos);
}

TEST(ClassifierEval, RecognisesTheFileKind) {
  EXPECT_TRUE(LooksLikeLabelledRequests(
      WriteLines("kind1.jsonl", "# x\n{\"text\": \"hi\", \"type\": \"trivial\"}\n")));
  EXPECT_FALSE(LooksLikeLabelledRequests(
      WriteLines("kind2.jsonl", "{\"question\": \"hi\", \"gold_sql\": \"SELECT 1\"}\n")));
}

}  // namespace
}  // namespace askdb::agent
