// The overhead of the data-permission rewrite (permissions/rewrite.h) per statement: parse
// with libpg_query, walk the tree, replace each protected table. Two sets:
//   chinook — 12 analysis queries over Chinook (joins, CTEs, subqueries) with rules on
//             Customer (row: Country = {user.country}; Email hidden; Phone masked) and
//             Invoice (row: BillingCountry = {user.country});
//   corpus  — every statement of tests/data/permission_bypass_corpus.jsonl that the rewrite
//             accepts, over the corpus schema (staff/orders/products).
// Each statement is rewritten `--iterations` times (default 200); the figure is the per-call
// time, p50 / p95 / max over all calls. Prints JSON.
//
//   build/bin/permission_rewrite_bench [--iterations N]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "askdb/common/file_util.h"
#include "askdb/common/json.h"
#include "askdb/db/schema.h"
#include "askdb/db/sqlite/sqlite_connector.h"
#include "askdb/permissions/rewrite.h"

namespace {

using askdb::permissions::EffectivePolicy;
using askdb::permissions::RewriteStatement;
using askdb::permissions::SqlEngine;

struct Figures {
  size_t statements = 0;
  size_t calls = 0;
  double p50_ms = 0, p95_ms = 0, max_ms = 0;
};

Figures Measure(const std::vector<std::string>& statements, const EffectivePolicy& policy,
                const askdb::db::DatabaseSchema& schema, int iterations) {
  std::vector<double> ms;
  Figures f;
  for (const std::string& sql : statements) {
    if (!RewriteStatement(sql, SqlEngine::kSqlite, policy, schema).ok()) continue;
    ++f.statements;
    for (int i = 0; i < iterations; ++i) {
      const auto start = std::chrono::steady_clock::now();
      auto result = RewriteStatement(sql, SqlEngine::kSqlite, policy, schema);
      const auto end = std::chrono::steady_clock::now();
      if (!result.ok()) std::abort();
      ms.push_back(std::chrono::duration<double, std::milli>(end - start).count());
    }
  }
  std::sort(ms.begin(), ms.end());
  f.calls = ms.size();
  if (!ms.empty()) {
    f.p50_ms = ms[ms.size() / 2];
    f.p95_ms = ms[std::min(ms.size() - 1, ms.size() * 95 / 100)];
    f.max_ms = ms.back();
  }
  return f;
}

askdb::Json ToJson(const Figures& f) {
  return askdb::Json{{"statements", f.statements},
                     {"calls", f.calls},
                     {"p50_ms", f.p50_ms},
                     {"p95_ms", f.p95_ms},
                     {"max_ms", f.max_ms}};
}

}  // namespace

