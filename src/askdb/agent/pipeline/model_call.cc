#include "askdb/agent/pipeline/model_call.h"

#include <cctype>
#include <utility>

#include "askdb/common/text.h"
#include "askdb/llm/prompts.h"

namespace askdb::agent::pipeline {
namespace {

constexpr char kGenerationReplyEn[] =
    "\n\nReply with JSON only, one of: {\"sql\": \"<one read-only statement>\"}, "
    "{\"needs_clarification\": \"<one question to ask the user>\"} when the question is too "
    "vague to answer, or {\"not_answerable\": \"<reason>\"} when the tables cannot answer it.";
constexpr char kGenerationReplyZh[] =
    "\n\n只回复 JSON，三选一：{\"sql\": \"<一条只读语句>\"}；问题太含糊时 "
    "{\"needs_clarification\": \"<要问用户的一个问题>\"}；这些表无法回答时 "
    "{\"not_answerable\": \"<原因>\"}。";
constexpr char kFixReplyEn[] =
    "\n\nReply with JSON only: {\"sql\": \"<the corrected statement>\"}.";
constexpr char kFixReplyZh[] = "\n\n只回复 JSON：{\"sql\": \"<改正后的语句>\"}。";

constexpr std::string_view kFence = "```";
constexpr std::string_view kSpace = " \t\r\n";

std::string_view TrimSpace(std::string_view s) {
  const size_t b = s.find_first_not_of(kSpace);
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(kSpace) - b + 1);
}

// A read statement's first word: SELECT or WITH (after white space and parentheses).
bool StartsLikeSql(std::string_view text) {
  const size_t start = text.find_first_not_of(" \t\r\n(");
  if (start == std::string_view::npos) return false;
  const std::string head = text::AsciiLower(text.substr(start, 7));
  const auto keyword = [&head](std::string_view word) {
    if (!head.starts_with(word)) return false;
    if (head.size() == word.size()) return true;
    const char next = head[word.size()];
    return !std::isalnum(static_cast<unsigned char>(next)) && next != '_';
  };
  return keyword("select") || keyword("with");
}

Json NullableText() {
  Json t = NullableType("string");
  t["minLength"] = 1;
  return t;
}

}  // namespace

std::optional<std::string_view> FencedBlock(
    std::string_view text,
    const std::function<bool(std::string_view tag, std::string_view body)>& accept) {
  for (size_t open = text.find(kFence); open != std::string_view::npos;) {
    const size_t line_end = text.find('\n', open);
    if (line_end == std::string_view::npos) break;
    const size_t close = text.find(kFence, line_end);
    if (close == std::string_view::npos) break;  // an unclosed block may be cut short
    const std::string tag = text::AsciiLower(
        TrimSpace(text.substr(open + kFence.size(), line_end - open - kFence.size())));
    const std::string_view body = TrimSpace(text.substr(line_end + 1, close - line_end - 1));
    if (accept(tag, body)) return body;
    open = text.find(kFence, close + kFence.size());
  }
  return std::nullopt;
}

std::optional<Json> SqlReplyFromText(std::string_view text) {
  text = TrimSpace(text);
  const std::optional<std::string_view> block =
      FencedBlock(text, [](std::string_view tag, std::string_view body) {
        return (tag.empty() || tag.find("sql") != std::string_view::npos) && StartsLikeSql(body);
      });
  if (block) return Json{{"sql", std::string(*block)}};
  if (text.find(kFence) == std::string_view::npos && StartsLikeSql(text)) {
    return Json{{"sql", std::string(text)}};
  }
  return std::nullopt;
}

Json NullableType(const std::string& type) { return {{"type", {type, "null"}}}; }

std::string ReplyString(const Json& reply, std::string_view key, std::string fallback) {
  if (!reply.is_object()) return fallback;
  const auto it = reply.find(key);
  if (it == reply.end() || !it->is_string()) return fallback;
  return it->get<std::string>();
}

double ReplyNumber(const Json& reply, std::string_view key, double fallback) {
  if (!reply.is_object()) return fallback;
  const auto it = reply.find(key);
  if (it == reply.end() || !it->is_number()) return fallback;
  return it->get<double>();
}

std::vector<std::string> ReplyStrings(const Json& reply, std::string_view key) {
  std::vector<std::string> out;
  if (!reply.is_object()) return out;
  const auto it = reply.find(key);
  if (it == reply.end() || !it->is_array()) return out;
  for (const Json& item : *it) {
    if (item.is_string() && !item.get_ref<const std::string&>().empty()) {
      out.push_back(item.get<std::string>());
    }
  }
  return out;
}

ModelCall SqlGenerationCall(std::string schema_text, std::vector<std::string> history,
                            std::string question, bool chinese) {
  const Json text = NullableText();
  ModelCall call;
  call.user_template = llm::kSqlGenerationTemplate;
  call.system_template = llm::kSystemTemplate;
  call.schema_text = std::move(schema_text);
  call.history = std::move(history);
  call.question = std::move(question);
  call.reply_instruction = chinese ? kGenerationReplyZh : kGenerationReplyEn;
  call.reply_schema = {
      {"type", "object"},
      {"properties", {{"sql", text}, {"needs_clarification", text}, {"not_answerable", text}}}};
  call.natural_reply = SqlReplyFromText;
  return call;
}

ModelCall SqlFixCall(std::string schema_text, std::string question, std::string sql,
                     std::string error, bool chinese) {
  ModelCall call;
  call.user_template = llm::kSqlFixTemplate;
  call.system_template = llm::kSystemTemplate;
  call.schema_text = std::move(schema_text);
  call.question = std::move(question);
  call.values = {{"sql", std::move(sql)}, {"error", std::move(error)}};
  call.reply_instruction = chinese ? kFixReplyZh : kFixReplyEn;
  call.reply_schema = {{"type", "object"},
                       {"properties", {{"sql", {{"type", "string"}, {"minLength", 1}}}}},
                       {"required", {"sql"}}};
  call.natural_reply = SqlReplyFromText;
  return call;
}

}  // namespace askdb::agent::pipeline
