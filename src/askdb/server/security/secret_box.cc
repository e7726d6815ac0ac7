#include "askdb/server/security/secret_box.h"

#include <fcntl.h>
#include <sodium.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "askdb/server/security/sodium_util.h"

namespace askdb::server::security {

static_assert(kSecretBoxKeyBytes == crypto_secretbox_KEYBYTES);

namespace {

constexpr mode_t kKeyFileMode = 0600;
constexpr mode_t kKeyDirMode = 0700;
constexpr mode_t kGroupOtherBits = 077;
// "v1", "v12": a short tag before the first colon is read as an unknown version.
constexpr size_t kMaxVersionTagLength = 4;

std::string ErrnoText(int err) { return std::strerror(err); }

std::string ModeText(mode_t mode) {
  char buf[8];
  std::snprintf(buf, sizeof(buf), "%04o", static_cast<unsigned>(mode & 07777));
  return buf;
}

// Closes a file descriptor when it goes out of scope.
class FdCloser {
 public:
  explicit FdCloser(int fd) : fd_(fd) {}
  ~FdCloser() {
    if (fd_ >= 0) ::close(fd_);
  }
  FdCloser(const FdCloser&) = delete;
  FdCloser& operator=(const FdCloser&) = delete;

 private:
  int fd_;
};

Status WriteAll(int fd, const unsigned char* data, size_t size, const std::string& path) {
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      return UnavailableError("writing secret key file " + path + " failed: " + ErrnoText(errno));
    }
    data += n;
    size -= static_cast<size_t>(n);
  }
  return Status::Ok();
}

// Creates `path` holding a new random key, atomically: the key is written to a private
// temporary file that is then hard-linked into place, so a reader never sees a partial key
// and two processes starting together agree on one key (the loser of the race reads the
// winner's file).
Status CreateKeyFile(const std::filesystem::path& path) {
  std::error_code ec;
  if (path.has_parent_path() && !std::filesystem::exists(path.parent_path(), ec)) {
    std::filesystem::create_directories(path.parent_path(), ec);
    if (ec) {
      return UnavailableError("cannot create the directory for the secret key file " +
                              path.string() + ": " + ec.message());
    }
    ::chmod(path.parent_path().c_str(), kKeyDirMode);
  }
  std::string tmp = path.string() + ".tmp.XXXXXX";
  const int fd = ::mkstemp(tmp.data());  // mkstemp creates the file with mode 0600
  if (fd < 0) {
    return UnavailableError("cannot create the secret key file " + path.string() + ": " +
                            ErrnoText(errno) + "; check that its directory is writable");
  }
  FdCloser closer(fd);
  ::fchmod(fd, kKeyFileMode);
  std::array<unsigned char, kSecretBoxKeyBytes> key{};
  crypto_secretbox_keygen(key.data());
  Status written = WriteAll(fd, key.data(), key.size(), path.string());
  sodium_memzero(key.data(), key.size());
  if (written.ok() && ::fsync(fd) != 0) {
    written = UnavailableError("syncing secret key file " + path.string() +
                               " failed: " + ErrnoText(errno));
  }
  if (written.ok() && ::link(tmp.c_str(), path.c_str()) != 0 && errno != EEXIST) {
    written = UnavailableError("cannot create the secret key file " + path.string() + ": " +
                               ErrnoText(errno));
  }
  ::unlink(tmp.c_str());
  return written;
}

// The key file's status, creating the file with a new key when there is none yet.
StatusOr<struct stat> StatOrCreate(const std::filesystem::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) return st;
  if (errno != ENOENT) {
    return UnavailableError("cannot read the secret key file " + path.string() + ": " +
                            ErrnoText(errno));
  }
  ASKDB_RETURN_IF_ERROR(CreateKeyFile(path));
  if (::stat(path.c_str(), &st) != 0) {
    return UnavailableError("cannot read the secret key file " + path.string() +
                            " just created: " + ErrnoText(errno));
  }
  return st;
}

// A key others may read is refused rather than used: it decrypts every stored password.
Status CheckKeyFileMode(const struct stat& st, const std::filesystem::path& path) {
  if (!S_ISREG(st.st_mode)) {
    return InvalidArgumentError("the secret key file " + path.string() +
                                " is not a regular file; point the key file setting at a file");
  }
  if ((st.st_mode & kGroupOtherBits) != 0) {
    return PermissionDeniedError(
        "the secret key file " + path.string() + " has mode " + ModeText(st.st_mode) +
        ", so other users may read it and decrypt every stored password; run `chmod 600 " +
        path.string() + "` (and consider replacing the key if it may have been read)");
  }
  return Status::Ok();
}

