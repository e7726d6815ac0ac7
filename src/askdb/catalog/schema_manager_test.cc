#include "askdb/catalog/schema_manager.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "askdb/catalog/model_names_check.h"
#include "askdb/catalog/schema_cache_file.h"
#include "askdb/catalog/schema_source.h"
#include "askdb/common/text.h"

namespace askdb::catalog {
namespace {

// What the fake source serves and what it was asked; shared between the test and the
// source the manager owns.
struct FakeState {
  db::DatabaseSchema schema;
  std::string fingerprint = "v1";
  Status fail;  // non-OK: Introspect returns it
  std::vector<db::IntrospectOptions> calls;
};

class FakeSource final : public SchemaSource {
 public:
  explicit FakeSource(std::shared_ptr<FakeState> state) : state_(std::move(state)) {}

  StatusOr<db::DatabaseSchema> Introspect(const db::IntrospectOptions& options) override {
    state_->calls.push_back(options);
    if (!state_->fail.ok()) return state_->fail;
    db::DatabaseSchema out = state_->schema;
    if (!options.tables.empty()) {
      out.tables.clear();
      for (const std::string& name : options.tables) {
        const db::TableInfo* t = state_->schema.FindTable(name);
        if (t == nullptr) return NotFoundError("no such table: " + name);
        out.tables.push_back(*t);
      }
    }
    if (options.sample_values_per_column == 0) {
      for (db::TableInfo& t : out.tables) {
        for (db::ColumnInfo& c : t.columns) c.sample_values.clear();
      }
    }
    return out;
  }
  StatusOr<std::string> Fingerprint() override { return state_->fingerprint; }

 private:
  std::shared_ptr<FakeState> state_;
};

db::DatabaseSchema MakeSchema(int tables) {
  db::DatabaseSchema s;
  s.engine = "sqlite";
  s.database = "fake.sqlite";
  for (int i = 0; i < tables; ++i) {
    db::TableInfo t;
    t.name = "t" + std::to_string(i);
    t.comment = "table number " + std::to_string(i);
    t.row_count = 10 * i;
    t.primary_key = {"id"};
    t.columns.push_back({"id", "INTEGER", false, std::nullopt, "", true, {}});
    t.columns.push_back({"label", "TEXT", true, std::nullopt, "", false, {"a", "b"}});
    if (i > 0) {
      t.columns.push_back({"parent_id", "INTEGER", true, std::nullopt, "", false, {}});
      t.foreign_keys.push_back({{"parent_id"}, "", "t0", {"id"}});
    }
    s.tables.push_back(std::move(t));
  }
  return s;
}

struct Fixture {
  explicit Fixture(int tables = 4) {
    state->schema = MakeSchema(tables);
    SchemaManagerOptions options;
    options.clock = &clock;
    options.log = [this](std::string_view m) { logs.emplace_back(m); };
    manager = std::make_unique<SchemaManager>(std::move(options));
    Status s = manager->AddDatasource("ds", std::make_unique<FakeSource>(state));
    EXPECT_TRUE(s.ok()) << s.ToString();
  }

  StatusOr<SchemaResult> Get(SchemaLevel level, std::vector<std::string> tables = {}) {
    return manager->GetSchema({"ds", level, std::move(tables)});
  }

