// Reads the lines of MySQL/MariaDB's SHOW GRANTS FOR CURRENT_USER() and names the privileges
// that reach beyond reading data (the connector refuses such an account unless the URL says
// allow_privileged_role=true). A stage of its own so the reading is tested without a server.
//
// Thread-safety: pure functions.
#pragma once

#include <string>
#include <vector>

#include "askdb/db/statement_guard.h"

namespace askdb::db::mysql_internal {

// The risky privileges the grant lines give, each named once in the order first met, with
// why it matters: global privileges of kPrivilegeChecks ("FILE on *.*"), WITH GRANT OPTION
// on *.*, and any privilege but USAGE on the mysql schema. A line is "GRANT p1, p2 (col), ...
// ON obj TO user [IDENTIFIED BY ...] [WITH GRANT OPTION]"; it may carry a password hash, so
// only privilege names and the object are taken from it; role grants (GRANT role TO user)
// are skipped.
std::vector<guard::RolePrivilege> RiskyPrivileges(const std::vector<std::string>& grant_lines);

}  // namespace askdb::db::mysql_internal
