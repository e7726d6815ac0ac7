// recall_bench: measures schema recall (askdb/catalog/schema_recall.h) on Spider and BIRD
// dev. For every question the gold SQL names the tables it needs; a question counts as
// recalled when every gold table is in the recalled set. Prints one JSON object per run:
// the share of questions fully recalled, table-level recall, and the schema tokens spent
// (mean, p50, p95, max) against the tokens of the whole schema.
//
//   recall_bench [--data DIR] [--dataset spider|bird|all] [--budget N] [--min-relative X]
//                [--max-tables N] [--fill] [--no-fk] [--pool] [--misses N]
//
// --pool merges every database of a dataset into one schema (Spider: 166 databases, about
// 900 tables) to measure recall on a schema far larger than any single benchmark database.
// BIRD runs twice: the question alone, then with its `evidence` appended.
//
// Splits: every figure is given for the develop and the report split and for all questions.
// The split is by database and is the one of the nlq evaluation sets (docs/nlq.md,
// tests/nlq/convert_spider.py and convert_bird.py: databases ordered by SHA-256 of
// "askdb-eval-v1|<set>|<db>"), so a database is report everywhere. --misses lists develop
// questions only: a report failure is never read to change recall.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "askdb/catalog/schema_recall.h"
#include "askdb/catalog/schema_render.h"
#include "askdb/catalog/token_estimate.h"
#include "askdb/common/file_util.h"
#include "askdb/common/json.h"
#include "askdb/common/text.h"
#include "bench/recall/gold_tables.h"

namespace askdb::bench {
namespace {

struct Args {
  std::string data = ASKDB_SHARED_DATA_DIR;
  std::string dataset = "all";
  catalog::RecallOptions recall;
  bool pool = false;
  int misses = 0;
};

struct Question {
  std::string db;
  std::string text;
  std::string evidence;
  std::vector<std::string> gold;  // lower-cased table names in the db's schema
};

struct Dataset {
  std::map<std::string, db::DatabaseSchema> schemas;
  std::vector<Question> questions;
  int unparsed = 0;  // gold SQL whose tables could not be matched to the schema
};

double Percentile(std::vector<int> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  size_t i = static_cast<size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
  return v[std::min(i, v.size() - 1)];
}

// The report databases (the rest of Spider dev and BIRD dev are develop).
constexpr std::string_view kReportDatabases[] = {
    // Spider dev: 9 of the 17 left after concert_singer, orchestra, pets_1 (always develop).
    "car_1", "course_teach", "cre_Doc_Template_Mgt", "dog_kennels", "employee_hire_evaluation",
    "flight_2", "network_1", "real_estate_properties", "wta_1",
    // BIRD dev: 6 of 11.
    "card_games", "codebase_community", "debit_card_specializing", "european_football_2",
    "financial", "student_club"};

std::string SplitOf(std::string_view db) {
  return std::find(std::begin(kReportDatabases), std::end(kReportDatabases), db) !=
                 std::end(kReportDatabases)
             ? "report"
             : "develop";
}

// The figures of one split.
struct Tally {
  int questions = 0, all_recalled = 0, gold_total = 0, gold_hit = 0, over_budget = 0;
  std::vector<int> tokens, full;
  long long tables_recalled = 0;

