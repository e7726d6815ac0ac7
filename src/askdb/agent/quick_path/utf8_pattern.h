// A compiled UTF-8 RE2 pattern that does not log its own errors, for the quick-path parsers
// (each keeps its patterns in function-local statics: compiled once, on first use).
#pragma once

#include <re2/re2.h>

#include <string>

namespace askdb::agent {

struct Utf8Pattern {
  explicit Utf8Pattern(const std::string& pattern) : re(pattern, Options()) {}
  static RE2::Options Options() {
    RE2::Options o;
    o.set_encoding(RE2::Options::EncodingUTF8);
    o.set_log_errors(false);
    return o;
  }
  RE2 re;
};

}  // namespace askdb::agent