// Reads until `buf` is full or the file ends; returns how many bytes it read.
StatusOr<size_t> ReadFull(int fd, unsigned char* buf, size_t size,
                          const std::filesystem::path& path) {
  size_t total = 0;
  while (total < size) {
    const ssize_t n = ::read(fd, buf + total, size - total);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      return UnavailableError("reading the secret key file " + path.string() +
                              " failed: " + ErrnoText(errno));
    }
    if (n == 0) break;
    total += static_cast<size_t>(n);
  }
  return total;
}

Status WrongKeySize(size_t total, const std::filesystem::path& path) {
  return InvalidArgumentError(
      "the secret key file " + path.string() + " holds " +
      (total > kSecretBoxKeyBytes ? std::string("more than ") + std::to_string(total - 1)
                                  : std::to_string(total)) +
      " bytes, not the 32 raw bytes of a key; restore the original file (without it the "
      "stored passwords cannot be decrypted) or remove it to start with a new key");
}

StatusOr<SecretBox> LoadKeyFile(const std::filesystem::path& path) {
  ASKDB_ASSIGN_OR_RETURN(struct stat st, StatOrCreate(path));
  ASKDB_RETURN_IF_ERROR(CheckKeyFileMode(st, path));
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    return UnavailableError("cannot open the secret key file " + path.string() + ": " +
                            ErrnoText(errno));
  }
  FdCloser closer(fd);
  // Read one byte more than a key so that a longer file is noticed.
  std::array<unsigned char, kSecretBoxKeyBytes + 1> buf{};
  StatusOr<size_t> total = ReadFull(fd, buf.data(), buf.size(), path);
  if (!total.ok() || *total != kSecretBoxKeyBytes) {
    sodium_memzero(buf.data(), buf.size());
    return total.ok() ? WrongKeySize(*total, path) : total.status();
  }
  StatusOr<SecretBox> box =
      SecretBox::FromRawKey(std::string_view(reinterpret_cast<const char*>(buf.data()), *total));
  sodium_memzero(buf.data(), buf.size());
  return box;
}

}  // namespace

StatusOr<SecretBox> SecretBox::FromKeyFile(const std::filesystem::path& key_file) {
  const char* env = std::getenv(std::string(kSecretKeyEnvVar).c_str());
  return FromKeyFileOrEnv(key_file,
                          env == nullptr ? std::nullopt : std::optional<std::string_view>(env));
}

StatusOr<SecretBox> SecretBox::FromKeyFileOrEnv(const std::filesystem::path& key_file,
                                                std::optional<std::string_view> env_key) {
  ASKDB_RETURN_IF_ERROR(EnsureSodiumInitialized());
  if (env_key.has_value() && !env_key->empty()) {
    StatusOr<SecretBox> box = FromBase64Key(*env_key);
    if (!box.ok()) return box.status().WithContext(std::string(kSecretKeyEnvVar));
    return box;
  }
  return LoadKeyFile(key_file);
}

StatusOr<SecretBox> SecretBox::FromBase64Key(std::string_view base64_key) {
  ASKDB_RETURN_IF_ERROR(EnsureSodiumInitialized());
  while (!base64_key.empty() && std::isspace(static_cast<unsigned char>(base64_key.back()))) {
    base64_key.remove_suffix(1);
  }
  for (Base64Variant variant : {Base64Variant::kStandard, Base64Variant::kStandardNoPadding,
                                Base64Variant::kUrlSafe, Base64Variant::kUrlSafeNoPadding}) {
    StatusOr<std::vector<unsigned char>> bytes = Base64ToBytes(base64_key, variant, "key");
    if (!bytes.ok()) continue;
    const size_t size = bytes->size();
    if (size != kSecretBoxKeyBytes) {
      sodium_memzero(bytes->data(), bytes->size());
      return InvalidArgumentError("the secret key decodes to " + std::to_string(size) +
                                  " bytes but a key has 32; generate one with `head -c 32 "
                                  "/dev/urandom | base64`");
    }
    StatusOr<SecretBox> box =
        FromRawKey(std::string_view(reinterpret_cast<const char*>(bytes->data()), size));
    sodium_memzero(bytes->data(), bytes->size());
    return box;
  }
  return InvalidArgumentError(
      "the secret key is not valid base64; generate one with `head -c 32 /dev/urandom | "
      "base64`");
}