  Json ToJson() const {
    const double n = std::max(1, questions);
    double mean_tokens = 0, mean_full = 0;
    for (int t : tokens) mean_tokens += t;
    for (int t : full) mean_full += t;
    return {{"questions", questions},
            {"all_gold_recalled", all_recalled / n},
            {"table_recall", gold_total ? static_cast<double>(gold_hit) / gold_total : 0.0},
            {"mean_tables_recalled", static_cast<double>(tables_recalled) / n},
            {"tokens_mean", mean_tokens / n},
            {"tokens_p50", Percentile(tokens, 0.5)},
            {"tokens_p95", Percentile(tokens, 0.95)},
            {"tokens_max", Percentile(tokens, 1.0)},
            {"full_schema_tokens_mean", mean_full / n},
            {"over_budget", over_budget}};
  }
};

// In --pool mode tables are renamed "<db>__<table>" so that names stay unique.
constexpr std::string_view kPoolSeparator = "__";

StatusOr<Json> LoadJson(const std::string& path) {
  ASKDB_ASSIGN_OR_RETURN(std::string text, ReadFile(path));
  return ParseJson(text);
}

StatusOr<Dataset> LoadDataset(const std::string& dir, bool bird) {
  Dataset out;
  ASKDB_ASSIGN_OR_RETURN(Json tables, LoadJson(dir + "/tables.json"));
  for (const Json& entry : tables) {
    db::DatabaseSchema schema = SchemaFromSpiderTables(entry);
    out.schemas[schema.database] = std::move(schema);
  }
  ASKDB_ASSIGN_OR_RETURN(Json dev, LoadJson(dir + "/dev.json"));
  for (const Json& item : dev) {
    Question q;
    q.db = item.at("db_id").get<std::string>();
    q.text = item.at("question").get<std::string>();
    if (bird) q.evidence = item.value("evidence", "");
    const std::string sql = item.at(bird ? "SQL" : "query").get<std::string>();
    auto it = out.schemas.find(q.db);
    if (it == out.schemas.end()) {
      ++out.unparsed;
      continue;
    }
    for (const std::string& name : TablesInSql(sql)) {
      const db::TableInfo* t = it->second.FindTable(name);
      if (t != nullptr) q.gold.push_back(text::AsciiLower(t->name));
    }
    if (q.gold.empty()) {
      ++out.unparsed;
      continue;
    }
    out.questions.push_back(std::move(q));
  }
  return out;
}

Json Run(const std::string& name, const Dataset& data, const Args& args, bool with_evidence) {
  std::map<std::string, std::unique_ptr<catalog::SchemaRecaller>> recallers;
  std::map<std::string, int> full_tokens;
  catalog::RenderOptions render = args.recall.render;
  if (args.pool) {
    db::DatabaseSchema pooled;
    pooled.engine = "sqlite";
    pooled.database = name + " (pooled)";
    for (const auto& [db_name, schema] : data.schemas) {
      for (db::TableInfo t : schema.tables) {
        t.name = db_name + std::string(kPoolSeparator) + t.name;
        for (db::ForeignKey& fk : t.foreign_keys) {
          fk.ref_table = db_name + std::string(kPoolSeparator) + fk.ref_table;
        }
        pooled.tables.push_back(std::move(t));
      }
    }
    full_tokens["*"] = catalog::EstimateTokens(catalog::RenderSchema(pooled, nullptr, render));
    recallers["*"] = catalog::SchemaRecaller::Build(pooled, nullptr);
  } else {
    for (const auto& [db_name, schema] : data.schemas) {
      full_tokens[db_name] =
          catalog::EstimateTokens(catalog::RenderSchema(schema, nullptr, render));
      recallers[db_name] = catalog::SchemaRecaller::Build(schema, nullptr);
    }
  }

  std::map<std::string, Tally> tallies;  // "develop", "report", "all"
  Json misses = Json::array();
  for (const Question& q : data.questions) {
    const std::string key = args.pool ? "*" : q.db;
    std::string question = q.text;
    if (with_evidence && !q.evidence.empty()) question += " " + q.evidence;
    catalog::RecallResult r = recallers.at(key)->Recall(question, args.recall);
    std::set<std::string> got;
    for (const catalog::RecalledTable& t : r.tables) {
      std::string n = text::AsciiLower(t.name);
      if (args.pool) {
        std::string prefix = text::AsciiLower(q.db) + std::string(kPoolSeparator);
        if (!n.starts_with(prefix)) continue;
        n = n.substr(prefix.size());
      }
      got.insert(n);
    }
    int hit = 0;
    std::vector<std::string> missed;
    for (const std::string& g : q.gold) {
      if (got.count(g)) {
        ++hit;
      } else {
        missed.push_back(g);
      }
    }
    const std::string split = SplitOf(q.db);
    for (Tally* t : {&tallies[split], &tallies["all"]}) {
      ++t->questions;
      t->gold_total += static_cast<int>(q.gold.size());
      t->gold_hit += hit;
      t->all_recalled += missed.empty();
      t->over_budget += r.tokens > args.recall.token_budget;
      t->tokens.push_back(r.tokens);
      t->full.push_back(full_tokens.at(key));
      t->tables_recalled += static_cast<long long>(r.tables.size());
    }
    if (!missed.empty() && split == "develop" && static_cast<int>(misses.size()) < args.misses) {
      std::vector<std::string> recalled(got.begin(), got.end());
      misses.push_back(
          Json{{"db", q.db}, {"question", question}, {"missed", missed}, {"recalled", recalled}});
    }
  }
  Json out = {
      {"dataset", name},
      {"evidence", with_evidence},
      {"pooled", args.pool},
      {"budget", args.recall.token_budget},
      {"fill_budget", args.recall.fill_budget},
      {"unparsed_gold", data.unparsed},
  };
  out.update(tallies["all"].ToJson());
  out["splits"] = {{"develop", tallies["develop"].ToJson()},
                   {"report", tallies["report"].ToJson()}};
  if (!misses.empty()) out["misses"] = std::move(misses);
  return out;
}

int Main(int argc, char** argv) {
  Args args;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::cerr << a << " needs a value\n";
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--data") {
      args.data = next();
    } else if (a == "--dataset") {
      args.dataset = next();
    } else if (a == "--budget") {
      args.recall.token_budget = std::stoi(next());
    } else if (a == "--min-relative") {
      args.recall.min_relative_score = std::stod(next());
    } else if (a == "--max-tables") {
      args.recall.max_tables = std::stoi(next());
    } else if (a == "--fill") {
      args.recall.fill_budget = true;
    } else if (a == "--no-fk") {
      args.recall.foreign_key_completion = false;
    } else if (a == "--pool") {
      args.pool = true;
    } else if (a == "--misses") {
      args.misses = std::stoi(next());
    } else {
      std::cerr << "unknown argument " << a
                << "\nusage: recall_bench [--data DIR] [--dataset spider|bird|all] [--budget N] "
                   "[--min-relative X] [--max-tables N] [--fill] [--no-fk] [--pool] [--misses N]\n";
      return 2;
    }
  }
  for (const std::string name : {"spider", "bird"}) {
    if (args.dataset != "all" && args.dataset != name) continue;
    const bool bird = name == "bird";
    StatusOr<Dataset> data = LoadDataset(args.data + "/" + name, bird);
    if (!data.ok()) {
      std::cerr << "loading " << name << " from " << args.data << ": " << data.status().ToString()
                << "; pass --data with the folder holding spider/ and bird/\n";
      return 1;
    }
    std::cout << Run(name, *data, args, false).dump() << "\n";
    if (bird) std::cout << Run(name, *data, args, true).dump() << "\n";
  }
  return 0;
}

}  // namespace
}  // namespace askdb::bench

int main(int argc, char** argv) { return askdb::bench::Main(argc, argv); }
