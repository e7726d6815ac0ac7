#include "askdb/server/router.h"

#include <set>

namespace askdb::server {
namespace {

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Splits "/a/b/c" into {"a","b","c"}; "/" gives {}. A trailing slash is ignored so that
// "/api/v1/runs/" and "/api/v1/runs" reach the same route.
std::vector<std::string_view> SplitSegments(std::string_view path) {
  std::vector<std::string_view> segments;
  if (!path.empty() && path.front() == '/') path.remove_prefix(1);
  if (!path.empty() && path.back() == '/') path.remove_suffix(1);
  if (path.empty()) return segments;
  std::size_t start = 0;
  while (true) {
    std::size_t slash = path.find('/', start);
    if (slash == std::string_view::npos) {
      segments.push_back(path.substr(start));
      break;
    }
    segments.push_back(path.substr(start, slash - start));
    start = slash + 1;
  }
  return segments;
}

}  // namespace

std::string PercentDecode(std::string_view text, bool plus_as_space) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '%' && i + 2 < text.size()) {
      int hi = HexValue(text[i + 1]);
      int lo = HexValue(text[i + 2]);
      if (hi >= 0 && lo >= 0) {
        out.push_back(static_cast<char>(hi * 16 + lo));
        i += 2;
        continue;
      }
    }
    out.push_back(plus_as_space && c == '+' ? ' ' : c);
  }
  return out;
}

std::multimap<std::string, std::string> ParseQueryString(std::string_view query) {
  std::multimap<std::string, std::string> params;
  std::size_t start = 0;
  while (start <= query.size()) {
    std::size_t amp = query.find('&', start);
    if (amp == std::string_view::npos) amp = query.size();
    std::string_view pair = query.substr(start, amp - start);
    if (!pair.empty()) {
      std::size_t eq = pair.find('=');
      std::string_view key = pair.substr(0, eq);
      std::string_view value =
          eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1);
      if (!key.empty()) params.emplace(PercentDecode(key, true), PercentDecode(value, true));
    }
    start = amp + 1;
  }
  return params;
}

std::pair<std::string_view, std::string_view> SplitTarget(std::string_view target) {
  std::size_t hash = target.find('#');
  if (hash != std::string_view::npos) target = target.substr(0, hash);
  std::size_t question = target.find('?');
  if (question == std::string_view::npos) return {target, std::string_view()};
  return {target.substr(0, question), target.substr(question + 1)};
}

StatusOr<PathPattern> PathPattern::Parse(std::string_view pattern) {
  auto fail = [&](std::string_view why) {
    return InvalidArgumentError("route pattern '" + std::string(pattern) +
                                "' is malformed: " + std::string(why) +
                                "; write it like /api/v1/runs/{id}/resume or /static/{rest*}");
  };
  if (pattern.empty() || pattern.front() != '/') return fail("it must start with '/'");
  PathPattern result;
  result.text_ = std::string(pattern);
  std::set<std::string> names;
  std::vector<std::string_view> segments = SplitSegments(pattern);
  for (std::size_t i = 0; i < segments.size(); ++i) {
    std::string_view segment = segments[i];
    if (segment.empty()) return fail("it has an empty segment ('//')");
    bool opens = segment.front() == '{';
    bool closes = segment.back() == '}';
    if (!opens && !closes) {
      if (segment.find_first_of("{}") != std::string_view::npos) {
        return fail("a parameter must fill a whole segment");
      }
      result.segments_.push_back({Kind::kLiteral, std::string(segment)});
      result.specificity_.push_back(0);
      continue;
    }
    if (!opens || !closes || segment.size() < 3) {
      return fail("a parameter is written {name} with a non-empty name");
    }
    std::string_view name = segment.substr(1, segment.size() - 2);
    Kind kind = Kind::kParam;
    if (name.back() == '*') {
      name.remove_suffix(1);
      kind = Kind::kRest;
      if (i + 1 != segments.size()) return fail("{name*} must be the last segment");
    }
    if (name.empty() || name.find_first_of("{}*/") != std::string_view::npos) {
      return fail("a parameter name must be non-empty without braces or '*'");
    }
    if (!names.insert(std::string(name)).second) {
      return fail("parameter '" + std::string(name) + "' appears twice");
    }
    result.segments_.push_back({kind, std::string(name)});
    result.specificity_.push_back(kind == Kind::kParam ? 1 : 2);
  }
  return result;
}

bool PathPattern::Match(std::string_view path, std::map<std::string, std::string>* params) const {
  if (path.empty() || path.front() != '/') return false;
  std::vector<std::string_view> parts = SplitSegments(path);
  std::map<std::string, std::string> captured;
  std::size_t i = 0;
  for (const Segment& segment : segments_) {
    if (segment.kind == Kind::kRest) {
      std::string rest;
      for (std::size_t j = i; j < parts.size(); ++j) {
        if (j > i) rest.push_back('/');
        rest += PercentDecode(parts[j]);
      }
      captured[segment.text] = std::move(rest);
      i = parts.size();
      break;
    }
    if (i >= parts.size()) return false;
    std::string_view part = parts[i++];
    if (segment.kind == Kind::kLiteral) {
      if (part != segment.text) return false;
    } else {
      if (part.empty()) return false;
      captured[segment.text] = PercentDecode(part);
    }
  }
  if (i != parts.size()) return false;
  if (params != nullptr) *params = std::move(captured);
  return true;
}

}  // namespace askdb::server