StatusOr<SecretBox> SecretBox::FromRawKey(std::string_view raw_key) {
  ASKDB_RETURN_IF_ERROR(EnsureSodiumInitialized());
  if (raw_key.size() != kSecretBoxKeyBytes) {
    return InvalidArgumentError("a secret key has 32 bytes, not " + std::to_string(raw_key.size()));
  }
  SecretBox box;
  std::memcpy(box.key_.data(), raw_key.data(), kSecretBoxKeyBytes);
  return box;
}

StatusOr<SecretBox> SecretBox::Random() {
  ASKDB_RETURN_IF_ERROR(EnsureSodiumInitialized());
  SecretBox box;
  crypto_secretbox_keygen(box.key_.data());
  return box;
}

SecretBox::SecretBox(SecretBox&& other) noexcept : key_(other.key_) {
  sodium_memzero(other.key_.data(), other.key_.size());
}

SecretBox& SecretBox::operator=(SecretBox&& other) noexcept {
  if (this != &other) {
    key_ = other.key_;
    sodium_memzero(other.key_.data(), other.key_.size());
  }
  return *this;
}

SecretBox::~SecretBox() { sodium_memzero(key_.data(), key_.size()); }

StatusOr<std::string> SecretBox::Seal(std::string_view plaintext) const {
  std::vector<unsigned char> out(crypto_secretbox_NONCEBYTES + crypto_secretbox_MACBYTES +
                                 plaintext.size());
  unsigned char* nonce = out.data();
  randombytes_buf(nonce, crypto_secretbox_NONCEBYTES);
  if (crypto_secretbox_easy(out.data() + crypto_secretbox_NONCEBYTES,
                            reinterpret_cast<const unsigned char*>(plaintext.data()),
                            plaintext.size(), nonce, key_.data()) != 0) {
    return InternalError("encrypting the secret failed (message too long for crypto_secretbox)");
  }
  return std::string(kSealedVersionPrefix) +
         BytesToBase64(out.data(), out.size(), Base64Variant::kStandard);
}

StatusOr<std::string> SecretBox::Open(std::string_view sealed) const {
  if (!sealed.starts_with(kSealedVersionPrefix)) {
    const size_t colon = sealed.find(':');
    if (colon != std::string_view::npos && colon > 0 && colon <= kMaxVersionTagLength &&
        sealed.front() == 'v') {
      return InvalidArgumentError("the stored secret has version '" +
                                  std::string(sealed.substr(0, colon)) +
                                  "', which this askdb does not know; upgrade askdb or enter "
                                  "the secret again");
    }
    return InvalidArgumentError(
        "the stored value is not a sealed secret (it should start with 'v1:'); enter the "
        "secret again");
  }
  StatusOr<std::vector<unsigned char>> bytes = Base64ToBytes(
      sealed.substr(kSealedVersionPrefix.size()), Base64Variant::kStandard, "sealed secret");
  if (!bytes.ok() || bytes->size() < crypto_secretbox_NONCEBYTES + crypto_secretbox_MACBYTES) {
    return InvalidArgumentError(
        "the stored secret is corrupted (bad encoding or truncated); enter the secret again");
  }
  const unsigned char* nonce = bytes->data();
  const unsigned char* cipher = bytes->data() + crypto_secretbox_NONCEBYTES;
  const size_t cipher_size = bytes->size() - crypto_secretbox_NONCEBYTES;
  std::string plaintext(cipher_size - crypto_secretbox_MACBYTES, '\0');
  if (crypto_secretbox_open_easy(reinterpret_cast<unsigned char*>(plaintext.data()), cipher,
                                 cipher_size, nonce, key_.data()) != 0) {
    sodium_memzero(plaintext.data(), plaintext.size());
    return FailedPreconditionError(
        "cannot decrypt the stored secret: it was sealed with another key or has been altered; "
        "use the original key file or ASKDB_SECRET_KEY, or enter the secret again");
  }
  return plaintext;
}

std::string SecretBox::KeyAsBase64() const {
  return BytesToBase64(key_.data(), key_.size(), Base64Variant::kStandard);
}

}  // namespace askdb::server::security