  FakeClock clock;
  std::shared_ptr<FakeState> state = std::make_shared<FakeState>();
  std::vector<std::string> logs;
  std::unique_ptr<SchemaManager> manager;
};

constexpr std::string_view kAllRequestTypes[] = {
    "trivial",     "simple",     "data_query",   "visualization",
    "calculation", "web_search", "consultation", "multi_step_analysis"};
constexpr std::string_view kBasicTypes[] = {"trivial", "simple", "consultation", "calculation",
                                            "web_search"};

// Property 6: schema level mapping.
RC_GTEST_PROP(SchemaManagerProperty, P6SchemaLevelFollowsRequestType, ()) {
  const auto type = *rc::gen::elementOf(
      std::vector<std::string_view>(std::begin(kAllRequestTypes), std::end(kAllRequestTypes)));
  const bool basic =
      std::find(std::begin(kBasicTypes), std::end(kBasicTypes), type) != std::end(kBasicTypes);
  RC_ASSERT(SchemaManager::GetSchemaLevel(type) ==
            (basic ? SchemaLevel::kBasic : SchemaLevel::kDetailed));
}

// Property 7 (+ Requirement 7.4): two calls within the TTL give the same content, the
// second from the cache; basic and detailed are cached separately, except that fetching the
// whole detailed level fills the basic one (it holds everything basic has).
RC_GTEST_PROP(SchemaManagerProperty, P7SecondCallWithinTtlIsACacheHit, ()) {
  const int tables = *rc::gen::inRange(1, 6);
  const bool basic = *rc::gen::arbitrary<bool>();
  const auto elapsed = std::chrono::seconds(*rc::gen::inRange(0, 30 * 60));
  Fixture f(tables);
  const SchemaLevel level = basic ? SchemaLevel::kBasic : SchemaLevel::kDetailed;
  auto first = f.Get(level);
  RC_ASSERT(first.ok());
  f.clock.Advance(elapsed);
  auto second = f.Get(level);
  RC_ASSERT(second.ok());
  RC_ASSERT(!first->from_cache);
  RC_ASSERT(second->from_cache);
  RC_ASSERT(second->text == std::string(kCachedSchemaMarker) + "\n" + first->text);
  RC_ASSERT(second->schema.ToJson() == first->schema.ToJson());
  RC_ASSERT(f.state->calls.size() == 1u);
  // The other level: detailed after basic fetches; basic after the whole detailed level is
  // a hit.
  auto other = f.Get(basic ? SchemaLevel::kDetailed : SchemaLevel::kBasic);
  RC_ASSERT(other.ok());
  RC_ASSERT(other->from_cache == !basic);
  RC_ASSERT(f.state->calls.size() == (basic ? 2u : 1u));
}

// Property 8: a detailed request for several tables makes at most one fetch, with the
// table names given.
RC_GTEST_PROP(SchemaManagerProperty, P8DetailedTablesInOneCall, ()) {
  const int tables = *rc::gen::inRange(1, 8);
  Fixture f(tables);
  const auto picks = *rc::gen::container<std::vector<int>>(rc::gen::inRange(0, tables));
  RC_PRE(!picks.empty());
  std::vector<std::string> names;
  for (int p : picks) names.push_back((p % 2 ? "T" : "t") + std::to_string(p));  // any case
  auto result = f.Get(SchemaLevel::kDetailed, names);
  RC_ASSERT(result.ok());
  RC_ASSERT(f.state->calls.size() == 1u);
  RC_ASSERT(!f.state->calls[0].tables.empty());
  std::vector<std::string> distinct;
  for (const std::string& n : names) {
    if (std::none_of(distinct.begin(), distinct.end(), [&](const std::string& d) {
          return text::AsciiLower(d) == text::AsciiLower(n);
        })) {
      distinct.push_back(n);
    }
  }
  RC_ASSERT(result->schema.tables.size() == distinct.size());
  RC_ASSERT(f.state->calls[0].tables.size() == distinct.size());
  // Asking again for a subset fetches nothing.
  auto again = f.Get(SchemaLevel::kDetailed, {distinct.front()});
  RC_ASSERT(again.ok() && again->from_cache);
  RC_ASSERT(f.state->calls.size() == 1u);
}

// Property 20: after a structure change (new fingerprint) the next call fetches fresh data;
// so does it after InvalidateCache.
RC_GTEST_PROP(SchemaManagerProperty, P20StructureChangeInvalidates, ()) {
  const bool basic = *rc::gen::arbitrary<bool>();
  const bool by_fingerprint = *rc::gen::arbitrary<bool>();
  const int tables = *rc::gen::inRange(1, 5);
  Fixture f(tables);
  const SchemaLevel level = basic ? SchemaLevel::kBasic : SchemaLevel::kDetailed;
  RC_ASSERT(f.Get(level).ok());
  f.state->schema = MakeSchema(tables + 1);  // a table was added
  if (by_fingerprint) {
    f.state->fingerprint = "v2";
  } else {
    f.manager->InvalidateCache("ds");
  }
  auto after = f.Get(level);
  RC_ASSERT(after.ok());
  RC_ASSERT(!after->from_cache);
  RC_ASSERT(after->schema.tables.size() == static_cast<size_t>(tables + 1));
  RC_ASSERT(f.manager->stats().invalidations == 1);
}

// Property 21: every cache hit is logged with the marker.
RC_GTEST_PROP(SchemaManagerProperty, P21CacheHitsAreLogged, ()) {
  const int calls = *rc::gen::inRange(1, 10);
  Fixture f;
  const bool basic = *rc::gen::arbitrary<bool>();
  const SchemaLevel level = basic ? SchemaLevel::kBasic : SchemaLevel::kDetailed;
  for (int i = 0; i < calls; ++i) RC_ASSERT(f.Get(level).ok());
  const auto marked = std::count_if(f.logs.begin(), f.logs.end(), [](const std::string& m) {
    return m.find(kCachedSchemaMarker) != std::string::npos;
  });
  RC_ASSERT(marked == calls - 1);
  RC_ASSERT(f.manager->stats().hits == calls - 1);
}

TEST(SchemaManagerTest, EntriesExpireAfterTheTtl) {
  Fixture f;
  ASSERT_TRUE(f.Get(SchemaLevel::kDetailed).ok());
  f.clock.Advance(std::chrono::minutes(30));
  auto r = f.Get(SchemaLevel::kDetailed);
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->from_cache);
  EXPECT_EQ(f.state->calls.size(), 2u);
}

TEST(SchemaManagerTest, ASeededDatasourceAnswersBothLevelsWithoutFetching) {
  Fixture f(3);
  ASSERT_TRUE(f.manager->Seed("ds", f.state->schema, "v1").ok());
  auto basic = f.Get(SchemaLevel::kBasic);
  auto detailed = f.Get(SchemaLevel::kDetailed, {"t2"});
  ASSERT_TRUE(basic.ok() && detailed.ok());
  EXPECT_TRUE(basic->from_cache);
  EXPECT_TRUE(detailed->from_cache);
  EXPECT_EQ(basic->fingerprint, "v1");
  EXPECT_TRUE(f.state->calls.empty());
  // The seeded copy keeps its columns at the basic level but never its sample values.
  for (const db::TableInfo& t : basic->schema.tables) {
    EXPECT_FALSE(t.columns.empty());
    for (const db::ColumnInfo& c : t.columns) EXPECT_TRUE(c.sample_values.empty()) << c.name;
  }
  // A changed structure still drops the seeded copy, and the result names the new fingerprint.
  f.state->fingerprint = "v2";
  auto after = f.Get(SchemaLevel::kBasic);
  ASSERT_TRUE(after.ok());
  EXPECT_FALSE(after->from_cache);
  EXPECT_EQ(after->fingerprint, "v2");
  EXPECT_EQ(f.manager->Seed("nope", f.state->schema, "v1").code(), StatusCode::kNotFound);
}

// Basic carries the columns' names and types (a consultation suggests from them) but no
// statistic of the data, and its text lists the tables only.
TEST(SchemaManagerTest, BasicLevelHasColumnsWithoutSamplesAndATablesOnlyText) {
  Fixture f(3);
  auto r = f.Get(SchemaLevel::kBasic);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  ASSERT_EQ(r->schema.tables.size(), 3u);
  for (const db::TableInfo& t : r->schema.tables) {
    ASSERT_GE(t.columns.size(), 2u) << t.name;
    EXPECT_EQ(t.columns[1].name, "label");
    EXPECT_EQ(t.columns[1].type, "TEXT");
    for (const db::ColumnInfo& c : t.columns) EXPECT_TRUE(c.sample_values.empty()) << c.name;
  }
  EXPECT_EQ(f.state->calls[0].sample_values_per_column, 0);
  EXPECT_NE(r->text.find("# t1 -- table number 1"), std::string::npos) << r->text;
  EXPECT_NE(r->text.find("t1.parent_id -> t0.id"), std::string::npos) << r->text;
  EXPECT_EQ(r->text.find("label"), std::string::npos);
}

TEST(SchemaManagerTest, DetailedFetchesOnlyMissingTables) {
  Fixture f(5);
  auto first = f.Get(SchemaLevel::kDetailed, {"t1", "t2"});
  ASSERT_TRUE(first.ok()) << first.status().ToString();
  auto r = f.Get(SchemaLevel::kDetailed, {"t2", "t3", "t4"});
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->from_cache);
  ASSERT_EQ(f.state->calls.size(), 2u);
  EXPECT_EQ(f.state->calls[1].tables, (std::vector<std::string>{"t3", "t4"}));
  ASSERT_EQ(r->schema.tables.size(), 3u);
  EXPECT_EQ(r->schema.tables[0].name, "t2");
  EXPECT_NE(r->text.find("label TEXT -- e.g. 'a', 'b'"), std::string::npos) << r->text;
}

