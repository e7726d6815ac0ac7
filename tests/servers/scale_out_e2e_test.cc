// Scale-out end to end: several askdb processes share one PostgreSQL management store
// (server.store_url, here through ASKDB_SERVER_STORE_URL) and nothing else — each process
// has its own HOME and ASKDB_HOME. A run interrupted for plan approval on one `askdb serve`
// is resumed through another; an `askdb ask --thread` interrupted in one CLI invocation is
// resumed by the next one. Needs ASKDB_TEST_STORE_URL (scripts/db_servers.sh): skips with a
// message without it, fails under ASKDB_REQUIRE_SERVERS=1.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <libpq-fe.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "askdb/common/json.h"
#include "tests/servers/server_env.h"

extern char** environ;

namespace askdb {
namespace {

namespace fs = std::filesystem;

constexpr std::chrono::seconds kStartTimeout{60};  // serve prepares the demo datasource
constexpr std::chrono::seconds kStopTimeout{30};
constexpr std::chrono::milliseconds kPollInterval{50};
constexpr int kRequestTimeoutSeconds = 120;
constexpr const char* kAnalysisQuestion = "做一份全面的销售分析报告";

std::string Slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// A child process running the askdb binary with its own environment additions; stdout and
// stderr go to files. Ended with SIGTERM (then SIGKILL) when destroyed.
class AskdbProcess {
 public:
  AskdbProcess(const std::vector<std::string>& args, const std::vector<std::string>& env_add,
               const fs::path& out, const fs::path& err, const fs::path& cwd)
      : err_(err) {
    std::vector<std::string> env;
    for (char** e = environ; *e != nullptr; ++e) {
      std::string entry = *e;
      bool replaced = false;
      for (const std::string& add : env_add) {
        if (entry.substr(0, entry.find('=') + 1) == add.substr(0, add.find('=') + 1)) {
          replaced = true;
        }
      }
      if (!replaced) env.push_back(entry);
    }
    env.insert(env.end(), env_add.begin(), env_add.end());
    std::vector<std::string> argv = {ASKDB_BINARY};
    argv.insert(argv.end(), args.begin(), args.end());
    std::vector<char*> argv_p;
    for (std::string& a : argv) argv_p.push_back(a.data());
    argv_p.push_back(nullptr);
    std::vector<char*> env_p;
    for (std::string& e : env) env_p.push_back(e.data());
    env_p.push_back(nullptr);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, out.c_str(),
                                     O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err.c_str(),
                                     O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addchdir_np(&actions, cwd.c_str());
    if (posix_spawn(&pid_, argv_p[0], &actions, nullptr, argv_p.data(), env_p.data()) != 0) {
      pid_ = -1;
    }
    posix_spawn_file_actions_destroy(&actions);
  }
  ~AskdbProcess() { Stop(); }
  AskdbProcess(const AskdbProcess&) = delete;
  AskdbProcess& operator=(const AskdbProcess&) = delete;

  bool started() const { return pid_ > 0; }

  // Waits for the process to exit; its exit code, or -1 on a signal or the timeout.
  int Wait(std::chrono::seconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (pid_ > 0) {
      int status = 0;
      pid_t done = ::waitpid(pid_, &status, WNOHANG);
      if (done == pid_) {
        pid_ = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      }
      if (std::chrono::steady_clock::now() > deadline) return -1;
      std::this_thread::sleep_for(kPollInterval);
    }
    return -1;
  }

  // "listening on http://HOST:PORT" from stderr: the port, or nullopt when the process
  // exited or did not get there in time.
  std::optional<int> WaitForPort() {
    const std::string marker = "listening on http://127.0.0.1:";
    const auto deadline = std::chrono::steady_clock::now() + kStartTimeout;
    while (std::chrono::steady_clock::now() < deadline) {
      const std::string err = Slurp(err_);
      const size_t at = err.find(marker);
      if (at != std::string::npos) {
        const size_t end = err.find_first_not_of("0123456789", at + marker.size());
        if (end != std::string::npos) return std::stoi(err.substr(at + marker.size()));
      }
      int status = 0;
      if (pid_ > 0 && ::waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return std::nullopt;
      }
      std::this_thread::sleep_for(kPollInterval);
    }
    return std::nullopt;
  }

  // SIGTERM, the graceful stop; SIGKILL if it does not exit in time. The exit code.
  int Stop() {
    if (pid_ <= 0) return -1;
    ::kill(pid_, SIGTERM);
    const pid_t pid = pid_;
    int code = Wait(kStopTimeout);
    if (pid_ > 0) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, nullptr, 0);
      pid_ = -1;
    }
    return code;
  }

 private:
  pid_t pid_ = -1;
  fs::path err_;
};

