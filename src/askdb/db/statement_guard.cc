#include "askdb/db/statement_guard.h"

#include <algorithm>
#include <array>

namespace askdb::db::guard {
namespace {

// ---------------------------------------------------------------------------------------
// The allow-lists: functions that only compute on their arguments. A function not listed
// is refused. Names are lower-case; matching ignores case.

// Allowed on every engine (where the engine has them).
constexpr auto kCommonFunctions = std::to_array<std::string_view>({
    // aggregates
    "count",
    "sum",
    "avg",
    "min",
    "max",
    "stddev",
    "stddev_pop",
    "stddev_samp",
    "variance",
    "var_pop",
    "var_samp",
    "bit_and",
    "bit_or",
    "bit_xor",
    "group_concat",
    "string_agg",
    "json_arrayagg",
    "json_objectagg",
    // window
    "row_number",
    "rank",
    "dense_rank",
    "percent_rank",
    "cume_dist",
    "ntile",
    "lag",
    "lead",
    "first_value",
    "last_value",
    "nth_value",
    // math
    "abs",
    "ceil",
    "ceiling",
    "floor",
    "round",
    "trunc",
    "truncate",
    "sign",
    "sqrt",
    "power",
    "pow",
    "exp",
    "ln",
    "log",
    "log10",
    "log2",
    "mod",
    "pi",
    "degrees",
    "radians",
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "atan2",
    "cot",
    "greatest",
    "least",
    "random",
    "rand",
    // string
    "length",
    "char_length",
    "character_length",
    "octet_length",
    "bit_length",
    "lower",
    "upper",
    "trim",
    "ltrim",
    "rtrim",
    "substr",
    "substring",
    "left",
    "right",
    "lpad",
    "rpad",
    "replace",
    "reverse",
    "repeat",
    "concat",
    "concat_ws",
    "position",
    "instr",
    "ascii",
    "char",
    "format",
    "md5",
    "hex",
    "regexp_replace",
    "regexp_substr",
    "regexp_instr",
    "regexp_like",
    "lcase",
    "ucase",
    "locate",
    // date and time
    "now",
    "current_date",
    "current_time",
    "current_timestamp",
    "localtime",
    "localtimestamp",
    "date",
    "time",
    "extract",
    // casts and conditionals
    "coalesce",
    "nullif",
    "ifnull",
    "cast",
    "convert",
    // JSON values (computed, nothing read)
    "json_array",
    "json_object",
    "json_extract",
    "json_valid",
    "json_type",
    "json_quote",
});

constexpr auto kSqliteFunctions = std::to_array<std::string_view>({
    "askdb_mask_hash",  // the hash mask of data permissions (sqlite_connector.cc)
    "total",
    "median",
    "like",
    "glob",
    "likely",
    "unlikely",
    "likelihood",
    "iif",
    "typeof",
    "quote",
    "printf",
    "unicode",
    "zeroblob",
    "randomblob",
    "datetime",
    "julianday",
    "strftime",
    "unixepoch",
    "timediff",
    "soundex",
    "sqlite_version",
    "json",
    "jsonb",
    "json_each",
    "json_tree",
    "json_group_array",
    "json_group_object",
    "json_patch",
    "json_insert",
    "json_replace",
    "json_set",
    "json_remove",
    "json_array_length",
    "acosh",
    "asinh",
    "atanh",
    "cosh",
    "sinh",
    "tanh",
    "string_agg",
    "octet_length",
    "unhex",
    // full-text search (FTS3/4/5): MATCH and its ranking and snippet helpers
    "match",
    "highlight",
    "snippet",
    "bm25",
    "matchinfo",
    "offsets",
});

constexpr auto kPostgresFunctions = std::to_array<std::string_view>({
    // aggregates and statistics
    "every",
    "bool_and",
    "bool_or",
    "array_agg",
    "json_agg",
    "jsonb_agg",
    "json_object_agg",
    "jsonb_object_agg",
    "corr",
    "covar_pop",
    "covar_samp",
    "regr_avgx",
    "regr_avgy",
    "regr_count",
    "regr_intercept",
    "regr_r2",
    "regr_slope",
    "regr_sxx",
    "regr_sxy",
    "regr_syy",
    "percentile_cont",
    "percentile_disc",
    "mode",
    "grouping",
    // math
    "cbrt",
    "div",
    "gcd",
    "lcm",
    "width_bucket",
    "scale",
    "factorial",
    "numeric_trunc",
    "setseed",
    "trim_scale",
    "min_scale",
    "sinh",
    "cosh",
    "tanh",
    "asinh",
    "acosh",
    "atanh",
    "sind",
    "cosd",
    "tand",
    "asind",
    "acosd",
    "atand",
    "atan2d",
    "cotd",
    "isfinite",
    // string
    "btrim",
    "initcap",
    "strpos",
    "split_part",
    "translate",
    "chr",
    "to_hex",
    "starts_with",
    "overlay",
    "quote_ident",
    "quote_literal",
    "quote_nullable",
    "regexp_match",
    "regexp_matches",
    "regexp_split_to_array",
    "regexp_split_to_table",
    "regexp_count",
    "normalize",
    "is_normalized",
    "unistr",
    "sha224",
    "sha256",
    "sha384",
    "sha512",
    "encode",
    "decode",
    "convert_from",
    "convert_to",
    "string_to_array",
    "string_to_table",
    "array_to_string",
    "like_escape",
    "similar_to_escape",
    "similar_escape",
    "textlen",
    "text",
    "bpchar",
    "varchar",
    "collation_for",
    // date and time
    "date_trunc",
    "date_part",
    "date_bin",
    "age",
    "make_date",
    "make_time",
    "make_timestamp",
    "make_timestamptz",
    "make_interval",
    "to_char",
    "to_date",
    "to_timestamp",
    "to_number",
    "timezone",
    "justify_days",
    "justify_hours",
    "justify_interval",
    "clock_timestamp",
    "statement_timestamp",
    "transaction_timestamp",
    "timeofday",
    "overlaps",
    // casts written as calls
    "int2",
    "int4",
    "int8",
    "float4",
    "float8",
    "numeric",
    "bool",
    "timestamp",
    "timestamptz",
    "interval",
    // arrays, ranges, sets
    "unnest",
    "generate_series",
    "array_length",
    "array_lower",
    "array_upper",
    "array_ndims",
    "array_dims",
    "array_position",
    "array_positions",
    "array_append",
    "array_prepend",
    "array_cat",
    "array_remove",
    "array_replace",
    "cardinality",
    "array_fill",
    "lower_inc",
    "upper_inc",
    "isempty",
    "int4range",
    "int8range",
    "numrange",
    "daterange",
    "tsrange",
    "tstzrange",
    "generate_subscripts",
    // JSON
    "to_json",
    "to_jsonb",
    "json_build_object",
    "json_build_array",
    "jsonb_build_object",
    "jsonb_build_array",
    "json_extract_path",
    "json_extract_path_text",
    "jsonb_extract_path",
    "jsonb_extract_path_text",
    "json_array_length",
    "jsonb_array_length",
    "json_typeof",
    "jsonb_typeof",
    "json_array_elements",
    "jsonb_array_elements",
    "json_array_elements_text",
    "jsonb_array_elements_text",
    "json_each",
    "jsonb_each",
    "json_each_text",
    "jsonb_each_text",
    "json_object_keys",
    "jsonb_object_keys",
    "jsonb_pretty",
    "json_strip_nulls",
    "jsonb_strip_nulls",
    "jsonb_path_query",
    "jsonb_path_query_array",
    "jsonb_path_query_first",
    "jsonb_path_exists",
    "jsonb_path_match",
    "row_to_json",
    "array_to_json",
    "jsonb_set",
    "jsonb_insert",
    // type information about a value; the session's own identity
    "pg_typeof",
    "num_nonnulls",
    "num_nulls",
    "pg_backend_pid",
    "current_database",
    "current_schema",
    "version",
});

constexpr auto kMysqlFunctions = std::to_array<std::string_view>({
    // aggregates
    "std",
    "json_arrayagg",
    "json_objectagg",
    "median",
    "percentile_cont",
    "percentile_disc",
    // math
    "div",
    "crc32",
    "conv",
    "bin",
    "oct",
    "unhex",
    "format",
    // string
    "mid",
    "space",
    "field",
    "elt",
    "find_in_set",
    "insert",
    "substring_index",
    "strcmp",
    "soundex",
    "quote",
    "sha1",
    "sha",
    "sha2",
    "to_base64",
    "from_base64",
    "char_length",
    "regexp",
    "export_set",
    "make_set",
    "ord",
    "weight_string",
    "natural_sort_key",
    // date and time
    "curdate",
    "curtime",
    "sysdate",
    "utc_date",
    "utc_time",
    "utc_timestamp",
    "year",
    "month",
    "day",
    "dayofmonth",
    "dayofweek",
    "dayofyear",
    "week",
    "weekday",
    "weekofyear",
    "yearweek",
    "quarter",
    "hour",
    "minute",
    "second",
    "microsecond",
    "last_day",
    "date_add",
    "date_sub",
    "adddate",
    "subdate",
    "addtime",
    "subtime",
    "datediff",
    "timestampdiff",
    "timestampadd",
    "timediff",
    "from_unixtime",
    "unix_timestamp",
    "monthname",
    "dayname",
    "period_add",
    "period_diff",
    "makedate",
    "maketime",
    "sec_to_time",
    "time_to_sec",
    "to_days",
    "from_days",
    "to_seconds",
    "convert_tz",
    "date_format",
    "str_to_date",
    "time_format",
    "get_format",
    "timestamp",
    "extract",
    // conditionals
    "if",
    "nvl",
    "nvl2",
    "isnull",
    "interval",
    "decode_oracle",
    // the session's own identity
    "connection_id",
    "database",
    "schema",
    "version",
    // JSON
    "json_contains",
    "json_contains_path",
    "json_keys",
    "json_length",
    "json_depth",
    "json_unquote",
    "json_value",
    "json_query",
    "json_search",
    "json_merge",
    "json_merge_patch",
    "json_merge_preserve",
    "json_set",
    "json_insert",
    "json_replace",
    "json_remove",
    "json_array_append",
    "json_array_insert",
    "json_compact",
    "json_detailed",
    "json_loose",
    "json_exists",
    "json_table",
    "json_overlaps",
    "json_equals",
    "json_normalize",
    "json_pretty",
});

// Well-known dangerous functions and why they are refused, for precise messages. Whatever
// is not on an allow-list is refused anyway; this list only names the reason.
struct Danger {
  std::string_view name;
  std::string_view why;
};

constexpr std::string_view kFiles = "it reads files on the database server";
constexpr std::string_view kDirs = "it lists directories or file details on the database server";
constexpr std::string_view kLargeObjects =
    "it reads or writes large objects and server files (large-object functions)";
constexpr std::string_view kSignal = "it signals or controls server processes";
constexpr std::string_view kSettings = "it reads or changes the server's configuration";
constexpr std::string_view kSleep = "it only makes the server wait or spin (denial of service)";
constexpr std::string_view kRemote = "it connects to other servers (dblink, foreign data)";
constexpr std::string_view kTextQuery = "it runs a query given as text, which askdb cannot check";
constexpr std::string_view kLocks = "it takes locks that outlive the query";
constexpr std::string_view kSequences = "it changes or reads sequence state";
constexpr std::string_view kNative = "it loads native code or reaches outside the database";

constexpr auto kDangers = std::to_array<Danger>({
    {"pg_read_file", kFiles},
    {"pg_read_binary_file", kFiles},
    {"pg_file_write", kFiles},
    {"pg_ls_dir", kDirs},
    {"pg_stat_file", kDirs},
    {"pg_ls_logdir", kDirs},
    {"pg_ls_waldir", kDirs},
    {"pg_ls_tmpdir", kDirs},
    {"pg_ls_archive_statusdir", kDirs},
    {"pg_ls_logicalsnapdir", kDirs},
    {"pg_ls_logicalmapdir", kDirs},
    {"pg_ls_replslotdir", kDirs},
    {"pg_current_logfile", kDirs},
    {"lo_import", kLargeObjects},
    {"lo_export", kLargeObjects},
    {"lo_get", kLargeObjects},
    {"lo_put", kLargeObjects},
    {"lo_open", kLargeObjects},
    {"lo_create", kLargeObjects},
    {"lo_creat", kLargeObjects},
    {"lo_unlink", kLargeObjects},
    {"lo_from_bytea", kLargeObjects},
    {"loread", kLargeObjects},
    {"lowrite", kLargeObjects},
    {"pg_terminate_backend", kSignal},
    {"pg_cancel_backend", kSignal},
    {"pg_reload_conf", kSignal},
    {"pg_rotate_logfile", kSignal},
    {"pg_promote", kSignal},
    {"pg_switch_wal", kSignal},
    {"pg_log_backend_memory_contexts", kSignal},
    {"pg_create_restore_point", kSignal},
    {"pg_backup_start", kSignal},
    {"pg_backup_stop", kSignal},
    {"set_config", kSettings},
    {"current_setting", kSettings},
    {"pg_show_all_settings", kSettings},
    {"pg_show_all_file_settings", kSettings},
    {"pg_hba_file_rules", kSettings},
    {"pg_sleep", kSleep},
    {"pg_sleep_for", kSleep},
    {"pg_sleep_until", kSleep},
    {"sleep", kSleep},
    {"benchmark", kSleep},
    {"dblink", kRemote},
    {"dblink_exec", kRemote},
    {"dblink_connect", kRemote},
    {"dblink_connect_u", kRemote},
    {"dblink_send_query", kRemote},
    {"postgres_fdw_get_connections", kRemote},
    {"query_to_xml", kTextQuery},
    {"query_to_xmlschema", kTextQuery},
    {"query_to_xml_and_xmlschema", kTextQuery},
    {"cursor_to_xml", kTextQuery},
    {"table_to_xml", kTextQuery},
    {"schema_to_xml", kTextQuery},
    {"database_to_xml", kTextQuery},
    {"pg_advisory_lock", kLocks},
    {"pg_advisory_xact_lock", kLocks},
    {"pg_try_advisory_lock", kLocks},
    {"get_lock", kLocks},
    {"release_lock", kLocks},
    {"is_free_lock", kLocks},
    {"is_used_lock", kLocks},
    {"master_pos_wait", kSleep},
    {"master_gtid_wait", kSleep},
    {"nextval", kSequences},
    {"setval", kSequences},
    {"currval", kSequences},
    {"lastval", kSequences},
    {"load_file", kFiles},
    {"load_extension", kNative},
    {"readfile", kFiles},
    {"writefile", kNative},
    {"edit", kNative},
    {"fts3_tokenizer", kNative},
    {"sys_exec", kNative},
    {"sys_eval", kNative},
});

constexpr std::string_view kNotListed =
    "it is not on askdb's list of functions that only compute (aggregates, string, date, "
    "math, window, casts, conditionals)";

template <size_t N>
bool Listed(const std::array<std::string_view, N>& list, std::string_view lower) {
  return std::find(list.begin(), list.end(), lower) != list.end();
}

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

}  // namespace

std::string FunctionRefusalReason(Engine engine, std::string_view name) {
  const std::string lower = Lower(name);
  for (const Danger& d : kDangers) {
    if (d.name == lower) return std::string(d.why);
  }
  bool allowed = Listed(kCommonFunctions, lower);
  switch (engine) {
    case Engine::kSqlite:
      allowed = allowed || Listed(kSqliteFunctions, lower);
      break;
    case Engine::kPostgres:
      allowed = allowed || Listed(kPostgresFunctions, lower);
      break;
    case Engine::kMysql:
      allowed = allowed || Listed(kMysqlFunctions, lower);
      break;
  }
  return allowed ? std::string() : std::string(kNotListed);
}

bool IsKnownDangerousFunction(std::string_view name) {
  const std::string lower = Lower(name);
  return std::any_of(kDangers.begin(), kDangers.end(),
                     [&lower](const Danger& d) { return d.name == lower; });
}

Status FunctionRefused(std::string_view name, std::string_view reason) {
  return PermissionDeniedError("refused: function " + std::string(name) +
                               " is not allowed: " + std::string(reason) +
                               " (askdb lets a query read only this datasource's tables and "
                               "call functions that compute on values)");
}

Status TableRefused(std::string_view name, std::string_view reason) {
  return PermissionDeniedError("refused: table " + std::string(name) +
                               " is not allowed: " + std::string(reason) +
                               " (askdb lets a query read only this datasource's tables)");
}

Status Unprovable(std::string_view what) {
  return PermissionDeniedError("refused: " + std::string(what) +
                               "; askdb runs only statements it can prove read nothing but "
                               "this datasource's tables — rewrite it as a plain SELECT");
}

std::string ReadOnlyRoleSql(Engine engine, std::string_view database) {
  const std::string db = database.empty() ? std::string("mydb") : std::string(database);
  switch (engine) {
    case Engine::kPostgres:
      return "CREATE ROLE askdb_reader LOGIN PASSWORD '...' NOSUPERUSER NOCREATEDB "
             "NOCREATEROLE NOBYPASSRLS; GRANT CONNECT ON DATABASE " +
             db +
             " TO askdb_reader; GRANT USAGE ON SCHEMA public TO askdb_reader; GRANT SELECT ON "
             "ALL TABLES IN SCHEMA public TO askdb_reader;";
    case Engine::kMysql:
      return "CREATE USER 'askdb_reader'@'%' IDENTIFIED BY '...'; GRANT SELECT ON " + db +
             ".* TO 'askdb_reader'@'%';";
    case Engine::kSqlite:
      break;
  }
  return "";
}

Status PrivilegedRoleRefused(Engine engine, std::string_view role, std::string_view where,
                             std::string_view database,
                             const std::vector<RolePrivilege>& privileges) {
  std::string message = "refused to use " + std::string(where) + ": askdb is connected as '" +
                        std::string(role) + "', a privileged role — ";
  for (size_t i = 0; i < privileges.size(); ++i) {
    if (i > 0) message += "; ";
    message += privileges[i].name + " (" + privileges[i].why + ")";
  }
  message +=
      ". A read-only transaction does not limit what such a role can reach on the server. "
      "Connect askdb as a role that can only SELECT your data, for example: " +
      ReadOnlyRoleSql(engine, database) +
      " To accept the risk anyway, add ?allow_privileged_role=true to the URL; askdb's statement "
      "guard still applies.";
  return PermissionDeniedError(message);
}

StatusOr<bool> ParseAllowPrivilegedRole(std::string_view value) {
  const std::string v = Lower(value);
  if (v == "true" || v == "1" || v == "yes" || v == "on") return true;
  if (v == "false" || v == "0" || v == "no" || v == "off") return false;
  return InvalidArgumentError("allow_privileged_role must be true or false, not '" +
                              std::string(value) + "'");
}

}  // namespace askdb::db::guard
