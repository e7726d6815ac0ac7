// PostgresCheckpointStore against the real PostgreSQL of scripts/db_servers.sh
// (ASKDB_TEST_STORE_URL, a database owned by the store's role). Each test works in a schema
// of its own (the URL's schema= parameter), dropped afterwards. The cases mirror
// sqlite_checkpoint_store_test.cc, plus what only a shared server has: two stores (two
// connections, as two processes would have) seeing each other, concurrent Saves, opening
// at the same moment, and reconnecting after the server ended the connection.
#include "askdb/agent/graph/postgres_checkpoint_store.h"

#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <thread>

#include "askdb/agent/graph/sqlite_checkpoint_store.h"
#include "askdb/db/postgres/pg_connection.h"
#include "askdb/db/postgres/pg_store_connection.h"
#include "tests/servers/server_env.h"

namespace askdb::agent {
namespace {

Checkpoint Sample(std::string thread, int64_t updated) {
  Checkpoint cp;
  cp.thread_id = std::move(thread);
  cp.graph = "main";
  cp.status = CheckpointStatus::kInterrupted;
  cp.next_node = "clarify";
  cp.state = {{"question", "去年的销售额?"}, {"z_first", 1}, {"a_second", {1, 2}}};
  cp.pending = Interrupt{InterruptKind::kClarification, "clarify", {{"q", "which year"}}};
  cp.next_seq = 9;
  cp.steps = 3;
  cp.invocation = 1;
  cp.updated_at_ms = updated;
  return cp;
}

// "postgres://u:p@h:1/db" + "?schema=s" (or "&schema=s" when the URL has parameters).
std::string WithParam(const std::string& url, const std::string& param) {
  return url + (url.find('?') == std::string::npos ? "?" : "&") + param;
}

class PostgresCheckpointStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    base_url_ = db::testing::EnvOr("ASKDB_TEST_STORE_URL");
    if (base_url_.empty()) return;  // each test skips through ASKDB_REQUIRE_SERVER_URL
    static std::atomic<int> counter{0};
    schema_ = "ckpt_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
    url_ = WithParam(base_url_, "schema=" + schema_);
  }
  void TearDown() override {
    if (!schema_.empty()) Query("DROP SCHEMA IF EXISTS " + schema_ + " CASCADE");
  }

  // Runs one statement through a connection of its own (another "process"); returns the
  // first cell, or "" when there is none.
  std::string Query(const std::string& sql) {
    PGconn* conn = PQconnectdb(LibpqUri().c_str());
    EXPECT_EQ(PQstatus(conn), CONNECTION_OK) << PQerrorMessage(conn);
    PQsetNoticeProcessor(
        conn, [](void*, const char*) {}, nullptr);  // DROP ... CASCADE notes
    std::string out;
    PGresult* r = PQexec(conn, sql.c_str());
    EXPECT_TRUE(PQresultStatus(r) == PGRES_TUPLES_OK || PQresultStatus(r) == PGRES_COMMAND_OK)
        << sql << ": " << PQresultErrorMessage(r);
    if (PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) > 0) out = PQgetvalue(r, 0, 0);
    PQclear(r);
    PQfinish(conn);
    return out;
  }

  // The store URL as libpq takes it ("postgres://" works; askdb's own parameters do not).
  std::string LibpqUri() const {
    return "postgresql://" + base_url_.substr(base_url_.find("://") + 3);
  }

  std::string base_url_;
  std::string schema_;
  std::string url_;
};

TEST_F(PostgresCheckpointStoreTest, SaveLoadListDelete) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_STORE_URL");
  auto store = PostgresCheckpointStore::Open(url_);
  ASSERT_TRUE(store.ok()) << store.status().ToString();
  EXPECT_EQ((*store)->Load("x").status().code(), StatusCode::kNotFound);
  ASSERT_TRUE((*store)->Save(Sample("a", 10)).ok());
  ASSERT_TRUE((*store)->Save(Sample("b", 20)).ok());
  Checkpoint replaced = Sample("a", 30);
  replaced.status = CheckpointStatus::kDone;
  replaced.pending.reset();
  ASSERT_TRUE((*store)->Save(replaced).ok());
  auto loaded = (*store)->Load("a");
  ASSERT_TRUE(loaded.ok()) << loaded.status().ToString();
  EXPECT_EQ(*loaded, replaced);  // key order of the state survives too
  auto list = (*store)->List();
  ASSERT_TRUE(list.ok()) << list.status().ToString();
  ASSERT_EQ(list->size(), 2u);
  EXPECT_EQ((*list)[0].thread_id, "a");
  EXPECT_EQ((*list)[0].status, CheckpointStatus::kDone);
  EXPECT_EQ((*list)[0].updated_at_ms, 30);
  EXPECT_EQ((*list)[1].thread_id, "b");
  EXPECT_EQ((*list)[1].next_node, "clarify");
  ASSERT_TRUE((*store)->Delete("a").ok());
  ASSERT_TRUE((*store)->Delete("a").ok());
  EXPECT_EQ((*store)->Load("a").status().code(), StatusCode::kNotFound);
  EXPECT_EQ(Query("SELECT count(*) FROM " + schema_ + ".agent_checkpoints"), "1");
}

