#include "askdb/agent/ask/term_datasource.h"

#include <spdlog/spdlog.h>

#include "askdb/db/connector.h"
#include "askdb/nlq/schema_index.h"

namespace askdb::agent {
namespace {

// Forwards every call to the base's connector and keeps the base alive.
class SharedConnector final : public db::Connector {
 public:
  explicit SharedConnector(std::shared_ptr<PreparedDatasource> base) : base_(std::move(base)) {}
  std::string_view engine() const override { return inner().engine(); }
  const db::Dialect& dialect() const override { return inner().dialect(); }
  std::string display_name() const override { return inner().display_name(); }
  StatusOr<db::ResultSet> Execute(std::string_view sql, const db::QueryOptions& options) override {
    return inner().Execute(sql, options);
  }
  Status Check(std::string_view sql, const db::QueryOptions& options) override {
    return inner().Check(sql, options);
  }
  StatusOr<db::DatabaseSchema> Introspect(const db::IntrospectOptions& options) override {
    return inner().Introspect(options);
  }
  void Cancel() override { inner().Cancel(); }

 private:
  db::Connector& inner() const { return *base_->connector; }
  std::shared_ptr<PreparedDatasource> base_;
};

std::string TermsKey(const std::vector<knowledge::BusinessTerm>& terms) {
  Json all = Json::array();
  for (const knowledge::BusinessTerm& t : terms) all.push_back(knowledge::TermToJson(t));
  return all.dump();
}

}  // namespace

std::vector<knowledge::BusinessTerm> RunTerms(const PreparedDatasource& base,
                                              std::string_view agent_id,
                                              const std::vector<knowledge::BusinessTerm>& stored) {
  std::vector<knowledge::BusinessTerm> datasource, agent;
  const std::string agent_scope = "agent:" + std::string(agent_id);
  for (const knowledge::BusinessTerm& t : stored) {
    if (t.scope == agent_scope) {
      agent.push_back(t);
    } else if (t.scope.starts_with("datasource:")) {
      datasource.push_back(t);
    }  // another agent's terms are not this run's
  }
  return knowledge::OverlayTerms(knowledge::OverlayTerms(base.file_terms, datasource), agent);
}

StatusOr<std::shared_ptr<PreparedDatasource>> WithTerms(
    std::shared_ptr<PreparedDatasource> base, std::vector<knowledge::BusinessTerm> terms) {
  if (base == nullptr || TermsKey(terms) == TermsKey(base->terms)) return base;
  if (base->stats == nullptr) {
    return FailedPreconditionError("the datasource was prepared without column statistics");
  }
  auto view = std::make_shared<PreparedDatasource>();
  view->schema = base->schema;
  view->model = base->model;
  view->model_path = base->model_path;
  view->terms_path = base->terms_path;
  view->file_terms = base->file_terms;
  view->stats = base->stats;
  view->index = std::make_unique<nlq::SchemaIndex>(
      nlq::SchemaIndex::Build(view->schema, view->model ? &*view->model : nullptr, *view->stats));
  if (!terms.empty()) {
    std::vector<std::string> errors;
    view->index->AddBusinessTerms(knowledge::EngineDefinitions(terms), &errors);
    for (const std::string& e : errors) spdlog::warn("business terms: {}", e);
  }
  view->fingerprint = DatasourceFingerprint(view->schema, view->model, terms);
  view->terms = std::move(terms);
  view->schemas = base->schemas;
  view->source_fingerprint = base->source_fingerprint;
  view->fingerprint_checked = base->fingerprint_checked;
  view->url = base->url;
  view->prepare_options = base->prepare_options;
  view->rows_stamper = base->rows_stamper;
  view->connector = std::make_unique<SharedConnector>(std::move(base));
  return view;
}

StatusOr<std::shared_ptr<PreparedDatasource>> TermViews::Get(
    const std::string& key, std::shared_ptr<PreparedDatasource> base,
    std::vector<knowledge::BusinessTerm> terms) {
  const std::string terms_key = TermsKey(terms);
  {
    std::lock_guard lock(mu_);
    auto it = slots_.find(key);
    if (it != slots_.end() && it->second.terms_key == terms_key && it->second.base.lock() == base) {
      return it->second.view;
    }
  }
  std::weak_ptr<PreparedDatasource> weak_base = base;
  ASKDB_ASSIGN_OR_RETURN(std::shared_ptr<PreparedDatasource> view,
                         WithTerms(std::move(base), std::move(terms)));
  std::lock_guard lock(mu_);
  slots_[key] = Slot{std::move(weak_base), terms_key, view};
  return view;
}

StatusOr<std::shared_ptr<PreparedDatasource>> TermViews::ForRun(
    std::shared_ptr<PreparedDatasource> base, std::string_view agent_id,
    std::string_view datasource_id, const knowledge::TermProvider& stored) {
  knowledge::EvidenceQuery scopes;
  scopes.agent_id = std::string(agent_id);
  scopes.datasource_id = std::string(datasource_id);
  ASKDB_ASSIGN_OR_RETURN(std::vector<knowledge::BusinessTerm> terms, stored(scopes));
  std::vector<knowledge::BusinessTerm> run_terms = RunTerms(*base, agent_id, terms);
  return Get(std::string(agent_id), std::move(base), std::move(run_terms));
}

}  // namespace askdb::agent
