// Runs the nlq dev sets (tests/nlq/dev_set.jsonl, spider_dk.jsonl, business_dev.jsonl,
// business_terms_dev.jsonl, the develop splits of spider.jsonl and bird.jsonl) and holds the engine
// to the project's bar: precision ≥ 95% on answered questions, and coverage at or above the
// measured floor (a regression fails).
#include <gtest/gtest.h>

#include "askdb/nlq/eval.h"
#include "dev_sources.h"

namespace askdb::nlq {
namespace {

constexpr double kMinPrecision = 0.95;
// Measured coverage minus a small margin; raise it when the engine improves.
constexpr double kMinCoverageDevSet = 0.88;    // measured 0.893 (214 questions)
constexpr double kMinCoverageSpiderDk = 0.42;  // measured 0.434 (159 develop questions)
constexpr double kMinCoverageBusiness = 0.65;  // measured 0.667 (60 questions)
// The demo's business terms (data/demo/terms.json), applied with no model.
constexpr double kMinCoverageTerms = 0.97;  // measured 1.000 (37 questions + 2 to abstain on)
// business_terms_report.jsonl, written before the engine was tuned for it and never tuned on.
constexpr double kMinCoverageTermsReport = 0.90;  // measured 0.938 (32 questions + 4 to abstain)
// Spider and BIRD develop databases over synthetic rows (convert_spider.py, convert_bird.py).
constexpr double kMinCoverageSpiderDevelop = 0.20;  // measured 0.210 (482 questions)
constexpr double kMinCoverageBirdDevelop = 0.008;   // measured 0.010 (517 questions, no evidence)

// `develop_only`: the develop split alone (never hold the engine to report questions), an
// answer with extra context columns counted right (nlq_eval_tool --extra-columns-ok).
EvalReport RunDevFile(const std::string& file, bool develop_only = false) {
  auto qs = ReadEvalQuestions(std::string(ASKDB_SOURCE_DIR) + "/tests/nlq/" + file);
  EXPECT_TRUE(qs.ok()) << qs.status().ToString();
  if (qs.ok() && develop_only) {
    std::erase_if(*qs, [](const EvalQuestion& q) { return q.split != "develop"; });
  }
  EvalOptions options;
  options.compare.allow_extra_columns = develop_only;
  // The sets' golds count relative periods (去年, last month) from the data's latest date; by
  // default the engine asks for the period on data that old (docs/nlq.md, "Time anchor").
  options.translate.anchor = TimeAnchor::kData;
  const std::string work = std::string(::testing::TempDir()) + "/nlq_dev";
  options.open = [&](const std::string& db) { return devset::OpenDevSource(db, work); };
  auto report = RunEval(qs.ok() ? *qs : std::vector<EvalQuestion>{}, options);
  EXPECT_TRUE(report.ok()) << report.status().ToString();
  return report.ok() ? *report : EvalReport{};
}

void Check(const EvalReport& r, double min_coverage) {
  std::string failures;
  for (const EvalItemResult& i : r.items) {
    if (i.answered && !i.correct) failures += i.id + ": " + i.question + "\n  " + i.sql + "\n";
  }
  EXPECT_GE(r.overall.precision(), kMinPrecision) << RenderEvalText(r) << failures;
  EXPECT_GE(r.overall.answered_pct() / 100.0, min_coverage) << RenderEvalText(r);
}

TEST(NlqDevSet, OwnQuestions) { Check(RunDevFile("dev_set.jsonl"), kMinCoverageDevSet); }
TEST(NlqDevSet, SpiderDk) { Check(RunDevFile("spider_dk.jsonl"), kMinCoverageSpiderDk); }
TEST(NlqDevSet, SpiderDevelopSplit) {
  Check(RunDevFile("spider.jsonl", /*develop_only=*/true), kMinCoverageSpiderDevelop);
}
TEST(NlqDevSet, BirdDevelopSplit) {
  Check(RunDevFile("bird.jsonl", /*develop_only=*/true), kMinCoverageBirdDevelop);
}
TEST(NlqDevSet, BusinessQuestions) {
  Check(RunDevFile("business_dev.jsonl"), kMinCoverageBusiness);
}
TEST(NlqDevSet, BusinessTerms) {
  const EvalReport r = RunDevFile("business_terms_dev.jsonl");
  Check(r, kMinCoverageTerms);
  EXPECT_GE(r.overall.total, 30);
  // A term the engine cannot apply safely (a measure over two tables) is never answered.
  EXPECT_EQ(r.overall.unanswerable_answered, 0) << RenderEvalText(r);
}
TEST(NlqDevSet, BusinessTermsReport) {
  const EvalReport r = RunDevFile("business_terms_report.jsonl");
  Check(r, kMinCoverageTermsReport);
  // Undefined modifiers (中高端, 超大单) and the unsafe 毛利 are never answered.
  EXPECT_EQ(r.overall.unanswerable_answered, 0) << RenderEvalText(r);
}

}  // namespace
}  // namespace askdb::nlq