TEST(SchemaManagerTest, UnknownTableAndDatasourceAreNotFound) {
  Fixture f;
  auto r = f.Get(SchemaLevel::kDetailed, {"nope"});
  EXPECT_EQ(r.status().code(), StatusCode::kNotFound);
  auto d = f.manager->GetSchema({"other", SchemaLevel::kBasic, {}});
  EXPECT_EQ(d.status().code(), StatusCode::kNotFound);
  EXPECT_NE(d.status().message().find("other"), std::string::npos);
}

TEST(SchemaManagerTest, FetchTimeoutServesTheExpiredCopy) {
  Fixture f;
  auto first = f.Get(SchemaLevel::kDetailed, {"t1"});
  ASSERT_TRUE(first.ok());
  f.clock.Advance(std::chrono::hours(1));
  f.state->fail = DeadlineExceededError("introspection timed out");
  auto r = f.Get(SchemaLevel::kDetailed, {"t1"});
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_TRUE(r->stale);
  EXPECT_TRUE(r->from_cache);
  EXPECT_EQ(r->schema.ToJson(), first->schema.ToJson());
  EXPECT_EQ(f.manager->stats().stale_served, 1);
  // Nothing cached for t2: the error comes through.
  EXPECT_EQ(f.Get(SchemaLevel::kDetailed, {"t2"}).status().code(), StatusCode::kDeadlineExceeded);
  // A non-timeout error is not papered over.
  f.state->fail = SqlError("broken");
  EXPECT_EQ(f.Get(SchemaLevel::kDetailed, {"t1"}).status().code(), StatusCode::kSqlError);
}

