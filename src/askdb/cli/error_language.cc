#include "askdb/cli/error_language.h"

#include <array>
#include <regex>
#include <string>

#include "askdb/common/text.h"

namespace askdb::cli {
namespace {

struct Wording {
  const char* english;  // ECMAScript regex over the whole message
  const char* chinese;  // its replacement ($1 …: the details kept)
};

// The failures of asking. [\s\S] and not '.': a server's detail may hold line breaks.
const std::array<Wording, 9> kWordings = {{
    {R"(database file not found: ([\s\S]+?); check the path \(relative paths start at ([\s\S]+)\))",
     "数据库文件不存在：$1；请检查路径（相对路径从 $2 算起）"},
    {R"(database file not found: ([\s\S]+?); check the path)", "数据库文件不存在：$1；请检查路径"},
    {R"(cannot connect to ([\s\S]+?) \(([\s\S]*)\); check that the ([\s\S]+?) runs and the host and port are right)",
     "无法连接到 $1（$2）；请确认数据库服务正在运行，主机和端口正确"},
    {R"(timed out connecting to ([\s\S]+?) after ([\s\S]+?); check the host, port and firewall)",
     "连接 $1 超时（$2）；请检查主机、端口和防火墙"},
    {R"(the question is too long \((\d+) characters; at most (\d+)\)[\s\S]*)",
     "问题太长（$1 个字符，上限 $2）：请一次只问一个问题，只带上它需要的背景"},
    {R"(thread ([\s\S]+?) is on the database ([\s\S]+?), not ([\s\S]+?): its follow-ups read that database's earlier questions\. Go on with --db ([\s\S]+?), or ask without --thread to start a new thread on ([\s\S]+))",
     "会话 $1 建立在数据库 $2 上，不是 $3：它的追问要读那个数据库里之前的问题。请加 --db $4 继续，"
     "或去掉 --thread，在 $5 上开始新的会话"},
    {R"(interrupted \(Ctrl-C\): the run stopped before it finished; no report was written)",
     "已中断（Ctrl-C）：运行在完成前停止，没有写出报告"},
    {R"(interrupted \(Ctrl-C\): the run stopped before it finished)",
     "已中断（Ctrl-C）：运行在完成前停止"},
    {R"(--resume answers a clarifying question or a plan approval: give its --thread too)",
     "--resume 用来回答澄清问题或批准计划：请同时给出它的 --thread"},
}};

}  // namespace

std::string ErrorInLanguage(std::string_view message, bool chinese) {
  if (!chinese) return std::string(message);
  const std::string text(message);
  for (const Wording& w : kWordings) {
    const std::regex english(w.english);
    if (std::regex_match(text, english)) return std::regex_replace(text, english, w.chinese);
  }
  return text;
}

Status InQuestionLanguage(const Status& status, std::string_view question) {
  if (status.ok() || !text::ContainsCjk(question)) return status;
  return Status(status.code(), ErrorInLanguage(status.message(), true));
}

}  // namespace askdb::cli
