#include "askdb/agent/graph/checkpoint_store.h"

#include <gtest/gtest.h>

namespace askdb::agent {
namespace {

Checkpoint Sample(std::string thread, int64_t updated) {
  Checkpoint cp;
  cp.thread_id = std::move(thread);
  cp.graph = "main";
  cp.status = CheckpointStatus::kInterrupted;
  cp.next_node = "clarify";
  cp.state = {{"question", "销售额?"}, {"n", 3}};
  cp.pending = Interrupt{InterruptKind::kPlanApproval, "clarify", {{"plan", {"a", "b"}}}};
  cp.next_seq = 12;
  cp.steps = 4;
  cp.invocation = 2;
  cp.error = "";
  cp.updated_at_ms = updated;
  return cp;
}

TEST(CheckpointJsonTest, RoundTripsEveryField) {
  Checkpoint cp = Sample("t", 5);
  auto back = CheckpointFromJson(CheckpointToJson(cp));
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  EXPECT_EQ(*back, cp);
  cp.pending.reset();
  cp.status = CheckpointStatus::kFailed;
  cp.error = "unavailable: db down";
  back = CheckpointFromJson(CheckpointToJson(cp));
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(*back, cp);
}

TEST(CheckpointJsonTest, RejectsCorruptDocuments) {
  EXPECT_EQ(CheckpointFromJson(Json::array()).status().code(), StatusCode::kInvalidArgument);
  Json json = CheckpointToJson(Sample("t", 1));
  json["status"] = "sleeping";
  EXPECT_FALSE(CheckpointFromJson(json).ok());
  json = CheckpointToJson(Sample("t", 1));
  json["next_seq"] = "twelve";
  EXPECT_FALSE(CheckpointFromJson(json).ok());
  json = CheckpointToJson(Sample("t", 1));
  json["pending"]["kind"] = "whatever";
  EXPECT_FALSE(CheckpointFromJson(json).ok());
}

TEST(CheckpointJsonTest, NamesRoundTrip) {
  for (auto status : {CheckpointStatus::kRunning, CheckpointStatus::kInterrupted,
                      CheckpointStatus::kDone, CheckpointStatus::kFailed,
                      CheckpointStatus::kCancelled, CheckpointStatus::kDeadlineExceeded}) {
    auto back = ParseCheckpointStatus(CheckpointStatusName(status));
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(*back, status);
  }
  EXPECT_EQ(*ParseInterruptKind("plan_approval"), InterruptKind::kPlanApproval);
  EXPECT_EQ(InterruptKindName(InterruptKind::kClarification), "clarification");
  EXPECT_FALSE(ParseInterruptKind("maybe").ok());
}

TEST(InMemoryCheckpointStoreTest, SaveLoadListDelete) {
  InMemoryCheckpointStore store;
  EXPECT_EQ(store.Load("a").status().code(), StatusCode::kNotFound);
  ASSERT_TRUE(store.Save(Sample("a", 1)).ok());
  ASSERT_TRUE(store.Save(Sample("b", 3)).ok());
  Checkpoint newer = Sample("a", 2);
  newer.next_node = "answer";
  ASSERT_TRUE(store.Save(newer).ok());
  auto loaded = store.Load("a");
  ASSERT_TRUE(loaded.ok());
  EXPECT_EQ(*loaded, newer);
  auto list = store.List();
  ASSERT_TRUE(list.ok());
  ASSERT_EQ(list->size(), 2u);
  EXPECT_EQ((*list)[0].thread_id, "b");
  EXPECT_EQ((*list)[1].next_node, "answer");
  EXPECT_EQ(store.save_count(), 3);
  ASSERT_TRUE(store.Delete("a").ok());
  ASSERT_TRUE(store.Delete("a").ok());
  EXPECT_EQ(store.Load("a").status().code(), StatusCode::kNotFound);
}

}  // namespace
}  // namespace askdb::agent
