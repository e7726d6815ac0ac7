// The prepared datasource as one user may see it under their data permissions
// (permissions/): the connector rewrites every statement for the user
// (PermissionedConnector), the schema and the semantic model lose hidden columns (and the
// value labels of masked ones), views and tables the user cannot read, and the engine's
// index is built from that and from statistics gathered through the user's connector — so
// no prompt, recall result or sample value shows what the user may not see. The fingerprint
// gains the permission fingerprint, so cached answers follow the rules.
//
// Built per run (the statistics are gathered again through the user's connector: one
// statement per text or time column). Thread-safe.
#pragma once

#include <memory>

#include "askdb/agent/ask/datasource.h"
#include "askdb/common/status.h"
#include "askdb/permissions/rules.h"

namespace askdb::agent {

// `base` itself when `policy` is empty; the result keeps `base` alive.
StatusOr<std::shared_ptr<PreparedDatasource>> PrepareForUser(
    std::shared_ptr<PreparedDatasource> base, const permissions::EffectivePolicy& policy);

}  // namespace askdb::agent
