#include "askdb/server/router.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>

namespace askdb::server {
namespace {

using ::testing::ElementsAre;
using ::testing::Pair;
using ::testing::UnorderedElementsAre;

TEST(PercentDecodeTest, DecodesEscapesAndKeepsMalformedOnes) {
  EXPECT_EQ(PercentDecode("a%20b%2Fc"), "a b/c");
  EXPECT_EQ(PercentDecode("%E4%B8%AD"), "\xE4\xB8\xAD");
  EXPECT_EQ(PercentDecode("100%"), "100%");
  EXPECT_EQ(PercentDecode("%zz%4"), "%zz%4");
  EXPECT_EQ(PercentDecode("a+b"), "a+b");
  EXPECT_EQ(PercentDecode("a+b", true), "a b");
}

TEST(ParseQueryStringTest, SplitsPairsAndDecodes) {
  auto params = ParseQueryString("q=top+5%20albums&limit=10&flag&&=x&limit=20");
  EXPECT_THAT(params, UnorderedElementsAre(Pair("q", "top 5 albums"), Pair("limit", "10"),
                                           Pair("flag", ""), Pair("limit", "20")));
  EXPECT_TRUE(ParseQueryString("").empty());
}

TEST(SplitTargetTest, SeparatesPathQueryAndFragment) {
  auto [path, query] = SplitTarget("/api/v1/runs?limit=5#top");
  EXPECT_EQ(path, "/api/v1/runs");
  EXPECT_EQ(query, "limit=5");
  auto [bare, none] = SplitTarget("/health");
  EXPECT_EQ(bare, "/health");
  EXPECT_EQ(none, "");
}

TEST(PathPatternTest, MatchesParamsAndDecodesThem) {
  auto pattern = PathPattern::Parse("/api/v1/runs/{id}/resume");
  ASSERT_TRUE(pattern.ok()) << pattern.status().ToString();
  std::map<std::string, std::string> params;
  EXPECT_TRUE(pattern->Match("/api/v1/runs/r%2042/resume", &params));
  EXPECT_THAT(params, ElementsAre(Pair("id", "r 42")));
  EXPECT_TRUE(pattern->Match("/api/v1/runs/abc/resume/", nullptr));  // trailing slash
  EXPECT_FALSE(pattern->Match("/api/v1/runs//resume", nullptr));     // empty param
  EXPECT_FALSE(pattern->Match("/api/v1/runs/abc", nullptr));
  EXPECT_FALSE(pattern->Match("/api/v1/runs/abc/resume/more", nullptr));
  EXPECT_FALSE(pattern->Match("api/v1/runs/abc/resume", nullptr));
}

TEST(PathPatternTest, RestParameterTakesTheRemainder) {
  auto pattern = PathPattern::Parse("/static/{file*}");
  ASSERT_TRUE(pattern.ok());
  std::map<std::string, std::string> params;
  EXPECT_TRUE(pattern->Match("/static/js/app.js", &params));
  EXPECT_EQ(params["file"], "js/app.js");
  EXPECT_TRUE(pattern->Match("/static", &params));
  EXPECT_EQ(params["file"], "");
}

TEST(PathPatternTest, RejectsMalformedPatterns) {
  for (const char* bad : {"", "api/v1", "/a/{}", "/a/{id", "/a/id}", "/a/x{id}", "/a/{id}/{id}",
                          "/a/{rest*}/b", "/a//b", "/a/{*}"}) {
    auto parsed = PathPattern::Parse(bad);
    ASSERT_FALSE(parsed.ok()) << bad;
    EXPECT_EQ(parsed.status().code(), StatusCode::kInvalidArgument);
    EXPECT_THAT(parsed.status().message(), ::testing::HasSubstr("route pattern"));
  }
}

TEST(RouterTest, FindsRouteAndTellsNotFoundFromMethodNotAllowed) {
  Router<int> router;
  ASSERT_TRUE(router.Add("POST", "/api/v1/runs/{id}/resume", 1).ok());
  ASSERT_TRUE(router.Add("POST", "/api/v1/runs/{id}/cancel", 2).ok());
  ASSERT_TRUE(router.Add("GET", "/api/v1/runs/{id}", 3).ok());
  ASSERT_TRUE(router.Add("DELETE", "/api/v1/runs/{id}", 4).ok());

  auto found = router.Lookup("POST", "/api/v1/runs/7/cancel");
  ASSERT_EQ(found.outcome, Router<int>::Outcome::kFound);
  EXPECT_EQ(*found.target, 2);
  EXPECT_EQ(found.params.at("id"), "7");

  auto wrong_method = router.Lookup("PUT", "/api/v1/runs/7");
  EXPECT_EQ(wrong_method.outcome, Router<int>::Outcome::kMethodNotAllowed);
  EXPECT_THAT(wrong_method.allowed_methods, ElementsAre("DELETE", "GET"));

  EXPECT_EQ(router.Lookup("GET", "/api/v2/runs/7").outcome, Router<int>::Outcome::kNotFound);
}

TEST(RouterTest, MostSpecificPatternWinsWhateverTheOrder) {
  Router<std::string> router;
  ASSERT_TRUE(router.Add("GET", "/runs/{id}", "param").ok());
  ASSERT_TRUE(router.Add("GET", "/runs/active", "literal").ok());
  ASSERT_TRUE(router.Add("GET", "/{any*}", "rest").ok());
  EXPECT_EQ(*router.Lookup("GET", "/runs/active").target, "literal");
  EXPECT_EQ(*router.Lookup("GET", "/runs/r1").target, "param");
  EXPECT_EQ(*router.Lookup("GET", "/other/x").target, "rest");
}

// Property: a value placed in a {param} segment (percent-encoded) comes back decoded.
RC_GTEST_PROP(PathPatternProperty, EncodedSegmentRoundTrips, (const std::string& value)) {
  RC_PRE(!value.empty());
  std::string encoded;
  const char* hex = "0123456789ABCDEF";
  for (unsigned char c : value) {
    encoded += '%';
    encoded += hex[c >> 4];
    encoded += hex[c & 15];
  }
  auto pattern = PathPattern::Parse("/items/{name}/x");
  RC_ASSERT(pattern.ok());
  std::map<std::string, std::string> params;
  RC_ASSERT(pattern->Match("/items/" + encoded + "/x", &params));
  RC_ASSERT(params.at("name") == value);
}

}  // namespace
}  // namespace askdb::server
