#include "askdb/common/status.h"

#include <gtest/gtest.h>

#include "askdb/common/json.h"

namespace askdb {
namespace {

StatusOr<int> Half(int x) {
  if (x % 2 != 0) return InvalidArgumentError("odd: " + std::to_string(x));
  return x / 2;
}

StatusOr<int> Quarter(int x) {
  ASKDB_ASSIGN_OR_RETURN(int half, Half(x));
  return Half(half);
}

TEST(StatusTest, OkByDefault) {
  Status s;
  EXPECT_TRUE(s.ok());
  EXPECT_EQ(s.ToString(), "ok");
}

TEST(StatusTest, ErrorCarriesCodeAndContext) {
  Status s = NotFoundError("no such file").WithContext("opening demo.sqlite");
  EXPECT_FALSE(s.ok());
  EXPECT_EQ(s.code(), StatusCode::kNotFound);
  EXPECT_EQ(s.ToString(), "not_found: opening demo.sqlite: no such file");
}

TEST(StatusOrTest, PropagatesThroughMacros) {
  EXPECT_EQ(*Quarter(8), 2);
  StatusOr<int> bad = Quarter(6);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().message(), "odd: 3");
}

TEST(JsonTest, MalformedInputIsAnError) {
  EXPECT_TRUE(ParseJson(R"({"a":1})").ok());
  StatusOr<Json> bad = ParseJson("{\"a\":");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().code(), StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace askdb
