#include "askdb/agent/quick_path/tax_question.h"

#include <re2/re2.h>

#include "askdb/agent/quick_path/arithmetic.h"
#include "askdb/agent/quick_path/money_number.h"
#include "askdb/agent/quick_path/utf8_pattern.h"

namespace askdb::agent {
namespace {

const std::string kAmount = "\\$?\\s*" + std::string(kMoneyNumber);
const std::string kRate = "([0-9]+(?:\\.[0-9]+)?)\\s*(?:%|percent)";
const std::string kEnd = "\\s*[?.!？。！]*";

// What is asked of an amount and a rate, by whether the amount holds the tax: the tax, the amount
// with it, or the amount without it.
enum class Asked { kTax, kGross, kNet };

std::optional<std::string> Formula(const std::string& amount_text, const std::string& rate,
                                   bool amount_holds_tax, Asked asked) {
  const auto amount = ParseWholeNumber(amount_text);
  if (!amount) return std::nullopt;
  const std::string a = FormatNumber(*amount);
  const std::string net = amount_holds_tax ? a + "/(1+" + rate + "%)" : a;
  switch (asked) {
    case Asked::kTax:
      return amount_holds_tax ? a + "-" + net : a + "*" + rate + "%";
    case Asked::kGross:
      return amount_holds_tax ? std::nullopt : std::optional<std::string>(a + "*(1+" + rate + "%)");
    case Asked::kNet:
      return amount_holds_tax ? std::optional<std::string>(net) : std::nullopt;
  }
  return std::nullopt;
}

Asked ChineseAsk(const std::string& word) {
  if (word == "含税价" || word == "含税金额" || word == "价税合计") return Asked::kGross;
  if (word == "不含税价" || word == "不含税金额") return Asked::kNet;
  return Asked::kTax;
}

// 不含税价10000元，增值税税率13%，税额多少 / 含税价1130元，税率13%，不含税价是多少.
std::optional<std::string> ChineseTax(std::string_view s) {
  static const Utf8Pattern pattern(
      "^(不含税价|不含税金额|含税价|含税金额|价税合计)(?:是|为)?" + kAmount +
      "\\s*(?:元|块)?\\s*[,，]\\s*(?:增值税)?税率(?:是|为)?\\s*" + kRate +
      "\\s*[,，]?\\s*(?:那么|请问)?(税额|税金|增值税|含税价|不含税价|价税合计|含税金额|不含税金额)"
      "(?:是|为|有|要交|交)?(?:多少|几)(?:钱|元)?" +
      kEnd + "$");
  std::string holds, amount, rate, asked;
  if (!pattern.FullMatch(s, &holds, &amount, &rate, &asked)) return std::nullopt;
  const bool holds_tax = holds.rfind("不含", 0) != 0;
  return Formula(amount, rate, holds_tax, ChineseAsk(asked));
}

// "net price 1,200 and vat at 20%, how much is the vat" / "what's the total with 8% sales tax on
// $250": a sales tax "on" an amount is added on top of it.
std::optional<std::string> EnglishTax(std::string_view s) {
  static const std::string kTax = "(?:vat|sales tax|tax|gst)";
  static const Utf8Pattern net(
      "^(?:the\\s+)?(?:net price|net amount|price before tax|price excluding " + kTax +
      "|price without " + kTax + ")(?:\\s+is)?\\s+" + kAmount +
      "\\s*(?:,|and|with)\\s*(?:and\\s+)?" + kTax + "\\s+(?:at|of|is)\\s+" + kRate +
      "\\s*[,;]\\s*(?:so\\s+)?(?:how much is|what(?:'s| is)) the (vat|tax|sales tax|gst|total|"
      "gross price|price with vat|price including vat)" +
      kEnd + "$");
  static const Utf8Pattern total_on(
      "^(?:what(?:'s| is)\\s+)?the total (?:with|including|after) "
      "(?:a |an )?" +
      kRate + "\\s+" + kTax + "\\s+(?:on|for)\\s+" + kAmount + kEnd + "$");
  std::string amount, rate, asked;
  if (net.FullMatch(s, &amount, &rate, &asked)) {
    const bool gross = asked == "total" || asked.find("price") != std::string::npos;
    return Formula(amount, rate, false, gross ? Asked::kGross : Asked::kTax);
  }
  if (total_on.FullMatch(s, &rate, &amount)) return Formula(amount, rate, false, Asked::kGross);
  return std::nullopt;
}

}  // namespace

std::optional<std::string> TaxExpression(std::string_view normalized) {
  if (normalized.size() > 200 || (normalized.find("税") == std::string_view::npos &&
                                  normalized.find("tax") == std::string_view::npos &&
                                  normalized.find("vat") == std::string_view::npos &&
                                  normalized.find("gst") == std::string_view::npos)) {
    return std::nullopt;
  }
  if (auto e = ChineseTax(normalized)) return e;
  return EnglishTax(normalized);
}

}  // namespace askdb::agent
