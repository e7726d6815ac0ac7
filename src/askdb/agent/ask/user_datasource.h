// The prepared datasource as one user may see it under their data permissions
// (permissions/): the connector rewrites every statement for the user
// (PermissionedConnector), the schema and the semantic model lose hidden columns (and the
// value labels of masked ones), views and tables the user cannot read, and the engine's
// index is built from that and from statistics gathered through the user's connector — so
// no prompt, recall result or sample value shows what the user may not see. The fingerprint
// gains the permission fingerprint, so cached answers follow the rules.
//
// Built per run from parts kept between runs: the column statistics gathered through the
// user's connector (one statement per text or time column) are cached per (datasource
// URL and fingerprints, policy fingerprint), so a rule or attribute change — listed from the
// store on each run, whichever process made it — or a refreshed schema gathers them anew.
// Thread-safe.
#pragma once

#include <cstdint>
#include <memory>

#include "askdb/agent/ask/datasource.h"
#include "askdb/common/status.h"
#include "askdb/permissions/rules.h"

namespace askdb::agent {

// `base` itself when `policy` is empty; the result keeps `base` alive.
StatusOr<std::shared_ptr<PreparedDatasource>> PrepareForUser(
    std::shared_ptr<PreparedDatasource> base, const permissions::EffectivePolicy& policy);

// How many times PrepareForUser gathered statistics in this process (the rest came from
// the cache); for tests.
int64_t UserViewStatisticsGathered();

}  // namespace askdb::agent
