#include "askdb/server/web/web_assets.h"

#include <algorithm>
#include <array>

#include "askdb/common/embedded.h"

ASKDB_DECLARE_EMBEDDED(web_assets_bin);

namespace askdb::server::web {
namespace {

struct ManifestRow {
  const char* path;
  const char* content_type;
  const char* etag;
  std::size_t offset;
  std::size_t size;
  std::size_t gzip_offset;
  std::size_t gzip_size;
  bool immutable;
};

constexpr ManifestRow kManifest[] = {
#include "web_assets_manifest.inc"
};

constexpr std::string_view kIndex = "/index.html";
constexpr std::string_view kImmutable = "public, max-age=31536000, immutable";
constexpr std::string_view kNoCache = "no-cache";

std::vector<WebAsset> Load() {
  const std::string_view blob = ASKDB_EMBEDDED(web_assets_bin);
  std::vector<WebAsset> assets;
  for (const ManifestRow& row : kManifest) {
    WebAsset a;
    a.path = row.path;
    a.content_type = row.content_type;
    a.etag = row.etag;
    a.bytes = blob.substr(row.offset, row.size);
    if (row.gzip_size > 0) a.gzip = blob.substr(row.gzip_offset, row.gzip_size);
    a.immutable = row.immutable;
    assets.push_back(a);
  }
  std::sort(assets.begin(), assets.end(),
            [](const WebAsset& x, const WebAsset& y) { return x.path < y.path; });
  return assets;
}

bool StartsWith(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

// True when the Accept-Encoding header allows gzip (a "gzip;q=0" refuses it).
bool AcceptsGzip(const HttpRequest& request) {
  const std::string header = request.Header("Accept-Encoding").value_or("");
  std::string_view rest = header;
  while (!rest.empty()) {
    std::size_t comma = rest.find(',');
    std::string_view item = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    std::size_t semi = item.find(';');
    std::string_view coding = item.substr(0, semi);
    while (!coding.empty() && coding.back() == ' ') coding.remove_suffix(1);
    if (!EqualsIgnoreCase(coding, "gzip") && coding != "*") continue;
    if (semi != std::string_view::npos) {
      std::string_view params = item.substr(semi + 1);
      std::size_t q = params.find("q=");
      if (q != std::string_view::npos) {
        std::string_view value = params.substr(q + 2);
        if (StartsWith(value, "0") && value.find_first_of("123456789") == std::string_view::npos) {
          continue;  // q=0, q=0.0, q=0.000
        }
      }
    }
    return true;
  }
  return false;
}

// True when If-None-Match names `etag` (or is "*").
bool NotModified(const HttpRequest& request, std::string_view etag) {
  std::optional<std::string> header = request.Header("If-None-Match");
  if (!header) return false;
  if (*header == "*") return true;
  std::string_view rest = *header;
  while (!rest.empty()) {
    std::size_t comma = rest.find(',');
    std::string_view item = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    if (StartsWith(item, "W/")) item.remove_prefix(2);
    if (item == etag) return true;
  }
  return false;
}

void SecurityHeaders(HttpResponse& response) {
  response.headers.Set("X-Content-Type-Options", "nosniff");
  response.headers.Set("Referrer-Policy", "no-referrer");
}

}  // namespace

std::span<const WebAsset> EmbeddedAssets() {
  static const std::vector<WebAsset> assets = Load();
  return assets;
}

const WebAsset* FindAsset(std::span<const WebAsset> assets, std::string_view path) {
  auto it = std::lower_bound(assets.begin(), assets.end(), path,
                             [](const WebAsset& a, std::string_view p) { return a.path < p; });
  if (it == assets.end() || it->path != path) return nullptr;
  return &*it;
}

WebOptions WebOptionsFromConfig(std::string_view frame_ancestors) {
  WebOptions options;
  std::size_t at = 0;
  while (at < frame_ancestors.size()) {
    at = frame_ancestors.find_first_not_of(" \t\r\n", at);
    if (at == std::string_view::npos) break;
    std::size_t end = frame_ancestors.find_first_of(" \t\r\n", at);
    if (end == std::string_view::npos) end = frame_ancestors.size();
    options.frame_ancestors.emplace_back(frame_ancestors.substr(at, end - at));
    at = end;
  }
  return options;
}

std::string ContentSecurityPolicy(bool embeddable,
                                  const std::vector<std::string>& frame_ancestors) {
  std::string ancestors = "'none'";
  if (embeddable) {
    ancestors.clear();
    for (const std::string& source : frame_ancestors) {
      if (!ancestors.empty()) ancestors += ' ';
      ancestors += source;
    }
    if (ancestors.empty()) ancestors = "'self'";
  }
  // Styles: the component library and ECharts set style attributes from script.
  return "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
         "img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; "
         "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors " +
         ancestors;
}

Status ValidateFrameAncestors(const std::vector<std::string>& sources) {
  for (const std::string& source : sources) {
    if (source == "'self'" || source == "'none'") continue;
    if (source.empty() || source.find_first_of(" \t\r\n;,'\"") != std::string::npos) {
      return InvalidArgumentError(
          "server.frame_ancestors: '" + source +
          "' is not a CSP source: use 'self', an origin such as https://intranet.example.com, "
          "a scheme such as https:, or *");
    }
  }
  return Status::Ok();
}

HttpResponse ServeAsset(std::span<const WebAsset> assets, const HttpRequest& request,
                        const WebOptions& options) {
  const std::string_view path = request.path;
  if (StartsWith(path, "/api/") || path == "/api") {
    return HttpResponse::Error(404, "not_found", "no route " + std::string(path));
  }
  const WebAsset* asset = FindAsset(assets, path == "/" ? kIndex : path);
  // A missing hashed asset is a real 404 (a stale page asking for an old build's file);
  // anything else is a client route of the single-page app.
  if (asset == nullptr && StartsWith(path, "/assets/")) {
    HttpResponse missing = HttpResponse::Error(404, "not_found", "no asset " + std::string(path));
    SecurityHeaders(missing);
    return missing;
  }
  if (asset == nullptr) asset = FindAsset(assets, kIndex);
  if (asset == nullptr) {
    return HttpResponse::Error(404, "not_found", "this askdb was built without the web UI");
  }
  HttpResponse response;
  SecurityHeaders(response);
  response.headers.Set("ETag", asset->etag);
  response.headers.Set("Cache-Control", asset->immutable ? kImmutable : kNoCache);
  response.headers.Set("Vary", "Accept-Encoding");
  if (StartsWith(asset->content_type, "text/html")) {
    const bool embeddable = StartsWith(path, "/embed/");
    response.headers.Set("Content-Security-Policy",
                         ContentSecurityPolicy(embeddable, options.frame_ancestors));
    if (!embeddable) response.headers.Set("X-Frame-Options", "DENY");
  }
  response.content_type = std::string(asset->content_type);
  if (NotModified(request, asset->etag)) {
    response.status = 304;
    return response;
  }
  if (!asset->gzip.empty() && AcceptsGzip(request)) {
    response.headers.Set("Content-Encoding", "gzip");
    response.body = std::string(asset->gzip);
  } else {
    response.body = std::string(asset->bytes);
  }
  return response;
}

Status RegisterWebRoutes(HttpServer& server, const WebOptions& options) {
  ASKDB_RETURN_IF_ERROR(ValidateFrameAncestors(options.frame_ancestors));
  std::span<const WebAsset> assets = EmbeddedAssets();
  if (FindAsset(assets, kIndex) == nullptr) {
    return FailedPreconditionError("the web UI is missing from this binary (no index.html)");
  }
  Handler handler = [assets, options](const HttpRequest& request) {
    return ServeAsset(assets, request, options);
  };
  // Literal API routes ("/healthz", "/api/v1/...") are more specific than these patterns,
  // so they keep winning.
  for (std::string_view pattern :
       {"/", "/{file}", "/assets/{rest*}", "/chat/{rest*}", "/admin/{rest*}", "/embed/{rest*}"}) {
    server.Handle("GET", pattern, handler);
  }
  return Status::Ok();
}

}  // namespace askdb::server::web