class ScaleOutE2eTest : public ::testing::Test {
 protected:
  void SetUp() override {
    base_url_ = db::testing::EnvOr("ASKDB_TEST_STORE_URL");
    dir_ = fs::temp_directory_path() /
           ("askdb_scale_out_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    if (base_url_.empty()) return;
    // A schema of this test's own inside the store database: reruns start empty.
    schema_ = "e2e_" + std::to_string(::getpid()) + "_" +
              std::to_string(std::chrono::steady_clock::now().time_since_epoch().count() % 100000);
    store_url_ =
        base_url_ + (base_url_.find('?') == std::string::npos ? "?" : "&") + "schema=" + schema_;
  }
  void TearDown() override {
    if (!schema_.empty()) DropSchema();
    fs::remove_all(dir_);
  }

  void DropSchema() {
    const std::string uri = "postgresql://" + base_url_.substr(base_url_.find("://") + 3);
    PGconn* conn = PQconnectdb(uri.c_str());
    if (PQstatus(conn) == CONNECTION_OK) {
      PQsetNoticeProcessor(
          conn, [](void*, const char*) {}, nullptr);  // DROP ... CASCADE notes
      PQclear(PQexec(conn, ("DROP SCHEMA IF EXISTS " + schema_ + " CASCADE").c_str()));
    }
    PQfinish(conn);
  }

  // Environment of one askdb process called `name`: its own HOME and ASKDB_HOME, the shared
  // store.
  std::vector<std::string> Env(const std::string& name) {
    const fs::path home = dir_ / name;
    fs::create_directories(home / "askdb");
    return {"HOME=" + home.string(), "ASKDB_HOME=" + (home / "askdb").string(),
            "ASKDB_SERVER_STORE_URL=" + store_url_, "NO_COLOR=1"};
  }

  // Runs one askdb command to completion; {exit code, stdout, stderr}.
  struct Result {
    int exit_code = -1;
    std::string out;
    std::string err;
  };
  Result RunCli(const std::string& name, const std::vector<std::string>& args) {
    const fs::path out = dir_ / (name + ".out");
    const fs::path err = dir_ / (name + ".err");
    AskdbProcess process(args, Env(name), out, err, dir_);
    Result result;
    if (!process.started()) return result;
    result.exit_code = process.Wait(std::chrono::seconds(kRequestTimeoutSeconds));
    result.out = Slurp(out);
    result.err = Slurp(err);
    return result;
  }

  // Creates the demo database once per test at dir_/retail.sqlite.
  fs::path Demo() {
    const fs::path db = dir_ / "retail.sqlite";
    Result demo = RunCli("demo", {"demo", "--db", db.string()});
    EXPECT_EQ(demo.exit_code, 0) << demo.err;
    return db;
  }

  std::string base_url_;
  std::string schema_;
  std::string store_url_;
  fs::path dir_;
};

TEST_F(ScaleOutE2eTest, RunInterruptedOnOneServeResumesOnAnother) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_STORE_URL");
  const fs::path db = Demo();
  const std::vector<std::string> serve = {
      "serve",     "--db",          db.string(),          "--port", "0", "--no-auth", "--host",
      "127.0.0.1", "--review-plan", "--shutdown-timeout", "5"};
  AskdbProcess a(serve, Env("a"), dir_ / "a.out", dir_ / "a.err", dir_);
  AskdbProcess b(serve, Env("b"), dir_ / "b.out", dir_ / "b.err", dir_);
  ASSERT_TRUE(a.started() && b.started());
  std::optional<int> port_a = a.WaitForPort();
  ASSERT_TRUE(port_a) << Slurp(dir_ / "a.err");
  std::optional<int> port_b = b.WaitForPort();
  ASSERT_TRUE(port_b) << Slurp(dir_ / "b.err");
  ASSERT_NE(*port_a, *port_b);

  httplib::Client client_a("127.0.0.1", *port_a);
  httplib::Client client_b("127.0.0.1", *port_b);
  for (httplib::Client* c : {&client_a, &client_b}) {
    c->set_read_timeout(kRequestTimeoutSeconds, 0);
  }
  const Json ask = {{"query", kAnalysisQuestion}, {"thread_id", "T"}};
  auto asked = client_a.Post("/api/v1/ask", ask.dump(), "application/json");
  ASSERT_TRUE(asked) << httplib::to_string(asked.error());
  ASSERT_EQ(asked->status, 200) << asked->body;
  const Json asked_json = Json::parse(asked->body);
  EXPECT_EQ(asked_json["interrupt"]["kind"], "plan_approval") << asked->body;

  // B never saw thread T: only the shared store can tell it what to resume.
  auto resumed = client_b.Post("/api/v1/runs/T/resume", Json{{"answer", "approve"}}.dump(),
                               "application/json");
  ASSERT_TRUE(resumed) << httplib::to_string(resumed.error());
  ASSERT_EQ(resumed->status, 200) << resumed->body;
  const Json resumed_json = Json::parse(resumed->body);
  EXPECT_EQ(resumed_json["route"], "analysis") << resumed->body;
  EXPECT_FALSE(resumed_json.contains("interrupt") && !resumed_json["interrupt"].is_null())
      << resumed->body;

