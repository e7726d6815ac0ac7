#include "askdb/agent/pipeline/model_call.h"

#include <utility>

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

}  // namespace

ModelCall SqlGenerationCall(std::string schema_text, std::vector<std::string> history,
                            std::string question, bool chinese) {
  const Json text = {{"type", "string"}, {"minLength", 1}};
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
  return call;
}

}  // namespace askdb::agent::pipeline
