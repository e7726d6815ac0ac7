#include "askdb/server/http.h"

#include <gtest/gtest.h>

#include "askdb/common/json.h"

namespace askdb::server {
namespace {

TEST(HttpHeadersTest, LookupIsCaseInsensitiveAndSetReplaces) {
  HttpHeaders headers;
  headers.Add("Content-Type", "application/json");
  headers.Add("X-Trace", "a");
  headers.Add("x-trace", "b");
  EXPECT_EQ(headers.Get("content-type"), "application/json");
  EXPECT_EQ(headers.Get("X-TRACE"), "a");
  EXPECT_FALSE(headers.Get("Accept").has_value());
  headers.Set("X-Trace", "c");
  EXPECT_EQ(headers.Get("x-trace"), "c");
  EXPECT_EQ(headers.entries().size(), 2u);
  headers.Remove("CONTENT-TYPE");
  EXPECT_FALSE(headers.Has("Content-Type"));
}

TEST(HttpRequestTest, ParamsAndQueryAccessors) {
  HttpRequest request;
  request.path_params["id"] = "r1";
  request.query.emplace("limit", "5");
  EXPECT_EQ(request.PathParam("id"), "r1");
  EXPECT_EQ(request.PathParam("missing"), "");
  EXPECT_EQ(request.Query("limit"), "5");
  EXPECT_FALSE(request.Query("offset").has_value());
}

TEST(HttpResponseTest, ErrorBodyHasCodeAndMessage) {
  HttpResponse response = HttpResponse::Error(404, "not_found", "no run \"r9\"");
  EXPECT_EQ(response.status, 404);
  EXPECT_EQ(response.content_type, kJsonContentType);
  Json body = Json::parse(response.body);
  EXPECT_EQ(body["error"]["code"], "not_found");
  EXPECT_EQ(body["error"]["message"], "no run \"r9\"");
}

TEST(HttpResponseTest, InvalidUtf8InMessageDoesNotThrow) {
  HttpResponse response = HttpResponse::Error(400, "invalid_argument", "bad \xFF byte");
  EXPECT_NO_THROW(Json::parse(response.body));
}

TEST(HttpResponseTest, FromStatusMapsCodes) {
  HttpResponse response = HttpResponse::FromStatus(ResourceExhaustedError("queue full"));
  EXPECT_EQ(response.status, 429);
  EXPECT_EQ(Json::parse(response.body)["error"]["code"], "resource_exhausted");
  EXPECT_EQ(HttpStatusFor(StatusCode::kInvalidArgument), 400);
  EXPECT_EQ(HttpStatusFor(StatusCode::kNotFound), 404);
  EXPECT_EQ(HttpStatusFor(StatusCode::kUnauthenticated), 401);
  EXPECT_EQ(HttpStatusFor(StatusCode::kPermissionDenied), 403);
  EXPECT_EQ(HttpStatusFor(StatusCode::kUnavailable), 503);
  EXPECT_EQ(HttpStatusFor(StatusCode::kInternal), 500);
}

TEST(HttpResponseTest, JsonBodyAndSseHead) {
  HttpResponse response = HttpResponse::JsonBody(Json{{"run_id", "r1"}}, 202);
  EXPECT_EQ(response.status, 202);
  EXPECT_EQ(response.body, R"({"run_id":"r1"})");
  StreamResponse sse = StreamResponse::Sse([](StreamWriter&) {});
  EXPECT_TRUE(static_cast<bool>(sse.body));
  EXPECT_EQ(sse.head.content_type, "text/event-stream");
  EXPECT_EQ(sse.head.headers.Get("cache-control"), "no-cache");
  StreamResponse rejected = StreamResponse::Reject(HttpResponse::Error(429, "busy", "later"));
  EXPECT_FALSE(static_cast<bool>(rejected.body));
  EXPECT_EQ(rejected.head.status, 429);
}

}  // namespace
}  // namespace askdb::server
