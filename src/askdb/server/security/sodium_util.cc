#include "askdb/server/security/sodium_util.h"

#include <sodium.h>

namespace askdb::server::security {
namespace {

int ToSodiumVariant(Base64Variant variant) {
  switch (variant) {
    case Base64Variant::kStandard:
      return sodium_base64_VARIANT_ORIGINAL;
    case Base64Variant::kStandardNoPadding:
      return sodium_base64_VARIANT_ORIGINAL_NO_PADDING;
    case Base64Variant::kUrlSafe:
      return sodium_base64_VARIANT_URLSAFE;
    case Base64Variant::kUrlSafeNoPadding:
      return sodium_base64_VARIANT_URLSAFE_NO_PADDING;
  }
  return sodium_base64_VARIANT_ORIGINAL;
}

}  // namespace

Status EnsureSodiumInitialized() {
  // sodium_init is itself safe to call from several threads; the static keeps the first
  // result so a failure is reported the same way every time.
  static const int result = sodium_init();
  if (result < 0) {
    return InternalError(
        "libsodium failed to initialise (sodium_init returned -1); the system may lack an "
        "entropy source — check that /dev/urandom is readable");
  }
  return Status::Ok();
}

std::string BytesToBase64(const unsigned char* data, size_t size, Base64Variant variant) {
  const int sodium_variant = ToSodiumVariant(variant);
  std::string out(sodium_base64_ENCODED_LEN(size, sodium_variant), '\0');
  sodium_bin2base64(out.data(), out.size(), data, size, sodium_variant);
  out.resize(std::char_traits<char>::length(out.c_str()));  // drop the terminating NUL
  return out;
}

StatusOr<std::vector<unsigned char>> Base64ToBytes(std::string_view text, Base64Variant variant,
                                                   std::string_view what) {
  // Decoded size never exceeds 3/4 of the input; +3 covers rounding.
  std::vector<unsigned char> out(text.size() / 4 * 3 + 3);
  size_t decoded = 0;
  const char* end = nullptr;
  const int rc = sodium_base642bin(out.data(), out.size(), text.data(), text.size(),
                                   /*ignore=*/nullptr, &decoded, &end, ToSodiumVariant(variant));
  if (rc != 0 || end != text.data() + text.size()) {
    sodium_memzero(out.data(), out.size());
    return InvalidArgumentError(std::string(what) + " is not valid base64");
  }
  out.resize(decoded);
  return out;
}

std::string RandomHex(size_t size) {
  std::vector<unsigned char> bytes(size);
  randombytes_buf(bytes.data(), bytes.size());
  std::string hex(size * 2 + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), bytes.data(), bytes.size());
  hex.pop_back();
  return hex;
}

}  // namespace askdb::server::security
