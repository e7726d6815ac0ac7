// An agent's table selection as a data policy: MCP's run_sql and every run (RunService) refuse
// a statement reading a table the agent does not select, through the same permissions rewrite
// that applies a user's rules, so the engine's SQL and a model's are refused alike.
#pragma once

#include "askdb/db/schema.h"
#include "askdb/permissions/rules.h"
#include "askdb/server/store/management_store.h"

namespace askdb::server::api {

// An agent that selects some of its datasource's tables may read only those: every other
// table and view of `schema` joins `policy` as a refused table (the rest of `policy`, the
// caller's own rules, stays). Run through a PermissionedConnector, the permissions' rewrite
// then refuses a statement whose parse tree references one — in a CTE, a subquery, a join,
// quoted or schema-qualified — and, the policy being non-empty, the system catalogs; a
// column spelled like an unselected table is no reference. No selection: nothing changes.
void RefuseUnselectedTables(const db::DatabaseSchema& schema, const store::AgentRecord& agent,
                            permissions::EffectivePolicy& policy);

}  // namespace askdb::server::api
