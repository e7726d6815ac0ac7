#include "askdb/db/mysql/mysql_grants.h"

#include <array>
#include <optional>
#include <string_view>

#include "askdb/db/ascii_util.h"

namespace askdb::db::mysql_internal {
namespace {

// Global privileges that reach beyond reading data, and why each matters.
struct PrivilegeCheck {
  std::string_view name;
  std::string_view why;
};
constexpr std::array<PrivilegeCheck, 9> kPrivilegeChecks = {{
    {"ALL PRIVILEGES", "every privilege on the server, including reading server files"},
    {"FILE", "it can read and write files on the database server (LOAD_FILE, INTO OUTFILE)"},
    {"SUPER", "it can change server settings, kill sessions and bypass read_only"},
    {"PROCESS", "it can see every session's running statements"},
    {"SHUTDOWN", "it can stop the server"},
    {"RELOAD", "it can flush and reload server state"},
    {"CREATE USER", "it can create accounts and change their passwords"},
    {"GRANT OPTION", "it can grant its privileges to others"},
    {"CONNECTION ADMIN", "it can kill other sessions"},
}};

// The parts of one privilege grant that matter here.
struct Grant {
  std::string privileges;  // upper-cased, as listed before ON
  std::string object;      // as written after ON, without backticks ("*.*", "mysql.user")
  bool grant_option = false;
};

std::string AsciiUpperCopy(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  return out;
}

// Keywords are found in the upper-cased line, the object is cut from the line as written
// (a schema name keeps its case); none for a role grant, which has no ON.
std::optional<Grant> ReadGrant(const std::string& line) {
  const std::string upper = AsciiUpperCopy(line);
  const size_t on = upper.find(" ON ");
  const size_t to = upper.find(" TO ", on == std::string::npos ? 0 : on);
  if (upper.rfind("GRANT ", 0) != 0 || on == std::string::npos || to == std::string::npos) {
    return std::nullopt;
  }
  Grant grant;
  grant.privileges = upper.substr(6, on - 6);
  for (char c : line.substr(on + 4, to - on - 4)) {
    if (c != '`') grant.object += c;
  }
  grant.grant_option = upper.find("WITH GRANT OPTION", to) != std::string::npos;
  return grant;
}

// The privilege names of a list, split on commas outside parentheses (column lists) and
// trimmed: "SELECT (a, b), FILE" -> "SELECT (a, b)", "FILE".
std::vector<std::string> PrivilegeNames(const std::string& privileges) {
  int depth = 0;
  std::string current;
  std::vector<std::string> names;
  for (char c : privileges + ",") {
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (c == ',' && depth == 0) {
      while (!current.empty() && current.front() == ' ') current.erase(current.begin());
      while (!current.empty() && current.back() == ' ') current.pop_back();
      names.push_back(current);
      current.clear();
    } else {
      current += c;
    }
  }
  return names;
}

// A privilege is named once, however many lines give it.
void AddOnce(std::vector<guard::RolePrivilege>& found, std::string name, std::string why) {
  for (const guard::RolePrivilege& p : found) {
    if (p.name == name) return;
  }
  found.push_back({std::move(name), std::move(why)});
}

// The global privileges of kPrivilegeChecks a grant on *.* lists ("ALL" is ALL PRIVILEGES).
void AddGlobalPrivileges(const Grant& grant, std::vector<guard::RolePrivilege>& found) {
  for (const std::string& name : PrivilegeNames(grant.privileges)) {
    for (const PrivilegeCheck& check : kPrivilegeChecks) {
      if (name == check.name || (check.name == "ALL PRIVILEGES" && name == "ALL")) {
        AddOnce(found, std::string(check.name) + " on *.*", std::string(check.why));
      }
    }
  }
}

}  // namespace

std::vector<guard::RolePrivilege> RiskyPrivileges(const std::vector<std::string>& grant_lines) {
  std::vector<guard::RolePrivilege> found;
  for (const std::string& line : grant_lines) {
    const std::optional<Grant> grant = ReadGrant(line);
    if (!grant) continue;
    const bool global = grant->object == "*.*";
    const bool system = internal::AsciiLowerCopy(grant->object).rfind("mysql.", 0) == 0;
    if (grant->grant_option && global) {
      AddOnce(found, "GRANT OPTION on *.*", "it can grant its privileges to others");
    }
    if (system && grant->privileges != "USAGE") {
      AddOnce(found, grant->privileges.substr(0, 40) + " on " + grant->object,
              "the mysql schema holds accounts and password hashes");
    }
    if (global) AddGlobalPrivileges(*grant, found);
  }
  return found;
}

}  // namespace askdb::db::mysql_internal