  // The management records are shared too: an agent created on A is B's, and both runs of
  // thread T are in the one run history.
  const Json agent = {{"id", "shared"}, {"name", "Shared"}, {"datasource_id", "default"}};
  auto created = client_a.Post("/api/v1/agents", agent.dump(), "application/json");
  ASSERT_TRUE(created);
  ASSERT_EQ(created->status, 201) << created->body;
  auto seen = client_b.Get("/api/v1/agents/shared");
  ASSERT_TRUE(seen);
  EXPECT_EQ(seen->status, 200) << seen->body;
  auto history = client_b.Get("/api/v1/runs/history?thread=T");
  ASSERT_TRUE(history);
  ASSERT_EQ(history->status, 200) << history->body;
  EXPECT_NE(history->body.find("\"T\""), std::string::npos) << history->body;
  EXPECT_NE(history->body.find("analysis"), std::string::npos) << history->body;

  // The same thread's follow-up works on A again: the finished run is in the store too.
  auto again = client_a.Post("/api/v1/runs/T/resume", Json{{"answer", "approve"}}.dump(),
                             "application/json");
  ASSERT_TRUE(again);
  EXPECT_NE(again->status, 200) << "a finished run cannot be resumed: " << again->body;

  EXPECT_EQ(a.Stop(), 0) << Slurp(dir_ / "a.err");
  EXPECT_EQ(b.Stop(), 0) << Slurp(dir_ / "b.err");
  // Nothing went to the processes' own data directories: no SQLite checkpoint or
  // management file.
  for (const char* name : {"a", "b"}) {
    EXPECT_FALSE(fs::exists(dir_ / name / "askdb" / "data" / "checkpoints.sqlite")) << name;
    EXPECT_FALSE(fs::exists(dir_ / name / "askdb" / "data" / "askdb_server.sqlite")) << name;
  }
}

TEST_F(ScaleOutE2eTest, CliAskInterruptedInOneProcessResumesInTheNext) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_STORE_URL");
  const fs::path db = Demo();
  Result first = RunCli("first", {"--json", "ask", "--db", db.string(), "--review-plan", "--thread",
                                  "cli-T", kAnalysisQuestion});
  StatusOr<Json> first_json = ParseJson(first.out);
  ASSERT_TRUE(first_json.ok()) << first.out << first.err;
  EXPECT_EQ((*first_json)["interrupt"]["kind"], "plan_approval") << first.out;

  Result second = RunCli("second", {"--json", "ask", "--db", db.string(), "--review-plan",
                                    "--thread", "cli-T", "--resume", "approve"});
  ASSERT_EQ(second.exit_code, 0) << second.err << second.out;
  StatusOr<Json> second_json = ParseJson(second.out);
  ASSERT_TRUE(second_json.ok()) << second.out;
  EXPECT_EQ((*second_json)["route"], "analysis") << second.out;
  EXPECT_FALSE(fs::exists(dir_ / "first" / "askdb" / "data" / "checkpoints.sqlite"));
  EXPECT_FALSE(fs::exists(dir_ / "second" / "askdb" / "data" / "checkpoints.sqlite"));
}

TEST_F(ScaleOutE2eTest, UnreachableStoreStopsServeWithAClearMessage) {
  // No server needed: the store URL points at a closed loopback port.
  const fs::path db = dir_ / "retail.sqlite";
  {
    AskdbProcess demo({"demo", "--db", db.string()}, {"ASKDB_HOME=" + (dir_ / "h").string()},
                      dir_ / "demo.out", dir_ / "demo.err", dir_);
    ASSERT_EQ(demo.Wait(std::chrono::seconds(kRequestTimeoutSeconds)), 0)
        << Slurp(dir_ / "demo.err");
  }
  AskdbProcess serve(
      {"serve", "--db", db.string(), "--port", "0", "--no-auth"},
      {"ASKDB_HOME=" + (dir_ / "h").string(),
       "ASKDB_SERVER_STORE_URL=postgres://store:Hidden-Pw-7@127.0.0.1:1/askdb_store"},
      dir_ / "serve.out", dir_ / "serve.err", dir_);
  const int code = serve.Wait(kStartTimeout);
  const std::string err = Slurp(dir_ / "serve.err");
  EXPECT_NE(code, 0) << err;
  EXPECT_EQ(err.find("listening on"), std::string::npos) << err;
  EXPECT_NE(err.find("postgres://store:***@127.0.0.1:1/askdb_store"), std::string::npos) << err;
  EXPECT_EQ(err.find("Hidden-Pw-7"), std::string::npos) << err;
}

}  // namespace
}  // namespace askdb
