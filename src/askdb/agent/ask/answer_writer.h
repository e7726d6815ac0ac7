// AnswerWriter: the short answer a person reads first — one or two sentences, in the
// question's language, that say what the rows show (the largest and smallest category, the
// peak and trend of a series; a total and a share only when the measure adds up and the
// rows are all of them — analysis/measure_additivity.h) — built only from the rows and the
// SQL that made them, so it is never more than the data says. Deterministic; used when no model is
// configured, and as the grounding facts a model's answer must agree with later.
// Pure functions; thread-safe.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "askdb/analysis/chart_recommender.h"
#include "askdb/db/result_set.h"

namespace askdb::agent {

// Where the person reads the answer, so that advice names what they can do there: the CLI's
// commands and askdb.toml; the server's pages and routes (the web UI and the HTTP API share
// one run and one answer, so both are named); an MCP client's tools.
struct AnswerFace {
  enum Kind { kCli, kServer, kMcp } kind = kCli;
  std::string datasource_id = "default";
  std::string agent_id;  // the server's schema route names it ("": default)
};

// `text` (an engine reason) with its CLI pointers ("`askdb schema`") said as the face's own:
// the describe_schema tool, the chat's Tables button. Unchanged on the CLI.
std::string FitToFace(std::string text, const AnswerFace& face, bool chinese);

// The note for a Python question (`kind`: its template, "forecast", named in the question's
// language) asked while python.executor is off: what to change, said for `face` (a web or MCP
// user cannot edit the server's askdb.toml, so they are told whom to ask). Starts with a space
// (English) or a full-width parenthesis.
std::string PythonOffNote(std::string_view kind, bool chinese, const AnswerFace& face);

std::string WriteAnswer(const db::ResultSet& result, const analysis::ChartSpec& chart,
                        bool chinese);

// The answer followed by the period a relative time word ("今年", "last month") was read as,
// when the engine anchored one (nlq::Translation::anchor_note): "订单数：23,704。" alone hides
// that 今年 is 2025 in data that ends in 2025. Unchanged when `anchor_note` is empty.
std::string WithPeriod(std::string answer, std::string_view anchor_note, bool chinese);

// An empty result, one number that is 0 or NULL, or one row of NULLs only (a period
// comparison over no rows): "nothing found", which may only mean the data does not reach the
// period asked about.
bool FoundNothing(const db::ResultSet& result);

// The sentence that says a period lies wholly outside the dates a time column holds, so that
// "number of invoices: 0" for 2012 in data of 2021..2025 is not read as "no invoices were
// made": "invoice.invoicedate holds dates from 2021-01-01 to 2025-12-22; 2012-01-01 ..
// 2012-12-31 is outside them." `period` is the engine's time reading ("2012-01-01 ..
// 2013-01-01", end exclusive); `first`/`last` the column's ISO dates. "" when the period
// meets the data or a part is not a date.
std::string OutsideDataNote(std::string_view period, std::string_view column,
                            std::string_view first, std::string_view last, bool chinese);

// What a question in a language askdb does not read is told (other_language.h): which
// languages it reads and what to do. "" when the question reads as Chinese or English.
std::string OtherLanguageAnswer(std::string_view question, bool chinese,
                                const AnswerFace& face = {});

// A note for an answer cut at N rows whose row N+1 has the same ordering value as row N
// (`value`, formatted): the cut fell between tied rows, which the answer must not hide.
std::string WriteTieNote(std::string_view value, size_t n, bool chinese);

// A knowledge-base document passage that covers the question, put before a no-model
// abstention as possibly related: the person who stored the answer in a document sees it,
// with its source, while the answer says plainly that no query answered the question
// (knowledge::BestPassage picks it). Ends with a newline.
std::string WriteKnowledgePassage(std::string_view source, std::string_view passage, bool chinese);

// What the run knows beyond the question and the engine's reason, for an abstention.
struct AbstentionContext {
  // The conversation's latest question answered from the data (resolved); empty when there
  // is none, and then a follow-up's form is told there is nothing to continue.
  std::string previous_question;
  // The engine refused the question as longer than it reads (nlq::TranslateOptions::
  // max_question_bytes): its reason is a byte count, not why.
  bool too_long_for_engine = false;
  // The tables an agent with a table selection may use, as a person reads them ("orders（订单）");
  // empty when it has none. A word of another table is unknown to the engine, so the person is
  // told what the agent can answer from.
  std::vector<std::string> agent_tables;
};

// The answer when the engine abstains and no model is configured: its reason (which word it
// could not place) and what the person can do — name the columns, or configure a model for
// the questions the engine is unsure of; a reason that already says what to do
// (`reason_says_what_to_do`: which period is meant) stands alone. A question in a language
// askdb does not read (other_language.h) is told so instead of the words it could not place.
// A question the engine refused as too long, or a long one with pasted context (lines,
// several sentences), is told to send the question alone; a follow-up's form (FollowUpSubject)
// gets a note on what it could not continue before the reason. The advice and the reason's
// pointers fit `face` (FitToFace).
std::string WriteAbstention(std::string_view question, std::string_view reason, bool chinese,
                            bool reason_says_what_to_do = false, const AnswerFace& face = {},
                            const AbstentionContext& context = {});

}  // namespace askdb::agent
