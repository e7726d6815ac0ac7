#include "askdb/agent/intent/intent_model.h"

#include <gtest/gtest.h>

#include "askdb/agent/intent/intent_model_train.h"

namespace askdb::agent {
namespace {

std::vector<IntentExample> TinySet() {
  return {{"hello there", "trivial"},         {"hi how are you", "trivial"},
          {"good morning friend", "trivial"}, {"你好呀", "trivial"},
          {"sales by region", "data_query"},  {"total revenue per month", "data_query"},
          {"各地区的销售额", "data_query"},   {"top customers by revenue", "data_query"},
          {"weather in paris", "web_search"}, {"will it rain tomorrow", "web_search"},
          {"明天天气怎么样", "web_search"},   {"latest news headlines", "web_search"}};
}

TEST(IntentModel, LearnsAndSurvivesSerialisation) {
  IntentTrainOptions options;
  options.buckets = 1 << 12;
  const auto model = TrainIntentModel(TinySet(), options);
  EXPECT_EQ(model->labels(), (std::vector<std::string>{"data_query", "trivial", "web_search"}));
  EXPECT_EQ(model->Predict("hello").label, "trivial");
  EXPECT_EQ(model->Predict("revenue by month").label, "data_query");
  EXPECT_EQ(model->Predict("天气").label, "web_search");

  auto parsed = IntentModel::Parse(model->Serialize());
  ASSERT_TRUE(parsed.ok()) << parsed.status().ToString();
  for (const IntentExample& e : TinySet()) {
    const IntentPrediction a = model->Predict(e.text), b = (*parsed)->Predict(e.text);
    EXPECT_EQ(a.label, b.label) << e.text;
    EXPECT_NEAR(a.probability, b.probability, 0.05) << e.text;  // int8 weights
  }
}

TEST(IntentModel, TrainingIsDeterministic) {
  IntentTrainOptions options;
  options.buckets = 1 << 10;
  EXPECT_EQ(TrainIntentModel(TinySet(), options)->Serialize(),
            TrainIntentModel(TinySet(), options)->Serialize());
}

TEST(IntentModel, ParseRejectsWhatIsNotAModel) {
  EXPECT_FALSE(IntentModel::Parse("").ok());
  EXPECT_FALSE(IntentModel::Parse("not a model at all").ok());
  IntentTrainOptions options;
  options.buckets = 1 << 8;
  std::string bytes = TrainIntentModel(TinySet(), options)->Serialize();
  bytes.pop_back();
  auto truncated = IntentModel::Parse(bytes);
  ASSERT_FALSE(truncated.ok());
  EXPECT_NE(truncated.status().message().find("wrong size"), std::string::npos);
}

TEST(IntentModel, FeaturesAreStableAndBounded) {
  const auto a = IntentFeatures("What is 12 times 7?", 1000);
  EXPECT_EQ(a, IntentFeatures("what is 99 times 3", 1000));  // numbers are one token
  for (uint32_t f : IntentFeatures("2024年各地区的销售额 and more words", 1000))
    EXPECT_LT(f, 1000u);
  EXPECT_FALSE(IntentFeatures("", 1000).empty());  // the constant feature
}

TEST(IntentModel, TheEmbeddedModelLoads) {
  const IntentModel* model = IntentModel::Default();
  ASSERT_NE(model, nullptr);
  EXPECT_GE(model->labels().size(), 8u);
}

}  // namespace
}  // namespace askdb::agent
