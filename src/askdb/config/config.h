// askdb's configuration: a typed Config and the loader that fills it.
//
// Sources, later ones winning: built-in defaults → one TOML file → environment variables
// ASKDB_<SECTION>_<KEY> (e.g. ASKDB_DATABASE_DEFAULT_URL) → command-line flags (applied by
// the CLI afterwards, e.g. with SetConfigValue). The file is the explicit path when one is
// given (missing = NotFound), else ./askdb.toml, else <config dir>/askdb.toml (see
// common/paths.h); no file at all is fine. Every key, its default and its variable are
// documented in askdb.example.toml and docs/configuration.md.
//
// Errors name the source, line and key ("askdb.toml:12: database.max_rows must be a
// positive integer, got \"ten\""); unknown sections and keys are errors with a
// "did you mean" suggestion, so a typo never silently falls back to a default.
//
// Config is a plain value type; LoadConfig is thread-safe as long as nobody changes the
// environment meanwhile.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/json.h"
#include "askdb/common/paths.h"
#include "askdb/common/status.h"

namespace askdb::config {

enum class OutputFormat { kTable, kJson };
enum class ColorMode { kAuto, kAlways, kNever };
// Which "now" relative dates ("last month", "今年") are anchored to: the latest date in
// the data (reproducible answers on historical data sets) or today's date.
// Where relative periods ("last month") count from: the data's latest date, today, or (kAuto)
// the data's latest date while it is at most nlq.current_data_days old, else nowhere: the
// engine asks for the period.
enum class TimeAnchor { kData, kToday, kAuto };

struct DatabaseConfig {
  std::string default_url;  // empty: every command needs --db
  int64_t query_timeout_ms = 30000;
  int64_t max_rows = 1000;  // rows fetched per statement
  // The schema manager: how long a fetched schema level is reused, and how long fetching it
  // again may take before the expired copy is served instead.
  int64_t schema_cache_ttl_seconds = 1800;
  int64_t schema_fetch_timeout_ms = 120000;
  // After such a timeout, how long the expired copy is served without trying again.
  int64_t schema_refetch_backoff_seconds = 60;
};

struct OutputConfig {
  OutputFormat format = OutputFormat::kTable;
  ColorMode color = ColorMode::kAuto;
  int64_t max_table_rows = 50;  // rows drawn in a terminal table
};

struct ReportConfig {
  std::string default_dir;  // empty: <data dir>/reports
};

struct LogConfig {
  std::string level = "warn";   // trace, debug, info, warn, error, off
  std::string format = "text";  // text, json (see common/logging.h)
};

struct NlqConfig {
  double confidence_threshold = 0.7;  // below it the engine hands the question to the LLM
  TimeAnchor time_anchor = TimeAnchor::kAuto;
  int64_t current_data_days = 31;
};

// The agent's workflow (multi-step analysis, fixes, sessions).
struct AgentConfig {
  bool plan_review = false;         // stop for approval before running an analysis plan
  int64_t max_fixes = 3;            // model fixes of failing SQL per question
  int64_t max_plan_rejections = 3;  // re-plans after rejected plans
  int64_t analysis_steps = 4;       // SQL steps a multi-step plan aims for
  int64_t session_turns = 5;        // turns a conversation remembers
  std::string profile;              // agent profile JSON file; empty: the default agent
};

// Python analysis steps (src/askdb/python, docs/python.md).
struct PythonConfig {
  std::string executor = "sandbox";  // sandbox (bubblewrap), local (no isolation), off
  int64_t max_tries = 3;             // generate-and-run attempts of a model's code per step
  int64_t timeout_ms = 30000;        // wall clock per run
  int64_t cpu_seconds = 20;
  int64_t memory_mb = 2048;  // address space
  int64_t max_processes = 32;
  int64_t max_output_bytes = 1048576;  // printed output and result size
  int64_t warm_pool = 1;               // sandboxes kept started with pandas imported; 0: none
};

// `askdb serve` and the stores several askdb processes can share.
struct ServerConfig {
  // Where the management store (checkpoints, and the agents, sessions, keys of the management
  // API) lives: empty → SQLite files under the data directory (one machine);
  // postgres://USER:PASSWORD@HOST:PORT/DB[?schema=NAME] → PostgreSQL, shared by every askdb
  // process given the same URL (scale-out: a run interrupted on one resumes on another).
  std::string store_url;
  // CSP frame-ancestors sources, space-separated, for the web UI's embeddable chat page
  // (/embed/<agent>): "'self' https://intranet.example.com". Empty: 'self'. Other pages
  // are never framed.
  std::string frame_ancestors;
};

// Sign-in for people on `askdb serve` (issue 18; server/users/user_auth.h).
struct AuthConfig {
  // Single sign-on: the header a trusted reverse proxy sets to the signed-in user's name
  // (oauth2-proxy: "X-Forwarded-User"). Empty: off.
  std::string proxy_header;
  // The proxies that header is accepted from: CIDR networks or addresses, comma- or
  // space-separated ("127.0.0.1/32, 10.0.0.0/8"). Required with proxy_header.
  std::string trusted_proxies;
  int64_t session_hours = 12;        // how long a sign-in session lasts
  bool cookie_secure = false;        // the session cookie gets Secure (serve behind HTTPS)
  int64_t max_sign_in_failures = 5;  // per address and per name, in a minute, then 5 min off
};

// The knowledge base (docs/knowledge.md): documents' size limit, the default chunker, and
// how much evidence a run recalls.
struct KnowledgeConfig {
  int64_t max_file_mb = 20;             // a larger upload is refused, naming this key
  std::string chunker = "recursive";    // token, recursive, sentence, paragraph
  int64_t chunk_size = 600;             // characters (tokens for token)
  int64_t chunk_overlap = 80;           // characters repeated between neighbouring chunks
  int64_t evidence_top_k = 5;           // hits the evidence stage recalls
  int64_t evidence_token_budget = 800;  // prompt tokens the evidence may take
  double qa_answer_similarity = 1.0;    // a Q&A at least this similar answers the question
};

// Used from the LLM release on; loaded and validated already so files stay stable.
struct LlmConfig {
  std::string base_url;                        // OpenAI-compatible endpoint; empty: no model
  std::string api_key_env = "OPENAI_API_KEY";  // name of the variable holding the key
  std::string model;
  // The whole [llm] table as written (retries, timeouts, headers, [llm.providers.*], ...).
  // Its other keys belong to the LLM layer, which validates them (llm/provider_config.h)
  // when a model is used; the three keys above are the ones every command needs.
  Json table = Json::object();
};

struct Config {
  DatabaseConfig database;
  OutputConfig output;
  ReportConfig report;
  LogConfig log;
  NlqConfig nlq;
  AgentConfig agent;
  PythonConfig python;
  ServerConfig server;
  AuthConfig auth;
  LlmConfig llm;
  KnowledgeConfig knowledge;

