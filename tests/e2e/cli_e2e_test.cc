// End-to-end tests of the built askdb binary: real processes, real files, real databases
// (Chinook from ../shared/data, copied to a temporary directory first), checking exit codes,
// stdout, stderr and that refused statements leave the database byte-identical.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "askdb/common/json.h"

namespace askdb {
namespace {

namespace fs = std::filesystem;

struct RunResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

std::string ShellQuote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += (c == '\'') ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::string Slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

class CliE2eTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("askdb_cli_e2e_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "home");
    chinook_ = dir_ / "chinook.sqlite";
    fs::copy_file(fs::path(ASKDB_SHARED_DATA_DIR) / "chinook" / "chinook.sqlite", chinook_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Runs askdb with `args`, an isolated ASKDB_HOME and the working directory `dir_`.
  RunResult Run(const std::vector<std::string>& args, const std::string& stdin_text = "") {
    std::string cmd = "cd " + ShellQuote(dir_.string()) +
                      " && ASKDB_HOME=" + ShellQuote((dir_ / "home").string()) + " NO_COLOR=1 " +
                      ShellQuote(ASKDB_BINARY);
    for (const std::string& a : args) cmd += " " + ShellQuote(a);
    if (!stdin_text.empty()) {
      std::ofstream(dir_ / "stdin.txt") << stdin_text;
      cmd += " < stdin.txt";
    } else {
      cmd += " < /dev/null";
    }
    cmd += " > out.txt 2> err.txt";
    int status = std::system(cmd.c_str());
    RunResult r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = Slurp(dir_ / "out.txt");
    r.err = Slurp(dir_ / "err.txt");
    return r;
  }

  fs::path dir_;
  fs::path chinook_;
};

TEST_F(CliE2eTest, VersionAndHelp) {
  RunResult v = Run({"--version"});
  EXPECT_EQ(v.exit_code, 0);
  // The version and the commit it was built from (cached answers are kept per build).
  EXPECT_TRUE(
      std::regex_search(v.out, std::regex(R"(askdb \d+\.\d+\.\d+\+([0-9a-f]{12}|unknown))")))
      << v.out;
  RunResult h = Run({"sql", "--help"});
  EXPECT_EQ(h.exit_code, 0);
  EXPECT_NE(h.out.find("Examples:"), std::string::npos);
}

// A subcommand's help ends with its own command's examples, not askdb's (demo, sql): `askdb kb
// add --help` and `askdb users add --help` showed the top-level ones.
TEST_F(CliE2eTest, ASubcommandsHelpShowsItsCommandsExamples) {
  RunResult add = Run({"kb", "add", "--help"});
  EXPECT_EQ(add.exit_code, 0) << add.err;
  EXPECT_NE(add.out.find("askdb kb add handbook.pdf"), std::string::npos) << add.out;
  EXPECT_EQ(add.out.find("askdb sql --db x.db"), std::string::npos) << add.out;
  RunResult user = Run({"users", "add", "--help"});
  EXPECT_EQ(user.exit_code, 0) << user.err;
  EXPECT_NE(user.out.find("askdb users add"), std::string::npos) << user.out;
  EXPECT_EQ(user.out.find("askdb sql --db x.db"), std::string::npos) << user.out;
  // The top level keeps its own.
  EXPECT_NE(Run({"--help"}).out.find("askdb sql --db x.db"), std::string::npos);
}

// `askdb llm --help` and `askdb config --help` ended with askdb's examples and exit codes;
// `kb list`/`kb search` said --agent defaults to "default" though without it they cover every
// scope; `schema --help` did not give --samples's default.
TEST_F(CliE2eTest, HelpTextsSayWhatTheCommandDoes) {
  for (const char* command : {"llm", "config"}) {
    RunResult help = Run({command, "--help"});
    EXPECT_EQ(help.exit_code, 0) << help.err;
    EXPECT_NE(help.out.find(std::string("askdb ") + command + " "), std::string::npos) << help.out;
    EXPECT_EQ(help.out.find("askdb sql --db x.db"), std::string::npos) << help.out;
    EXPECT_EQ(help.out.find("Exit codes:"), std::string::npos) << help.out;
  }
  for (const char* sub : {"list", "search"}) {
    RunResult help = Run({"kb", sub, "--help"});
    EXPECT_EQ(help.exit_code, 0) << help.err;
    EXPECT_EQ(help.out.find("(default: default)"), std::string::npos) << help.out;
    EXPECT_NE(help.out.find("every agent and datasource"), std::string::npos) << help.out;
  }
  EXPECT_NE(Run({"kb", "add", "--help"}).out.find("(default: default)"), std::string::npos);
  EXPECT_NE(Run({"schema", "--help"}).out.find("with --table (default: 3)"), std::string::npos);
}

// `askdb kb add doc.md` twice stored two copies: the second names the item and adds nothing
// (exit 0, nothing to do); the same name with other content is a new item.
TEST_F(CliE2eTest, KbAddOfTheSameDocumentAgainNamesTheIndexedItem) {
  std::ofstream(dir_ / "doc.md") << "# Returns\n\nItems may be returned within 30 days.\n";
  RunResult first = Run({"--json", "kb", "add", "doc.md"});
  ASSERT_EQ(first.exit_code, 0) << first.err;
  const std::string id = askdb::Json::parse(first.out)["id"];
  RunResult again = Run({"kb", "add", "doc.md"});
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.out.find("already indexed in agent:default as " + id), std::string::npos)
      << again.out;
  RunResult json = Run({"--json", "kb", "add", "doc.md"});
  EXPECT_EQ(askdb::Json::parse(json.out)["already_indexed"], true) << json.out;
  std::ofstream(dir_ / "doc.md") << "# Returns\n\nItems may be returned within 60 days.\n";
  EXPECT_EQ(Run({"kb", "add", "doc.md"}).exit_code, 0);
  RunResult list = Run({"--json", "kb", "list"});
  EXPECT_EQ(askdb::Json::parse(list.out).size(), 2u) << list.out;
}

// A usage error names the command it is about, its subcommands, and that command's help:
// "askdb config set" said "A subcommand is required (see askdb --help)".
TEST_F(CliE2eTest, AUsageErrorNamesTheCommandAndItsHelp) {
  RunResult config = Run({"config", "set", "llm.model", "x"});
  EXPECT_EQ(config.exit_code, 2);
  EXPECT_NE(config.err.find("askdb config needs one of its subcommands: show"), std::string::npos)
      << config.err;
  EXPECT_NE(config.err.find("(see askdb config --help)"), std::string::npos) << config.err;
  RunResult term = Run({"kb", "term", "--no-such-option"});
  EXPECT_EQ(term.exit_code, 2);
  EXPECT_NE(term.err.find("(see askdb kb term --help)"), std::string::npos) << term.err;
}

TEST_F(CliE2eTest, SchemaListsChinookTablesWithKeys) {
  RunResult r = Run({"schema", "--db", chinook_.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("11 tables"), std::string::npos) << r.out;
  for (const char* table : {"Album", "Artist", "Customer", "Employee", "Genre", "Invoice",
                            "InvoiceLine", "MediaType", "Playlist", "PlaylistTrack", "Track"}) {
    EXPECT_NE(r.out.find(table), std::string::npos) << table;
  }
  EXPECT_NE(r.out.find("PK"), std::string::npos);
  EXPECT_NE(r.out.find("→ Artist.ArtistId"), std::string::npos) << r.out;

  RunResult j = Run({"--json", "schema", "--db", "sqlite:" + chinook_.string()});
  ASSERT_EQ(j.exit_code, 0) << j.err;
  StatusOr<Json> parsed = ParseJson(j.out);
  ASSERT_TRUE(parsed.ok()) << j.out;
  EXPECT_EQ((*parsed)["tables"].size(), 11u);
}

// The words an abstention asks for ("写明要用的列名（askdb schema 可列出）") must be findable:
// with the Chinese semantic model, each table and column shows its business names.
TEST_F(CliE2eTest, SchemaShowsTheSemanticModelsBusinessNames) {
  const fs::path model = fs::path(ASKDB_SOURCE_DIR) / "data/semantic/chinook.semantic.json";
  RunResult r = Run({"schema", "--db", chinook_.string(), "--semantic-model", model.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Invoice  发票 / invoices  412 rows"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("BillingCountry"), std::string::npos);
  EXPECT_NE(r.out.find("账单国家 / billing country"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("发票金额 / invoice total · USD"), std::string::npos) << r.out;

  // Beside the database as NAME.semantic.json it is found as `askdb ask` finds it.
  RunResult plain = Run({"schema", "--db", chinook_.string()});
  EXPECT_EQ(plain.out.find("发票"), std::string::npos);
  fs::copy_file(model, dir_ / "chinook.semantic.json");
  RunResult beside = Run({"schema", "--db", chinook_.string(), "--table", "Genre"});
  ASSERT_EQ(beside.exit_code, 0) << beside.err;
  EXPECT_NE(beside.out.find("流派名称 / genre name"), std::string::npos) << beside.out;

  // A broken model is refused naming the file and the field, and nothing is listed.
  std::ofstream(dir_ / "bad.json") << R"({"tables": [{"name": "Invoice", "synonym": ["x"]}]})";
  RunResult bad = Run({"schema", "--db", chinook_.string(), "--semantic-model", "bad.json"});
  EXPECT_NE(bad.exit_code, 0);
  EXPECT_NE(bad.err.find("bad.json"), std::string::npos) << bad.err;
  EXPECT_NE(bad.err.find("tables[0].synonym"), std::string::npos) << bad.err;
  EXPECT_EQ(bad.out, "");
}

// A Chinese conversation over Chinook with its Chinese semantic model: a breakdown by genre,
// then "那爵士呢？" narrows it to jazz (agent/session/follow_up.cc) — answered by the engine with
// the count `askdb sql` gives, not taken for small talk.
TEST_F(CliE2eTest, ChineseChatNarrowsABreakdownToTheValueAskedAbout) {
  const fs::path model = fs::path(ASKDB_SOURCE_DIR) / "data/semantic/chinook.semantic.json";
  RunResult chat =
      Run({"--json", "chat", "--db", chinook_.string(), "--semantic-model", model.string()},
          "各流派的曲目数量\n那爵士呢？\n");
  ASSERT_EQ(chat.exit_code, 0) << chat.err;
  std::vector<Json> turns;
  std::istringstream lines(chat.out);
  for (std::string line; std::getline(lines, line);) {
    StatusOr<Json> turn = ParseJson(line);
    ASSERT_TRUE(turn.ok()) << line;
    turns.push_back(*turn);
  }
  ASSERT_EQ(turns.size(), 2u) << chat.out;
  EXPECT_EQ(turns[0]["route"], "engine");
  EXPECT_EQ(turns[0]["result"]["rows"].size(), 25u);
  EXPECT_EQ(turns[1]["route"], "engine") << turns[1].dump();
  RunResult gold = Run({"--json", "sql", "--db", chinook_.string(),
                        "SELECT COUNT(*) FROM Track t JOIN Genre g ON g.GenreId = t.GenreId "
                        "WHERE g.Name = 'Jazz'"});
  ASSERT_EQ(gold.exit_code, 0) << gold.err;
  StatusOr<Json> expected = ParseJson(gold.out);
  ASSERT_TRUE(expected.ok()) << gold.out;
  EXPECT_EQ(turns[1]["result"]["rows"], (*expected)["rows"]) << turns[1].dump();
}

// Session 24: after "各地区的销售额" → "那上海呢", "那线上呢" went unanswered (the narrowed
// question had no channel to replace), and "那2023年呢" after it started afresh. Each
// follow-up now narrows the last answered question as it was read; "你好" between them does
// not break the chain.
TEST_F(CliE2eTest, ChatNarrowsAFollowUpOfAFollowUp) {
  ASSERT_EQ(Run({"demo", "--report", "demo.html"}).exit_code, 0);
  RunResult chat =
      Run({"--json", "chat"}, "各地区的销售额\n那上海呢\n那线上呢\n你好\n那2023年呢\n");
  ASSERT_EQ(chat.exit_code, 0) << chat.err;
  std::vector<Json> turns;
  std::istringstream lines(chat.out);
  for (std::string line; std::getline(lines, line);) {
    if (StatusOr<Json> j = ParseJson(line); j.ok()) turns.push_back(*j);
  }
  ASSERT_EQ(turns.size(), 5u) << chat.out << chat.err;
  for (size_t i : {1u, 2u, 4u}) EXPECT_EQ(turns[i]["route"], "engine") << turns[i];
  const std::string online = turns[2]["sql"];
  EXPECT_NE(online.find("'上海'"), std::string::npos) << online;
  EXPECT_NE(online.find("'online'"), std::string::npos) << online;
  const std::string year = turns[4]["sql"];
  for (const char* kept : {"'上海'", "'online'", "2023-01-01"}) {
    EXPECT_NE(year.find(kept), std::string::npos) << kept << " in " << year;
  }
}

TEST_F(CliE2eTest, SqlGroupByAndJoinGiveCorrectRows) {
  RunResult r = Run({"--json", "sql", "--db", chinook_.string(),
                     "SELECT g.Name, COUNT(*) AS n FROM Track t JOIN Genre g "
                     "ON g.GenreId = t.GenreId GROUP BY g.Name ORDER BY n DESC LIMIT 3"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  StatusOr<Json> parsed = ParseJson(r.out);
  ASSERT_TRUE(parsed.ok()) << r.out;
  const Json& rows = (*parsed)["rows"];
  ASSERT_EQ(rows.size(), 3u);
  // Chinook's three largest genres by track count.
  EXPECT_EQ(rows[0][0], "Rock");
  EXPECT_EQ(rows[0][1], 1297);
  EXPECT_EQ(rows[1][0], "Latin");
  EXPECT_EQ(rows[1][1], 579);
  EXPECT_EQ(rows[2][0], "Metal");
  EXPECT_EQ(rows[2][1], 374);
  EXPECT_EQ((*parsed)["chart"]["kind"], "bar");
}

TEST_F(CliE2eTest, SqlPrintsTableAndChartForPeople) {
  RunResult r = Run({"sql", "--db", chinook_.string(),
                     "SELECT BillingCountry, ROUND(SUM(Total), 2) AS revenue FROM Invoice "
                     "GROUP BY 1 ORDER BY 2 DESC LIMIT 5"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("BillingCountry"), std::string::npos);
  EXPECT_NE(r.out.find("USA"), std::string::npos);
  EXPECT_NE(r.out.find("(5 rows)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("█"), std::string::npos) << "expected a terminal bar chart:\n" << r.out;
}

TEST_F(CliE2eTest, SqlReadsStdinAndWritesReports) {
  RunResult r = Run({"sql", "--db", chinook_.string(), "-", "--report", "r.md"},
                    "SELECT COUNT(*) AS tracks FROM Track");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("tracks: 3,503"), std::string::npos) << r.out;  // a KPI
  std::string md = Slurp(dir_ / "r.md");
  EXPECT_NE(md.find("```sql"), std::string::npos) << md;
  EXPECT_NE(md.find("SELECT COUNT(*) AS tracks FROM Track"), std::string::npos);
}

TEST_F(CliE2eTest, WritesAreRefusedAndTheFileIsUnchanged) {
  const std::string before = Slurp(chinook_);
  for (const char* sql : {"DELETE FROM Album", "UPDATE Artist SET Name = 'x'", "DROP TABLE Track",
                          "SELECT 1; DELETE FROM Album", "ATTACH DATABASE 'evil.db' AS evil",
                          "PRAGMA user_version = 7", "VACUUM INTO 'copy.db'",
                          "WITH x AS (SELECT 1) DELETE FROM Album"}) {
    RunResult r = Run({"sql", "--db", chinook_.string(), sql});
    EXPECT_EQ(r.exit_code, 5) << sql << ": " << r.err;  // refused, as README and cli.md say
    EXPECT_EQ(r.err.rfind("askdb: error: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find("refused"), std::string::npos) << sql << ": " << r.err;
  }
  EXPECT_EQ(Slurp(chinook_), before) << "the database file changed";
  EXPECT_FALSE(fs::exists(dir_ / "evil.db"));
  EXPECT_FALSE(fs::exists(dir_ / "copy.db"));
}

TEST_F(CliE2eTest, BadInputGetsOneLineErrorAndItsExitCode) {
  std::ofstream(dir_ / "notes.txt") << "this is not a database, just some text\n";
  struct Case {
    std::vector<std::string> args;
    int code;
    const char* needle;
  };
  const std::vector<Case> cases = {
      {{"sql", "--db", "missing.sqlite", "SELECT 1"}, 3, "not found"},
      // Said at every turn ("askdb: not_found: …") and exit 0 before: a chat fails at its start.
      {{"chat", "--db", "missing.sqlite"}, 3, "not found"},
      {{"sql", "--db", "notes.txt", "SELECT 1"}, 3, "not a SQLite database"},
      {{"sql", "--db", chinook_.string(), "   "}, 3, "empty"},
      {{"sql", "--db", "sqlite://relative.db", "SELECT 1"}, 3, "sqlite:"},
      {{"sql", "--db", chinook_.string(), "SELEC * FROM Album"}, 4, "syntax error"},
      {{"sql", "--db", chinook_.string(), "SELECT * FROM NoSuchTable"}, 4, "NoSuchTable"},
      {{"sql", "--db", chinook_.string(), "--timeout", "0.2",
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) "
        "SELECT COUNT(*) FROM c"},
       6,
       "timeout"},
      {{"sql", "--no-such-flag", "SELECT 1"}, 2, "no-such-flag"},
      // CLI11's own check printed "not in range 0.000000 to 1797693134862315708145…".
      {{"sql", "--db", chinook_.string(), "--max-rows", "0", "SELECT 1"}, 2, "greater than 0"},
      // A misspelt zone used to answer in UTC without a word.
      {{"ask", "--tz", "Asia/Shangai", "现在几点"}, 2, "unknown time zone 'Asia/Shangai'"},
      {{"ask", "--db", chinook_.string(), "--thread", "no-such-thread", "--resume", "approve"},
       3,
       "check the thread id"},
      // Ignored before: the schema listed what the user may not see, as if it were theirs.
      {{"--user", "ann", "schema", "--db", chinook_.string()},
       3,
       "apply to ask, chat, sql and mcp"},
  };
  for (const Case& c : cases) {
    RunResult r = Run(c.args);
    std::string joined;
    for (const auto& a : c.args) joined += a + " ";
    EXPECT_EQ(r.exit_code, c.code) << joined << "\nstderr: " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << joined << ": " << r.err;
    EXPECT_NE(r.err.find(c.needle), std::string::npos) << joined << ": " << r.err;
  }
}

TEST_F(CliE2eTest, JsonErrorsAreMachineReadable) {
  RunResult r = Run({"--json", "sql", "--db", chinook_.string(), "DELETE FROM Album"});
  EXPECT_EQ(r.exit_code, 5) << r.err;
  StatusOr<Json> parsed = ParseJson(r.out);
  ASSERT_TRUE(parsed.ok()) << r.out;
  EXPECT_EQ((*parsed)["error"]["code"], "permission_denied");
}

// askdb demo --db on someone's own database: --refresh replaced it with the demo, and a plain
// run wrote the demo's semantic model beside it. Now both are refused and nothing is written.
TEST_F(CliE2eTest, DemoNeverWritesOverSomeoneElsesDatabase) {
  const std::string before = Slurp(chinook_);
  for (const bool refresh : {true, false}) {
    std::vector<std::string> args = {"demo", "--db", chinook_.string(), "--report", "d.html"};
    if (refresh) args.push_back("--refresh");
    RunResult r = Run(args);
    EXPECT_EQ(r.exit_code, 3) << r.err;
    EXPECT_NE(r.err.find("is not askdb's demo database"), std::string::npos) << r.err;
    EXPECT_EQ(Slurp(chinook_), before);
    EXPECT_FALSE(fs::exists(dir_ / "chinook.semantic.json"));
  }
}

TEST_F(CliE2eTest, DemoCreatesTheDatabaseAndRunsTheMainJob) {
  RunResult r = Run({"demo", "--report", "demo.html"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir_ / "home" / "data" / "demo" / "retail.sqlite"));
  EXPECT_TRUE(fs::exists(dir_ / "home" / "data" / "demo" / "retail.semantic.json"));
  EXPECT_NE(r.out.find("SELECT"), std::string::npos);  // the SQL
  EXPECT_NE(r.out.find("华东"), std::string::npos);    // a table of regions
  EXPECT_NE(r.out.find("█"), std::string::npos);       // a terminal chart
  EXPECT_NE(r.out.find("Report written to"), std::string::npos);
  const std::string html = Slurp(dir_ / "demo.html");
  EXPECT_NE(html.find("echarts"), std::string::npos);
  EXPECT_EQ(html.find("<script src=\"http"), std::string::npos) << "must not load from a CDN";

  // A second run reuses the database and is still correct.
  RunResult again = Run({"--json", "demo", "--report", "demo2.html"});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  StatusOr<Json> parsed = ParseJson(again.out);
  ASSERT_TRUE(parsed.ok()) << again.out;
  ASSERT_GE((*parsed)["results"].size(), 6u);
  int engine_answers = 0;
  for (const Json& item : (*parsed)["results"]) {
    // Every showcase question is answered, with no model.
    EXPECT_NE(item["route"], "not_answered") << item["question"] << ": " << item["answer"];
    EXPECT_EQ(item["llm_calls"], 0);
    if (item["route"] == "engine") ++engine_answers;
  }
  EXPECT_GE(engine_answers, 5);
}

// An agent profile's table selection (--agent) restricts the engine as a server run does: the
// abstention said "这个智能体只能查询这些表：orders、stores" while the engine answered from
// customers.
TEST_F(CliE2eTest, AnAgentProfilesTablesRestrictTheEngine) {
  ASSERT_EQ(Run({"demo", "--report", "demo.html"}).exit_code, 0);
  std::ofstream(dir_ / "agent.json") << R"({"selected_tables": ["orders", "stores"]})";
  RunResult free = Run({"--json", "ask", "有多少个客户"});
  ASSERT_EQ(free.exit_code, 0) << free.err;
  EXPECT_NE(free.out.find("customers"), std::string::npos) << free.out;
  RunResult limited =
      Run({"--json", "ask", "--agent", (dir_ / "agent.json").string(), "有多少个客户"});
  StatusOr<Json> j = ParseJson(limited.out);
  ASSERT_TRUE(j.ok()) << limited.out << limited.err;
  EXPECT_EQ((*j)["sql"].get<std::string>().find("customers"), std::string::npos) << limited.out;
  EXPECT_NE((*j)["route"], "engine") << limited.out;
}

TEST_F(CliE2eTest, AskRoutesEachKindOfRequest) {
  ASSERT_EQ(Run({"demo", "--report", "demo.html"}).exit_code, 0);
  RunResult data = Run({"--json", "ask", "2024年各地区的销售额"});
  ASSERT_EQ(data.exit_code, 0) << data.err;
  StatusOr<Json> d = ParseJson(data.out);
  ASSERT_TRUE(d.ok()) << data.out;
  EXPECT_EQ((*d)["route"], "engine");
  EXPECT_EQ((*d)["rows"].size(), 7u);

  RunResult quick = Run({"ask", "1.2万乘以3等于多少"});
  EXPECT_EQ(quick.exit_code, 0) << quick.err;
  EXPECT_NE(quick.out.find("= 36000"), std::string::npos) << quick.out;

  RunResult advice = Run({"ask", "对本数据源提出一些分析建议"});
  EXPECT_EQ(advice.exit_code, 0) << advice.err;
  EXPECT_NE(advice.out.find("咨询建议"), std::string::npos) << advice.out;

  // A multi-step analysis runs its deterministic plan without a model and writes a report.
  RunResult multi = Run({"ask", "做一份全面的销售分析报告", "--report", "analysis.md"});
  EXPECT_EQ(multi.exit_code, 0) << multi.out << multi.err;
  EXPECT_NE(multi.out.find("多步骤分析"), std::string::npos) << multi.out;
  EXPECT_NE(multi.out.find("失败 0"), std::string::npos) << multi.out;
  const std::string analysis = Slurp(dir_ / "analysis.md");
  EXPECT_NE(analysis.find("```echarts"), std::string::npos) << analysis;
  EXPECT_NE(analysis.find("```sql"), std::string::npos) << analysis;

  RunResult hostile = Run({"ask", "'; DROP TABLE orders; --"});
  EXPECT_TRUE(hostile.exit_code == 0 || hostile.exit_code == 8) << hostile.err;
  RunResult count = Run({"--json", "sql", "SELECT COUNT(*) FROM orders"});
  EXPECT_NE(count.out.find("60000"), std::string::npos) << count.out;
}

// askdb chat reads turns from stdin: a follow-up resolves against the earlier turn, a plan
// waits for approval and the next line approves it, and the conversation continues later
// with `ask --thread`.
TEST_F(CliE2eTest, ChatResolvesFollowUpsAndApprovesPlans) {
  ASSERT_EQ(Run({"demo", "--report", "demo.html"}).exit_code, 0);
  RunResult chat =
      Run({"--json", "chat", "--review-plan"},
          "做一份全面的销售分析报告\napprove\n2024年北京的订单数\n那上海呢？\n/thread\n");
  ASSERT_EQ(chat.exit_code, 0) << chat.err;
  std::vector<Json> turns;
  std::string thread;
  std::istringstream lines(chat.out);
  for (std::string line; std::getline(lines, line);) {
    StatusOr<Json> j = ParseJson(line);
    if (j.ok()) {
      turns.push_back(*j);
    } else if (!line.empty()) {
      thread = line;  // the /thread command's answer
    }
  }
  ASSERT_EQ(turns.size(), 4u) << chat.out << chat.err;
  EXPECT_EQ(turns[0]["interrupt"]["kind"], "plan_approval") << turns[0];
  EXPECT_EQ(turns[1]["route"], "analysis") << turns[1];
  EXPECT_EQ(turns[2]["route"], "engine");
  EXPECT_EQ(turns[3]["route"], "engine");
  EXPECT_NE(turns[3]["sql"].get<std::string>().find("上海"), std::string::npos) << turns[3];
  EXPECT_NE(turns[3]["sql"].get<std::string>().find("2024"), std::string::npos) << turns[3];
  // The same conversation from a new process: the follow-up refers to the last data turn.
  ASSERT_FALSE(thread.empty());
  RunResult later = Run({"--json", "ask", "--thread", thread, "那广州呢？"});
  StatusOr<Json> l = ParseJson(later.out);
  ASSERT_TRUE(l.ok()) << later.out << later.err;
  EXPECT_EQ((*l)["route"], "engine") << later.out;
  EXPECT_NE((*l)["sql"].get<std::string>().find("广州"), std::string::npos) << later.out;
  EXPECT_NE((*l)["sql"].get<std::string>().find("2024"), std::string::npos) << later.out;
  // The thread is on the demo database: a follow-up against another one is refused, naming it,
  // in the question's language (session 27).
  RunResult elsewhere = Run({"ask", "--db", chinook_.string(), "--thread", thread, "那深圳呢？"});
  EXPECT_EQ(elsewhere.exit_code, 3) << elsewhere.out << elsewhere.err;
  EXPECT_NE(elsewhere.err.find("retail.sqlite"), std::string::npos) << elsewhere.err;
  EXPECT_NE(elsewhere.err.find("去掉 --thread"), std::string::npos) << elsewhere.err;
}

TEST_F(CliE2eTest, AskUsesTheModelOnlyWhenTheEngineAbstainsAndResumesClarifications) {
  ASSERT_EQ(Run({"demo", "--report", "demo.html"}).exit_code, 0);
  std::ofstream(dir_ / "rules.json") << R"([
    {"match": "Clarification: 2024", "json": {"sql": "SELECT COUNT(*) AS orders FROM orders WHERE order_date LIKE '2024%'"}},
    {"match": "spent more than", "json": {"sql": "SELECT c.name, SUM(o.total_amount) AS spent FROM customers c JOIN orders o ON o.customer_id = c.customer_id GROUP BY c.customer_id HAVING SUM(o.total_amount) > 50000 ORDER BY spent DESC LIMIT 5"}},
    {"match": "busy season", "json": {"needs_clarification": "Which year do you mean?"}}
  ])";
  // The engine answers what it can: no model call even with a model available.
  RunResult engine = Run({"--json", "ask", "--llm", "scripted:rules.json", "上海的订单数"});
  ASSERT_EQ(engine.exit_code, 0) << engine.err;
  StatusOr<Json> e = ParseJson(engine.out);
  ASSERT_TRUE(e.ok()) << engine.out;
  EXPECT_EQ((*e)["route"], "engine");
  EXPECT_EQ((*e)["llm_calls"], 0);

  RunResult model = Run({"--json", "ask", "--llm", "scripted:rules.json",
                         "which customers spent more than 50000 in total", "--report", "spent.md"});
  ASSERT_EQ(model.exit_code, 0) << model.err;
  StatusOr<Json> m = ParseJson(model.out);
  ASSERT_TRUE(m.ok()) << model.out;
  EXPECT_EQ((*m)["route"], "llm");
  EXPECT_EQ((*m)["llm_calls"], 1);
  EXPECT_EQ((*m)["rows"].size(), 5u);
  const std::string md = Slurp(dir_ / "spent.md");
  EXPECT_NE(md.find("HAVING SUM(o.total_amount) > 50000"), std::string::npos) << md;
  // In the terminal, the model's answer is not headed by the engine's unused "not answered:".
  RunResult text =
      Run({"ask", "--llm", "scripted:rules.json", "which 3 customers spent more than 60000"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("route model-written SQL"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("so the model wrote the SQL"), std::string::npos) << text.out;
  EXPECT_EQ(text.out.find("not answered"), std::string::npos) << text.out;

  // A clarifying question ends the run (exit 8) with a thread to resume — in a new process.
  RunResult asked =
      Run({"--json", "ask", "--llm", "scripted:rules.json", "how many orders in the busy season"});
  EXPECT_EQ(asked.exit_code, 8) << asked.err;
  StatusOr<Json> a = ParseJson(asked.out);
  ASSERT_TRUE(a.ok()) << asked.out;
  const std::string thread = (*a)["thread"];
  EXPECT_NE(asked.out.find("Which year do you mean?"), std::string::npos) << asked.out;
  RunResult resumed = Run(
      {"--json", "ask", "--llm", "scripted:rules.json", "--thread", thread, "--resume", "2024"});
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err << resumed.out;
  StatusOr<Json> r = ParseJson(resumed.out);
  ASSERT_TRUE(r.ok()) << resumed.out;
  EXPECT_EQ((*r)["route"], "llm");
  ASSERT_EQ((*r)["rows"].size(), 1u) << resumed.out;
  EXPECT_GT((*r)["rows"][0][0].get<int>(), 0);

  RunResult no_thread = Run({"ask", "--resume", "2024"});
  EXPECT_EQ(no_thread.exit_code, 3) << no_thread.err;
}

// A gold SQL that does not run is named (it counts as a wrong answer, so a typo in the file
// passed for the engine's mistake), and a relative db is looked for beside the questions file
// and named there when missing (the error said "relative paths start at <cwd>").
TEST_F(CliE2eTest, EvalNamesGoldSqlThatFailsAndLooksForDatabasesBesideTheQuestions) {
  fs::create_directories(dir_ / "qs");
  fs::copy_file(chinook_, dir_ / "qs" / "c.sqlite");
  std::ofstream(dir_ / "qs" / "q.jsonl")
      << R"({"id":"ok","db":"c.sqlite","question":"how many albums","gold_sql":"SELECT COUNT(*) FROM Album"})"
      << "\n"
      << R"({"id":"typo","db":"c.sqlite","question":"how many albums","gold_sql":"SELECT COUNT(*) FROM Albums"})"
      << "\n";
  RunResult r = Run({"eval", "qs/q.jsonl"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("gold SQL that did not run"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("typo: gold SQL failed"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("ok: gold SQL failed"), std::string::npos) << r.out;

  std::ofstream(dir_ / "qs" / "missing.jsonl")
      << R"({"id":"m","db":"missing.sqlite","question":"how many albums","gold_sql":"SELECT 1"})"
      << "\n";
  RunResult missing = Run({"eval", "qs/missing.jsonl"});
  EXPECT_EQ(missing.exit_code, 3) << missing.err;
  EXPECT_NE(missing.err.find((dir_ / "qs" / "missing.sqlite").string()), std::string::npos)
      << missing.err;

  // Every mistake of the file at once, before anything runs: not one run per typo.
  std::ofstream(dir_ / "qs" / "mistakes.jsonl")
      << R"({"id":"e","db":"c.sqlite","question":"  ","gold_sql":"SELECT 1"})"
      << "\n"
      << R"({"id":"d","db":"c.sqlite","question":"how many albums","gold_sql":"SELECT 1"})"
      << "\n"
      << R"({"id":"d","db":"gone.sqlite","question":"how many albums","gold_sql":"SELECT 1"})"
      << "\n";
  RunResult mistakes = Run({"eval", "qs/mistakes.jsonl"});
  EXPECT_EQ(mistakes.exit_code, 3) << mistakes.err;
  for (const char* said : {"3 problem(s)", "question e has no question text",
                           "id d is used by more than one question", "db gone.sqlite"}) {
    EXPECT_NE(mistakes.err.find(said), std::string::npos) << said << "\n" << mistakes.err;
  }
}

TEST_F(CliE2eTest, EvalMeasuresTheEngineOnAQuestionsFile) {
  ASSERT_EQ(Run({"demo", "--report", "demo.html"}).exit_code, 0);
  std::ofstream(dir_ / "q.jsonl")
      << R"({"id":"1","db":"demo","question":"订单数量","gold_sql":"SELECT COUNT(*) FROM orders","categories":["aggregate"]})"
      << "\n"
      << R"({"id":"2","db":"demo","question":"how many customers per segment","gold_sql":"SELECT segment, COUNT(*) FROM customers GROUP BY segment","categories":["group"]})"
      << "\n"
      << R"({"id":"3","db":"demo","question":"xyzzy plugh","gold_sql":"SELECT 1","categories":["abstain"]})"
      << "\n";
  RunResult r = Run({"--json", "eval", "q.jsonl", "--report-json", "eval.json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  StatusOr<Json> parsed = ParseJson(r.out);
  ASSERT_TRUE(parsed.ok()) << r.out;
  EXPECT_TRUE(fs::exists(dir_ / "eval.json"));
  const Json& overall = (*parsed)["overall"];
  EXPECT_EQ(overall["total"], 3) << overall.dump();
  EXPECT_EQ(overall["answered"], 2) << overall.dump();
  EXPECT_EQ(overall["correct"], 2) << overall.dump();
  EXPECT_EQ((*parsed)["llm_calls"], 0);
}

}  // namespace
}  // namespace askdb
