// The quick path: local answers, with no tool call and no model, to the requests the
// classifier marks trivial or simple (seed 000, Requirement 1.4): greetings and thanks,
// help, the current date and time in any time zone, arithmetic, and unit conversions
// (currencies only with a rate given in the question). Answers follow the request's
// language (Chinese or English).
//
// Which requests qualify is decided by the classifier's `quick` rules (one source of
// truth); the texts, place → time-zone table and framing words come from
// data/rules/quick_path.toml, the units from data/rules/units.toml (both embedded,
// overridable by path).
//
// Thread-safety: a QuickPath is immutable after Create() except for an internal,
// mutex-guarded cache of loaded time zones; Answer() and AnswerQuickly() are safe to call
// from any number of threads.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "askdb/agent/request_classifier.h"
#include "askdb/common/json.h"
#include "askdb/common/status.h"

namespace askdb {
class Clock;
}

namespace askdb::agent {

class QuickPath;
struct ArithmeticReading;  // quick_path/arithmetic_reading.h

enum class QuickAnswerKind { kGreeting, kHelp, kDateTime, kArithmetic, kConversion };
// "greeting", "help", "datetime", "arithmetic", "conversion".
std::string_view QuickAnswerKindName(QuickAnswerKind kind);

struct QuickAnswer {
  QuickAnswerKind kind = QuickAnswerKind::kGreeting;
  // The answer for the user, in `language`.
  std::string text;
  // Machine-readable result, e.g. {"expression":"3.5*(2+4)","result":21,"result_text":"21"};
  // on failure {"error":"division_by_zero", ...}. Documented in docs/classifier.md.
  Json value;
  Language language = Language::kEn;
  // False when the request was understood but cannot be answered as asked (division by
  // zero, a currency without a rate); `text` then says why and what to do.
  bool ok = true;
  // A decline a model may do better with: a stated rate whose roles the words did not settle
  // ("50和200，面试率是多少"), an expression the arithmetic parser did not read. With a model
  // configured the pipeline passes the request on.
  bool model_may_answer = false;
};

struct QuickPathContext {
  const Clock* clock = nullptr;  // nullptr → Clock::System()
  // IANA zone for time questions that name no place; empty → the machine's zone.
  std::string default_time_zone;
  const RequestClassifier* classifier = nullptr;  // nullptr → RequestClassifier::Default()
  const QuickPath* quick_path = nullptr;          // nullptr → QuickPath::Default()
  std::optional<Language> language;               // forces the answer language
};

// Classifies `request` and, when it is a quick-path request, answers it. nullopt when it
// is not (or when the built-in tables failed to load, which is logged).
std::optional<QuickAnswer> AnswerQuickly(std::string_view request, const QuickPathContext& context);

struct QuickPathOptions {
  std::string texts_path;  // quick_path.toml format; empty → embedded
  std::string units_path;  // units.toml format; empty → embedded
  std::string zoneinfo_dir = "/usr/share/zoneinfo";
};

class QuickPath {
 public:
  static StatusOr<std::unique_ptr<QuickPath>> Create(const QuickPathOptions& options = {});
  static StatusOr<std::unique_ptr<QuickPath>> FromText(std::string_view texts_toml,
                                                       std::string_view units_toml,
                                                       std::string zoneinfo_dir);
  // Built from the embedded tables once; nullptr if they do not load (logged).
  static const QuickPath* Default();

  ~QuickPath();
  QuickPath(const QuickPath&) = delete;
  QuickPath& operator=(const QuickPath&) = delete;

  // Answers a request the classifier already marked (classification.quick_intent);
  // nullopt when the intent is kNone.
  std::optional<QuickAnswer> Answer(std::string_view request, const Classification& classification,
                                    const QuickPathContext& context) const;

  // What Answer() reads `request` as when it is typed arithmetic, with no answer written: the
  // reader that takes it and what that reader parsed. nullopt when the request holds no number
  // at all (no reader takes it; Answer() would say the expression does not parse). Cheap enough
  // for the classifier to ask of every request no rule claimed.
  std::optional<ArithmeticReading> ReadArithmetic(std::string_view request) const;

  // Whether the conversion Answer() gives for kConversion reads the WHOLE request: exactly one
  // amount, its unit and another unit as the target — a second number only as a rate between two
  // currencies introduced by a rate cue (@, at, rate, 汇率, 按, =) — nothing around them but words
  // that ask for a conversion or a short subject ("my package weighs 3.5 kg, how many pounds is
  // that"), and a result (a currency with no rate stated asks for today's rate: false). False for
  // a conversion inside a data question ("how many orders weigh over 100 kg") and for two amounts
  // ("5 ft 10 in cm"). No answer text is written; the classifier asks it of requests no rule
  // claimed. `normalized`: the request as NormalizeRequest leaves it (the classifier's own text);
  // fillers and a self-correction are taken away here (WithoutSpokenNoise) before the reading.
  bool ReadsWholeConversion(std::string_view normalized) const;

 private:
  struct Impl;
  explicit QuickPath(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace askdb::agent