TEST_F(PostgresCheckpointStoreTest, SurvivesReopeningAndRecordsTheSchemaVersion) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_STORE_URL");
  {
    auto store = PostgresCheckpointStore::Open(url_);
    ASSERT_TRUE(store.ok()) << store.status().ToString();
    ASSERT_TRUE((*store)->Save(Sample("a", 1)).ok());
  }
  auto store = PostgresCheckpointStore::Open(url_);
  ASSERT_TRUE(store.ok()) << store.status().ToString();
  auto loaded = (*store)->Load("a");
  ASSERT_TRUE(loaded.ok());
  EXPECT_EQ(*loaded, Sample("a", 1));
  EXPECT_EQ(
      Query("SELECT version FROM " + schema_ + ".schema_versions WHERE component = 'checkpoints'"),
      "1");
}

TEST_F(PostgresCheckpointStoreTest, TwoStoresOnOneDatabaseSeeEachOther) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_STORE_URL");
  auto first = PostgresCheckpointStore::Open(url_);
  auto second = PostgresCheckpointStore::Open(url_);
  ASSERT_TRUE(first.ok()) << first.status().ToString();
  ASSERT_TRUE(second.ok()) << second.status().ToString();
  ASSERT_TRUE((*first)->Save(Sample("shared", 1)).ok());
  auto loaded = (*second)->Load("shared");
  ASSERT_TRUE(loaded.ok()) << loaded.status().ToString();
  EXPECT_EQ(*loaded, Sample("shared", 1));
  // The other way round, replacing: the latest Save wins wherever it came from.
  Checkpoint done = Sample("shared", 2);
  done.status = CheckpointStatus::kDone;
  done.next_node.clear();
  ASSERT_TRUE((*second)->Save(done).ok());
  loaded = (*first)->Load("shared");
  ASSERT_TRUE(loaded.ok());
  EXPECT_EQ(loaded->status, CheckpointStatus::kDone);
  ASSERT_TRUE((*first)->Delete("shared").ok());
  EXPECT_EQ((*second)->Load("shared").status().code(), StatusCode::kNotFound);
}

TEST_F(PostgresCheckpointStoreTest, ConcurrentSavesFromTwoStoresDoNotConflict) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_STORE_URL");
  auto first = PostgresCheckpointStore::Open(url_);
  auto second = PostgresCheckpointStore::Open(url_);
  ASSERT_TRUE(first.ok() && second.ok());
  constexpr int kWriters = 4;
  constexpr int kSavesPerWriter = 25;
  std::atomic<int> failures{0};
  std::vector<std::thread> writers;
  for (int w = 0; w < kWriters; ++w) {
    CheckpointStore* store = (w % 2 == 0 ? first : second)->get();
    writers.emplace_back([store, w, &failures] {
      for (int i = 0; i < kSavesPerWriter; ++i) {
        // Every writer replaces its own thread; all of them also write thread "hot".
        Checkpoint own = Sample("writer-" + std::to_string(w), i);
        own.steps = i;
        if (!store->Save(own).ok()) ++failures;
        if (!store->Save(Sample("hot", w * kSavesPerWriter + i)).ok()) ++failures;
      }
    });
  }
  for (std::thread& t : writers) t.join();
  EXPECT_EQ(failures.load(), 0);
  auto list = (*first)->List();
  ASSERT_TRUE(list.ok());
  EXPECT_EQ(list->size(), static_cast<size_t>(kWriters + 1));
  for (int w = 0; w < kWriters; ++w) {
    auto loaded = (*second)->Load("writer-" + std::to_string(w));
    ASSERT_TRUE(loaded.ok());
    EXPECT_EQ(loaded->steps, kSavesPerWriter - 1);  // each writer's last Save is kept
  }
  auto hot = (*first)->Load("hot");
  ASSERT_TRUE(hot.ok());
  EXPECT_EQ(*hot, Sample("hot", hot->updated_at_ms));  // one whole Save, never a mix
}

