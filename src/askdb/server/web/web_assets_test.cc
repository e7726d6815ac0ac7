#include "askdb/server/web/web_assets.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "askdb/server/router.h"

namespace askdb::server::web {
namespace {

std::vector<WebAsset> FakeAssets() {
  // Sorted by path, as EmbeddedAssets() is.
  return {
      {"/assets/index-abc123.js", "application/javascript; charset=utf-8", "\"js1\"", "js-bytes",
       "\x1f\x8bgz-js", true},
      {"/favicon.svg", "image/svg+xml", "\"svg1\"", "<svg/>", "", false},
      {"/index.html", "text/html; charset=utf-8", "\"html1\"", "<html>app</html>",
       "\x1f\x8bgz-html", false},
  };
}

HttpRequest Get(std::string path, std::string accept_encoding = "gzip, deflate, br") {
  HttpRequest r;
  r.method = "GET";
  r.path = std::move(path);
  if (!accept_encoding.empty()) r.headers.Set("Accept-Encoding", accept_encoding);
  return r;
}

TEST(WebAssetsTest, ServesIndexAtRootWithSecurityHeaders) {
  const auto assets = FakeAssets();
  HttpResponse r = ServeAsset(assets, Get("/", ""), {});
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.body, "<html>app</html>");
  EXPECT_EQ(r.content_type, "text/html; charset=utf-8");
  EXPECT_EQ(r.headers.Get("Cache-Control"), "no-cache");
  EXPECT_EQ(r.headers.Get("ETag"), "\"html1\"");
  EXPECT_EQ(r.headers.Get("X-Content-Type-Options"), "nosniff");
  EXPECT_EQ(r.headers.Get("X-Frame-Options"), "DENY");
  const std::string csp = r.headers.Get("Content-Security-Policy").value_or("");
  EXPECT_NE(csp.find("script-src 'self';"), std::string::npos) << csp;
  EXPECT_EQ(csp.find("unsafe-eval"), std::string::npos) << csp;
  EXPECT_NE(csp.find("frame-ancestors 'none'"), std::string::npos) << csp;
  EXPECT_FALSE(r.headers.Has("Content-Encoding"));
}

TEST(WebAssetsTest, HashedAssetsAreImmutableAndGzipped) {
  const auto assets = FakeAssets();
  HttpResponse r = ServeAsset(assets, Get("/assets/index-abc123.js"), {});
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.headers.Get("Cache-Control"), "public, max-age=31536000, immutable");
  EXPECT_EQ(r.headers.Get("Content-Encoding"), "gzip");
  EXPECT_EQ(r.headers.Get("Vary"), "Accept-Encoding");
  EXPECT_EQ(r.body, "\x1f\x8bgz-js");
  EXPECT_FALSE(r.headers.Has("Content-Security-Policy"));  // not a page
}

TEST(WebAssetsTest, GzipOnlyWhenAccepted) {
  const auto assets = FakeAssets();
  EXPECT_EQ(ServeAsset(assets, Get("/assets/index-abc123.js", "identity"), {}).body, "js-bytes");
  EXPECT_EQ(ServeAsset(assets, Get("/assets/index-abc123.js", "gzip;q=0, br"), {}).body,
            "js-bytes");
  EXPECT_EQ(ServeAsset(assets, Get("/assets/index-abc123.js", "GZIP;q=0.5"), {}).body,
            "\x1f\x8bgz-js");
  EXPECT_EQ(ServeAsset(assets, Get("/favicon.svg"), {}).body, "<svg/>");  // no gzip form
}

TEST(WebAssetsTest, EtagMatchAnswers304) {
  const auto assets = FakeAssets();
  HttpRequest request = Get("/assets/index-abc123.js");
  request.headers.Set("If-None-Match", "\"other\", W/\"js1\"");
  HttpResponse r = ServeAsset(assets, request, {});
  EXPECT_EQ(r.status, 304);
  EXPECT_TRUE(r.body.empty());
  EXPECT_EQ(r.headers.Get("ETag"), "\"js1\"");
}

TEST(WebAssetsTest, ClientRoutesFallBackToIndexButApiAndAssetsDoNot) {
  const auto assets = FakeAssets();
  for (const char* path : {"/chat", "/chat/thr_1", "/admin/agents", "/signin", "/embed/sales"}) {
    HttpResponse r = ServeAsset(assets, Get(path, ""), {});
    EXPECT_EQ(r.status, 200) << path;
    EXPECT_EQ(r.body, "<html>app</html>") << path;
    EXPECT_EQ(r.headers.Get("Cache-Control"), "no-cache") << path;
  }
  HttpResponse api = ServeAsset(assets, Get("/api/v1/nothing"), {});
  EXPECT_EQ(api.status, 404);
  EXPECT_NE(api.content_type.find("json"), std::string::npos);
  EXPECT_EQ(ServeAsset(assets, Get("/assets/old-build.js"), {}).status, 404);
}

