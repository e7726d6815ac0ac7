#include "askdb/config/config.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <string>

#include "askdb/common/file_util.h"

namespace askdb::config {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::Not;

EnvLookup FakeEnv(std::map<std::string, std::string> vars) {
  return [vars = std::move(vars)](std::string_view name) -> std::optional<std::string> {
    auto it = vars.find(std::string(name));
    if (it == vars.end()) return std::nullopt;
    return it->second;
  };
}

class ConfigTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/askdb_config_test_XXXXXX";
    ASSERT_NE(::mkdtemp(pattern), nullptr);
    root_ = pattern;
    fs::create_directories(root_ / "cwd");
    fs::create_directories(root_ / "xdg" / "askdb");
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(root_, ec);
  }

  // Options that never touch the real home directory or the process environment.
  LoadOptions Options(std::map<std::string, std::string> env = {}) {
    LoadOptions options;
    options.working_dir = root_ / "cwd";
    options.config_dir = root_ / "xdg" / "askdb";
    options.env = FakeEnv(std::move(env));
    return options;
  }

  void Write(const fs::path& path, std::string_view content) {
    ASSERT_TRUE(WriteFileAtomic(path, content).ok());
  }

  fs::path root_;
};

TEST_F(ConfigTest, DefaultsWithoutAnyFile) {
  StatusOr<Config> config = LoadConfig(Options());
  ASSERT_TRUE(config.ok()) << config.status().ToString();
  EXPECT_EQ(config->database.default_url, "");
  EXPECT_EQ(config->database.query_timeout_ms, 30000);
  EXPECT_EQ(config->database.max_rows, 1000);
  EXPECT_EQ(config->output.format, OutputFormat::kTable);
  EXPECT_EQ(config->output.color, ColorMode::kAuto);
  EXPECT_EQ(config->output.max_table_rows, 50);
  EXPECT_EQ(config->log.level, "warn");
  EXPECT_EQ(config->log.format, "text");
  EXPECT_DOUBLE_EQ(config->nlq.confidence_threshold, 0.7);
  EXPECT_EQ(config->nlq.time_anchor, TimeAnchor::kAuto);
  EXPECT_EQ(config->nlq.current_data_days, 31);
  EXPECT_EQ(config->llm.api_key_env, "OPENAI_API_KEY");
  EXPECT_TRUE(config->source_file.empty());
}

TEST_F(ConfigTest, ReadsTheWorkingDirectoryFileFirst) {
  Write(root_ / "xdg" / "askdb" / "askdb.toml", "[database]\nmax_rows = 7\n");
  Write(root_ / "cwd" / "askdb.toml",
        "# local settings\n"
        "[database]\n"
        "default_url = \"sqlite:demo.sqlite\"\n"
        "max_rows = 500\n"
        "[output]\n"
        "format = \"json\"\n"
        "color = \"never\"\n"
        "[nlq]\n"
        "confidence_threshold = 0.85\n"
        "time_anchor = \"today\"\n"
        "current_data_days = 0\n"
        "[llm]\n"
        "model = \"qwen2.5\"\n");
  StatusOr<Config> config = LoadConfig(Options());
  ASSERT_TRUE(config.ok()) << config.status().ToString();
  EXPECT_EQ(config->database.default_url, "sqlite:demo.sqlite");
  EXPECT_EQ(config->database.max_rows, 500);  // the user file is not merged in
  EXPECT_EQ(config->database.query_timeout_ms, 30000);
  EXPECT_EQ(config->output.format, OutputFormat::kJson);
  EXPECT_EQ(config->output.color, ColorMode::kNever);
  EXPECT_DOUBLE_EQ(config->nlq.confidence_threshold, 0.85);
  EXPECT_EQ(config->nlq.time_anchor, TimeAnchor::kToday);
  EXPECT_EQ(config->nlq.current_data_days, 0);
  EXPECT_EQ(config->llm.model, "qwen2.5");
  EXPECT_EQ(config->source_file, root_ / "cwd" / "askdb.toml");
}

