#include "askdb/server/api/agent_table_policy.h"

#include <algorithm>
#include <string>

#include "askdb/common/text.h"

namespace askdb::server::api {

void RefuseUnselectedTables(const db::DatabaseSchema& schema, const store::AgentRecord& agent,
                            permissions::EffectivePolicy& policy) {
  const std::vector<std::string>& selected = agent.selected_tables;
  if (selected.empty()) return;
  std::string list;
  for (const std::string& s : selected) list += (list.empty() ? "" : ", ") + s;
  const std::string why =
      "agent '" + agent.id + "' may read only its selected tables (" + list + ")";
  for (const db::TableInfo& t : schema.tables) {
    const bool chosen = std::any_of(selected.begin(), selected.end(), [&](const std::string& s) {
      return text::EqualsIgnoreAsciiCase(s, t.name);
    });
    if (chosen) continue;
    permissions::TablePolicy& refused = policy.tables[text::AsciiLower(t.name)];
    refused.table = t.name;
    refused.refusal = why;
  }
}

}  // namespace askdb::server::api