int main(int argc, char** argv) {
  int iterations = 200;
  for (int i = 1; i + 1 < argc; ++i) {
    if (std::strcmp(argv[i], "--iterations") == 0) iterations = std::atoi(argv[i + 1]);
  }
  if (iterations <= 0) {
    std::cerr << "--iterations must be a positive number\n";
    return 2;
  }
  const std::filesystem::path data(ASKDB_SHARED_DATA_DIR);
  auto chinook = askdb::db::SqliteConnector::Open((data / "chinook" / "chinook.sqlite").string());
  if (!chinook.ok()) {
    std::cerr << chinook.status().ToString() << "\n";
    return 1;
  }
  auto schema = (*chinook)->Introspect({});
  if (!schema.ok()) {
    std::cerr << schema.status().ToString() << "\n";
    return 1;
  }
  EffectivePolicy chinook_policy;
  chinook_policy.attributes["country"] = "Brazil";
  auto& customer = chinook_policy.tables["customer"];
  customer.table = "Customer";
  customer.predicates = {"Country = {user.country}"};
  customer.columns["email"].hidden = true;
  customer.columns["phone"].masked = true;
  auto& invoice = chinook_policy.tables["invoice"];
  invoice.table = "Invoice";
  invoice.predicates = {"BillingCountry = {user.country}"};
  const std::vector<std::string> chinook_sql = {
      "SELECT count(*) FROM Customer",
      "SELECT c.FirstName, c.LastName, sum(i.Total) AS total FROM Customer c JOIN Invoice i ON "
      "i.CustomerId = c.CustomerId GROUP BY c.CustomerId ORDER BY total DESC LIMIT 10",
      "SELECT BillingCity, count(*) FROM Invoice GROUP BY BillingCity",
      "SELECT g.Name, sum(il.UnitPrice * il.Quantity) FROM InvoiceLine il JOIN Track t ON "
      "t.TrackId = il.TrackId JOIN Genre g ON g.GenreId = t.GenreId JOIN Invoice i ON "
      "i.InvoiceId = il.InvoiceId GROUP BY g.Name ORDER BY 2 DESC",
      "WITH totals AS (SELECT CustomerId, sum(Total) AS t FROM Invoice GROUP BY CustomerId) "
      "SELECT c.Country, avg(totals.t) FROM totals JOIN Customer c USING (CustomerId) GROUP BY "
      "c.Country",
      "SELECT * FROM Customer WHERE CustomerId IN (SELECT CustomerId FROM Invoice WHERE Total > "
      "10)",
      "SELECT strftime('%Y', InvoiceDate) AS y, sum(Total) FROM Invoice GROUP BY y ORDER BY y",
      "SELECT e.LastName, count(c.CustomerId) FROM Employee e LEFT JOIN Customer c ON "
      "c.SupportRepId = e.EmployeeId GROUP BY e.EmployeeId",
      "SELECT a.Title, count(*) FROM Album a JOIN Track t ON t.AlbumId = a.AlbumId GROUP BY "
      "a.AlbumId ORDER BY 2 DESC LIMIT 5",
      "SELECT Country FROM Customer UNION SELECT BillingCountry FROM Invoice",
      "SELECT c1.FirstName, c2.FirstName FROM Customer c1 JOIN Customer c2 ON c1.City = c2.City "
      "AND c1.CustomerId < c2.CustomerId",
      "SELECT i.InvoiceId, (SELECT count(*) FROM InvoiceLine il WHERE il.InvoiceId = "
      "i.InvoiceId) FROM Invoice i ORDER BY i.Total DESC LIMIT 20"};

  askdb::db::DatabaseSchema corpus_schema;
  corpus_schema.engine = "sqlite";
  auto table = [&corpus_schema](const char* name, std::vector<const char*> columns,
                                bool view = false) {
    askdb::db::TableInfo t;
    t.name = name;
    if (view) t.kind = askdb::db::TableInfo::Kind::kView;
    for (const char* c : columns) {
      askdb::db::ColumnInfo col;
      col.name = c;
      t.columns.push_back(col);
    }
    corpus_schema.tables.push_back(t);
  };
  table("staff", {"id", "name", "region", "dept", "salary", "ssn", "phone"});
  table("orders", {"id", "staff_id", "region", "amount"});
  table("products", {"id", "name", "price"});
  table("staff_view", {"id", "name", "ssn"}, true);
  EffectivePolicy corpus_policy;
  corpus_policy.attributes["region"] = "华东";
  auto& staff = corpus_policy.tables["staff"];
  staff.table = "staff";
  staff.predicates = {"region = {user.region}"};
  staff.columns["ssn"].hidden = true;
  staff.columns["salary"].masked = true;
  corpus_policy.tables["orders"].table = "orders";
  corpus_policy.tables["orders"].predicates = {"region = {user.region}"};
  std::vector<std::string> corpus_sql;
  auto text = askdb::ReadFile(std::filesystem::path(ASKDB_SOURCE_DIR) / "tests" / "data" /
                              "permission_bypass_corpus.jsonl");
  if (!text.ok()) {
    std::cerr << text.status().ToString() << "\n";
    return 1;
  }
  size_t start = 0;
  while (start < text->size()) {
    size_t end = text->find('\n', start);
    if (end == std::string::npos) end = text->size();
    auto line = askdb::ParseJson(text->substr(start, end - start));
    start = end + 1;
    if (!line.ok()) continue;
    std::string sql = line->value("sql", "");
    for (auto [token, with] : {std::pair{"{SU}", "MAIN"}, {"{S}", "main"}, {"{Q}", "\""}}) {
      for (size_t p = sql.find(token); p != std::string::npos; p = sql.find(token, p)) {
        sql.replace(p, std::strlen(token), with);
      }
    }
    corpus_sql.push_back(sql);
  }
  askdb::Json out{
      {"iterations", iterations},
      {"chinook", ToJson(Measure(chinook_sql, chinook_policy, *schema, iterations))},
      {"corpus", ToJson(Measure(corpus_sql, corpus_policy, corpus_schema, iterations))}};
  std::cout << out.dump(2) << "\n";
  return 0;
}
