// Paraphrase hits and near-miss false hits of the answer cache's semantic level (L2).
//
// For each pair of the set (tests/data/cache_paraphrases.jsonl: {"kind": "paraphrase" |
// "near_miss", "stored", "asked"}), a fresh AnswerCache stores `stored` with the demo
// database's engine index (so the slot guard sees filter values and schema words, as in the
// pipeline) and looks `asked` up. A paraphrase that hits is a hit; a near miss that hits is
// a false hit (a wrong answer served). A pair with a "db" field (a SQLite file, relative to
// --db-root) is looked up against that database's index instead (a set built from public
// text-to-SQL data: bench/cache/make_spider_pairs.py).
//
//   paraphrase_bench --set FILE [--db-root DIR] [--base-url URL --embedding-model M]
//                    [--max-false-hits N] [--min-hits N]
//
// Without --base-url the built-in LexicalEmbedder embeds; with it, the provider's embeddings
// endpoint (the cache's ProviderEmbedder). Prints one JSON object; exits 1 when the false
// hits exceed --max-false-hits or the paraphrase hits fall below --min-hits.
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "askdb/agent/ask/datasource.h"
#include "askdb/cache/answer_cache.h"
#include "askdb/cache/provider_embedder.h"
#include "askdb/common/json_lines.h"
#include "askdb/db/connector_registry.h"
#include "askdb/demo/demo_database.h"
#include "askdb/llm/provider_config.h"

namespace askdb {
namespace {

struct Args {
  std::string set, base_url, embedding_model, db_root = ".";
  long max_false_hits = -1, min_hits = -1;
};

StatusOr<agent::PreparedDatasource> Prepare(const std::string& url) {
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<db::Connector> connector, db::OpenConnector(url));
  return agent::PrepareDatasource(std::move(connector), url);
}

int Run(const Args& args) {
  std::vector<Json> pairs;
  Status read = ForEachJsonLine(args.set, [&](const Json& value, int, const std::string&) {
    pairs.push_back(value);
    return Status::Ok();
  });
  if (!read.ok()) {
    std::cerr << read.ToString() << "\n";
    return 2;
  }
  // The demo database, built in a temporary directory, for its engine index.
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("askdb-paraphrase-bench-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::filesystem::path db = dir / "retail.sqlite";
  Status created = demo::CreateDemoDatabase(db);
  if (created.ok()) created = demo::WriteDemoSemanticModel(dir / "retail.semantic.json");
  StatusOr<agent::PreparedDatasource> ds = created.ok()
                                               ? Prepare("sqlite:" + db.string())
                                               : StatusOr<agent::PreparedDatasource>(created);
  std::filesystem::remove_all(dir);
  if (!ds.ok()) {
    std::cerr << ds.status().ToString() << "\n";
    return 2;
  }
  // The pairs' own databases, prepared once each.
  std::map<std::string, std::unique_ptr<agent::PreparedDatasource>> others;
  for (const Json& pair : pairs) {
    const std::string file = pair.value("db", "");
    if (file.empty() || others.count(file) > 0) continue;
    StatusOr<agent::PreparedDatasource> other =
        Prepare("sqlite:" + (std::filesystem::path(args.db_root) / file).string());
    if (!other.ok()) {
      std::cerr << file << ": " << other.status().ToString() << "\n";
      return 2;
    }
    others[file] = std::make_unique<agent::PreparedDatasource>(std::move(other).value());
  }

  std::unique_ptr<llm::LlmClient> client;
  if (!args.base_url.empty()) {
    llm::ProviderConfig provider;
    provider.base_url = args.base_url;
    provider.model = "unused";
    provider.embedding_model = args.embedding_model;
    provider.api_key = "sk-bench";
    client = llm::MakeLlmClient(provider);
  }
  Json report;
  report["embedder"] = client ? "provider:" + args.embedding_model : "lexical";
  int paraphrases = 0, hits = 0, near_misses = 0, false_hits = 0;
  Json missed = Json::array(), wrong = Json::array();
  for (const Json& pair : pairs) {
    std::unique_ptr<cache::Embedder> embedder;
    if (client) {
      embedder = std::make_unique<cache::ProviderEmbedder>(
          *client, cache::ProviderEmbedderOptions{.model = args.embedding_model});
    }
    cache::AnswerCache cache({}, Clock::System(), std::move(embedder));
    const std::string stored = pair.value("stored", ""), asked = pair.value("asked", "");
    const bool paraphrase = pair.value("kind", "") == "paraphrase";
    const std::string file = pair.value("db", "");
    const nlq::SchemaIndex* index = file.empty() ? ds->index.get() : others.at(file)->index.get();
    Status put = cache.Store("demo", stored, "SELECT 1", db::ResultSet{}, index);
    if (!put.ok()) {
      std::cerr << put.ToString() << "\n";
      return 2;
    }
    const std::optional<cache::CacheHit> hit = cache.Lookup("demo", asked, index);
    if (paraphrase) {
      ++paraphrases;
      if (hit) {
        ++hits;
      } else {
        missed.push_back(pair.value("id", ""));
      }
    } else {
      ++near_misses;
      if (hit) {
        ++false_hits;
        wrong.push_back({{"id", pair.value("id", "")}, {"why", hit->why_matched}});
      }
    }
  }
  report["paraphrases"] = paraphrases;
  report["paraphrase_hits"] = hits;
  report["near_misses"] = near_misses;
  report["false_hits"] = false_hits;
  report["missed_paraphrases"] = missed;
  report["false_hit_pairs"] = wrong;
  std::cout << report.dump(2) << "\n";
  if (args.max_false_hits >= 0 && false_hits > args.max_false_hits) return 1;
  if (args.min_hits >= 0 && hits < args.min_hits) return 1;
  return 0;
}

}  // namespace
}  // namespace askdb

int main(int argc, char** argv) {
  // The JSON report owns stdout; warnings (a failed embedding call) go to stderr.
  spdlog::set_default_logger(spdlog::stderr_color_mt("paraphrase_bench"));
  spdlog::set_level(spdlog::level::warn);
  askdb::Args args;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i], value = argv[i + 1];
    if (flag == "--set") {
      args.set = value;
    } else if (flag == "--db-root") {
      args.db_root = value;
    } else if (flag == "--base-url") {
      args.base_url = value;
    } else if (flag == "--embedding-model") {
      args.embedding_model = value;
    } else if (flag == "--max-false-hits") {
      args.max_false_hits = std::stol(value);
    } else if (flag == "--min-hits") {
      args.min_hits = std::stol(value);
    } else {
      std::cerr << "unknown flag " << flag
                << "; use --set, --db-root, --base-url, --embedding-model, --max-false-hits, "
                   "--min-hits\n";
      return 2;
    }
  }
  if (args.set.empty() || (!args.base_url.empty() && args.embedding_model.empty())) {
    std::cerr << "usage: paraphrase_bench --set FILE [--db-root DIR] [--base-url URL "
                 "--embedding-model M] [--max-false-hits N] [--min-hits N]\n";
    return 2;
  }
  return askdb::Run(args);
}
