// RequestClassifier: the rule-based, bilingual first step of every question (seed 000,
// Requirement 1). It sorts a request into one of eight RequestTypes so that the agent can
// pick the cheapest path: trivial/simple requests are answered locally by the quick path,
// consultation requests get suggestions without SQL, multi-step requests get a plan.
//
// The keyword and pattern tables are data (data/rules/classifier_rules.toml, embedded in
// the binary, overridable by a path), compiled once into one RE2 set at construction.
// See docs/classifier.md for the rules file format and the priority order.
//
// Thread-safety: immutable after Create(); Classify() is const and may be called from any
// number of threads at once. Never throws; any input (empty, invalid UTF-8, huge) gets a
// classification.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/status.h"

namespace askdb::agent {

enum class RequestType {
  kTrivial,            // answered locally, no tool call (greetings, help, time)
  kSimple,             // answered locally (arithmetic, unit conversion)
  kDataQuery,          // one question over the data: SQL
  kVisualization,      // a data question whose answer is a chart
  kCalculation,        // a computation that needs no database (loans, statistics of given numbers)
  kWebSearch,          // needs the web (news, weather, live rates)
  kConsultation,       // asks for analysis suggestions: basic schema, no SQL
  kMultiStepAnalysis,  // several steps with checkpoints, usually a report
};

inline constexpr std::array<RequestType, 8> kAllRequestTypes = {
    RequestType::kTrivial,       RequestType::kSimple,           RequestType::kDataQuery,
    RequestType::kVisualization, RequestType::kCalculation,      RequestType::kWebSearch,
    RequestType::kConsultation,  RequestType::kMultiStepAnalysis};

// The seed's stable names: "trivial", "simple", "data_query", "visualization",
// "calculation", "web_search", "consultation", "multi_step_analysis".
std::string_view RequestTypeName(RequestType type);
std::optional<RequestType> ParseRequestType(std::string_view name);

enum class Language { kZh, kEn };
std::string_view LanguageCode(Language language);  // "zh" / "en"

// Which local answer a quick-path rule stands for (the rule's `quick` attribute).
// kChitChat: small talk the learned intent model recognised (no rule names it): a short
// reply that says what askdb is for. kDate: a date question the date parser understands
// whole ("下周三是几号", "how many days in february 2024"; quick_path/date_question.h).
enum class QuickIntent {
  kNone,
  kGreeting,
  kThanks,
  kGoodbye,
  kHelp,
  kDateTime,
  kArithmetic,
  kConversion,
  kChitChat,
  kDate
};
std::string_view QuickIntentName(QuickIntent intent);  // "", "greeting", ..., "chitchat"

// A request as the rules and the quick path read it: text::NormalizeForMatch, and the curly
// apostrophes phones type (’ ‘) as the ASCII one ("what’s 15 times 4" is "what's …"; NFKC
// keeps them apart).
std::string NormalizeRequest(std::string_view request);

// The numbers in a normalised request, in digits ("贷款50万、10年、4.2%" holds three; "4.3%" one;
// "12,15,9" three; "1,200.50" one) or Chinese numerals with a unit or written out ("月流失率3%，
// 一年后" two; 三百五十, 百分之六; not 第一年, 一下, 千万): model_over_data_min_numbers counts
// them.
int CountNumbers(std::string_view normalized);

struct Classification {
  RequestType type = RequestType::kDataQuery;
  double confidence = 0;           // 0..1; below RequestClassifier::unsure_below() ask a model
  std::vector<std::string> rules;  // ids of the rules that fired, in file order
  Language language = Language::kEn;
  std::vector<std::string> warnings;  // about the input (empty, truncated, invalid UTF-8)
  QuickIntent quick_intent = QuickIntent::kNone;  // set when type is trivial/simple by a rule

  bool IsQuickPath() const { return type == RequestType::kTrivial || type == RequestType::kSimple; }
  // True when no rule fired and the learned intent model chose the type (rule id "model.*").
  bool ByIntentModel() const;
};

struct ClassifierOptions {
  // Rules file (classifier_rules.toml format); empty → the copy embedded in the binary.
  std::string rules_path;
  // Units file (units.toml format) for the {unit} macro; empty → the embedded copy.
  std::string units_path;
  // Longer requests are classified on their first this-many bytes (with a warning), which
  // bounds the cost of a pasted document.
  size_t max_request_bytes = 4096;
};

class RequestClassifier {
 public:
  // Loads and compiles the rules. InvalidArgument names the file and the bad rule when a
  // table or regex is malformed.
  static StatusOr<std::unique_ptr<RequestClassifier>> Create(const ClassifierOptions& options = {});
  // Same from in-memory TOML texts (tests, callers that load rules from elsewhere).
  static StatusOr<std::unique_ptr<RequestClassifier>> FromText(std::string_view rules_toml,
                                                               std::string_view units_toml,
                                                               size_t max_request_bytes = 4096);

  // Built once from the embedded rules; nullptr if they do not compile (logged). Tests
  // guarantee the embedded rules compile.
  static const RequestClassifier* Default();

  ~RequestClassifier();
  RequestClassifier(const RequestClassifier&) = delete;
  RequestClassifier& operator=(const RequestClassifier&) = delete;

  Classification Classify(std::string_view request) const;

  // True when the request contains a consultation keyword (seed: IsConsultationRequest).
  bool IsConsultationRequest(std::string_view request) const;

  // Confidence threshold from the rules file under which the caller should ask a model.
  double unsure_below() const;

 private:
  struct Impl;
  explicit RequestClassifier(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// The embedded default rules and units (data/rules/*.toml), for callers and tests.
std::string_view EmbeddedClassifierRules();
std::string_view EmbeddedUnits();
std::string_view EmbeddedQuickPathTexts();

}  // namespace askdb::agent
