#include "askdb/cli/error_language.h"

#include <gtest/gtest.h>

#include <string>

namespace askdb::cli {
namespace {

// Session 27: a Chinese question met English-only failures on the CLI.
TEST(ErrorLanguageTest, TheFailuresOfAskingAreSaidInChinese) {
  EXPECT_EQ(ErrorInLanguage("database file not found: /tmp/x.sqlite; check the path", true),
            "数据库文件不存在：/tmp/x.sqlite；请检查路径");
  EXPECT_EQ(
      ErrorInLanguage(
          "database file not found: x.sqlite; check the path (relative paths start at /w)", true),
      "数据库文件不存在：x.sqlite；请检查路径（相对路径从 /w 算起）");
  EXPECT_EQ(ErrorInLanguage("cannot connect to postgresql://a@h:1/db (connection refused\n\tIs "
                            "it running?); check that the server runs and the host and port "
                            "are right",
                            true),
            "无法连接到 postgresql://a@h:1/db（connection refused\n\tIs it running?）；"
            "请确认数据库服务正在运行，主机和端口正确");
  EXPECT_EQ(ErrorInLanguage("the question is too long (4100 characters; at most 4000): ask one "
                            "question at a time, with only the context it needs",
                            true),
            "问题太长（4100 个字符，上限 4000）：请一次只问一个问题，只带上它需要的背景");
  EXPECT_EQ(ErrorInLanguage("interrupted (Ctrl-C): the run stopped before it finished", true),
            "已中断（Ctrl-C）：运行在完成前停止");
  EXPECT_EQ(ErrorInLanguage("thread t1 is on the database a.sqlite, not b.sqlite: its follow-ups "
                            "read that database's earlier questions. Go on with --db a.sqlite, "
                            "or ask without --thread to start a new thread on b.sqlite",
                            true),
            "会话 t1 建立在数据库 a.sqlite 上，不是 b.sqlite：它的追问要读那个数据库里之前的问题。"
            "请加 --db a.sqlite 继续，或去掉 --thread，在 b.sqlite 上开始新的会话");
  EXPECT_EQ(ErrorInLanguage("timed out connecting to mysql://h:3306/db after 10s; check the "
                            "host, port and firewall",
                            true),
            "连接 mysql://h:3306/db 超时（10s）；请检查主机、端口和防火墙");
  EXPECT_EQ(ErrorInLanguage("--resume answers a clarifying question or a plan approval: give its "
                            "--thread too",
                            true),
            "--resume 用来回答澄清问题或批准计划：请同时给出它的 --thread");
  EXPECT_EQ(ErrorInLanguage("interrupted (Ctrl-C): the run stopped before it finished; no report "
                            "was written",
                            true),
            "已中断（Ctrl-C）：运行在完成前停止，没有写出报告");
}

TEST(ErrorLanguageTest, EnglishOrUnknownMessagesStayAsTheyAre) {
  const std::string missing = "database file not found: /tmp/x.sqlite; check the path";
  EXPECT_EQ(ErrorInLanguage(missing, false), missing);
  EXPECT_EQ(ErrorInLanguage("something else broke", true), "something else broke");
  const Status status = NotFoundError(missing);
  EXPECT_EQ(InQuestionLanguage(status, "sales by region").message(), missing);
  const Status chinese = InQuestionLanguage(status, "各地区的销售额");
  EXPECT_EQ(chinese.code(), StatusCode::kNotFound);  // the exit code stays the same
  EXPECT_EQ(chinese.message(), "数据库文件不存在：/tmp/x.sqlite；请检查路径");
  EXPECT_TRUE(InQuestionLanguage(Status::Ok(), "各地区的销售额").ok());
}

}  // namespace
}  // namespace askdb::cli
