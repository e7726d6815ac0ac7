// A compiled UTF-8 RE2 pattern that does not log its own errors, for the quick-path parsers
// (each keeps its patterns in function-local statics: compiled once, on first use).
#pragma once

#include <re2/re2.h>

#include <string>
#include <string_view>
#include <utility>

namespace askdb::agent {

struct Utf8Pattern {
  explicit Utf8Pattern(const std::string& pattern) : re(pattern, Options()) {}
  static RE2::Options Options() {
    RE2::Options o;
    o.set_encoding(RE2::Options::EncodingUTF8);
    o.set_log_errors(false);
    return o;
  }

  // RE2::FullMatch / PartialMatch, asked first without captures: RE2 then answers with its
  // DFA, while a match that fills captures runs a backtracker over the whole text. Most
  // requests match none of the quick path's patterns, so most calls end at the cheap test;
  // the answer is the same either way.
  template <typename... Captures>
  bool FullMatch(std::string_view text, Captures&&... captures) const {
    if (!RE2::FullMatch(text, re)) return false;
    if constexpr (sizeof...(Captures) == 0) {
      return true;
    } else {
      return RE2::FullMatch(text, re, std::forward<Captures>(captures)...);
    }
  }
  template <typename... Captures>
  bool PartialMatch(std::string_view text, Captures&&... captures) const {
    if (!RE2::PartialMatch(text, re)) return false;
    if constexpr (sizeof...(Captures) == 0) {
      return true;
    } else {
      return RE2::PartialMatch(text, re, std::forward<Captures>(captures)...);
    }
  }

  RE2 re;
};

}  // namespace askdb::agent