TEST_F(PostgresCheckpointStoreTest, StoresOpeningAtOnceCreateTheSchemaOnce) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_STORE_URL");
  constexpr int kOpeners = 4;
  std::vector<Status> results(kOpeners);
  std::vector<std::thread> openers;
  for (int i = 0; i < kOpeners; ++i) {
    openers.emplace_back([&, i] { results[i] = PostgresCheckpointStore::Open(url_).status(); });
  }
  for (std::thread& t : openers) t.join();
  for (const Status& s : results) EXPECT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(Query("SELECT count(*) FROM " + schema_ + ".schema_versions"), "1");
}

TEST_F(PostgresCheckpointStoreTest, RefusesANewerSchema) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_STORE_URL");
  { ASSERT_TRUE(PostgresCheckpointStore::Open(url_).ok()); }
  Query("UPDATE " + schema_ + ".schema_versions SET version = 99 WHERE component = 'checkpoints'");
  auto store = PostgresCheckpointStore::Open(url_);
  ASSERT_FALSE(store.ok());
  EXPECT_EQ(store.status().code(), StatusCode::kFailedPrecondition);
  EXPECT_NE(store.status().message().find("upgrade askdb"), std::string::npos);
}

TEST_F(PostgresCheckpointStoreTest, CorruptBodyIsReportedNotCrashed) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_STORE_URL");
  auto store = PostgresCheckpointStore::Open(url_);
  ASSERT_TRUE(store.ok());
  ASSERT_TRUE((*store)->Save(Sample("a", 1)).ok());
  Query("UPDATE " + schema_ + ".agent_checkpoints SET body = '{not json' WHERE thread_id = 'a'");
  auto loaded = (*store)->Load("a");
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.status().code(), StatusCode::kInvalidArgument);
}

TEST_F(PostgresCheckpointStoreTest, ReconnectsAfterTheServerEndedTheConnection) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_STORE_URL");
  auto store = PostgresCheckpointStore::Open(url_);
  ASSERT_TRUE(store.ok());
  ASSERT_TRUE((*store)->Save(Sample("a", 1)).ok());
  ASSERT_EQ((*store)->open_connections(), 1u);
  // A role may end its own sessions: what a server restart or an idle timeout does.
  EXPECT_EQ(Query("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                  " WHERE application_name = 'askdb-store' AND usename = current_user"
                  " AND pid <> pg_backend_pid()"),
            "1");
  auto loaded = (*store)->Load("a");
  ASSERT_TRUE(loaded.ok()) << loaded.status().ToString();
  EXPECT_EQ(loaded->thread_id, "a");
  EXPECT_EQ((*store)->open_connections(), 1u);
}

TEST_F(PostgresCheckpointStoreTest, WrongPasswordIsPermissionDeniedWithoutThePassword) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_STORE_URL");
  const size_t at = url.find('@');
  const size_t colon = url.rfind(':', at);
  ASSERT_NE(at, std::string::npos);
  const std::string wrong = url.substr(0, colon + 1) + "Wrong-Pw-123" + url.substr(at);
  auto store = PostgresCheckpointStore::Open(wrong);
  ASSERT_FALSE(store.ok());
  EXPECT_EQ(store.status().code(), StatusCode::kPermissionDenied) << store.status().ToString();
  EXPECT_EQ(store.status().message().find("Wrong-Pw-123"), std::string::npos);
  EXPECT_NE(store.status().message().find("***"), std::string::npos);
  // The password is named, not TLS (libpq's message may hold a second attempt without TLS).
  EXPECT_NE(store.status().message().find("authentication failed"), std::string::npos);
  EXPECT_EQ(store.status().message().find("sslmode"), std::string::npos);
}

TEST_F(PostgresCheckpointStoreTest, UnknownDatabaseIsNotFound) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_STORE_URL");
  const std::string other = url.substr(0, url.rfind('/') + 1) + "no_such_store_db";
  auto store = PostgresCheckpointStore::Open(other);
  ASSERT_FALSE(store.ok());
  EXPECT_EQ(store.status().code(), StatusCode::kNotFound) << store.status().ToString();
}

// No server needed below.

TEST(PostgresCheckpointStoreOpenTest, UnreachableServerIsUnavailableAndHidesThePassword) {
  PostgresCheckpointStoreOptions options;
  options.connect_timeout = std::chrono::milliseconds(2000);
  // Port 1 on loopback: nothing listens there, the connection is refused at once.
  auto store =
      PostgresCheckpointStore::Open("postgres://store:Secret-Pw-9@127.0.0.1:1/askdb", options);
  ASSERT_FALSE(store.ok());
  EXPECT_EQ(store.status().code(), StatusCode::kUnavailable);
  const std::string message(store.status().message());
  EXPECT_EQ(message.find("Secret-Pw-9"), std::string::npos) << message;
  EXPECT_NE(message.find("postgres://store:***@127.0.0.1:1/askdb"), std::string::npos) << message;
  EXPECT_NE(message.find("check that the PostgreSQL server runs"), std::string::npos) << message;
}

