// CountingConnector: a db::Connector decorator that forwards every call to a borrowed
// connector and counts Execute and Introspect calls. The consultation route uses it in
// tests (and the agent may use it in its trace) to show Property 17 — at most one tool
// call (the basic schema fetch) and no statement on user data — by observation, not by
// trust. The wrapped connector must outlive this one. Thread-safe like the connector it
// wraps; the counters are atomic.
#pragma once

#include <atomic>

#include "askdb/db/connector.h"

namespace askdb::agent {

class CountingConnector final : public db::Connector {
 public:
  explicit CountingConnector(db::Connector& inner) : inner_(inner) {}

  std::string_view engine() const override { return inner_.engine(); }
  const db::Dialect& dialect() const override { return inner_.dialect(); }
  std::string display_name() const override { return inner_.display_name(); }

  StatusOr<db::ResultSet> Execute(std::string_view sql, const db::QueryOptions& options) override {
    executes_.fetch_add(1, std::memory_order_relaxed);
    return inner_.Execute(sql, options);
  }
  Status Check(std::string_view sql, const db::QueryOptions& options) override {
    checks_.fetch_add(1, std::memory_order_relaxed);
    return inner_.Check(sql, options);
  }
  StatusOr<db::DatabaseSchema> Introspect(const db::IntrospectOptions& options) override {
    introspects_.fetch_add(1, std::memory_order_relaxed);
    return inner_.Introspect(options);
  }
  void Cancel() override { inner_.Cancel(); }

  long long executes() const { return executes_.load(std::memory_order_relaxed); }
  long long introspects() const { return introspects_.load(std::memory_order_relaxed); }
  long long checks() const { return checks_.load(std::memory_order_relaxed); }

 private:
  db::Connector& inner_;
  std::atomic<long long> executes_{0};
  std::atomic<long long> introspects_{0};
  std::atomic<long long> checks_{0};
};

}  // namespace askdb::agent