TEST_F(ConfigTest, FallsBackToTheUserConfigDirectory) {
  Write(root_ / "xdg" / "askdb" / "askdb.toml", "[database]\nmax_rows = 7\n");
  StatusOr<Config> config = LoadConfig(Options());
  ASSERT_TRUE(config.ok()) << config.status().ToString();
  EXPECT_EQ(config->database.max_rows, 7);
}

TEST_F(ConfigTest, ConfigDirComesFromTheEnvironmentWhenNotGiven) {
  Write(root_ / "home" / "config" / "askdb.toml", "[log]\nlevel = \"debug\"\n");
  LoadOptions options = Options({{"ASKDB_HOME", (root_ / "home").string()}});
  options.config_dir.clear();
  StatusOr<Config> config = LoadConfig(options);
  ASSERT_TRUE(config.ok()) << config.status().ToString();
  EXPECT_EQ(config->log.level, "debug");
}

TEST_F(ConfigTest, ExplicitFileWinsAndMustExist) {
  Write(root_ / "cwd" / "askdb.toml", "[database]\nmax_rows = 500\n");
  Write(root_ / "custom.toml", "[database]\nmax_rows = 42\n");
  LoadOptions options = Options();
  options.config_file = root_ / "custom.toml";
  StatusOr<Config> config = LoadConfig(options);
  ASSERT_TRUE(config.ok()) << config.status().ToString();
  EXPECT_EQ(config->database.max_rows, 42);

  options.config_file = root_ / "missing.toml";
  StatusOr<Config> missing = LoadConfig(options);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().code(), StatusCode::kNotFound);
  EXPECT_THAT(missing.status().message(), HasSubstr("missing.toml"));
}

TEST_F(ConfigTest, EnvironmentOverridesTheFile) {
  Write(root_ / "cwd" / "askdb.toml",
        "[database]\nmax_rows = 500\ndefault_url = \"sqlite:a.db\"\n[log]\nlevel = \"info\"\n");
  StatusOr<Config> config = LoadConfig(Options({{"ASKDB_DATABASE_MAX_ROWS", "20"},
                                                {"ASKDB_LOG_LEVEL", "ERROR"},
                                                {"ASKDB_DATABASE_DEFAULT_URL", ""},
                                                {"ASKDB_NLQ_CONFIDENCE_THRESHOLD", "0.5"},
                                                {"ASKDB_OUTPUT_COLOR", "always"}}));
  ASSERT_TRUE(config.ok()) << config.status().ToString();
  EXPECT_EQ(config->database.max_rows, 20);
  EXPECT_EQ(config->log.level, "error");
  EXPECT_EQ(config->database.default_url, "sqlite:a.db");  // empty variable = unset
  EXPECT_DOUBLE_EQ(config->nlq.confidence_threshold, 0.5);
  EXPECT_EQ(config->output.color, ColorMode::kAlways);

  LoadOptions no_env = Options({{"ASKDB_DATABASE_MAX_ROWS", "20"}});
  no_env.use_env = false;
  StatusOr<Config> file_only = LoadConfig(no_env);
  ASSERT_TRUE(file_only.ok());
  EXPECT_EQ(file_only->database.max_rows, 500);
}

