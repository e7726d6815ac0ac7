#include "askdb/agent/request_classifier.h"

#include <re2/re2.h>
#include <re2/set.h>
#include <spdlog/spdlog.h>
#include <toml++/toml.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <tuple>
#include <utility>
#include <vector>

#include "askdb/agent/intent/intent_model.h"
#include "askdb/agent/quick_path/arithmetic.h"
#include "askdb/agent/quick_path/arithmetic_reading.h"
#include "askdb/agent/quick_path/bill_question.h"
#include "askdb/agent/quick_path/date_question.h"
#include "askdb/agent/quick_path/discount_question.h"
#include "askdb/agent/quick_path/division_question.h"
#include "askdb/agent/quick_path/percent_question.h"
#include "askdb/agent/quick_path/quick_path.h"
#include "askdb/agent/quick_path/round_question.h"
#include "askdb/agent/quick_path/spoken_input.h"
#include "askdb/agent/quick_path/stated_rate.h"
#include "askdb/agent/quick_path/unit_table.h"
#include "askdb/common/embedded.h"
#include "askdb/common/file_util.h"
#include "askdb/common/text.h"

ASKDB_DECLARE_EMBEDDED(classifier_rules_toml);
ASKDB_DECLARE_EMBEDDED(units_toml);
ASKDB_DECLARE_EMBEDDED(quick_path_toml);

