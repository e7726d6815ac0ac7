#include "askdb/server/security/secret_box.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <vector>

#include "askdb/common/file_util.h"

namespace askdb::server::security {
namespace {

namespace fs = std::filesystem;

// A fresh directory per test, removed afterwards.
class TempDir {
 public:
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "askdb-secret-box-XXXXXX").string();
    path_ = ::mkdtemp(tmpl.data());
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

mode_t ModeOf(const fs::path& path) {
  struct stat st {};
  EXPECT_EQ(::stat(path.c_str(), &st), 0);
  return st.st_mode & 07777;
}

SecretBox RandomBox() { return SecretBox::Random().value(); }

TEST(SecretBoxTest, SealThenOpenGivesThePlaintext) {
  const SecretBox box = RandomBox();
  StatusOr<std::string> sealed = box.Seal("correct horse battery staple");
  ASSERT_TRUE(sealed.ok()) << sealed.status().ToString();
  EXPECT_TRUE(sealed->starts_with("v1:")) << *sealed;
  EXPECT_EQ(sealed->find("horse"), std::string::npos);
  StatusOr<std::string> opened = box.Open(*sealed);
  ASSERT_TRUE(opened.ok()) << opened.status().ToString();
  EXPECT_EQ(*opened, "correct horse battery staple");

  StatusOr<std::string> empty = box.Seal("");
  ASSERT_TRUE(empty.ok());
  EXPECT_EQ(box.Open(*empty).value(), "");
}

TEST(SecretBoxTest, EachSealUsesAFreshNonce) {
  const SecretBox box = RandomBox();
  EXPECT_NE(box.Seal("same").value(), box.Seal("same").value());
}

TEST(SecretBoxTest, TamperedValueIsRejected) {
  const SecretBox box = RandomBox();
  std::string sealed = box.Seal("password").value();
  // Change one character in the middle of the base64 body (still valid base64).
  const size_t middle = sealed.size() / 2;
  sealed[middle] = sealed[middle] == 'A' ? 'B' : 'A';
  StatusOr<std::string> opened = box.Open(sealed);
  ASSERT_FALSE(opened.ok());
  EXPECT_EQ(opened.status().code(), StatusCode::kFailedPrecondition);
  EXPECT_NE(opened.status().message().find("altered"), std::string::npos);
}

TEST(SecretBoxTest, TruncatedOrGarbledValueIsCorrupted) {
  const SecretBox box = RandomBox();
  const std::string sealed = box.Seal("password").value();
  EXPECT_EQ(box.Open("v1:").status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(box.Open("v1:AAAA").status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(box.Open("v1:not base64!").status().code(), StatusCode::kInvalidArgument);
  // Cut inside a base64 group: not base64 any more.
  EXPECT_EQ(box.Open(sealed.substr(0, sealed.size() - 1)).status().code(),
            StatusCode::kInvalidArgument);
  // Cut whole groups: still base64, so the MAC check catches it.
  EXPECT_EQ(box.Open(sealed.substr(0, sealed.size() - 8)).status().code(),
            StatusCode::kFailedPrecondition);
  StatusOr<std::string> plain = box.Open("hunter2");
  EXPECT_EQ(plain.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(plain.status().message().find("not a sealed secret"), std::string::npos);
}

TEST(SecretBoxTest, UnknownVersionIsNamed) {
  const SecretBox box = RandomBox();
  std::string sealed = box.Seal("password").value();
  sealed.replace(0, 2, "v2");
  StatusOr<std::string> opened = box.Open(sealed);
  EXPECT_EQ(opened.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(opened.status().message().find("version 'v2'"), std::string::npos)
      << opened.status().message();
}

TEST(SecretBoxTest, WrongKeyIsRejected) {
  const std::string sealed = RandomBox().Seal("password").value();
  StatusOr<std::string> opened = RandomBox().Open(sealed);
  EXPECT_EQ(opened.status().code(), StatusCode::kFailedPrecondition);
  EXPECT_NE(opened.status().message().find("another key"), std::string::npos);
}

TEST(SecretBoxTest, MovedBoxKeepsTheKey) {
  SecretBox box = RandomBox();
  const std::string sealed = box.Seal("x").value();
  SecretBox moved = std::move(box);
  EXPECT_EQ(moved.Open(sealed).value(), "x");
}

TEST(SecretBoxKeyFileTest, CreatesAPrivateKeyFileAndReusesIt) {
  TempDir dir;
  const fs::path key_file = dir.path() / "nested" / "secret.key";
  StatusOr<SecretBox> first = SecretBox::FromKeyFileOrEnv(key_file, std::nullopt);
  ASSERT_TRUE(first.ok()) << first.status().ToString();
  ASSERT_TRUE(fs::exists(key_file));
  EXPECT_EQ(ModeOf(key_file), 0600u);
  EXPECT_EQ(fs::file_size(key_file), 32u);
  // No temporary file is left beside the key.
  EXPECT_EQ(std::distance(fs::directory_iterator(key_file.parent_path()), fs::directory_iterator()),
            1);

  const std::string sealed = first->Seal("db password").value();
  StatusOr<SecretBox> second = SecretBox::FromKeyFileOrEnv(key_file, std::nullopt);
  ASSERT_TRUE(second.ok()) << second.status().ToString();
  EXPECT_EQ(second->Open(sealed).value(), "db password");
  EXPECT_EQ(second->KeyAsBase64(), first->KeyAsBase64());
}

TEST(SecretBoxKeyFileTest, RefusesAKeyFileOthersCanRead) {
  TempDir dir;
  const fs::path key_file = dir.path() / "secret.key";
  ASSERT_TRUE(SecretBox::FromKeyFileOrEnv(key_file, std::nullopt).ok());
  ASSERT_EQ(::chmod(key_file.c_str(), 0644), 0);
  StatusOr<SecretBox> box = SecretBox::FromKeyFileOrEnv(key_file, std::nullopt);
  ASSERT_FALSE(box.ok());
  EXPECT_EQ(box.status().code(), StatusCode::kPermissionDenied);
  EXPECT_NE(box.status().message().find("0644"), std::string::npos) << box.status().message();
  EXPECT_NE(box.status().message().find("chmod 600"), std::string::npos);

  ASSERT_EQ(::chmod(key_file.c_str(), 0640), 0);
  EXPECT_FALSE(SecretBox::FromKeyFileOrEnv(key_file, std::nullopt).ok());
  ASSERT_EQ(::chmod(key_file.c_str(), 0400), 0);
  EXPECT_TRUE(SecretBox::FromKeyFileOrEnv(key_file, std::nullopt).ok());
}

TEST(SecretBoxKeyFileTest, RefusesAKeyFileOfTheWrongSize) {
  TempDir dir;
  const fs::path key_file = dir.path() / "secret.key";
  ASSERT_TRUE(WriteFileAtomic(key_file, "too short").ok());
  ASSERT_EQ(::chmod(key_file.c_str(), 0600), 0);
  StatusOr<SecretBox> box = SecretBox::FromKeyFileOrEnv(key_file, std::nullopt);
  EXPECT_EQ(box.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(box.status().message().find("holds 9 bytes"), std::string::npos)
      << box.status().message();
}

TEST(SecretBoxKeyFileTest, EnvironmentKeyOverridesTheFile) {
  TempDir dir;
  const fs::path key_file = dir.path() / "secret.key";
  const SecretBox reference = RandomBox();
  const std::string sealed = reference.Seal("pw").value();

  StatusOr<SecretBox> box = SecretBox::FromKeyFileOrEnv(key_file, reference.KeyAsBase64());
  ASSERT_TRUE(box.ok()) << box.status().ToString();
  EXPECT_EQ(box->Open(sealed).value(), "pw");
  EXPECT_FALSE(fs::exists(key_file)) << "the key file is not touched when the env var is set";

  // Through the real environment variable.
  ASSERT_EQ(::setenv("ASKDB_SECRET_KEY", reference.KeyAsBase64().c_str(), 1), 0);
  StatusOr<SecretBox> from_env = SecretBox::FromKeyFile(key_file);
  ::unsetenv("ASKDB_SECRET_KEY");
  ASSERT_TRUE(from_env.ok()) << from_env.status().ToString();
  EXPECT_EQ(from_env->Open(sealed).value(), "pw");
  EXPECT_FALSE(fs::exists(key_file));
}

TEST(SecretBoxKeyFileTest, BadEnvironmentKeySaysWhatIsWrong) {
  TempDir dir;
  StatusOr<SecretBox> garbage = SecretBox::FromKeyFileOrEnv(dir.path() / "k", "not*base64");
  EXPECT_EQ(garbage.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(garbage.status().message().find("ASKDB_SECRET_KEY"), std::string::npos)
      << garbage.status().message();
  StatusOr<SecretBox> short_key = SecretBox::FromKeyFileOrEnv(dir.path() / "k", "c2hvcnQ=");
  EXPECT_EQ(short_key.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(short_key.status().message().find("5 bytes"), std::string::npos)
      << short_key.status().message();
}

TEST(SecretBoxKeyFileTest, AcceptsUrlSafeAndUnpaddedBase64) {
  // 32 bytes of 0xfb encode to characters that differ between the two alphabets.
  const std::string raw(32, static_cast<char>(0xfb));
  const SecretBox reference = SecretBox::FromRawKey(raw).value();
  const std::string standard = reference.KeyAsBase64();  // "+/v7..." with one '='
  std::string url_safe = standard;
  for (char& c : url_safe) {
    if (c == '+') c = '-';
    if (c == '/') c = '_';
  }
  url_safe.pop_back();  // drop '='
  const std::string sealed = reference.Seal("pw").value();
  for (const std::string& key : {standard, url_safe, standard + "\n"}) {
    StatusOr<SecretBox> box = SecretBox::FromBase64Key(key);
    ASSERT_TRUE(box.ok()) << key << ": " << box.status().ToString();
    EXPECT_EQ(box->Open(sealed).value(), "pw");
  }
}

RC_GTEST_PROP(SecretBoxProperty, SealOpenRoundTripsAnyBytes, (const std::string& plaintext)) {
  static const SecretBox box = RandomBox();
  StatusOr<std::string> sealed = box.Seal(plaintext);
  RC_ASSERT(sealed.ok());
  StatusOr<std::string> opened = box.Open(*sealed);
  RC_ASSERT(opened.ok());
  RC_ASSERT(*opened == plaintext);
}

RC_GTEST_PROP(SecretBoxProperty, AnyChangedCharacterIsDetected, (const std::string& plaintext)) {
  static const SecretBox box = RandomBox();
  std::string sealed = box.Seal(plaintext).value();
  // Skip the "v1:" prefix and the last four characters (their low bits may be padding).
  const size_t body_end = sealed.size() - 4;
  const size_t pos = *rc::gen::inRange<size_t>(3, body_end);
  const char replacement = *rc::gen::element('A', 'g', '7', '+');
  RC_PRE(sealed[pos] != replacement);
  sealed[pos] = replacement;
  RC_ASSERT(!box.Open(sealed).ok());
}

}  // namespace
}  // namespace askdb::server::security