// After a timed-out fetch the expired copy is served without asking the source (neither
// the level nor the fingerprint) until the backoff has passed; then it is tried again, and
// an answer ends the backoff.
TEST(SchemaManagerTest, ATimedOutFetchBacksOff) {
  FakeClock clock;
  auto state = std::make_shared<FakeState>();
  state->schema = MakeSchema(3);
  std::vector<std::string> logs;
  SchemaManagerOptions options;
  options.refetch_backoff = std::chrono::seconds(60);
  options.log = [&](std::string_view m) { logs.emplace_back(m); };
  options.clock = &clock;
  SchemaManager manager(std::move(options));
  ASSERT_TRUE(manager.AddDatasource("ds", std::make_unique<FakeSource>(state)).ok());
  auto get = [&] { return manager.GetSchema({"ds", SchemaLevel::kDetailed, {}}); };
  ASSERT_TRUE(get().ok());
  clock.Advance(std::chrono::hours(1));
  state->fail = DeadlineExceededError("introspection timed out");
  ASSERT_TRUE(get().ok());  // tried, timed out: stale, backoff starts
  EXPECT_EQ(state->calls.size(), 2u);
  const long long fingerprints = manager.stats().fingerprint_calls;
  for (int i = 0; i < 3; ++i) {
    clock.Advance(std::chrono::seconds(10));
    auto r = get();
    ASSERT_TRUE(r.ok()) << r.status().ToString();
    EXPECT_TRUE(r->stale);
  }
  EXPECT_EQ(state->calls.size(), 2u) << "the source was asked while backing off";
  EXPECT_EQ(manager.stats().fingerprint_calls, fingerprints);
  EXPECT_EQ(manager.stats().backoff_served, 3);
  EXPECT_TRUE(std::any_of(logs.begin(), logs.end(), [](const std::string& m) {
    return m.find("without trying again") != std::string::npos;
  }));
  clock.Advance(std::chrono::seconds(31));  // the backoff has passed: tried again
  state->fail = Status::Ok();
  auto again = get();
  ASSERT_TRUE(again.ok());
  EXPECT_FALSE(again->stale);
  EXPECT_EQ(state->calls.size(), 3u);
}