namespace askdb::agent {

std::string_view EmbeddedClassifierRules() { return ASKDB_EMBEDDED(classifier_rules_toml); }
std::string_view EmbeddedUnits() { return ASKDB_EMBEDDED(units_toml); }
std::string_view EmbeddedQuickPathTexts() { return ASKDB_EMBEDDED(quick_path_toml); }

namespace {

// The {place} macro: the quick path's known places (quick_path.toml [places]) as one regex
// alternation, longest first, so a rule can tell "东京几点" (a place) from "会议几点" (which the
// quick path had answered with the time in UTC and "I do not know the time zone of 会议").
StatusOr<std::string> KnownPlacesAlternation(std::string_view quick_path_toml) {
  toml::table root;
  try {
    root = toml::parse(quick_path_toml);
  } catch (const toml::parse_error& e) {
    return InvalidArgumentError("quick path texts: TOML syntax error at line " +
                                std::to_string(e.source().begin.line));
  }
  std::vector<std::string> names;
  if (const toml::table* places = root["places"].as_table()) {
    for (const auto& [key, value] : *places) names.emplace_back(key.str());
  }
  std::sort(names.begin(), names.end(),
            [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  std::string alternation;
  for (const std::string& name : names) {
    if (!alternation.empty()) alternation += '|';
    alternation += RE2::QuoteMeta(name);
  }
  return alternation;
}

// The lazily built DFA of one set holding every rule needs more than RE2's 8 MB default;
// when a DFA runs out of memory RE2::Set::Match fails, so leave generous room.
constexpr int64_t kRegexMaxMemBytes = 64 << 20;
// Macros may refer to macros; this bounds the expansion (and catches cycles).
constexpr int kMaxMacroDepth = 8;
// Confidence for input with nothing in it: certainly not a data question.
constexpr double kEmptyConfidence = 1.0;

constexpr std::string_view kEmptyRuleId = "empty";
constexpr std::string_view kDefaultRuleId = "default";
// The date parser as a rule (quick_path/date_question.h): it reads the whole request.
constexpr std::string_view kDateRuleId = "trivial.date";
constexpr double kDateConfidence = 0.95;
// Likewise the percentage parser (quick_path/percent_question.h): "20是80的百分之几".
constexpr std::string_view kPercentRuleId = "simple.percent";
// And the division parser (quick_path/division_question.h): "is 126 divisible by 8".
constexpr std::string_view kDivisionRuleId = "simple.division";
// And tips and split bills (quick_path/bill_question.h): "what's a 15% tip on $80".
constexpr std::string_view kBillRuleId = "simple.bill";
// And a price with a Chinese discount around it (quick_path/discount_question.h):
// 原价680打八五折多少钱.
constexpr std::string_view kDiscountRuleId = "simple.discount";
// And rounding (quick_path/round_question.h): "round 3.14159 to two decimals".
constexpr std::string_view kRoundRuleId = "simple.round";
// And a rate asked of two stated numbers (quick_path/stated_rate.h): "we lost 50 of 400
// customers, what's our churn rate", "成本80，售价100，毛利率多少".
constexpr std::string_view kRateRuleId = "simple.rate";
// And any other request the quick path's arithmetic answer reads whole: an expression left after
// its framing words (quick_path.toml [arithmetic] prefixes and suffixes), "帮我算下1280乘以15".
constexpr std::string_view kExpressionRuleId = "simple.expression";
// A conversion the quick path's conversion reader reads whole when no rule typed it (round 19b,
// QuickPath::ReadsWholeConversion): "100 usd to cny @7.1", "我的硬盘是2TB，合多少GB".
constexpr std::string_view kConversionReadRuleId = "simple.conversion_read";
// Rule ids of the learned intent model's decisions: "model.trivial", "model.other", ...
constexpr std::string_view kModelRulePrefix = "model.";
constexpr std::string_view kOtherLabel = "other";

struct RuleInfo {
  std::string id;
  RequestType type = RequestType::kDataQuery;
  double confidence = 0;
  QuickIntent quick = QuickIntent::kNone;
  std::vector<std::string> unless_ids;
  std::vector<int> unless;  // indices into rules
  // Weak evidence (question words such as 多少/which): when only such rules fired, the
  // learned model still decides, as if nothing had ("一晚多少钱" is small talk).
  bool model_may_override = false;
  // Measured less precise than the model on the requests it decides (scripts/rule_certainty.py):
  // when only such rules of the winning type fired, a sure model overrules them (round 20).
  bool certain = true;
};

using Macros = std::map<std::string, std::string, std::less<>>;

std::optional<QuickIntent> ParseQuickIntent(std::string_view name) {
  static constexpr std::pair<std::string_view, QuickIntent> kNames[] = {
      {"greeting", QuickIntent::kGreeting},
      {"thanks", QuickIntent::kThanks},
      {"goodbye", QuickIntent::kGoodbye},
      {"help", QuickIntent::kHelp},
      {"datetime", QuickIntent::kDateTime},
      {"arithmetic", QuickIntent::kArithmetic},
      {"conversion", QuickIntent::kConversion},
      {"chitchat", QuickIntent::kChitChat},
      {"date", QuickIntent::kDate}};
  for (const auto& [n, intent] : kNames) {
    if (n == name) return intent;
  }
  return std::nullopt;
}

bool IsAsciiWordByte(unsigned char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

// A keyword becomes a literal regex; an ASCII word edge gets \b so "pie" misses "piece".
std::string KeywordRegex(std::string_view keyword) {
  std::string out;
  if (IsAsciiWordByte(static_cast<unsigned char>(keyword.front()))) out += "\\b";
  out += RE2::QuoteMeta(keyword);
  if (IsAsciiWordByte(static_cast<unsigned char>(keyword.back()))) out += "\\b";
  return out;
}

// Replaces {name} (lower-case identifier) with the macro's text, recursively.
StatusOr<std::string> ExpandMacros(std::string_view pattern,
                                   const std::map<std::string, std::string, std::less<>>& macros,
                                   int depth = 0) {
  if (depth > kMaxMacroDepth) {
    return InvalidArgumentError("macro expansion nested deeper than " +
                                std::to_string(kMaxMacroDepth) + " levels (a cycle?)");
  }
  std::string out;
  size_t i = 0;
  while (i < pattern.size()) {
    if (pattern[i] == '{') {
      size_t j = i + 1;
      while (j < pattern.size() &&
             ((pattern[j] >= 'a' && pattern[j] <= 'z') || pattern[j] == '_')) {
        ++j;
      }
      if (j > i + 1 && j < pattern.size() && pattern[j] == '}') {
        const std::string_view name = pattern.substr(i + 1, j - i - 1);
        const auto it = macros.find(name);
        if (it == macros.end()) {
          return InvalidArgumentError("unknown macro {" + std::string(name) +
                                      "}; define it under [macros]");
        }
        ASKDB_ASSIGN_OR_RETURN(std::string expanded, ExpandMacros(it->second, macros, depth + 1));
        out += "(?:" + expanded + ")";
        i = j + 1;
        continue;
      }
    }
    out += pattern[i++];
  }
  return out;
}

std::vector<std::string> StringList(const toml::node* node) {
  std::vector<std::string> out;
  if (node == nullptr) return out;
  if (const toml::array* arr = node->as_array()) {
    for (const toml::node& n : *arr) {
      if (auto s = n.value<std::string>()) out.push_back(*s);
    }
  }
  return out;
}

// Byte length of the longest prefix of `s` of at most `max_bytes` that does not cut a
// UTF-8 sequence in half.
size_t Utf8SafePrefix(std::string_view s, size_t max_bytes) {
  if (s.size() <= max_bytes) return s.size();
  size_t n = max_bytes;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  return n;
}

bool IsValidUtf8(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    int len = 0;
    char32_t cp = 0;
    if (c < 0x80) {
      ++i;
      continue;
    } else if ((c & 0xE0) == 0xC0) {
      len = 2;
      cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      len = 3;
      cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      len = 4;
      cp = c & 0x07;
    } else {
      return false;
    }
    if (i + len > s.size()) return false;
    for (int k = 1; k < len; ++k) {
      const auto cc = static_cast<unsigned char>(s[i + k]);
      if ((cc & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (cc & 0x3F);
    }
    static constexpr char32_t kMinForLength[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < kMinForLength[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += len;
  }
  return true;
}

// True for code points that carry no words: punctuation, symbols, emoji, format marks.
bool IsNonWordCodePoint(char32_t cp) {
  if (cp < 0x80) {
    return !((cp >= '0' && cp <= '9') || (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z'));
  }
  return (cp >= 0x80 && cp <= 0xBF) || cp == 0xD7 || cp == 0xF7 ||
         (cp >= 0x2000 && cp <= 0x206F) ||  // general punctuation, zero-width marks
         (cp >= 0x2190 && cp <= 0x2BFF) ||  // arrows, maths, shapes, dingbats
         (cp >= 0x3000 && cp <= 0x303F) ||  // CJK symbols and punctuation
         (cp >= 0xFE00 && cp <= 0xFE6F) ||  // variation selectors, CJK compatibility forms
         (cp >= 0xFF00 && cp <= 0xFF0F) || (cp >= 0xFF1A && cp <= 0xFF20) ||
         (cp >= 0xFF3B && cp <= 0xFF40) || (cp >= 0xFF5B && cp <= 0xFF65) || cp == 0xFFFD ||
         cp == 0xFEFF || (cp >= 0x1F000 && cp <= 0x1FAFF);
}

bool HasWords(std::string_view normalized) {
  for (char32_t cp : text::DecodeUtf8(normalized)) {
    if (!IsNonWordCodePoint(cp)) return true;
  }
  return false;
}

// Misspellings of calculator and unit words as people type them ("sqaure root of 144",
// "calcualte 88 times 7"; round 11). None is an English word, so a whole-word replacement
// cannot change what a request means; the rules, the model and the quick path then read it.
constexpr std::pair<std::string_view, std::string_view> kCalculatorTypos[] = {
    {"sqaure", "square"},
    {"squre", "square"},
    {"sqare", "square"},
    {"sqaured", "squared"},
    {"calcualte", "calculate"},
    {"calulate", "calculate"},
    {"caculate", "calculate"},
    {"calcuate", "calculate"},
    {"claculate", "calculate"},
    {"calculte", "calculate"},
    {"multipy", "multiply"},
    {"mulitply", "multiply"},
    {"multply", "multiply"},
    {"multipled", "multiplied"},
    {"devided", "divided"},
    {"divded", "divided"},
    {"devide", "divide"},
    {"substract", "subtract"},
    {"subract", "subtract"},
    {"tiems", "times"},
    {"precent", "percent"},
    {"percnt", "percent"},
    {"pecent", "percent"},
    {"celcius", "celsius"},
    {"farenheit", "fahrenheit"},
    {"fahrenhiet", "fahrenheit"},
    {"fahrenheight", "fahrenheit"},
    {"kilomters", "kilometers"},
    {"kilometeres", "kilometers"},
    {"milimeters", "millimeters"},
    {"inchs", "inches"}};

// `s` with each whole word of kCalculatorTypos spelt right.
std::string FixCalculatorTypos(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  size_t i = 0;
  while (i < s.size()) {
    if (!IsAsciiWordByte(static_cast<unsigned char>(s[i]))) {
      out += s[i++];
      continue;
    }
    size_t end = i;
    while (end < s.size() && IsAsciiWordByte(static_cast<unsigned char>(s[end]))) ++end;
    std::string_view word(s.data() + i, end - i);
    for (const auto& [typo, fixed] : kCalculatorTypos) {
      if (word == typo) {
        word = fixed;
        break;
      }
    }
    out += word;
    i = end;
  }
  return out;
}

// Whether `expression` is one number and nothing else ("2024", "-3", "1.2万"): it asks for nothing.
bool IsBareNumber(std::string_view expression) {
  if (!expression.empty() && (expression[0] == '-' || expression[0] == '+')) {
    expression.remove_prefix(1);
  }
  const auto number = ParseNumberPrefix(expression);
  return number && number->length == expression.size();
}

bool IsAsciiDigit(char c) { return c >= '0' && c <= '9'; }

// Whether a bare number in Chinese numerals is asked for ("陆仟柒佰捌拾玖是多少" = 6789): written
// with no digit, and with words around it; "2024" or a lone "三千五" asks for nothing. The words
// are those of the text the reader read (WithoutSpokenNoise): "嗯 三千五" is a lone number too.
bool AsksForNumeralValue(std::string_view expression, std::string_view normalized) {
  const auto non_ascii = [](char c) { return (static_cast<unsigned char>(c) & 0x80) != 0; };
  return std::none_of(expression.begin(), expression.end(), IsAsciiDigit) &&
         std::any_of(expression.begin(), expression.end(), non_ascii) &&
         expression.size() < WithoutSpokenNoise(normalized).size();
}

// The rule id of a request the quick path's arithmetic reads whole — the reader's own id (a
// percentage, a stated rate, a division, a tip or split bill, a discounted price, a rounding) or
// simple.expression — or nullopt. The quick path decides with the reading its answer renders
// (QuickPath::ReadArithmetic, no answer text written), so whatever it learns to read is typed
// simple with no rule to keep in step, and the classifier never routes to it a computation it
// cannot answer. A reading that fails for a reason the answer explains (a division by zero)
// counts; an expression that does not parse, or a bare number, does not.
std::optional<std::string_view> WholeRequestArithmetic(const QuickPath& quick_path,
                                                       std::string_view normalized) {
  const std::optional<ArithmeticReading> reading = quick_path.ReadArithmetic(normalized);
  if (!reading) return std::nullopt;
  const auto& q = reading->question;
  if (const auto* e = std::get_if<ExpressionReading>(&q);
      e != nullptr &&
      (e->result.error == ArithmeticError::kSyntax ||
       (IsBareNumber(e->expression) && !AsksForNumeralValue(e->expression, normalized)))) {
    return std::nullopt;
  }
  if (reading->discounted) return kDiscountRuleId;
  if (std::holds_alternative<PercentQuestion>(q)) return kPercentRuleId;
  if (std::holds_alternative<RateQuestion>(q)) return kRateRuleId;
  if (std::holds_alternative<DivisionQuestion>(q)) return kDivisionRuleId;
  if (std::holds_alternative<BillQuestion>(q)) return kBillRuleId;
  if (std::holds_alternative<RoundQuestion>(q)) return kRoundRuleId;
  return kExpressionRuleId;
}

// A computation the quick path reads whole: its arithmetic (above), else its conversion reader
// (QuickPath::ReadsWholeConversion, a cheap scan first: "100 usd to cny @7.1").
struct QuickReading {
  std::string_view rule;
  QuickIntent intent = QuickIntent::kNone;
};
std::optional<QuickReading> WholeRequestComputation(std::string_view normalized) {
  const QuickPath* quick_path = QuickPath::Default();
  if (quick_path == nullptr) return std::nullopt;
  if (const auto rule = WholeRequestArithmetic(*quick_path, normalized)) {
    return QuickReading{*rule, QuickIntent::kArithmetic};
  }
  if (quick_path->ReadsWholeConversion(normalized)) {
    return QuickReading{kConversionReadRuleId, QuickIntent::kConversion};
  }
  return std::nullopt;
}

// Whether the separator at `sep` is inside one number: a decimal point between digits, or a
// comma grouping thousands — exactly three digits follow it ("1,200"); in "12,15,9" a comma
// separates numbers.
bool JoinsDigits(std::string_view s, size_t sep) {
  if (sep == 0 || !IsAsciiDigit(s[sep - 1]) || sep + 1 >= s.size() || !IsAsciiDigit(s[sep + 1])) {
    return false;
  }
  if (s[sep] == '.') return true;
  if (s[sep] != ',') return false;
  size_t end = sep + 1;
  while (end < s.size() && IsAsciiDigit(s[end])) ++end;
  return end - sep - 1 == 3;
}

bool IsChineseNumeral(char32_t cp) {
  return std::u32string_view(U"零〇一二两三四五六七八九十百千万亿半").find(cp) !=
         std::u32string_view::npos;
}

// Whether a run of Chinese numerals [begin, end) is a quantity: a unit follows it (一年,
// 十年, 三个月, 两倍, 五万元), it is a written-out number (三百五十, 十五, 一万) or a
// percentage (百分之六). 第一年 is an ordinal; 一下, 一些, 统一, 十分 (very), 千万 (do not)
// and 万一 (in case) are words.
bool IsChineseQuantity(const std::u32string& s, size_t begin, size_t end) {
  if (begin > 0 && s[begin - 1] == U'第') return false;
  if (begin >= 3 && s.compare(begin - 3, 3, U"百分之") == 0) return true;
  const std::u32string_view run(s.data() + begin, end - begin);
  constexpr std::u32string_view kDigits = U"一二两三四五六七八九十半";
  if (run.find_first_of(kDigits) == std::u32string_view::npos) return false;
  // Written out, a number starts with a digit or 十 (万一 and 千万 do not).
  if (run.size() >= 2 && kDigits.find(run[0]) != std::u32string_view::npos &&
      run.find_first_of(U"十百千万亿") != std::u32string_view::npos) {
    return true;
  }
  if (end >= s.size()) return false;
  if (s.compare(end, 2, U"个月") == 0) return true;
  return std::u32string_view(U"年月天周期倍元块次件岁%").find(s[end]) != std::u32string_view::npos;
}

int CountChineseQuantities(std::string_view normalized) {
  const std::vector<char32_t> decoded = text::DecodeUtf8(normalized);
  const std::u32string s(decoded.begin(), decoded.end());
  int count = 0;
  size_t i = 0;
  while (i < s.size()) {
    if (!IsChineseNumeral(s[i])) {
      ++i;
    } else if (s.compare(i, 3, U"百分之") == 0) {
      i += 3;  // 百分之 holds 百: the numerals after it are the number
    } else {
      size_t end = i;
      while (end < s.size() && IsChineseNumeral(s[end])) ++end;
      if (IsChineseQuantity(s, i, end)) ++count;
      i = end;
    }
  }
  return count;
}

}  // namespace

int CountNumbers(std::string_view normalized) {
  int count = 0;
  for (size_t i = 0; i < normalized.size(); ++i) {
    if (!IsAsciiDigit(normalized[i]) || (i > 0 && IsAsciiDigit(normalized[i - 1]))) continue;
    if (i > 0 && JoinsDigits(normalized, i - 1)) continue;
    ++count;
  }
  return count + CountChineseQuantities(normalized);
}

std::string_view RequestTypeName(RequestType type) {
  switch (type) {
    case RequestType::kTrivial:
      return "trivial";
    case RequestType::kSimple:
      return "simple";
    case RequestType::kDataQuery:
      return "data_query";
    case RequestType::kVisualization:
      return "visualization";
    case RequestType::kCalculation:
      return "calculation";
    case RequestType::kWebSearch:
      return "web_search";
    case RequestType::kConsultation:
      return "consultation";
    case RequestType::kMultiStepAnalysis:
      return "multi_step_analysis";
  }
  return "data_query";
}

std::optional<RequestType> ParseRequestType(std::string_view name) {
  for (RequestType t : kAllRequestTypes) {
    if (RequestTypeName(t) == name) return t;
  }
  return std::nullopt;
}

std::string_view LanguageCode(Language language) { return language == Language::kZh ? "zh" : "en"; }

std::string_view QuickIntentName(QuickIntent intent) {
  switch (intent) {
    case QuickIntent::kNone:
      return "";
    case QuickIntent::kGreeting:
      return "greeting";
    case QuickIntent::kThanks:
      return "thanks";
    case QuickIntent::kGoodbye:
      return "goodbye";
    case QuickIntent::kHelp:
      return "help";
    case QuickIntent::kDateTime:
      return "datetime";
    case QuickIntent::kArithmetic:
      return "arithmetic";
    case QuickIntent::kConversion:
      return "conversion";
    case QuickIntent::kChitChat:
      return "chitchat";
    case QuickIntent::kDate:
      return "date";
  }
  return "";
}

bool Classification::ByIntentModel() const {
  return rules.size() == 1 && rules.front().rfind(kModelRulePrefix, 0) == 0;
}

struct RequestClassifier::Impl {
  Impl() : set(MakeOptions(), RE2::UNANCHORED) {}

  static RE2::Options MakeOptions() {
    RE2::Options options;
    options.set_encoding(RE2::Options::EncodingUTF8);
    options.set_max_mem(kRegexMaxMemBytes);
    options.set_log_errors(false);
    return options;
  }

  RE2::Set set;
  std::vector<RuleInfo> rules;  // index = set index
  std::vector<RequestType> priority;
  RequestType default_type = RequestType::kDataQuery;
  double default_confidence = 0.5;
  double conflict_factor = 0.8;
  double unsure_below = 0.6;
  size_t max_request_bytes = 4096;
  // Consulted when no rule fires (rules file: intent_model = "builtin" | "none").
  const IntentModel* model = nullptr;
  std::unique_ptr<IntentModel> owned_model;  // when the rules name a weights file
  double model_min_probability = 0.7;
  // The bar when weak rules fired (model_may_override): higher, as they are some evidence.
  double model_override_min_probability = 0.7;
  // Chinese requests have their own bars: short Chinese small talk ("这么夸张") gives the
  // model few features, so its probabilities run lower than on English text of the same
  // certainty (calibrated on the develop split, docs/classifier.md).
  double model_min_probability_zh = 0.7;
  double model_override_min_probability_zh = 0.7;
  // Types only rules decide (model_rule_only_types): they always come with words the rules
  // know (建议, 图, 报告…), so the model naming one of them for a request no rule read is
  // a guess from few features; its best other label stands instead.
  std::vector<std::string> model_rule_only_labels;
  // Log-prior shifts per label (model_log_prior / model_log_prior_zh), added to the model's
  // log-probabilities: the model is trained class-balanced, but a request no rule read is
  // mostly small talk or something askdb does not do.
  std::map<std::string, double, std::less<>> model_log_prior, model_log_prior_zh;
  // The model over the data rules (model_over_data_*; round 12): the words of the data rules
  // (sales, 客户, which, 这个库) are also the words of a request ABOUT the data — what to look
  // at in it, a review of it, a formula over given numbers, the world outside it — so when only
  // data rules fired, the model may name one of these types when it is at least this sure,
  // unless a rule in model_over_data_unless (a data verb: 列出, 统计, top) fired.
  std::vector<std::string> model_over_data_labels;
  double model_over_data_min_probability = 2.0;  // off unless the rules file sets it
  double model_over_data_min_probability_zh = 2.0;
  std::vector<std::string> model_over_data_unless_ids;
  // label → the numbers the request must hold for the model to name it over data rules.
  std::map<std::string, int, std::less<>> model_over_data_min_numbers;
  std::vector<int> model_over_data_unless;  // indices into rules
  // model_reassign: a rule's type name → the types the model may move it to, at this bar.
  std::map<std::string, std::vector<std::string>, std::less<>> model_reassign;
  double model_reassign_min_probability = 2.0;  // off unless the rules file sets it
  // The bar at which the model overrules a winning type whose fired rules are all uncertain
  // (RuleInfo::certain; ApplyModelOverrule).
  double model_overrule_min_probability = 2.0;  // off unless the rules file sets it
  double model_overrule_min_probability_zh = 2.0;
  // The model's pick when data_query would win only as the fallback (model_fallback_*; round 21):
  // these labels, at least this sure, with data_query under the ceiling (ApplyModelFallback).
  std::vector<std::string> model_fallback_labels;
  double model_fallback_min_probability = 2.0;  // off unless the rules file sets it
  double model_fallback_max_hand_on_probability = 0.0;
  // A request matching this (model_fallback_unless_pattern: a period, "this month", 本季度; a
  // numbered thing, "floor 3", 3号楼) is about the data: the model alone never types it one of
  // model_fallback_types (ModelAloneMayName; round 21 review, round 22b).
  std::unique_ptr<RE2> model_fallback_unless;
  // ...unless the model is at least this sure (model_fallback_unless_max_probability): a sign-off
  // that names a period ("好的 那上个月的我明天再问你 先下了", trivial 0.99) is still small talk.
  double model_fallback_unless_max_probability = 2.0;

  // FromText's parts, one key or table of the rules file each.
  Status ParseTypes(const toml::table& root);
  void ParseBars(const toml::table& root);
  Status ParseModelOverData(const toml::table& root);
  Status ParseLogPriors(const toml::table& root);
  Status LoadIntentModel(const toml::table& root);
  Status AddRules(const toml::table& root, const Macros& macros);
  Status ResolveRuleIds(const std::map<std::string, int, std::less<>>& index_of);

  // A rule's keywords and patterns (macros expanded) as one alternation, each part checked.
  static StatusOr<std::string> RuleRegex(const toml::table& r, const Macros& macros,
                                         const std::string& where) {
    std::vector<std::string> alternatives;
    for (const std::string& keyword : StringList(r["keywords"].node())) {
      const std::string normalized = text::NormalizeForMatch(keyword);
      if (!normalized.empty()) alternatives.push_back(KeywordRegex(normalized));
    }
    for (const std::string& pattern : StringList(r["patterns"].node())) {
      auto expanded = ExpandMacros(pattern, macros);
      if (!expanded.ok()) return expanded.status().WithContext(where);
      RE2 check(*expanded, MakeOptions());
      if (!check.ok()) {
        return InvalidArgumentError(where + "bad regex " + pattern + ": " + check.error() +
                                    "; fix the pattern (RE2 syntax)");
      }
      alternatives.push_back(*std::move(expanded));
    }
    if (alternatives.empty()) return InvalidArgumentError(where + "has no keywords or patterns");
    std::string combined;
    for (const std::string& alt : alternatives) {
      if (!combined.empty()) combined += '|';
      combined += "(?:" + alt + ")";
    }
    return combined;
  }

  double MinProbability(Language language, bool override) const {
    if (language == Language::kZh) {
      return override ? model_override_min_probability_zh : model_min_probability_zh;
    }
    return override ? model_override_min_probability : model_min_probability;
  }

  // The model's best label after the language's log-prior shifts, among the labels it may
  // decide; its probability is the shifted one, as is *hand_on_probability: the default type's and
  // other's together, the mass for leaving the request to the data path or an LLM.
  IntentPrediction PredictWithPriors(std::string_view normalized, Language language,
                                     bool rule_only_too = false,
                                     double* hand_on_probability = nullptr) const {
    std::vector<double> p = model->Probabilities(normalized);
    const auto& prior = language == Language::kZh ? model_log_prior_zh : model_log_prior;
    double sum = 0;
    for (size_t l = 0; l < p.size(); ++l) {
      const auto it = prior.find(model->labels()[l]);
      if (it != prior.end()) p[l] *= std::exp(it->second);
      sum += p[l];
    }
    IntentPrediction best;
    for (size_t l = 0; l < p.size(); ++l) {
      const std::string& label = model->labels()[l];
      if (!rule_only_too && std::find(model_rule_only_labels.begin(), model_rule_only_labels.end(),
                                      label) != model_rule_only_labels.end()) {
        continue;
      }
      if (best.label.empty() || p[l] > best.probability) best = {label, p[l]};
    }
    if (sum > 0) best.probability /= sum;
    if (hand_on_probability != nullptr && sum > 0) {
      *hand_on_probability = 0;
      for (size_t l = 0; l < p.size(); ++l) {
        const std::string& label = model->labels()[l];
        if (label == RequestTypeName(default_type) || label == kOtherLabel) {
          *hand_on_probability += p[l] / sum;
        }
      }
    }
    return best;
  }

  // The model's best label over every type (rule-only ones too), computed at most once per
  // request: the model over the data rules and the overrule of uncertain rules both read it.
  struct AnyLabel {
    const Impl& impl;
    std::string_view normalized;
    Language language;
    std::optional<IntentPrediction> value;
    double hand_on_probability = 0;  // the default type's and other's, after the log-prior
    const IntentPrediction& Get() {
      if (!value) value = impl.PredictWithPriors(normalized, language, true, &hand_on_probability);
      return *value;
    }
  };

  // data_query would win only as the fallback — no rule fired, or only weak ones, and the model
  // reached none of its bars — while the model itself does not think it a data question: its best
  // label (one of model_fallback_types, at least model_fallback_min_probability sure, data_query
  // and other together under model_fallback_max_hand_on_probability: "zxq blorf" stays handed on)
  // is a better guess than the fallback — unless ModelAloneMayName says no. Its confidence is its
  // probability, mostly below unsure_below, so a configured LLM still confirms.
  bool ApplyModelFallback(AnyLabel& any_label, Classification& out) const {
    if (model == nullptr || model_fallback_labels.empty()) return false;
    const IntentPrediction& p = any_label.Get();
    if (!ModelAloneMayName(p, any_label.normalized) ||
        p.probability < model_fallback_min_probability ||
        any_label.hand_on_probability >= model_fallback_max_hand_on_probability ||
        std::find(model_fallback_labels.begin(), model_fallback_labels.end(), p.label) ==
            model_fallback_labels.end()) {
      return false;
    }
    return TakeModelLabel(p, p.probability, out);
  }

  // No rule fired, or only weak ones (model_may_override): the learned model may name the
  // type when it is sure enough; its rule id is appended to out.rules. "other" (not a
  // request askdb answers) stays the default type with a low confidence, so a configured LLM
  // decides and otherwise the data path abstains. Returns whether the model decided.
  bool ApplyIntentModel(std::string_view normalized, Classification& out,
                        double min_probability) const {
    const IntentPrediction p = PredictWithPriors(normalized, out.language);
    if (p.probability < min_probability || p.label == RequestTypeName(default_type) ||
        !ModelAloneMayName(p, normalized)) {
      return false;
    }
    return TakeModelLabel(p, p.probability, out);
  }

  // Where no strong rule fired the model decides alone, from words that also fill data questions:
  // a request naming a period or a numbered thing (model_fallback_unless: "how are we doing this
  // month", "rooms on floor 3 with 2 beds") asks about the data, so the model never types it one of
  // the quick-answer types (model_fallback_types: trivial, simple, calculation) on any such path.
  bool ModelAloneMayName(const IntentPrediction& p, std::string_view normalized) const {
    if (model_fallback_unless == nullptr ||
        p.probability >= model_fallback_unless_max_probability ||
        std::find(model_fallback_labels.begin(), model_fallback_labels.end(), p.label) ==
            model_fallback_labels.end()) {
      return true;
    }
    return !RE2::PartialMatch(normalized, *model_fallback_unless);
  }

  // The model's label as the decision, its id appended to out.rules. "other" keeps the default
  // type with a low confidence; the model's small talk gets the chitchat reply.
  bool TakeModelLabel(const IntentPrediction& p, double confidence, Classification& out) const {
    if (p.label == kOtherLabel) {
      out.rules.push_back(std::string(kModelRulePrefix) + p.label);
      out.type = default_type;
      out.confidence = std::min(default_confidence, 1.0 - p.probability);
      out.quick_intent = QuickIntent::kNone;
      return true;
    }
    const std::optional<RequestType> type = ParseRequestType(p.label);
    if (!type) return false;
    out.rules.push_back(std::string(kModelRulePrefix) + p.label);
    out.type = *type;
    out.confidence = confidence;
    out.quick_intent = *type == RequestType::kTrivial ? QuickIntent::kChitChat : QuickIntent::kNone;
    return true;
  }

  // Rules for what is certain, the model for the rest (round 20): when every fired rule of the
  // winning type is uncertain (RuleInfo::certain, measured by scripts/rule_certainty.py), the
  // model's best label — any type, after the language's log-prior — decides when it is at least
  // model_overrule_min_probability(_zh) sure; a rule disagreed, so conflict_factor applies.
  bool ApplyModelOverrule(const std::vector<int>& fired, RequestType winner, AnyLabel& any_label,
                          Classification& out) const {
    const double bar = out.language == Language::kZh ? model_overrule_min_probability_zh
                                                     : model_overrule_min_probability;
    // The default (data) type is the model over the data step's alone, with its safeguards
    // (model_over_data_unless, model_over_data_labels, model_over_data_min_numbers): when that
    // step declined, the data rule stands.
    if (model == nullptr || bar > 1.0 || winner == default_type) return false;
    for (int idx : fired) {
      if (rules[idx].type == winner && rules[idx].certain) return false;
    }
    const IntentPrediction& p = any_label.Get();
    if (p.probability < bar || p.label == RequestTypeName(winner)) return false;
    return TakeModelLabel(p, p.probability * conflict_factor, out);
  }

  // Only data rules fired (`fired`), none of them in model_over_data_unless, or none at all:
  // the model names one of model_over_data_types when it is sure enough (see
  // model_over_data_labels), rule-only types included — "mean median and std dev of 12 15 9"
  // reads no rule. The confidence carries conflict_factor when a data rule disagreed.
  bool ApplyModelOverData(std::string_view normalized, const std::vector<int>& fired,
                          AnyLabel& any_label, Classification& out) const {
    if (model == nullptr || model_over_data_labels.empty()) return false;
    for (int idx : fired) {
      if (rules[idx].type != default_type ||
          std::find(model_over_data_unless.begin(), model_over_data_unless.end(), idx) !=
              model_over_data_unless.end()) {
        return false;
      }
    }
    const IntentPrediction& p = any_label.Get();
    const double bar = out.language == Language::kZh ? model_over_data_min_probability_zh
                                                     : model_over_data_min_probability;
    const bool alone = std::all_of(fired.begin(), fired.end(),
                                   [&](int idx) { return rules[idx].model_may_override; });
    if (p.probability < bar || (alone && !ModelAloneMayName(p, normalized)) ||
        std::find(model_over_data_labels.begin(), model_over_data_labels.end(), p.label) ==
            model_over_data_labels.end()) {
      return false;
    }
    const auto min_numbers = model_over_data_min_numbers.find(p.label);
    if (!fired.empty() && min_numbers != model_over_data_min_numbers.end() &&
        CountNumbers(normalized) < min_numbers->second) {
      return false;
    }
    const std::optional<RequestType> type = ParseRequestType(p.label);
    if (!type) return false;
    out.rules.push_back(std::string(kModelRulePrefix) + p.label);
    out.type = *type;
    out.confidence = p.probability * (fired.empty() ? 1.0 : conflict_factor);
    if (*type == RequestType::kTrivial) out.quick_intent = QuickIntent::kChitChat;
    return true;
  }

  // A rule's type the model may move to a neighbouring one (model_reassign; round 19): a
  // consultation word (建议, recommendations) at the end of a review or diagnosis asks for one of
  // its deliverables, and the model, which reads the whole request, tells the two apart where the
  // rules' priority cannot. Only to a listed type, only when the model is at least
  // model_reassign_min_probability sure of it; the rule ids then end with the model's.
  void ApplyModelReassign(std::string_view normalized, Classification& out) const {
    const auto targets = model_reassign.find(RequestTypeName(out.type));
    if (model == nullptr || targets == model_reassign.end()) return;
    const std::vector<double> p = model->Probabilities(normalized);
    for (size_t l = 0; l < p.size(); ++l) {
      const std::string& label = model->labels()[l];
      if (p[l] < model_reassign_min_probability ||
          std::find(targets->second.begin(), targets->second.end(), label) ==
              targets->second.end()) {
        continue;
      }
      out.type = *ParseRequestType(label);
      out.confidence = std::min(out.confidence, p[l]);
      out.quick_intent = QuickIntent::kNone;
      out.rules.push_back(std::string(kModelRulePrefix) + label);
      return;
    }
  }

  // model_reassign = { consultation = ["multi_step_analysis"] } and its bar (ApplyModelReassign).
  Status ParseModelReassign(const toml::table& root) {
    model_reassign_min_probability =
        root["model_reassign_min_probability"].value_or(model_reassign_min_probability);
    const auto node = root["model_reassign"];
    if (!node) return Status::Ok();
    const toml::table* t = node.as_table();
    if (t == nullptr) {
      return InvalidArgumentError(
          "classifier rules: model_reassign must be a table of type = [types], e.g. "
          "{ consultation = [\"multi_step_analysis\"] }");
    }
    for (const auto& [from, targets] : *t) {
      const std::vector<std::string> to = StringList(&targets);
      const bool known = std::all_of(to.begin(), to.end(), [](const std::string& n) {
        return ParseRequestType(n).has_value();
      });
      if (!ParseRequestType(from.str()) || to.empty() || !known) {
        return InvalidArgumentError("classifier rules: model_reassign." + std::string(from.str()) +
                                    " must name a request type and list request types");
      }
      model_reassign[std::string(from.str())] = to;
    }
    return Status::Ok();
  }

  // Classify's steps (defined beside it).
  std::optional<RequestType> Winner(const std::vector<int>& fired) const;
  bool QuickClaimed(const std::vector<int>& fired, std::optional<RequestType> winner) const;
  void DecideWithoutRules(std::string_view normalized, const std::vector<int>& fired,
                          AnyLabel& any_label, Classification& out) const;
  bool ModelDecidesOverRules(std::string_view normalized, const std::vector<int>& fired,
                             RequestType winner, bool quick_claimed, AnyLabel& any_label,
                             Classification& out) const;
  void TakeRulesDecision(const std::vector<int>& fired, RequestType winner,
                         Classification& out) const;

  // Indices of the rules that fired after `unless` vetoes, ascending (= file order).
  std::vector<int> FiredRules(std::string_view normalized) const {
    std::vector<int> matched;
    set.Match(normalized, &matched);
    std::sort(matched.begin(), matched.end());
    std::vector<int> fired;
    for (int idx : matched) {
      bool vetoed = false;
      for (int u : rules[idx].unless) {
        if (std::binary_search(matched.begin(), matched.end(), u)) vetoed = true;
      }
      if (!vetoed) fired.push_back(idx);
    }
    return fired;
  }
};

RequestClassifier::RequestClassifier(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
RequestClassifier::~RequestClassifier() = default;

StatusOr<std::unique_ptr<RequestClassifier>> RequestClassifier::Create(
    const ClassifierOptions& options) {
  std::string rules_text(EmbeddedClassifierRules());
  std::string units_text(EmbeddedUnits());
  if (!options.rules_path.empty()) {
    ASKDB_ASSIGN_OR_RETURN(rules_text, ReadFile(options.rules_path));
  }
  if (!options.units_path.empty()) {
    ASKDB_ASSIGN_OR_RETURN(units_text, ReadFile(options.units_path));
  }
  auto classifier = FromText(rules_text, units_text, options.max_request_bytes);
  if (!classifier.ok() && !options.rules_path.empty()) {
    return classifier.status().WithContext("loading classifier rules " + options.rules_path);
  }
  return classifier;
}

namespace {

StatusOr<toml::table> ParseRulesToml(std::string_view rules_toml) {
  try {
    return toml::parse(rules_toml);
  } catch (const toml::parse_error& e) {
    return InvalidArgumentError("classifier rules: TOML syntax error at line " +
                                std::to_string(e.source().begin.line) + ": " +
                                std::string(e.description()) + "; fix the rules file");
  }
}

// A key listing request types (model_rule_only_types, model_over_data_types); absent = empty.
StatusOr<std::vector<std::string>> RequestTypeList(const toml::table& root, const char* key) {
  std::vector<std::string> names;
  const toml::array* a = root[key].as_array();
  if (a == nullptr) return names;
  for (const auto& v : *a) {
    const std::optional<std::string> name = v.value<std::string>();
    if (!name || !ParseRequestType(*name)) {
      return InvalidArgumentError(std::string("classifier rules: ") + key +
                                  " lists request types, e.g. [\"consultation\"]; '" +
                                  name.value_or("(not a string)") + "' is not one");
    }
    names.push_back(*name);
  }
  return names;
}

// The [macros] of the rules file, with {unit} (every unit name of units.toml) and {place}
// (the quick path's places) added.
StatusOr<Macros> RuleMacros(const toml::table& root, const UnitTable& units) {
  Macros macros;
  if (const toml::table* m = root["macros"].as_table()) {
    for (const auto& [key, value] : *m) {
      if (auto s = value.value<std::string>()) macros[std::string(key.str())] = *s;
    }
  }
  std::string alternation;
  for (const std::string& name : units.AllNamesLongestFirst()) {
    if (!alternation.empty()) alternation += '|';
    alternation += RE2::QuoteMeta(name);
  }
  macros["unit"] = alternation;
  ASKDB_ASSIGN_OR_RETURN(std::string places, KnownPlacesAlternation(EmbeddedQuickPathTexts()));
  macros["place"] = std::move(places);
  return macros;
}

// One [[rule]]'s attributes (its keywords and patterns are RuleRegex's).
StatusOr<RuleInfo> ParseRuleInfo(const toml::table& r) {
  RuleInfo info;
  info.id = r["id"].value_or(std::string());
  if (info.id.empty()) return InvalidArgumentError("classifier rules: a rule has no id");
  const std::string where = "classifier rule '" + info.id + "': ";
  const std::string type_name = r["type"].value_or(std::string());
  const auto type = ParseRequestType(type_name);
  if (!type) return InvalidArgumentError(where + "unknown type '" + type_name + "'");
  info.type = *type;
  info.confidence = std::clamp(r["confidence"].value_or(0.8), 0.0, 1.0);
  if (auto quick = r["quick"].value<std::string>()) {
    const auto intent = ParseQuickIntent(*quick);
    if (!intent) {
      return InvalidArgumentError(where + "unknown quick '" + *quick +
                                  "'; use greeting, thanks, help, datetime, arithmetic or "
                                  "conversion");
    }
    info.quick = *intent;
  }
  info.unless_ids = StringList(r["unless"].node());
  info.model_may_override = r["model_may_override"].value_or(false);
  info.certain = r["certain"].value_or(true);
  return info;
}

}  // namespace

StatusOr<std::unique_ptr<RequestClassifier>> RequestClassifier::FromText(
    std::string_view rules_toml, std::string_view units_toml, size_t max_request_bytes) {
  ASKDB_ASSIGN_OR_RETURN(UnitTable units, UnitTable::FromToml(units_toml));
  ASKDB_ASSIGN_OR_RETURN(toml::table root, ParseRulesToml(rules_toml));
  auto impl = std::make_unique<Impl>();
  impl->max_request_bytes = max_request_bytes;
  ASKDB_RETURN_IF_ERROR(impl->ParseTypes(root));
  impl->ParseBars(root);
  ASKDB_RETURN_IF_ERROR(impl->ParseModelOverData(root));
  ASKDB_RETURN_IF_ERROR(impl->ParseModelReassign(root));
  ASKDB_RETURN_IF_ERROR(impl->ParseLogPriors(root));
  ASKDB_RETURN_IF_ERROR(impl->LoadIntentModel(root));
  ASKDB_ASSIGN_OR_RETURN(Macros macros, RuleMacros(root, units));
  ASKDB_RETURN_IF_ERROR(impl->AddRules(root, macros));
  if (!impl->set.Compile()) {
    return InvalidArgumentError(
        "classifier rules: the rule set is too large to compile; "
        "shorten the patterns");
  }
  return std::unique_ptr<RequestClassifier>(new RequestClassifier(std::move(impl)));
}

// priority and default_type.
Status RequestClassifier::Impl::ParseTypes(const toml::table& root) {
  for (const std::string& name : StringList(root["priority"].node())) {
    const auto type = ParseRequestType(name);
    if (!type) {
      return InvalidArgumentError("classifier rules: unknown type '" + name +
                                  "' in priority; use one of the eight request types");
    }
    priority.push_back(*type);
  }
  if (priority.empty()) {
    return InvalidArgumentError("classifier rules: `priority` is missing; list the types");
  }
  const std::string name = root["default_type"].value_or(std::string("data_query"));
  const auto type = ParseRequestType(name);
  if (!type) return InvalidArgumentError("classifier rules: unknown default_type '" + name + "'");
  default_type = *type;
  return Status::Ok();
}

// The confidences and the model's probability bars; an unset bar falls back to its neighbour.
void RequestClassifier::Impl::ParseBars(const toml::table& root) {
  default_confidence = root["default_confidence"].value_or(default_confidence);
  conflict_factor = root["conflict_factor"].value_or(conflict_factor);
  unsure_below = root["unsure_below"].value_or(unsure_below);
  model_min_probability = root["model_min_probability"].value_or(model_min_probability);
  model_override_min_probability =
      root["model_override_min_probability"].value_or(model_min_probability);
  model_min_probability_zh = root["model_min_probability_zh"].value_or(model_min_probability);
  model_override_min_probability_zh =
      root["model_override_min_probability_zh"].value_or(model_override_min_probability);
  model_over_data_min_probability =
      root["model_over_data_min_probability"].value_or(model_over_data_min_probability);
  model_over_data_min_probability_zh =
      root["model_over_data_min_probability_zh"].value_or(model_over_data_min_probability);
  model_overrule_min_probability =
      root["model_overrule_min_probability"].value_or(model_overrule_min_probability);
  model_overrule_min_probability_zh =
      root["model_overrule_min_probability_zh"].value_or(model_overrule_min_probability);
  model_fallback_min_probability =
      root["model_fallback_min_probability"].value_or(model_fallback_min_probability);
  model_fallback_unless_max_probability =
      root["model_fallback_unless_max_probability"].value_or(model_fallback_unless_max_probability);
  model_fallback_max_hand_on_probability = root["model_fallback_max_hand_on_probability"].value_or(
      model_fallback_max_hand_on_probability);
}

// model_rule_only_types, model_over_data_types, model_over_data_min_numbers and the ids of
// model_over_data_unless (resolved to rule indices once the rules are read).
Status RequestClassifier::Impl::ParseModelOverData(const toml::table& root) {
  ASKDB_ASSIGN_OR_RETURN(model_rule_only_labels, RequestTypeList(root, "model_rule_only_types"));
  ASKDB_ASSIGN_OR_RETURN(model_over_data_labels, RequestTypeList(root, "model_over_data_types"));
  ASKDB_ASSIGN_OR_RETURN(model_fallback_labels, RequestTypeList(root, "model_fallback_types"));
  model_over_data_unless_ids = StringList(root["model_over_data_unless"].node());
  if (const auto pattern = root["model_fallback_unless_pattern"].value<std::string>()) {
    model_fallback_unless = std::make_unique<RE2>(*pattern, MakeOptions());
    if (!model_fallback_unless->ok()) {
      return InvalidArgumentError(
          "classifier rules: bad model_fallback_unless_pattern: " + model_fallback_unless->error() +
          "; fix the pattern (RE2 syntax)");
    }
  }
  const auto node = root["model_over_data_min_numbers"];
  if (!node) return Status::Ok();
  const toml::table* t = node.as_table();
  if (t == nullptr) {
    return InvalidArgumentError(
        "classifier rules: model_over_data_min_numbers must be a table of type = count, "
        "e.g. { calculation = 2 }");
  }
  for (const auto& [label, value] : *t) {
    const std::optional<int64_t> count = value.value<int64_t>();
    if (!ParseRequestType(label.str()) || !count || *count < 0 || *count > 20) {
      return InvalidArgumentError("classifier rules: model_over_data_min_numbers." +
                                  std::string(label.str()) +
                                  " must name a request type and a count between 0 and 20");
    }
    model_over_data_min_numbers[std::string(label.str())] = static_cast<int>(*count);
  }
  return Status::Ok();
}

// model_log_prior and model_log_prior_zh: tables of label = shift.
Status RequestClassifier::Impl::ParseLogPriors(const toml::table& root) {
  for (auto [key, prior] : {std::pair{"model_log_prior", &model_log_prior},
                            std::pair{"model_log_prior_zh", &model_log_prior_zh}}) {
    const auto node = root[key];
    if (!node) continue;
    const toml::table* t = node.as_table();
    if (t == nullptr) {
      return InvalidArgumentError(std::string("classifier rules: ") + key +
                                  " must be a table of label = number, e.g. { trivial = 2.0 }");
    }
    for (const auto& [label, value] : *t) {
      const std::optional<double> shift = value.value<double>();
      if (!shift || !std::isfinite(*shift) || std::fabs(*shift) > 20) {
        return InvalidArgumentError(std::string("classifier rules: ") + key + "." +
                                    std::string(label.str()) +
                                    " must be a number between -20 and 20");
      }
      (*prior)[std::string(label.str())] = *shift;
    }
  }
  return Status::Ok();
}

// intent_model = "builtin" | "none" | the path of a weights file (a retrained model tried
// without a build).
Status RequestClassifier::Impl::LoadIntentModel(const toml::table& root) {
  const std::string name = root["intent_model"].value_or(std::string("none"));
  if (name == "none") return Status::Ok();
  if (name == "builtin") {
    model = IntentModel::Default();  // logged when it does not load: rules only
    return Status::Ok();
  }
  auto bytes = ReadFile(name);
  if (!bytes.ok()) {
    return InvalidArgumentError(
        "classifier rules: intent_model must be \"builtin\", \"none\" "
        "or the path of a weights file; cannot read '" +
        name + "': " + bytes.status().message());
  }
  auto parsed = IntentModel::Parse(*bytes);
  if (!parsed.ok()) {
    return InvalidArgumentError("classifier rules: intent_model '" + name +
                                "': " + parsed.status().message());
  }
  owned_model = *std::move(parsed);
  model = owned_model.get();
  return Status::Ok();
}

// Every [[rule]] into the regex set and `rules`, then the rule ids named elsewhere resolved.
Status RequestClassifier::Impl::AddRules(const toml::table& root, const Macros& macros) {
  const toml::array* entries = root["rule"].as_array();
  if (entries == nullptr || entries->empty()) {
    return InvalidArgumentError("classifier rules: no [[rule]] entries; add at least one");
  }
  std::map<std::string, int, std::less<>> index_of;
  for (const toml::node& node : *entries) {
    const toml::table* r = node.as_table();
    if (r == nullptr) return InvalidArgumentError("classifier rules: [[rule]] must be a table");
    ASKDB_ASSIGN_OR_RETURN(RuleInfo info, ParseRuleInfo(*r));
    const std::string where = "classifier rule '" + info.id + "': ";
    ASKDB_ASSIGN_OR_RETURN(std::string combined, RuleRegex(*r, macros, where));
    std::string error;
    const int idx = set.Add(combined, &error);
    if (idx < 0) return InvalidArgumentError(where + "cannot compile: " + error);
    if (!index_of.emplace(info.id, idx).second) {
      return InvalidArgumentError(where + "duplicate rule id; ids must be unique");
    }
    rules.push_back(std::move(info));
  }
  return ResolveRuleIds(index_of);
}

// `unless` of every rule and model_over_data_unless: rule ids → indices.
Status RequestClassifier::Impl::ResolveRuleIds(
    const std::map<std::string, int, std::less<>>& index_of) {
  for (RuleInfo& info : rules) {
    for (const std::string& id : info.unless_ids) {
      const auto it = index_of.find(id);
      if (it == index_of.end()) {
        return InvalidArgumentError("classifier rule '" + info.id +
                                    "': `unless` names unknown rule '" + id + "'");
      }
      info.unless.push_back(it->second);
    }
  }
  for (auto [key, ids, indices] : {std::tuple{"model_over_data_unless", &model_over_data_unless_ids,
                                              &model_over_data_unless}}) {
    for (const std::string& id : *ids) {
      const auto it = index_of.find(id);
      if (it == index_of.end()) {
        return InvalidArgumentError(std::string("classifier rules: ") + key +
                                    " names unknown rule '" + id + "'");
      }
      indices->push_back(it->second);
    }
  }
  return Status::Ok();
}

const RequestClassifier* RequestClassifier::Default() {
  static const std::unique_ptr<RequestClassifier> instance = [] {
    auto created = Create();
    if (!created.ok()) {
      spdlog::error("built-in classifier rules do not load: {}", created.status().ToString());
      return std::unique_ptr<RequestClassifier>();
    }
    return *std::move(created);
  }();
  return instance.get();
}

namespace {

// The request cut to max_bytes on a UTF-8 boundary; cutting and invalid bytes are warnings.
std::string_view ClipRequest(std::string_view request, size_t max_bytes, Classification& out) {
  const size_t keep = Utf8SafePrefix(request, max_bytes);
  if (keep < request.size()) {
    out.warnings.push_back("request is " + std::to_string(request.size()) +
                           " bytes; classified on its first " + std::to_string(keep));
    request = request.substr(0, keep);
  }
  if (!IsValidUtf8(request)) {
    out.warnings.push_back("request is not valid UTF-8; invalid bytes were ignored");
  }
  return request;
}

// A request with no words (empty, white space, punctuation) is trivial: the quick path helps.
Classification& EmptyRequest(std::string_view normalized, Classification& out) {
  out.type = RequestType::kTrivial;
  out.confidence = kEmptyConfidence;
  out.rules.emplace_back(kEmptyRuleId);
  out.quick_intent = QuickIntent::kHelp;
  out.warnings.push_back(normalized.empty() ? "empty request: ask a question about your data"
                                            : "request has no words, only punctuation or "
                                              "symbols: ask a question about your data");
  return out;
}

}  // namespace

std::optional<RequestType> RequestClassifier::Impl::Winner(const std::vector<int>& fired) const {
  for (RequestType t : priority) {
    for (int idx : fired) {
      if (rules[idx].type == t) return t;
    }
  }
  return std::nullopt;
}

// A date question the date parser reads whole is a quick-path request, unless a quick
// rule already claimed it ("今天几号" keeps the datetime answer). The parser is the rule, so
// the classifier never routes a date question the quick path cannot answer. A simple rule with
// no quick intent (simple.stated_ratio, round 17) claims nothing: the parsers still read it.
bool RequestClassifier::Impl::QuickClaimed(const std::vector<int>& fired,
                                           std::optional<RequestType> winner) const {
  return (winner == RequestType::kTrivial || winner == RequestType::kSimple) &&
         std::any_of(fired.begin(), fired.end(), [&](int idx) {
           return rules[idx].type == *winner && rules[idx].quick != QuickIntent::kNone;
         });
}

// No rule fired: the model over the data rules, then the model alone, then the default type.
void RequestClassifier::Impl::DecideWithoutRules(std::string_view normalized,
                                                 const std::vector<int>& fired, AnyLabel& any_label,
                                                 Classification& out) const {
  out.type = default_type;
  out.confidence = default_confidence;
  if (ApplyModelOverData(normalized, fired, any_label, out)) return;
  if (model != nullptr && ApplyIntentModel(normalized, out, MinProbability(out.language, false))) {
    return;
  }
  if (ApplyModelFallback(any_label, out)) return;
  out.rules.emplace_back(kDefaultRuleId);
}

// Rules fired; the model may still decide: over weak rules only, over data rules, or over a
// winner whose rules are all uncertain. Returns whether it did.
bool RequestClassifier::Impl::ModelDecidesOverRules(std::string_view normalized,
                                                    const std::vector<int>& fired,
                                                    RequestType winner, bool quick_claimed,
                                                    AnyLabel& any_label,
                                                    Classification& out) const {
  const bool only_weak_data =
      winner == default_type && std::all_of(fired.begin(), fired.end(),
                                            [&](int idx) { return rules[idx].model_may_override; });
  if (model != nullptr && only_weak_data &&
      ApplyIntentModel(normalized, out, MinProbability(out.language, true))) {
    return true;
  }
  if (winner == default_type && ApplyModelOverData(normalized, fired, any_label, out)) return true;
  if (only_weak_data && ApplyModelFallback(any_label, out)) return true;
  return !quick_claimed && ApplyModelOverrule(fired, winner, any_label, out);
}

// The rules' decision: the winner's highest confidence and first quick intent, times
// conflict_factor when a rule of another specific type fired too.
void RequestClassifier::Impl::TakeRulesDecision(const std::vector<int>& fired, RequestType winner,
                                                Classification& out) const {
  out.type = winner;
  bool conflict = false;
  for (int idx : fired) {
    const RuleInfo& rule = rules[idx];
    if (rule.type == winner) {
      if (rule.confidence > out.confidence) out.confidence = rule.confidence;
      if (out.quick_intent == QuickIntent::kNone) out.quick_intent = rule.quick;
    } else if (rule.type != default_type) {
      conflict = true;
    }
  }
  if (conflict) out.confidence *= conflict_factor;
}

Classification RequestClassifier::Classify(std::string_view request) const {
  Classification out;
  request = ClipRequest(request, impl_->max_request_bytes, out);
  const std::string normalized = NormalizeRequest(request);
  out.language = text::ContainsCjk(normalized) ? Language::kZh : Language::kEn;
  if (!HasWords(normalized)) return EmptyRequest(normalized, out);

  const std::vector<int> fired = impl_->FiredRules(normalized);
  for (int idx : fired) out.rules.push_back(impl_->rules[idx].id);
  const std::optional<RequestType> winner = impl_->Winner(fired);
  const bool quick_claimed = impl_->QuickClaimed(fired, winner);
  if (!quick_claimed && ParseDateQuestion(normalized)) {
    out.type = RequestType::kTrivial;
    out.confidence = kDateConfidence;
    out.rules = {std::string(kDateRuleId)};
    out.quick_intent = QuickIntent::kDate;
    return out;
  }
  if (!quick_claimed) {
    if (const auto reading = WholeRequestComputation(normalized)) {
      out.type = RequestType::kSimple;
      out.confidence = kDateConfidence;
      out.rules = {std::string(reading->rule)};
      out.quick_intent = reading->intent;
      return out;
    }
  }
  Impl::AnyLabel any_label{*impl_, normalized, out.language, std::nullopt};
  if (!winner) {
    impl_->DecideWithoutRules(normalized, fired, any_label, out);
    return out;
  }
  if (impl_->ModelDecidesOverRules(normalized, fired, *winner, quick_claimed, any_label, out)) {
    return out;
  }
  impl_->TakeRulesDecision(fired, *winner, out);
  if (!quick_claimed) impl_->ApplyModelReassign(normalized, out);
  return out;
}

std::string NormalizeRequest(std::string_view request) {
  std::string s = text::NormalizeForMatch(request);
  for (std::string_view curly : {std::string_view("\u2019"), std::string_view("\u2018")}) {
    for (size_t at = s.find(curly); at != std::string::npos; at = s.find(curly, at + 1)) {
      s.replace(at, curly.size(), "'");
    }
  }
  return FixCalculatorTypos(s);
}

bool RequestClassifier::IsConsultationRequest(std::string_view request) const {
  const std::string normalized =
      NormalizeRequest(request.substr(0, Utf8SafePrefix(request, impl_->max_request_bytes)));
  for (int idx : impl_->FiredRules(normalized)) {
    if (impl_->rules[idx].type == RequestType::kConsultation) return true;
  }
  return false;
}

double RequestClassifier::unsure_below() const { return impl_->unsure_below; }

}  // namespace askdb::agent
