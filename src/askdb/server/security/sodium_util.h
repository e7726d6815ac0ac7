// Internal helpers shared by the security sources: libsodium initialisation and base64
// conversion. Not part of the module's public API (the lead's server code should use
// api_keys.h and secret_box.h). All functions are thread-safe.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/status.h"

namespace askdb::server::security {

// Initialises libsodium once per process (later calls return the first result). Every
// public entry point that touches libsodium calls this first.
Status EnsureSodiumInitialized();

enum class Base64Variant { kStandard, kStandardNoPadding, kUrlSafe, kUrlSafeNoPadding };

std::string BytesToBase64(const unsigned char* data, size_t size, Base64Variant variant);

// Decodes `text` in exactly `variant`; InvalidArgument when it is not valid base64 of that
// variant. `what` names the value in the error message ("ASKDB_SECRET_KEY").
StatusOr<std::vector<unsigned char>> Base64ToBytes(std::string_view text, Base64Variant variant,
                                                   std::string_view what);

// Lower-case hex of `size` random bytes.
std::string RandomHex(size_t size);

}  // namespace askdb::server::security