// A request may trust a fingerprint read recently (a run checked its datasource just before).
TEST(SchemaManagerTest, ARecentFingerprintIsTrustedWhenTheRequestSaysSo) {
  Fixture f;
  ASSERT_TRUE(f.Get(SchemaLevel::kDetailed).ok());
  EXPECT_EQ(f.manager->stats().fingerprint_calls, 1);
  f.clock.Advance(std::chrono::seconds(2));
  ASSERT_TRUE(f.manager
                  ->GetSchema({.datasource = "ds",
                               .level = SchemaLevel::kDetailed,
                               .tables = {},
                               .want_text = true,
                               .include_disabled = false,
                               .fingerprint_max_age = std::chrono::seconds(10)})
                  .ok());
  EXPECT_EQ(f.manager->stats().fingerprint_calls, 1);
  ASSERT_TRUE(f.Get(SchemaLevel::kDetailed).ok());  // no max age: read again
  EXPECT_EQ(f.manager->stats().fingerprint_calls, 2);
}

TEST(SchemaManagerTest, SemanticModelHidesDisabledAndAddsBusinessNames) {
  Fixture f(3);
  SemanticModel model;
  TableSemantics t1;
  t1.name = "T1";
  t1.business_name = {"订单", "orders"};
  ColumnSemantics hidden;
  hidden.name = "label";
  hidden.enabled = false;
  t1.columns.push_back(hidden);
  TableSemantics t2;
  t2.name = "t2";
  t2.enabled = false;
  model.tables = {t1, t2};
  ASSERT_TRUE(f.manager->SetSemanticModel("ds", model).ok());
  auto r = f.Get(SchemaLevel::kDetailed);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->schema.tables.size(), 2u);
  EXPECT_EQ(r->schema.tables[1].name, "t1");
  EXPECT_EQ(r->schema.tables[1].FindColumn("label"), nullptr);
  EXPECT_NE(r->text.find("# t1 -- 订单 / orders"), std::string::npos) << r->text;
}

// A trial on Northwind: a model column misspelt ("Nope") was accepted without a word.
TEST(SchemaManagerTest, TheModelsNamesTheDatabaseLacksAreListed) {
  const db::DatabaseSchema schema = MakeSchema(2);
  SemanticModel model;
  TableSemantics t1;
  t1.name = "T1";  // case-insensitive, as the lookups
  ColumnSemantics label, typo;
  label.name = "LABEL";
  typo.name = "lable";
  t1.columns = {label, typo};
  TableSemantics gone;
  gone.name = "t9";
  model.tables = {t1, gone};
  EXPECT_EQ(ModelNamesTheSchemaLacks(model, schema), (std::vector<std::string>{"T1.lable", "t9"}));
  model.tables = {};
  EXPECT_TRUE(ModelNamesTheSchemaLacks(model, schema).empty());
}