TEST(PostgresCheckpointStoreOpenTest, RefusesBadUrls) {
  EXPECT_EQ(PostgresCheckpointStore::Open("mysql://u@127.0.0.1/x").status().code(),
            StatusCode::kInvalidArgument);
  auto bad_param = PostgresCheckpointStore::Open("postgres://u@127.0.0.1:1/x?colour=red");
  EXPECT_EQ(bad_param.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(bad_param.status().message().find("colour"), std::string::npos);
  for (const char* schema : {"Upper", "drop table x", "1abc", "a;b"}) {
    auto bad_schema =
        PostgresCheckpointStore::Open(std::string("postgres://u@127.0.0.1:1/x?schema=") + schema);
    EXPECT_EQ(bad_schema.status().code(), StatusCode::kInvalidArgument) << schema;
  }
  EXPECT_EQ(PostgresCheckpointStore::Open("postgres://u@127.0.0.1:1/x?pool_size=0").status().code(),
            StatusCode::kInvalidArgument);
}

TEST(OpenCheckpointStoreTest, EmptyUrlIsTheSqliteFileAndOtherSchemesAreRefused) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("askdb_open_store_test_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const char* old = std::getenv("ASKDB_HOME");
  const std::string saved = old != nullptr ? old : "";
  ::setenv("ASKDB_HOME", dir.c_str(), 1);
  auto store = OpenCheckpointStore("");
  if (old != nullptr) {
    ::setenv("ASKDB_HOME", saved.c_str(), 1);
  } else {
    ::unsetenv("ASKDB_HOME");
  }
  ASSERT_TRUE(store.ok()) << store.status().ToString();
  EXPECT_NE(dynamic_cast<SqliteCheckpointStore*>(store->get()), nullptr);
  EXPECT_TRUE(std::filesystem::exists(dir / "data" / SqliteCheckpointStore::kDefaultFileName));
  std::filesystem::remove_all(dir);

  auto mysql = OpenCheckpointStore("mysql://u:Hidden-Pw@127.0.0.1/x");
  ASSERT_FALSE(mysql.ok());
  EXPECT_EQ(mysql.status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(mysql.status().message().find("Hidden-Pw"), std::string::npos);
  // A postgres URL goes to PostgreSQL (here: nothing listens, so Unavailable).
  EXPECT_EQ(OpenCheckpointStore("postgresql://u@127.0.0.1:1/x").status().code(),
            StatusCode::kUnavailable);
}

// Runs a statement that makes the server send a WARNING; returns what reached stderr.
std::string StderrOfAWarning(db::postgres_internal::Session& session) {
  ::testing::internal::CaptureStderr();
  db::postgres_internal::ResultPtr r(
      PQexec(session.conn(), "DO $$BEGIN RAISE WARNING 'askdb-test-warning'; END$$"));
  EXPECT_EQ(PQresultStatus(r.get()), PGRES_COMMAND_OK) << PQerrorMessage(session.conn());
  return ::testing::internal::GetCapturedStderr();
}

// A store's session drops the server's WARNINGs (they would land in a server's log as
// noise); a session opened the read-only connector's way still prints them.
TEST_F(PostgresCheckpointStoreTest, AStoreSessionDropsServerWarningsTheConnectorsPrintsThem) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_STORE_URL");
  StatusOr<PgStoreConnection> connection = ParsePgStoreUrl(
      url, "checkpoint store", "", std::chrono::seconds(10), std::chrono::seconds(30));
  ASSERT_TRUE(connection.ok()) << connection.status().ToString();
  auto store_session = db::postgres_internal::OpenPgStoreSession(
      connection->params, "the test store", std::chrono::seconds(10));
  ASSERT_TRUE(store_session.ok()) << store_session.status().ToString();
  EXPECT_EQ(StderrOfAWarning(**store_session), "");
  auto printing_session = db::postgres_internal::OpenSession(
      connection->params, db::postgres_internal::ServerNotices::kPrint, "the test server",
      [](const std::string& detail) { return UnavailableError(detail); });
  ASSERT_TRUE(printing_session.ok()) << printing_session.status().ToString();
  EXPECT_NE(StderrOfAWarning(**printing_session).find("WARNING:  askdb-test-warning"),
            std::string::npos);
}

}  // namespace
}  // namespace askdb::agent
