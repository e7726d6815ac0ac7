// SecretBox: encrypts secrets at rest (datasource passwords in the management store) with
// libsodium's crypto_secretbox (XSalsa20-Poly1305, authenticated).
//
// The 32-byte key comes from the environment variable ASKDB_SECRET_KEY (base64) when set
// and non-empty, otherwise from a key file that is created with mode 0600 on first use. A
// key file that group or others can access is refused, since anyone who reads it can
// decrypt every stored password.
//
// Sealed form: "v1:" + base64(nonce || ciphertext-with-MAC). A fresh random nonce is used
// for every Seal, so sealing the same text twice gives different strings.
//
// A SecretBox owns its key (wiped when destroyed) and is movable, not copyable. Seal and
// Open are const and thread-safe.
#pragma once

#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "askdb/common/status.h"

namespace askdb::server::security {

inline constexpr std::string_view kSecretKeyEnvVar = "ASKDB_SECRET_KEY";
inline constexpr std::string_view kSealedVersionPrefix = "v1:";
inline constexpr size_t kSecretBoxKeyBytes = 32;  // crypto_secretbox_KEYBYTES

class SecretBox {
 public:
  // The key from ASKDB_SECRET_KEY when set, else from `key_file` (created when missing).
  static StatusOr<SecretBox> FromKeyFile(const std::filesystem::path& key_file);
  // The same with the environment value given explicitly (nullopt = variable not set).
  static StatusOr<SecretBox> FromKeyFileOrEnv(const std::filesystem::path& key_file,
                                              std::optional<std::string_view> env_key);
  // A key given as base64 (standard or URL-safe, padding optional) of 32 bytes.
  static StatusOr<SecretBox> FromBase64Key(std::string_view base64_key);
  // A key of exactly 32 raw bytes.
  static StatusOr<SecretBox> FromRawKey(std::string_view raw_key);
  // A new random key (tests, or to print one for ASKDB_SECRET_KEY).
  static StatusOr<SecretBox> Random();

  SecretBox(SecretBox&& other) noexcept;
  SecretBox& operator=(SecretBox&& other) noexcept;
  SecretBox(const SecretBox&) = delete;
  SecretBox& operator=(const SecretBox&) = delete;
  ~SecretBox();

  // "v1:" + base64(nonce || ciphertext).
  StatusOr<std::string> Seal(std::string_view plaintext) const;
  // The plaintext, or InvalidArgument for an unknown version or a value that is not a
  // sealed secret, FailedPrecondition when the MAC check fails (another key, or altered).
  StatusOr<std::string> Open(std::string_view sealed) const;

  // The key as standard base64, for exporting into ASKDB_SECRET_KEY.
  std::string KeyAsBase64() const;

 private:
  SecretBox() = default;
  std::array<unsigned char, kSecretBoxKeyBytes> key_{};
};

}  // namespace askdb::server::security