TEST(SchemaManagerTest, ConcurrentRequestsFetchOnce) {
  Fixture f(6);
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int i = 0; i < 8; ++i) {
    threads.emplace_back([&] {
      for (int j = 0; j < 20; ++j) {
        if (!f.Get(j % 2 ? SchemaLevel::kBasic : SchemaLevel::kDetailed).ok()) ++failures;
      }
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(failures.load(), 0);
  // One per level, or one in all when the whole detailed level came first (it fills basic).
  const long long calls = static_cast<long long>(f.state->calls.size());
  EXPECT_TRUE(calls == 1 || calls == 2) << calls;
  EXPECT_EQ(f.manager->stats().hits, 8 * 20 - calls);
}

TEST(SchemaManagerTest, RegistrationErrors) {
  SchemaManager m;
  EXPECT_EQ(m.AddDatasource("", std::make_unique<FakeSource>(std::make_shared<FakeState>())).code(),
            StatusCode::kInvalidArgument);
  EXPECT_EQ(m.AddDatasource("x", nullptr).code(), StatusCode::kInvalidArgument);
  ASSERT_TRUE(
      m.AddDatasource("x", std::make_unique<FakeSource>(std::make_shared<FakeState>())).ok());
  EXPECT_EQ(
      m.AddDatasource("x", std::make_unique<FakeSource>(std::make_shared<FakeState>())).code(),
      StatusCode::kAlreadyExists);
}

// Seed 000: a restarted process starts warm from the persisted cache (nothing fetched when
// the fingerprint still matches); E6: an entry whose checksum fails is dropped, logged and
// fetched again — only that table.
TEST(SchemaCacheFileTest, ARestartStartsWarmAndACorruptEntryIsRefetched) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("askdb_schema_cache_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const std::filesystem::path file = dir / "ds.json";
  {
    Fixture first(3);
    ASSERT_TRUE(first.manager->AttachCacheFile("ds", file).ok());
    ASSERT_TRUE(first.Get(SchemaLevel::kDetailed).ok());
    ASSERT_TRUE(first.Get(SchemaLevel::kBasic).ok());
    EXPECT_EQ(first.state->calls.size(), 1u);  // the whole detailed level fills basic too
  }
  ASSERT_TRUE(std::filesystem::exists(file));

  Fixture warm(3);
  ASSERT_TRUE(warm.manager->AttachCacheFile("ds", file).ok());
  auto detailed = warm.Get(SchemaLevel::kDetailed);
  ASSERT_TRUE(detailed.ok()) << detailed.status().ToString();
  EXPECT_TRUE(detailed->from_cache);
  EXPECT_TRUE(warm.state->calls.empty());
  ASSERT_EQ(detailed->schema.tables.size(), 3u);
  EXPECT_EQ(detailed->schema.tables[1].foreign_keys.size(), 1u);
  EXPECT_EQ(detailed->schema.tables[1].columns[1].sample_values,
            (std::vector<std::string>{"a", "b"}));

  // Corrupt one table's entry on disk (its content changes, its checksum does not).
  std::string text;
  {
    std::ifstream in(file);
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  const size_t at = text.rfind("table number 2");  // t2's own entry, the last one
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 14, "table number X");
  std::ofstream(file, std::ios::trunc) << text;

  Fixture after(3);
  ASSERT_TRUE(after.manager->AttachCacheFile("ds", file).ok());
  EXPECT_EQ(after.manager->stats().corrupt_dropped, 1);
  ASSERT_FALSE(after.logs.empty());
  EXPECT_NE(after.logs[0].find("table t2"), std::string::npos) << after.logs[0];
  EXPECT_NE(after.logs[0].find("failed its checksum"), std::string::npos) << after.logs[0];
  auto again = after.Get(SchemaLevel::kDetailed);
  ASSERT_TRUE(again.ok()) << again.status().ToString();
  ASSERT_EQ(after.state->calls.size(), 1u);  // only the dropped table was fetched
  EXPECT_EQ(after.state->calls[0].tables, (std::vector<std::string>{"t2"}));
  ASSERT_EQ(again->schema.tables.size(), 3u);
  EXPECT_EQ(again->schema.tables[2].comment, "table number 2");

  // A file that is not a cache at all: logged, ignored, and everything fetched.
  std::ofstream(file, std::ios::trunc) << "{not json";
  Fixture broken(3);
  ASSERT_TRUE(broken.manager->AttachCacheFile("ds", file).ok());
  EXPECT_EQ(broken.manager->stats().corrupt_dropped, 1);
  ASSERT_TRUE(broken.Get(SchemaLevel::kDetailed).ok());
  EXPECT_EQ(broken.state->calls.size(), 1u);

  // Under another fingerprint the persisted copy is dropped as any other would be.
  Fixture changed(3);
  changed.state->fingerprint = "v2";
  ASSERT_TRUE(changed.manager->AttachCacheFile("ds", file).ok());
  auto fresh = changed.Get(SchemaLevel::kDetailed);
  ASSERT_TRUE(fresh.ok());
  EXPECT_FALSE(fresh->from_cache);
  std::filesystem::remove_all(dir);
}

TEST(SchemaLevelTest, NamesAndUnknownTypes) {
  EXPECT_EQ(GetSchemaLevel("CONSULTATION"), SchemaLevel::kBasic);
  EXPECT_EQ(GetSchemaLevel("something_new"), SchemaLevel::kDetailed);
  EXPECT_EQ(*ParseSchemaLevel("Basic"), SchemaLevel::kBasic);
  EXPECT_EQ(ParseSchemaLevel("full").status().code(), StatusCode::kInvalidArgument);
}

// A cache file's entries are read back; each broken one is dropped and named ("basic", "table
// t1", its kind, or "entry"), the good ones kept.
TEST(SchemaCacheFileTest, ReadsBackAndNamesEachBrokenEntry) {
  SchemaCacheSnapshot s;
  s.fingerprint = "fp";
  s.engine = "sqlite";
  s.database = "d";
  db::TableInfo t1;
  t1.name = "t1";
  t1.comment = "first";
  db::TableInfo t2;
  t2.name = "t2";
  s.basic = db::DatabaseSchema{};
  s.basic->engine = "sqlite";
  s.basic->tables = {t1, t2};
  s.basic_fetched_at = Clock::TimePoint{} + std::chrono::milliseconds(5000);
  s.tables = {{t1, Clock::TimePoint{} + std::chrono::milliseconds(6000)},
              {t2, Clock::TimePoint{} + std::chrono::milliseconds(7000)}};
  s.all_tables = {"t1", "t2"};
  s.all_fetched_at = Clock::TimePoint{} + std::chrono::milliseconds(8000);
  const std::string text = SerializeSchemaCache(s);

  StatusOr<LoadedSchemaCache> back = ParseSchemaCache(text, "here");
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  EXPECT_TRUE(back->corrupt.empty());
  ASSERT_TRUE(back->snapshot.basic.has_value());
  EXPECT_EQ(back->snapshot.basic->tables.size(), 2u);
  EXPECT_EQ(back->snapshot.basic->engine, "sqlite");
  ASSERT_EQ(back->snapshot.tables.size(), 2u);
  EXPECT_EQ(back->snapshot.tables[0].table.comment, "first");
  EXPECT_EQ(back->snapshot.all_tables, s.all_tables);
  EXPECT_EQ(SerializeSchemaCache(back->snapshot), text);

  Json j = Json::parse(text);
  for (Json& e : j["entries"]) {
    if (e["kind"] == "basic") e["value"][0]["comment"] = "changed";  // checksum fails
    if (e["kind"] == "table" && e["value"]["name"] == "t1") e.erase("fetched_at_ms");
  }
  j["entries"].push_back(Json{{"kind", "other"}, {"value", 1}, {"fetched_at_ms", 1}});
  j["entries"].push_back(Json::array());
  StatusOr<LoadedSchemaCache> broken = ParseSchemaCache(j.dump(), "here");
  ASSERT_TRUE(broken.ok()) << broken.status().ToString();
  EXPECT_EQ(broken->corrupt, (std::vector<std::string>{"basic", "table t1", "other", "entry"}));
  EXPECT_FALSE(broken->snapshot.basic.has_value());
  ASSERT_EQ(broken->snapshot.tables.size(), 1u);
  EXPECT_EQ(broken->snapshot.tables[0].table.name, "t2");

  EXPECT_EQ(ParseSchemaCache("{not json", "here").status().code(), StatusCode::kFailedPrecondition);
}

}  // namespace
}  // namespace askdb::catalog
