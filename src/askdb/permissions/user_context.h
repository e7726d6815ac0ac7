// Who is asking: the person a statement runs for, as the data permissions see them — an id,
// a display name, roles and attributes (region = 华东, department = sales). Built by the
// sign-in layer (server/users) from an account, a session or an API key; the permissions
// module only reads it. A run without a UserContext (single-user CLI) has no data rules.
//
// Thread-safety: plain data.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace askdb::permissions {

// The role that is exempt from every data rule ("admin (everything)", issue 18).
inline constexpr std::string_view kAdminRole = "admin";

struct UserContext {
  std::string user_id;             // stable account id; rules granted to a user name it
  std::string name;                // display name, for messages
  std::vector<std::string> roles;  // "admin", "editor", "analyst", or custom
  std::map<std::string, std::string> attributes;  // region -> 华东; read by {user.region}

  bool HasRole(std::string_view role) const;
  bool IsAdmin() const { return HasRole(kAdminRole); }
  // The attribute's value, or nullptr when the user has none of that name.
  const std::string* Attribute(std::string_view name) const;
};

}  // namespace askdb::permissions
