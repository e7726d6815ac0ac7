#include "askdb/catalog/token_estimate.h"

#include "askdb/common/text.h"

namespace askdb::catalog {

int EstimateTokens(std::string_view text) {
  int ascii_bytes = 0;
  int other = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    char32_t cp = 0;
    size_t len = text::DecodeUtf8At(text, pos, &cp);
    if (cp < 0x80) {
      ++ascii_bytes;
    } else {
      ++other;
    }
    pos += len;
  }
  return (ascii_bytes + kAsciiBytesPerToken - 1) / kAsciiBytesPerToken + other;
}

}  // namespace askdb::catalog
