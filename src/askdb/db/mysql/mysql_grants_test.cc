#include "askdb/db/mysql/mysql_grants.h"

#include <gtest/gtest.h>

namespace askdb::db::mysql_internal {
namespace {

std::vector<std::string> Names(const std::vector<guard::RolePrivilege>& found) {
  std::vector<std::string> names;
  for (const guard::RolePrivilege& p : found) names.push_back(p.name);
  return names;
}

TEST(MysqlGrantsTest, AReadOnlyAccountHasNoRiskyPrivilege) {
  EXPECT_TRUE(RiskyPrivileges({"GRANT USAGE ON *.* TO `askdb`@`%`",
                               "GRANT SELECT ON `chinook`.* TO `askdb`@`%`",
                               "GRANT SELECT (Name, Title) ON `chinook`.`Album` TO `askdb`@`%`"})
                  .empty());
}

TEST(MysqlGrantsTest, NamesGlobalPrivilegesOnceInTheOrderMet) {
  const std::vector<guard::RolePrivilege> found =
      RiskyPrivileges({"GRANT SELECT, FILE, PROCESS ON *.* TO 'a'@'%' IDENTIFIED BY PASSWORD "
                       "'*ABC'",
                       "grant file on *.* to 'a'@'%'"});
  EXPECT_EQ(Names(found), (std::vector<std::string>{"FILE on *.*", "PROCESS on *.*"}));
  EXPECT_NE(found[0].why.find("files on the database server"), std::string::npos);
  // The password hash of the line is not part of any name or reason.
  for (const guard::RolePrivilege& p : found) {
    EXPECT_EQ(p.name.find("ABC"), std::string::npos);
    EXPECT_EQ(p.why.find("ABC"), std::string::npos);
  }
}

TEST(MysqlGrantsTest, AllIsAllPrivilegesAndGrantOptionCountsOnlyGlobally) {
  EXPECT_EQ(Names(RiskyPrivileges({"GRANT ALL ON *.* TO `root`@`localhost` WITH GRANT OPTION"})),
            (std::vector<std::string>{"GRANT OPTION on *.*", "ALL PRIVILEGES on *.*"}));
  EXPECT_TRUE(RiskyPrivileges({"GRANT SELECT ON `shop`.* TO `a`@`%` WITH GRANT OPTION"}).empty());
}

TEST(MysqlGrantsTest, AnyPrivilegeButUsageOnTheMysqlSchemaIsRisky) {
  EXPECT_EQ(Names(RiskyPrivileges({"GRANT SELECT ON `MySQL`.`user` TO `a`@`%`"})),
            (std::vector<std::string>{"SELECT on MySQL.user"}));
  EXPECT_TRUE(RiskyPrivileges({"GRANT USAGE ON `mysql`.* TO `a`@`%`"}).empty());
}

TEST(MysqlGrantsTest, ColumnListsDoNotSplitPrivilegesAndRoleGrantsAreSkipped) {
  EXPECT_EQ(Names(RiskyPrivileges(
                {"GRANT SELECT (a, b), SUPER ON *.* TO `a`@`%`", "GRANT `admin_role` TO `a`@`%`"})),
            (std::vector<std::string>{"SUPER on *.*"}));
}

}  // namespace
}  // namespace askdb::db::mysql_internal
