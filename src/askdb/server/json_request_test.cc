#include "askdb/server/json_request.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "askdb/server/http.h"

namespace askdb::server {
namespace {

using ::testing::HasSubstr;

TEST(ParseJsonObjectTest, AcceptsJsonContentTypeWithParameters) {
  auto parsed = ParseJsonObject("Application/JSON; charset=utf-8", R"({"query":"hi"})");
  ASSERT_TRUE(parsed.ok()) << parsed.status().ToString();
  EXPECT_EQ((*parsed)["query"], "hi");
}

TEST(ParseJsonObjectTest, WrongContentTypeSaysWhatIsNeeded) {
  auto parsed = ParseJsonObject("text/plain", "{}");
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.status().code(), StatusCode::kInvalidArgument);
  EXPECT_THAT(parsed.status().message(), HasSubstr("Content-Type must be application/json"));
  EXPECT_THAT(ParseJsonObject("", "{}").status().message(), HasSubstr("none was sent"));
}

TEST(ParseJsonObjectTest, MalformedJsonNamesBytePosition) {
  auto parsed = ParseJsonObject("application/json", R"({"query": tru})");
  ASSERT_FALSE(parsed.ok());
  EXPECT_THAT(parsed.status().message(), HasSubstr("at byte 13"));
  EXPECT_THAT(ParseJsonObject("application/json", "  ").status().message(), HasSubstr("empty"));
  EXPECT_THAT(ParseJsonObject("application/json", "[1]").status().message(),
              HasSubstr("must be a JSON object, got an array"));
}

TEST(ParseJsonObjectTest, NumberOverflowIsInvalidArgumentNotAnException) {
  // Found by the fuzzer: nlohmann throws out_of_range (not parse_error) for this.
  auto parsed = ParseJsonObject("application/json", R"({"limit": 9999e9999})");
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.status().code(), StatusCode::kInvalidArgument);
  EXPECT_THAT(parsed.status().message(), HasSubstr("number overflow"));
}

TEST(RejectUnknownFieldsTest, NamesTheFieldTheLikelyOneAndTheAcceptedOnes) {
  const Json body = Json::parse(R"({"query": "q", "threadId": "t1"})");
  Status status = RejectUnknownFields(body, {"query", "thread_id", "agent_id"});
  EXPECT_EQ(status.code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(status.message(),
            "unknown field 'threadId'; did you mean 'thread_id'? (accepted fields: 'query', "
            "'thread_id', 'agent_id')");
  status = RejectUnknownFields(Json::parse(R"({"colour": 1})"), {"query"});
  EXPECT_EQ(status.message(), "unknown field 'colour' (accepted fields: 'query')");
  EXPECT_TRUE(RejectUnknownFields(Json::parse(R"({"query": "q", "thread_id": null})"),
                                  {"query", "thread_id"})
                  .ok());
}

TEST(ParseJsonBodyTest, ReadsHeaderFromRequest) {
  HttpRequest request;
  request.headers.Add("content-type", "application/json");
  request.body = R"({"a":1})";
  EXPECT_TRUE(ParseJsonBody(request).ok());
}

TEST(FieldReadersTest, RequireStringNamesTheField) {
  Json body = Json::parse(R"({"query":"top albums","limit":"5"})");
  auto query = RequireString(body, "query");
  ASSERT_TRUE(query.ok());
  EXPECT_EQ(*query, "top albums");
  EXPECT_THAT(RequireString(body, "missing").status().message(),
              HasSubstr("field 'missing' is required"));
  EXPECT_THAT(RequireString(Json::parse(R"({"query":3})"), "query").status().message(),
              HasSubstr("field 'query' must be a string, got an integer"));
}

TEST(FieldReadersTest, OptionalReadersKeepDefaultsWhenAbsentOrNull) {
  Json body = Json::parse(R"({"mode":null,"stream":true,"limit":10,"tables":["a","b"],"x":{}})");
  std::string mode = "auto";
  bool stream = false;
  std::int64_t limit = 100;
  std::int64_t offset = 0;
  std::vector<std::string> tables;
  ASSERT_TRUE(OptionalString(body, "mode", &mode).ok());
  ASSERT_TRUE(OptionalBool(body, "stream", &stream).ok());
  ASSERT_TRUE(OptionalInt(body, "limit", &limit, 1, 1000).ok());
  ASSERT_TRUE(OptionalInt(body, "offset", &offset).ok());
  ASSERT_TRUE(OptionalStringArray(body, "tables", &tables).ok());
  EXPECT_EQ(mode, "auto");
  EXPECT_TRUE(stream);
  EXPECT_EQ(limit, 10);
  EXPECT_EQ(offset, 0);
  EXPECT_EQ(tables, (std::vector<std::string>{"a", "b"}));
}

TEST(FieldReadersTest, WrongTypesAndRangesAreInvalidArgument) {
  Json body = Json::parse(
      R"({"stream":"yes","limit":5000,"ratio":1.5,"tables":["a",2],"big":18446744073709551615})");
  bool stream = false;
  Status status = OptionalBool(body, "stream", &stream);
  EXPECT_EQ(status.code(), StatusCode::kInvalidArgument);
  EXPECT_THAT(status.message(), HasSubstr("field 'stream' must be true or false, got a string"));
  std::int64_t value = 0;
  EXPECT_THAT(OptionalInt(body, "limit", &value, 1, 1000).message(),
              HasSubstr("field 'limit' must be an integer from 1 to 1000, got 5000"));
  EXPECT_THAT(OptionalInt(body, "ratio", &value).message(), HasSubstr("got a number"));
  EXPECT_THAT(OptionalInt(body, "big", &value).message(), HasSubstr("18446744073709551615"));
  std::vector<std::string> tables;
  EXPECT_THAT(OptionalStringArray(body, "tables", &tables).message(),
              HasSubstr("field 'tables[1]' must be a string"));
  EXPECT_TRUE(tables.empty());
  std::string text;
  EXPECT_THAT(OptionalString(body, "limit", &text).message(), HasSubstr("must be a string"));
}

// Property: any byte string either parses or fails with InvalidArgument (never throws).
RC_GTEST_PROP(ParseJsonObjectProperty, NeverThrows, (const std::string& body)) {
  auto parsed = ParseJsonObject("application/json", body);
  RC_ASSERT(parsed.ok() || parsed.status().code() == StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace askdb::server
