#include "askdb/cli/stated_number.h"

namespace askdb::cli {
namespace {

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

bool IsSeparator(char c) { return c == ',' || c == '.'; }

// The number at [at, end) goes on past its edges: a digit beside it, or a separator with a
// digit beyond it ("2,8", "8.5"); a full stop ending the sentence ("… is 8.") does not.
bool RunsOn(std::string_view text, size_t at, size_t end) {
  if (at > 0 && IsDigit(text[at - 1])) return true;
  if (at > 1 && IsSeparator(text[at - 1]) && IsDigit(text[at - 2])) return true;
  if (end < text.size() && IsDigit(text[end])) return true;
  return end + 1 < text.size() && IsSeparator(text[end]) && IsDigit(text[end + 1]);
}

}  // namespace

bool StatesNumber(std::string_view text, std::string_view number) {
  if (number.empty()) return false;
  for (size_t at = text.find(number); at != std::string_view::npos;
       at = text.find(number, at + 1)) {
    if (!RunsOn(text, at, at + number.size())) return true;
  }
  return false;
}

}  // namespace askdb::cli
