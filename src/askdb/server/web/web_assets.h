// The web UI of `askdb serve`: the files Vite builds from web/ at build time, packed
// (as is and gzip-compressed) and linked into the binary, served at "/" on the API's
// origin. Nothing is read from disk or fetched at run time.
//
// Routes (GET, HEAD): "/", "/{file}" (a file at the top level, or a client route),
// "/assets/...", and the client routes under "/chat/", "/admin/", "/embed/". A path that
// is not a file answers index.html (SPA fallback), except under /api/ (JSON 404): so the
// API's own routes (/api/v1/..., /healthz, /readyz, /metrics), which are more specific,
// are never shadowed.
//
// Headers: the file's Content-Type; ETag (If-None-Match → 304); Cache-Control
// "public, max-age=31536000, immutable" for content-hashed files under /assets/ and
// "no-cache" for everything else (index.html); the gzip bytes with Content-Encoding: gzip
// when the client accepts gzip (Vary: Accept-Encoding); X-Content-Type-Options: nosniff;
// Referrer-Policy: no-referrer; and on HTML a Content-Security-Policy with no inline
// script, whose frame-ancestors is 'none' (with X-Frame-Options: DENY) except on the
// embeddable /embed/<agent> pages, where it is WebOptions::frame_ancestors.
//
// Thread-safe: the assets are immutable; handlers may run concurrently.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/status.h"
#include "askdb/server/http.h"

namespace askdb::server::web {

struct WebAsset {
  std::string_view path;          // "/index.html", "/assets/index-3f9c.js"
  std::string_view content_type;  // "text/html; charset=utf-8"
  std::string_view etag;          // quoted: "\"3f9c…\""
  std::string_view bytes;         // the file as built
  std::string_view gzip;          // gzip-compressed bytes; empty when not worth it
  bool immutable = false;         // content-hashed name: cache forever
};

// The files linked into this binary, sorted by path.
std::span<const WebAsset> EmbeddedAssets();

// The asset at `path` ("/index.html"), or nullptr.
const WebAsset* FindAsset(std::span<const WebAsset> assets, std::string_view path);

struct WebOptions {
  // CSP frame-ancestors sources for the embeddable pages (/embed/...): "'self'",
  // "https://intranet.example.com", "*". Empty: 'self'. Other pages may not be framed.
  std::vector<std::string> frame_ancestors;
};

// Options from server.frame_ancestors: the sources, split at whitespace.
WebOptions WebOptionsFromConfig(std::string_view frame_ancestors);

// The CSP of an HTML page; `embeddable` pages take `frame_ancestors` (empty: 'self').
std::string ContentSecurityPolicy(bool embeddable, const std::vector<std::string>& frame_ancestors);

// Validates frame-ancestors sources (no spaces, semicolons or commas, not empty);
// InvalidArgument naming the bad one.
Status ValidateFrameAncestors(const std::vector<std::string>& sources);

// Answers one GET/HEAD request for `path` from `assets` (see the header comment).
HttpResponse ServeAsset(std::span<const WebAsset> assets, const HttpRequest& request,
                        const WebOptions& options);

// Registers the web routes on `server` for the embedded assets (before Start).
// FailedPrecondition when the binary holds no index.html.
Status RegisterWebRoutes(HttpServer& server, const WebOptions& options);

}  // namespace askdb::server::web
