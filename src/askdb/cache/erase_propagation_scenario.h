// Test-only: the scenario both answer cache stores (the data directory's file,
// cache/answer_cache_store.h, and the management database's tables,
// server/api/shared_answer_cache_store.h) must pass — an entry one process drops after a
// failed L2 re-execution leaves the other process's memory at its next Sync, and the same
// question stored again afterwards is found again. `a` and `b` are two processes' caches on
// one store (attached, with a decoder of OneRow results); `make_row(n)` builds a result.
#pragma once

#include <gtest/gtest.h>

#include <functional>

#include "askdb/cache/answer_cache.h"

namespace askdb::cache::testing {

inline void ExpectEraseReachesTheOtherProcess(
    AnswerCache& a, AnswerCache& b, const std::function<db::ResultSet(long long)>& make_row) {
  const char* question = "2024年各地区的销售额";
  const char* paraphrase = "2024年各个地区的销售额";
  ASSERT_TRUE(a.Sync("shop", "fp").ok());
  ASSERT_TRUE(b.Sync("shop", "fp").ok());
  ASSERT_TRUE(a.Store("shop", question, "SELECT 7", make_row(7)).ok());
  ASSERT_TRUE(b.Sync("shop", "fp").ok());
  ASSERT_TRUE(b.Lookup("shop", question).has_value());

  // `a` re-executes its L2 hit, the SQL fails (the schema moved): it drops the entry.
  auto hit = a.Lookup("shop", paraphrase);
  ASSERT_TRUE(hit.has_value());
  ASSERT_EQ(hit->level, CacheLevel::kL2);
  a.Drop(*hit);

  ASSERT_TRUE(b.Sync("shop", "fp").ok());
  EXPECT_FALSE(b.Lookup("shop", question).has_value());    // L1 gone
  EXPECT_FALSE(b.Lookup("shop", paraphrase).has_value());  // L2 gone
  EXPECT_EQ(b.stats().erased_by_others, 2u);
  ASSERT_TRUE(a.Sync("shop", "fp").ok());
  EXPECT_EQ(a.stats().loaded, 0u);  // its own erasure is not read back

  // Stored again (by `b` this time): the tombstone is replaced, `a` finds the new answer.
  ASSERT_TRUE(b.Store("shop", question, "SELECT 9", make_row(9)).ok());
  ASSERT_TRUE(a.Sync("shop", "fp").ok());
  auto again = a.Lookup("shop", question);
  ASSERT_TRUE(again.has_value());
  EXPECT_EQ(again->sql, "SELECT 9");
}

}  // namespace askdb::cache::testing
