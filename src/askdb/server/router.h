// Request-target parsing and route matching, independent of any HTTP library so that it
// can be unit-tested and fuzzed on its own.
//
// - PathPattern: "/api/v1/runs/{id}/resume"; `{name}` matches one non-empty segment, a last
//   segment `{name*}` matches the rest of the path (possibly empty). Captured values are
//   percent-decoded.
// - Router<T>: method + pattern → T. Lookup tells "found", "path unknown" (404) or "path
//   known, method not" (405 with the allowed methods). Built before serving, then only
//   read: concurrent Lookup calls are safe, Add is not.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "askdb/common/status.h"

namespace askdb::server {

// Decodes %XX escapes; malformed escapes are kept literally. With `plus_as_space` a '+'
// becomes a space (query strings, application/x-www-form-urlencoded).
std::string PercentDecode(std::string_view text, bool plus_as_space = false);

// "a=1&b=x%20y&flag" → {a:1, b:"x y", flag:""}; empty pairs are skipped.
std::multimap<std::string, std::string> ParseQueryString(std::string_view query);

// Splits a request target "/p/a?q=1#frag" into path and query (the fragment is dropped).
std::pair<std::string_view, std::string_view> SplitTarget(std::string_view target);

class PathPattern {
 public:
  // Fails on a pattern not starting with '/', an empty or unclosed `{}`, a duplicated
  // parameter name, or a `{name*}` that is not the last segment.
  static StatusOr<PathPattern> Parse(std::string_view pattern);

  // True when `path` matches; fills `params` (may be null) with decoded captures.
  bool Match(std::string_view path, std::map<std::string, std::string>* params) const;

  const std::string& text() const { return text_; }
  // Ordering key: at the first differing segment a literal sorts before a parameter, so
  // the smallest key among matching patterns is the most specific one.
  const std::vector<int>& specificity() const { return specificity_; }

 private:
  enum class Kind { kLiteral, kParam, kRest };
  struct Segment {
    Kind kind;
    std::string text;  // literal text or parameter name
  };
  std::string text_;
  std::vector<Segment> segments_;
  std::vector<int> specificity_;
};

template <typename T>
class Router {
 public:
  enum class Outcome { kFound, kNotFound, kMethodNotAllowed };
  struct Match {
    Outcome outcome = Outcome::kNotFound;
    const T* target = nullptr;
    std::map<std::string, std::string> params;
    std::set<std::string> allowed_methods;  // for kMethodNotAllowed (and kFound)
  };

  Status Add(std::string_view method, std::string_view pattern, T target) {
    auto parsed = PathPattern::Parse(pattern);
    if (!parsed.ok()) return parsed.status();
    routes_.push_back(Route{std::string(method), std::move(parsed).value(), std::move(target)});
    return Status::Ok();
  }

  Match Lookup(std::string_view method, std::string_view path) const {
    Match result;
    const Route* best = nullptr;
    std::map<std::string, std::string> best_params;
    for (const Route& route : routes_) {
      std::map<std::string, std::string> params;
      if (!route.pattern.Match(path, &params)) continue;
      result.allowed_methods.insert(route.method);
      if (route.method != method) continue;
      if (best == nullptr || route.pattern.specificity() < best->pattern.specificity()) {
        best = &route;
        best_params = std::move(params);
      }
    }
    if (best != nullptr) {
      result.outcome = Outcome::kFound;
      result.target = &best->target;
      result.params = std::move(best_params);
    } else if (!result.allowed_methods.empty()) {
      result.outcome = Outcome::kMethodNotAllowed;
    }
    return result;
  }

  std::size_t size() const { return routes_.size(); }

 private:
  struct Route {
    std::string method;
    PathPattern pattern;
    T target;
  };
  std::vector<Route> routes_;
};

}  // namespace askdb::server
