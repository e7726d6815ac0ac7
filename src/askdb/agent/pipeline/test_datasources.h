// Test data for the pipeline's tests on real schemas: the demo database with its semantic
// model ("retail") and Chinook ("chinook", copied from ../shared/data; left out when that is
// absent), each prepared as a datasource in a private temporary folder.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <memory>
#include <string>

#include "askdb/agent/ask/datasource.h"
#include "askdb/db/connector_registry.h"
#include "askdb/demo/demo_database.h"

namespace askdb::agent::pipeline::testdata {

class PreparedTestDatasources {
 public:
  explicit PreparedTestDatasources(const std::string& tag)
      : dir_(std::filesystem::temp_directory_path() /
             ("askdb_" + tag + "_" + std::to_string(::getpid()))) {
    namespace fs = std::filesystem;
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    EXPECT_TRUE(demo::CreateDemoDatabase(dir_ / "retail.sqlite").ok());
    EXPECT_TRUE(demo::WriteDemoSemanticModel(dir_ / "retail.semantic.json").ok());
    const fs::path chinook = fs::path(ASKDB_SHARED_DATA_DIR) / "chinook" / "chinook.sqlite";
    if (fs::exists(chinook)) fs::copy_file(chinook, dir_ / "chinook.sqlite");
    for (const char* name : {"retail", "chinook"}) {
      const fs::path file = dir_ / (std::string(name) + ".sqlite");
      if (!fs::exists(file)) continue;
      const std::string url = "sqlite:" + file.string();
      auto connector = db::OpenConnector(url);
      EXPECT_TRUE(connector.ok()) << connector.status().ToString();
      if (!connector.ok()) continue;
      auto prepared = PrepareDatasource(std::move(connector).value(), url);
      EXPECT_TRUE(prepared.ok()) << prepared.status().ToString();
      if (prepared.ok()) {
        prepared_[name] = std::make_unique<PreparedDatasource>(std::move(prepared).value());
      }
    }
  }
  ~PreparedTestDatasources() {
    prepared_.clear();
    std::filesystem::remove_all(dir_);
  }
  PreparedTestDatasources(const PreparedTestDatasources&) = delete;
  PreparedTestDatasources& operator=(const PreparedTestDatasources&) = delete;

  // "retail" or "chinook"; null when not prepared.
  const PreparedDatasource* Find(const std::string& name) const {
    auto it = prepared_.find(name);
    return it == prepared_.end() ? nullptr : it->second.get();
  }

 private:
  std::filesystem::path dir_;
  std::map<std::string, std::unique_ptr<PreparedDatasource>> prepared_;
};

}  // namespace askdb::agent::pipeline::testdata