TEST(WebAssetsTest, EmbedPagesTakeTheConfiguredFrameAncestors) {
  const auto assets = FakeAssets();
  WebOptions options;
  HttpResponse self = ServeAsset(assets, Get("/embed/sales"), options);
  EXPECT_NE(self.headers.Get("Content-Security-Policy")->find("frame-ancestors 'self'"),
            std::string::npos);
  EXPECT_FALSE(self.headers.Has("X-Frame-Options"));
  options.frame_ancestors = {"'self'", "https://intranet.example.com"};
  HttpResponse two = ServeAsset(assets, Get("/embed/sales"), options);
  EXPECT_NE(two.headers.Get("Content-Security-Policy")
                ->find("frame-ancestors 'self' https://intranet.example.com"),
            std::string::npos);
  // Other pages are never framed.
  HttpResponse chat = ServeAsset(assets, Get("/chat"), options);
  EXPECT_NE(chat.headers.Get("Content-Security-Policy")->find("frame-ancestors 'none'"),
            std::string::npos);
}

TEST(WebAssetsTest, FrameAncestorsFromConfig) {
  EXPECT_TRUE(WebOptionsFromConfig("").frame_ancestors.empty());
  EXPECT_EQ(WebOptionsFromConfig("  'self'\thttps://a.example.com ").frame_ancestors,
            (std::vector<std::string>{"'self'", "https://a.example.com"}));
}

TEST(WebAssetsTest, FrameAncestorsAreValidated) {
  EXPECT_TRUE(ValidateFrameAncestors({"'self'", "https://a.example.com", "https:", "*"}).ok());
  EXPECT_FALSE(ValidateFrameAncestors({"https://a.example.com; script-src *"}).ok());
  EXPECT_FALSE(ValidateFrameAncestors({"a b"}).ok());
  EXPECT_FALSE(ValidateFrameAncestors({""}).ok());
}

TEST(WebAssetsTest, TheBinaryHoldsTheBuiltUi) {
  std::span<const WebAsset> assets = EmbeddedAssets();
  const WebAsset* index = FindAsset(assets, "/index.html");
  ASSERT_NE(index, nullptr);
  EXPECT_NE(index->bytes.find("<div id=\"app\">"), std::string_view::npos);
  // No inline script: every <script> has a src (the CSP forbids inline script).
  std::string_view html = index->bytes;
  for (std::size_t at = html.find("<script"); at != std::string_view::npos;
       at = html.find("<script", at + 1)) {
    std::string_view tag = html.substr(at, html.find('>', at) - at);
    EXPECT_NE(tag.find("src="), std::string_view::npos) << tag;
  }
  bool hashed_js = false;
  for (const WebAsset& a : assets) {
    // Tiny files are kept as they are: gzip would not make them smaller.
    if (a.immutable && a.path.ends_with(".js") && a.bytes.size() > 1024) {
      hashed_js = true;
      ASSERT_GE(a.gzip.size(), 2u) << a.path;
      EXPECT_EQ(static_cast<unsigned char>(a.gzip[0]), 0x1f) << a.path;
      EXPECT_EQ(static_cast<unsigned char>(a.gzip[1]), 0x8b) << a.path;
    }
  }
  EXPECT_TRUE(hashed_js);
}

TEST(WebAssetsTest, ApiRoutesStayMoreSpecificThanTheWebPatterns) {
  Router<std::string> router;
  for (const char* p :
       {"/", "/{file}", "/assets/{rest*}", "/chat/{rest*}", "/admin/{rest*}", "/embed/{rest*}"}) {
    ASSERT_TRUE(router.Add("GET", p, "web").ok());
  }
  ASSERT_TRUE(router.Add("GET", "/healthz", "api").ok());
  ASSERT_TRUE(router.Add("GET", "/metrics", "api").ok());
  ASSERT_TRUE(router.Add("GET", "/api/v1/stream/search", "api").ok());
  EXPECT_EQ(*router.Lookup("GET", "/healthz").target, "api");
  EXPECT_EQ(*router.Lookup("GET", "/metrics").target, "api");
  EXPECT_EQ(*router.Lookup("GET", "/api/v1/stream/search").target, "api");
  EXPECT_EQ(*router.Lookup("GET", "/favicon.svg").target, "web");
  EXPECT_EQ(*router.Lookup("GET", "/chat/thr_1").target, "web");
  EXPECT_EQ(router.Lookup("GET", "/api/v1/unknown").outcome,
            Router<std::string>::Outcome::kNotFound);
}

}  // namespace
}  // namespace askdb::server::web
