#include "askdb/server/store/management_store.h"

#include <ctime>
#include <mutex>
#include <random>

#include "askdb/server/security/api_keys.h"

namespace askdb::server::store {
namespace {

constexpr std::size_t kRandomIdHexChars = 16;
constexpr std::size_t kMaxClientIdChars = 64;

class StoreApiKeyStore final : public security::ApiKeyStore {
 public:
  explicit StoreApiKeyStore(ManagementStore& store) : store_(store) {}
  Status Put(const security::ApiKeyRecord& record) override { return store_.PutApiKey(record); }
  StatusOr<security::ApiKeyRecord> FindById(std::string_view id) const override {
    return store_.FindApiKey(id);
  }
  StatusOr<std::vector<security::ApiKeyRecord>> List() const override {
    return store_.ListApiKeys();
  }
  Status Revoke(std::string_view id) override { return store_.RevokeApiKey(id); }

 private:
  ManagementStore& store_;
};

Json StringArray(const std::vector<std::string>& values) {
  Json out = Json::array();
  for (const auto& v : values) out.push_back(v);
  return out;
}

}  // namespace

std::string NewRecordId(std::string_view prefix) {
  static std::mutex mu;
  static std::mt19937_64 engine{std::random_device{}()};
  static constexpr char kHex[] = "0123456789abcdef";
  std::string id(prefix);
  id += '_';
  std::lock_guard lock(mu);
  uint64_t bits = engine();
  for (std::size_t i = 0; i < kRandomIdHexChars; ++i) {
    id += kHex[bits & 0xF];
    bits >>= 4;
  }
  return id;
}

Status ValidateRecordId(std::string_view id, std::string_view field) {
  if (id.empty() || id.size() > kMaxClientIdChars) {
    return InvalidArgumentError(std::string(field) + ": must be 1 to " +
                                std::to_string(kMaxClientIdChars) + " characters");
  }
  for (char c : id) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '_' || c == '-' || c == '.';
    if (!ok) {
      return InvalidArgumentError(std::string(field) + ": '" + std::string(id) +
                                  "' may hold only letters, digits, '_', '-' and '.'");
    }
  }
  return Status::Ok();
}

std::string FormatTime(Clock::TimePoint time) {
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(time.time_since_epoch());
  const std::time_t secs = static_cast<std::time_t>(ms.count() / 1000);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[32];
  std::strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%S", &tm);
  char out[48];
  std::snprintf(out, sizeof(out), "%s.%03dZ", buf, static_cast<int>(ms.count() % 1000));
  return out;
}

Json AgentToJson(const AgentRecord& r) {
  Json j = Json::object();
  j["id"] = r.id;
  j["name"] = r.name;
  j["instructions"] = r.instructions;
  j["datasource_id"] = r.datasource_id;
  j["selected_tables"] = StringArray(r.selected_tables);
  j["language"] = r.language;
  j["plan_review"] = r.plan_review ? Json(*r.plan_review) : Json(nullptr);
  j["fast_mode"] = r.fast_mode;
  j["preset_questions"] = StringArray(r.preset_questions);
  j["created_at"] = FormatTime(r.created_at);
  j["updated_at"] = FormatTime(r.updated_at);
  return j;
}

Json DatasourceToJson(const DatasourceRecord& r) {
  return Json{{"id", r.id},
              {"name", r.name},
              {"url", r.url},
              {"has_password", !r.sealed_password.empty()},
              {"created_at", FormatTime(r.created_at)},
              {"updated_at", FormatTime(r.updated_at)}};
}

Json RelationToJson(const RelationRecord& r) {
  return Json{{"id", r.id},
              {"datasource_id", r.datasource_id},
              {"from", r.from_table + "." + r.from_column},
              {"to", r.to_table + "." + r.to_column},
              {"kind", r.kind},
              {"description", r.description},
              {"created_at", FormatTime(r.created_at)}};
}

Json SessionToJson(const SessionRecord& r) {
  return Json{{"id", r.id},
              {"agent_id", r.agent_id},
              {"title", r.title},
              {"created_at", FormatTime(r.created_at)},
              {"updated_at", FormatTime(r.updated_at)}};
}

Json MessageToJson(const MessageRecord& r) {
  Json j{{"session_id", r.session_id},
         {"seq", r.seq},
         {"role", r.role},
         {"text", r.text},
         {"thread_id", r.thread_id}};
  if (!r.run.is_null()) j["run"] = r.run;
  j["created_at"] = FormatTime(r.created_at);
  return j;
}

Json ExampleToJson(const ExampleRecord& r) {
  return Json{{"id", r.id},
              {"agent_id", r.agent_id},
              {"question", r.question},
              {"sql", r.sql},
              {"created_at", FormatTime(r.created_at)}};
}

Json RunRecordToJson(const RunRecord& r, bool with_nodes) {
  Json j{{"run_id", r.run_id},
         {"thread_id", r.thread_id},
         {"agent_id", r.agent_id},
         {"question", r.question},
         {"route", r.route},
         {"outcome", r.outcome},
         {"error", r.error},
         {"started_at", FormatTime(r.started_at)},
         {"duration_ms", r.duration_ms},
         {"usage",
          {{"llm_calls", r.llm_calls},
           {"prompt_tokens", r.prompt_tokens},
           {"completion_tokens", r.completion_tokens}}}};
  if (with_nodes) j["nodes"] = r.nodes;
  return j;
}

Json ModelConfigToJson(const ModelConfigRecord& r) {
  return Json{{"id", r.id},
              {"name", r.name},
              {"provider", r.provider},
              {"base_url", r.base_url},
              {"model", r.model},
              {"has_api_key", !r.sealed_api_key.empty()},
              {"active", r.active},
              {"created_at", FormatTime(r.created_at)},
              {"updated_at", FormatTime(r.updated_at)}};
}

std::unique_ptr<security::ApiKeyStore> NewStoreApiKeyStore(ManagementStore& store) {
  return std::make_unique<StoreApiKeyStore>(store);
}

}  // namespace askdb::server::store