TEST_F(ConfigTest, BadEnvironmentValueNamesTheVariable) {
  StatusOr<Config> config = LoadConfig(Options({{"ASKDB_DATABASE_MAX_ROWS", "ten"}}));
  ASSERT_FALSE(config.ok());
  EXPECT_EQ(config.status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(config.status().message(),
            "environment variable ASKDB_DATABASE_MAX_ROWS: database.max_rows must be a "
            "positive integer, got \"ten\"");
}

TEST_F(ConfigTest, BadTypeNamesFileLineAndKey) {
  Write(root_ / "cwd" / "askdb.toml",
        "[database]\n"
        "default_url = \"sqlite:x\"\n"
        "\n"
        "max_rows = \"ten\"\n");
  StatusOr<Config> config = LoadConfig(Options());
  ASSERT_FALSE(config.ok());
  EXPECT_EQ(config.status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(config.status().message(),
            (root_ / "cwd" / "askdb.toml").string() +
                ":4: database.max_rows must be a positive integer, got \"ten\"");
}

TEST(ApplyTomlTest, RejectsOutOfRangeAndWrongTypes) {
  struct Case {
    std::string toml;
    std::string expected;
  };
  for (const Case& c : std::vector<Case>{
           {"[database]\nmax_rows = -5\n",
            "askdb.toml:2: database.max_rows must be a positive integer, got -5"},
           {"[database]\nquery_timeout_ms = 1.5\n",
            "askdb.toml:2: database.query_timeout_ms must be a positive integer, got 1.5"},
           {"[nlq]\nconfidence_threshold = 1.5\n",
            "askdb.toml:2: nlq.confidence_threshold must be a number between 0 and 1, got 1.5"},
           {"[output]\nformat = \"xml\"\n",
            "askdb.toml:2: output.format must be one of \"table\", \"json\", got \"xml\""},
           {"[database]\ndefault_url = 5\n",
            "askdb.toml:2: database.default_url must be a string, got 5"},
           {"[log]\nlevel = [\"info\"]\n",
            "askdb.toml:2: log.level must be one of \"trace\", \"debug\", \"info\", \"warn\", "
            "\"error\", \"off\", got an array"},
       }) {
    Config config;
    Status status = ApplyToml(c.toml, "askdb.toml", config);
    EXPECT_EQ(status.code(), StatusCode::kInvalidArgument) << c.toml;
    EXPECT_EQ(status.message(), c.expected);
  }
}

TEST(ApplyTomlTest, IntegerIsAcceptedForAFraction) {
  Config config;
  ASSERT_TRUE(ApplyToml("[nlq]\nconfidence_threshold = 1\n", "askdb.toml", config).ok());
  EXPECT_DOUBLE_EQ(config.nlq.confidence_threshold, 1.0);
}

TEST(ApplyTomlTest, UnknownKeySuggestsTheClosestName) {
  Config config;
  Status status = ApplyToml("[database]\n\nmax_row = 5\n", "askdb.toml", config);
  EXPECT_EQ(status.code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(status.message(),
            "askdb.toml:3: unknown key database.max_row (did you mean database.max_rows?)");

  status = ApplyToml("[database]\nlevel = \"info\"\n", "askdb.toml", config);
  EXPECT_THAT(status.message(), HasSubstr("(did you mean log.level?)"));

  status = ApplyToml("[database]\ncompletely_different = 1\n", "askdb.toml", config);
  EXPECT_THAT(status.message(), HasSubstr("unknown key database.completely_different"));
  EXPECT_THAT(status.message(), Not(HasSubstr("did you mean")));
}

TEST(ApplyTomlTest, UnknownSectionSuggestsTheClosestName) {
  Config config;
  Status status = ApplyToml("[databse]\nmax_rows = 5\n", "askdb.toml", config);
  EXPECT_EQ(status.message(), "askdb.toml:1: unknown section [databse] (did you mean [database]?)");

  status = ApplyToml("[foo]\n", "askdb.toml", config);
  EXPECT_EQ(status.message(),
            "askdb.toml:1: unknown section [foo]; known sections: database, output, report, "
            "log, nlq, agent, python, server, auth, knowledge, llm");

  status = ApplyToml("max_rows = 5\n", "askdb.toml", config);
  EXPECT_THAT(status.message(), HasSubstr("askdb.toml:1: key max_rows must be inside a section"));
  EXPECT_THAT(status.message(), HasSubstr("[database]"));

  status = ApplyToml("database = 5\n", "askdb.toml", config);
  EXPECT_THAT(status.message(), HasSubstr("database must be a section"));
}

TEST(ApplyTomlTest, MalformedTomlReportsTheLine) {
  Config config;
  Status status = ApplyToml("[database]\nmax_rows = 5\nmax_rows = = 6\n", "askdb.toml", config);
  EXPECT_EQ(status.code(), StatusCode::kInvalidArgument);
  EXPECT_THAT(status.message(), HasSubstr("askdb.toml:3: malformed TOML"));

  status = ApplyToml("[output\nformat = \"json\"\n", "askdb.toml", config);
  EXPECT_THAT(status.message(), HasSubstr("askdb.toml:1: malformed TOML"));
}

TEST(ApplyTomlTest, DuplicateKeyIsAnError) {
  Config config;
  Status status = ApplyToml("[log]\nlevel = \"info\"\nlevel = \"debug\"\n", "askdb.toml", config);
  EXPECT_EQ(status.code(), StatusCode::kInvalidArgument);
  EXPECT_THAT(status.message(), HasSubstr("askdb.toml:3:"));
}

TEST(SetConfigValueTest, ParsesTextLikeTheEnvironment) {
  Config config;
  ASSERT_TRUE(SetConfigValue(config, "output.max_table_rows", "20", "--max-table-rows").ok());
  EXPECT_EQ(config.output.max_table_rows, 20);
  Status status = SetConfigValue(config, "output.max_table_rows", "0", "--max-table-rows");
  EXPECT_EQ(status.message(),
            "--max-table-rows: output.max_table_rows must be a positive integer, got \"0\"");
  status = SetConfigValue(config, "output.colour", "never", "--set");
  EXPECT_EQ(status.message(), "--set: unknown key output.colour (did you mean output.color?)");
  status = SetConfigValue(config, "nlq.confidence_threshold", "0.6x", "--set");
  EXPECT_EQ(status.code(), StatusCode::kInvalidArgument);
}

TEST(ConfigKeysTest, EnvVarNamesAndJsonCoverEveryKey) {
  EXPECT_EQ(EnvVarName("database.default_url"), "ASKDB_DATABASE_DEFAULT_URL");
  EXPECT_EQ(EnvVarName("log.level"), "ASKDB_LOG_LEVEL");
  Json json = ToJson(Config{});
  std::vector<std::string> keys = ConfigKeys();
  EXPECT_EQ(keys.size(), 46u);
  for (const std::string& key : keys) {
    size_t dot = key.find('.');
    EXPECT_TRUE(json[key.substr(0, dot)].contains(key.substr(dot + 1))) << key;
  }
  EXPECT_EQ(json["database"]["max_rows"], 1000);
  EXPECT_EQ(json["output"]["format"], "table");
  EXPECT_EQ(json["output"]["color"], "auto");
  EXPECT_EQ(json["nlq"]["time_anchor"], "auto");
  EXPECT_EQ(json["nlq"]["current_data_days"], 31);
  EXPECT_EQ(json["llm"]["api_key_env"], "OPENAI_API_KEY");
}

// The example file documents every key with its default: loading it must give the defaults.
TEST(ExampleFileTest, ExampleConfigLoadsAndMentionsEveryKey) {
  StatusOr<std::string> text = ReadFile(fs::path(ASKDB_SOURCE_DIR) / "askdb.example.toml");
  ASSERT_TRUE(text.ok()) << text.status().ToString();
  Config config;
  ASSERT_TRUE(ApplyToml(*text, "askdb.example.toml", config).ok());
  EXPECT_EQ(ToJson(config), ToJson(Config{}));
  StatusOr<std::string> doc = ReadFile(fs::path(ASKDB_SOURCE_DIR) / "docs" / "configuration.md");
  ASSERT_TRUE(doc.ok()) << doc.status().ToString();
  for (const std::string& key : ConfigKeys()) {
    std::string bare = key.substr(key.find('.') + 1);
    EXPECT_THAT(*text, HasSubstr(bare + " =")) << key;
    EXPECT_THAT(*doc, HasSubstr(EnvVarName(key))) << key;
  }
}

}  // namespace
}  // namespace askdb::config

namespace askdb::config {
namespace {

TEST(LlmSectionTest, KeysOfTheLlmLayerAreKeptForItAndSecretsAreMasked) {
  Config config;
  Status status = ApplyToml(
      "[llm]\nmodel = \"qwen2.5\"\nmax_retries = 5\napi_key = \"sk-secret\"\n"
      "[llm.headers]\nX-Team = \"bi\"\n",
      "askdb.toml", config);
  ASSERT_TRUE(status.ok()) << status.ToString();
  EXPECT_EQ(config.llm.model, "qwen2.5");
  EXPECT_EQ(config.llm.table["max_retries"], 5);
  EXPECT_EQ(config.llm.table["headers"]["X-Team"], "bi");
  const std::string shown = ToJson(config).dump();
  EXPECT_EQ(shown.find("sk-secret"), std::string::npos) << shown;
  EXPECT_NE(shown.find("\"max_retries\":5"), std::string::npos) << shown;
}

// A trial: config show echoed an Authorization header and a provider's api_key in full.
TEST(LlmSectionTest, EverySecretOfTheLlmSectionIsMasked) {
  Config config;
  Status status = ApplyToml(
      "[llm]\nmodel = \"m\"\nproxy = \"http://me:proxypass@proxy.local:3128\"\n"
      "[llm.headers]\nAuthorization = \"Bearer sk-header\"\nX-DashScope-WorkSpace = \"ws-1\"\n"
      "[llm.providers.azure]\napi_key = \"sk-provider\"\nmodel = \"gpt\"\n"
      "[llm.providers.azure.headers]\napi-key = \"sk-azure-header\"\n",
      "askdb.toml", config);
  ASSERT_TRUE(status.ok()) << status.ToString();
  const std::string shown = ToJson(config).dump();
  for (const char* secret : {"sk-header", "sk-provider", "sk-azure-header", "proxypass"}) {
    EXPECT_EQ(shown.find(secret), std::string::npos) << secret << " in " << shown;
  }
  EXPECT_NE(shown.find("ws-1"), std::string::npos) << shown;  // not a credential: shown
  EXPECT_NE(shown.find("proxy.local:3128"), std::string::npos) << shown;
  EXPECT_EQ(config.llm.table["headers"]["Authorization"], "Bearer sk-header");  // kept for use
}

TEST(LlmSectionTest, OtherSectionsStillRejectUnknownKeys) {
  Config config;
  EXPECT_FALSE(ApplyToml("[database]\nmax_retries = 5\n", "askdb.toml", config).ok());
}

}  // namespace
}  // namespace askdb::config

namespace askdb::config {
namespace {

TEST(ServerSectionTest, StoreUrlIsReadFromFileAndEnvironmentAndShownWithoutPassword) {
  Config config;
  ASSERT_TRUE(ApplyToml("[server]\nstore_url = \"postgres://askdb:s3cret@db:5432/store\"\n",
                        "askdb.toml", config)
                  .ok());
  EXPECT_EQ(config.server.store_url, "postgres://askdb:s3cret@db:5432/store");
  EXPECT_EQ(ToJson(config)["server"]["store_url"], "postgres://askdb:***@db:5432/store");
  ASSERT_TRUE(SetConfigValue(config, "server.store_url",
                             "postgresql://u@h/db?sslmode=require&password=pw2&schema=s",
                             "ASKDB_SERVER_STORE_URL")
                  .ok());
  EXPECT_EQ(ToJson(config)["server"]["store_url"],
            "postgresql://u@h/db?sslmode=require&password=***&schema=s");
  EXPECT_EQ(EnvVarName("server.store_url"), "ASKDB_SERVER_STORE_URL");
  EXPECT_EQ(EnvVarName("server.frame_ancestors"), "ASKDB_SERVER_FRAME_ANCESTORS");
  ASSERT_TRUE(SetConfigValue(config, "server.frame_ancestors", "'self' https://a.example.com",
                             "ASKDB_SERVER_FRAME_ANCESTORS")
                  .ok());
  EXPECT_EQ(config.server.frame_ancestors, "'self' https://a.example.com");
  EXPECT_EQ(ToJson(Config{})["server"]["store_url"], "");
  Status typo = ApplyToml("[server]\nstore_uri = \"x\"\n", "askdb.toml", config);
  EXPECT_EQ(typo.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(typo.message().find("did you mean server.store_url?"), std::string::npos)
      << typo.message();
}

}  // namespace
}  // namespace askdb::config