  // The file the values came from; empty when only defaults and environment were used.
  std::filesystem::path source_file;
};

struct LoadOptions {
  // Explicit config file (--config); NotFound when it does not exist.
  std::optional<std::filesystem::path> config_file;
  // Where ./askdb.toml is looked for; empty: the current directory.
  std::filesystem::path working_dir;
  // Where <config dir>/askdb.toml is looked for; empty: ConfigDir() from common/paths.h.
  std::filesystem::path config_dir;
  // Environment for ASKDB_* overrides (and for ConfigDir); null: the process environment.
  EnvLookup env;
  // False skips environment overrides (tests, `askdb config show --file-only`).
  bool use_env = true;
};

StatusOr<Config> LoadConfig(const LoadOptions& options);

// Applies the TOML document `toml_text` on top of `config`. `source_name` is used in
// error messages ("askdb.toml:3: ...").
Status ApplyToml(std::string_view toml_text, std::string_view source_name, Config& config);

// Sets one key from its text form, as environment variables and flags give it:
// SetConfigValue(c, "database.max_rows", "500"). InvalidArgument for an unknown key or a
// bad value; `source_name` prefixes the message ("--max-rows: ...").
Status SetConfigValue(Config& config, std::string_view dotted_key, std::string_view value,
                      std::string_view source_name);

// Every key as "section.key", in documentation order.
std::vector<std::string> ConfigKeys();

// The environment variable that overrides `dotted_key`: "log.level" → "ASKDB_LOG_LEVEL".
std::string EnvVarName(std::string_view dotted_key);

// {"database": {"default_url": ..., ...}, ...} for `askdb config show`. The llm section
// shows api_key_env (a variable name), never a key; server.store_url is shown with its
// password replaced by "***".
Json ToJson(const Config& config);

}  // namespace askdb::config
