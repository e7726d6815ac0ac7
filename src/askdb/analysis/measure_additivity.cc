#include "askdb/analysis/measure_additivity.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <optional>
#include <string>

#include "askdb/common/measure_names.h"
#include "askdb/common/text.h"
#include "askdb/db/result_set.h"

namespace askdb::analysis {
namespace {

// --- SQL tokens ------------------------------------------------------------------------

enum class TokKind { kWord, kQuoted, kString, kNumber, kOpen, kClose, kComma, kDot, kOp };

struct Tok {
  TokKind kind;
  std::string text;   // as written; quoted identifiers and strings without their quotes
  std::string lower;  // words only: lower-cased, for keywords and function names
  int depth = 0;      // parentheses around the token (an open/close paren: the outer depth)
};

bool IsWordByte(unsigned char c) { return std::isalnum(c) || c == '_' || c == '$' || c >= 0x80; }

// Closes a quoted run starting at `i` (the opening quote); doubled quotes are escapes.
size_t EndOfQuoted(std::string_view s, size_t i, char close) {
  for (size_t j = i + 1; j < s.size(); ++j) {
    if (s[j] != close) continue;
    if (j + 1 < s.size() && s[j + 1] == close && close != ']') {
      ++j;
      continue;
    }
    return j;
  }
  return s.size();
}

// Where a comment that starts at `i` ends; `i` itself when none starts there.
size_t CommentEnd(std::string_view s, size_t i) {
  if (s.compare(i, 2, "--") == 0) {
    const size_t e = s.find('\n', i);
    return e == std::string_view::npos ? s.size() : e;
  }
  if (s.compare(i, 2, "/*") == 0) {
    const size_t e = s.find("*/", i + 2);
    return e == std::string_view::npos ? s.size() : e + 2;
  }
  return i;
}

bool IsQuote(unsigned char c) { return c == '\'' || c == '"' || c == '`' || c == '['; }

bool StartsNumber(std::string_view s, size_t i) {
  const unsigned char c = static_cast<unsigned char>(s[i]);
  return std::isdigit(c) ||
         (c == '.' && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1])));
}

// A string ('...') or quoted identifier ("...", `...`, [...]) from its opening quote at `i`;
// returns where the next token may start.
size_t LexQuoted(std::string_view s, size_t i, int depth, std::vector<Tok>& out) {
  const char open = s[i];
  const char close = open == '[' ? ']' : open;
  const size_t e = EndOfQuoted(s, i, close);
  std::string body(s.substr(i + 1, e - i - 1));
  out.push_back({open == '\'' ? TokKind::kString : TokKind::kQuoted, std::move(body), "", depth});
  return std::min(e + 1, s.size());
}

// A number (digits, letters of an exponent or suffix, points) or a word from `i`.
size_t LexNumberOrWord(std::string_view s, size_t i, int depth, std::vector<Tok>& out) {
  size_t e = i;
  if (StartsNumber(s, i)) {
    while (e < s.size() && (std::isalnum(static_cast<unsigned char>(s[e])) || s[e] == '.')) ++e;
    out.push_back({TokKind::kNumber, std::string(s.substr(i, e - i)), "", depth});
    return e;
  }
  while (e < s.size() && IsWordByte(static_cast<unsigned char>(s[e]))) ++e;
  const std::string_view word = s.substr(i, e - i);
  out.push_back({TokKind::kWord, std::string(word), text::AsciiLower(word), depth});
  return e;
}

// Parentheses (which move `depth`), commas, dots and operators: two-character operators
// first ("::", "||", "<=", ...), else one character.
size_t LexSymbol(std::string_view s, size_t i, int& depth, std::vector<Tok>& out) {
  switch (s[i]) {
    case '(':
      out.push_back({TokKind::kOpen, "(", "", depth++});
      return i + 1;
    case ')':
      depth = std::max(0, depth - 1);
      out.push_back({TokKind::kClose, ")", "", depth});
      return i + 1;
    case ',':
      out.push_back({TokKind::kComma, ",", "", depth});
      return i + 1;
    case '.':
      out.push_back({TokKind::kDot, ".", "", depth});
      return i + 1;
  }
  const std::string_view two = s.substr(i, 2);
  const bool pair =
      two == "::" || two == "||" || two == "<=" || two == ">=" || two == "<>" || two == "!=";
  out.push_back({TokKind::kOp, std::string(s.substr(i, pair ? 2 : 1)), "", depth});
  return i + (pair ? 2 : 1);
}

std::vector<Tok> Lex(std::string_view s) {
  std::vector<Tok> out;
  int depth = 0;
  size_t i = 0;
  while (i < s.size()) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (std::isspace(c)) {
      ++i;
    } else if (const size_t end = CommentEnd(s, i); end != i) {
      i = end;
    } else if (IsQuote(c)) {
      i = LexQuoted(s, i, depth, out);
    } else if (StartsNumber(s, i) || IsWordByte(c)) {
      i = LexNumberOrWord(s, i, depth, out);
    } else {
      i = LexSymbol(s, i, depth, out);
    }
  }
  return out;
}

using Span = std::vector<Tok>;

bool IsWord(const Tok& t, std::string_view w) { return t.kind == TokKind::kWord && t.lower == w; }

// Tokens of `span` at the span's own outer depth, split by `sep` (comma).
std::vector<Span> SplitTopLevel(const Span& span, TokKind sep) {
  std::vector<Span> parts(1);
  if (span.empty()) return {};
  const int base = span.front().depth;
  for (const Tok& t : span) {
    if (t.kind == sep && t.depth == base) {
      parts.emplace_back();
    } else {
      parts.back().push_back(t);
    }
  }
  return parts;
}

// --- expressions -----------------------------------------------------------------------

constexpr std::string_view kWrappers[] = {"round",   "cast",      "coalesce", "ifnull", "nvl",
                                          "abs",     "trunc",     "truncate", "floor",  "ceil",
                                          "ceiling", "to_number", "nullif",   "convert"};
constexpr std::string_view kNonAdditiveAggregates[] = {
    "avg",         "min",          "max",        "median",    "stddev",          "stddev_pop",
    "stddev_samp", "variance",     "var_pop",    "var_samp",  "percentile_cont", "percentile_disc",
    "mode",        "group_concat", "string_agg", "array_agg", "any_value",       "first_value",
    "last_value",  "bit_and",      "bit_or",     "bool_and",  "bool_or",         "every"};

template <size_t N>
bool In(std::string_view w, const std::string_view (&list)[N]) {
  return std::find(std::begin(list), std::end(list), w) != std::end(list);
}

// Drops parentheses that wrap the whole span: "(SUM(x))" → "SUM(x)".
Span Unwrap(Span span) {
  while (span.size() >= 2 && span.front().kind == TokKind::kOpen &&
         span.back().kind == TokKind::kClose) {
    const int base = span.front().depth;
    bool whole = true;
    for (size_t i = 1; i + 1 < span.size(); ++i) {
      if (span[i].kind == TokKind::kClose && span[i].depth == base) whole = false;
    }
    if (!whole) break;
    span = Span(span.begin() + 1, span.end() - 1);
  }
  return span;
}

// "name ( args )" spanning the whole span: the name and the argument tokens.
struct Call {
  std::string name;
  Span args;
};
std::optional<Call> WholeCall(const Span& span) {
  if (span.size() < 3 || span[0].kind != TokKind::kWord || span[1].kind != TokKind::kOpen ||
      span.back().kind != TokKind::kClose) {
    return std::nullopt;
  }
  const int base = span[1].depth;
  for (size_t i = 2; i + 1 < span.size(); ++i) {
    if (span[i].kind == TokKind::kClose && span[i].depth == base) return std::nullopt;
  }
  return Call{span[0].lower, Span(span.begin() + 2, span.end() - 1)};
}

// A column reference: name, or qualifier(s) and name joined by dots; `qualified` keeps the
// qualifiers ("genre.name" for "Genre"."Name"), else the name alone.
std::optional<std::string> ColumnRef(const Span& span, bool qualified = false) {
  if (span.empty() || span.size() % 2 == 0) return std::nullopt;
  for (size_t i = 0; i < span.size(); ++i) {
    const bool name = span[i].kind == TokKind::kWord || span[i].kind == TokKind::kQuoted;
    if ((i % 2 == 0) != name) return std::nullopt;
    if (i % 2 == 1 && span[i].kind != TokKind::kDot) return std::nullopt;
  }
  if (IsWord(span.back(), "null") || IsWord(span.back(), "true") || IsWord(span.back(), "false")) {
    return std::nullopt;
  }
  if (!qualified) return span.back().text;
  std::string out;
  for (size_t i = 0; i < span.size(); i += 2) out += (i ? "." : "") + span[i].text;
  return out;
}

bool IsLiteral(const Span& span) {
  return span.size() == 1 && (span[0].kind == TokKind::kNumber || span[0].kind == TokKind::kString);
}

// The value parts of a CASE (after THEN and ELSE), where a sum's amounts are; the WHEN
// conditions only select rows.
Span CaseValues(const Span& span) {
  Span out;
  bool in_value = false;
  const int base = span.front().depth;
  for (const Tok& t : span) {
    if (t.depth == base && t.kind == TokKind::kWord) {
      if (t.lower == "then" || t.lower == "else") {
        in_value = true;
        continue;
      }
      if (t.lower == "when" || t.lower == "end" || t.lower == "case") {
        in_value = false;
        continue;
      }
    }
    if (in_value) out.push_back(t);
  }
  return out;
}

// SUM(summand): amounts add up; a sum of prices or rates does not mean anything. The
// summand's column names decide: an amount or quantity among them (price × quantity) makes
// it additive, only unit values or rates make it not.
Additivity SumOf(const Span& summand) {
  if (summand.empty()) return Additivity::kUnknown;
  if (IsWord(summand.front(), "distinct")) return Additivity::kUnknown;
  const bool has_case =
      std::any_of(summand.begin(), summand.end(), [](const Tok& t) { return IsWord(t, "case"); });
  const Span values = has_case ? CaseValues(summand) : summand;
  bool additive = false, non_additive = false;
  for (size_t i = 0; i < values.size(); ++i) {
    const Tok& t = values[i];
    if (t.kind != TokKind::kWord && t.kind != TokKind::kQuoted) continue;
    if (i + 1 < values.size() && values[i + 1].kind == TokKind::kOpen) continue;  // a function
    if (i + 1 < values.size() && values[i + 1].kind == TokKind::kDot) continue;   // a qualifier
    const Additivity a = measures::FromName(t.text);
    additive |= a == Additivity::kAdditive;
    non_additive |= a == Additivity::kNonAdditive;
  }
  if (additive) return Additivity::kAdditive;
  return non_additive ? Additivity::kNonAdditive : Additivity::kAdditive;
}

Additivity Classify(Span span, int level = 0);

// Operands joined by arithmetic at the span's top level: a ratio is not additive; a sum or
// difference of additive parts is; scaling by a constant keeps what the part is.
Additivity Arithmetic(const Span& span, int level) {
  const int base = span.front().depth;
  std::vector<std::pair<std::string, Span>> operands(1);  // (operator before, tokens)
  for (const Tok& t : span) {
    const bool op =
        t.kind == TokKind::kOp && t.depth == base &&
        (t.text == "+" || t.text == "-" || t.text == "*" || t.text == "/" || t.text == "%");
    if (op) {
      operands.emplace_back(t.text, Span{});
    } else {
      operands.back().second.push_back(t);
    }
  }
  if (operands.size() == 1) return Additivity::kUnknown;  // nothing this reads (CASE, FILTER)
  bool any_additive = false;
  for (const auto& [op, tokens] : operands) {
    if (tokens.empty()) continue;  // a unary minus
    if (IsLiteral(tokens)) continue;
    if (op == "/" || op == "%") return Additivity::kNonAdditive;  // a ratio of two measures
    const Additivity a = Classify(tokens, level + 1);
    if (a != Additivity::kAdditive) return a;
    any_additive = true;
  }
  const bool multiplies = std::any_of(operands.begin() + 1, operands.end(), [](const auto& o) {
    return o.first == "*" && !IsLiteral(o.second);
  });
  if (multiplies) return Additivity::kUnknown;  // a product of two measures
  return any_additive ? Additivity::kAdditive : Additivity::kUnknown;
}

Additivity Classify(Span span, int level) {
  constexpr int kMaxLevel = 32;  // nesting this deep is not an analyst's query
  span = Unwrap(std::move(span));
  if (span.empty() || level > kMaxLevel) return Additivity::kUnknown;
  const int base = span.front().depth;
  for (const Tok& t : span) {
    if (IsWord(t, "select")) return Additivity::kUnknown;                       // a subquery
    if (IsWord(t, "over") && t.depth == base) return Additivity::kNonAdditive;  // running, rank
  }
  if (std::optional<Call> call = WholeCall(span)) {
    if (call->name == "sum" || call->name == "total") return SumOf(call->args);
    if (call->name == "count") {
      // COUNT(DISTINCT x) per group may count one x in several groups.
      return !call->args.empty() && IsWord(call->args.front(), "distinct") ? Additivity::kUnknown
                                                                           : Additivity::kAdditive;
    }
    if (In(call->name, kNonAdditiveAggregates)) return Additivity::kNonAdditive;
    if (In(call->name, kWrappers)) {
      std::vector<Span> args = SplitTopLevel(call->args, TokKind::kComma);
      if (args.empty() || args.front().empty()) return Additivity::kUnknown;
      Span first = args.front();
      // CAST(x AS type): the part before AS.
      auto as = std::find_if(first.begin(), first.end(), [&](const Tok& t) {
        return IsWord(t, "as") && t.depth == first.front().depth;
      });
      return Classify(Span(first.begin(), as), level + 1);
    }
    return Additivity::kUnknown;
  }
  if (ColumnRef(span)) return Additivity::kNonAdditive;  // a per-row attribute or group key
  if (IsLiteral(span)) return Additivity::kUnknown;
  if (span.size() >= 3 && span[span.size() - 2].kind == TokKind::kOp &&
      span[span.size() - 2].text == "::") {
    return Classify(Span(span.begin(), span.end() - 2), level + 1);  // PostgreSQL's x::numeric
  }
  return Arithmetic(span, level);
}

// Drops "AS alias" or a bare trailing alias ("SUM(x) revenue") from a select item.
Span WithoutAlias(const Span& item) {
  if (item.empty()) return item;
  const int base = item.front().depth;
  for (size_t i = 0; i < item.size(); ++i) {
    if (IsWord(item[i], "as") && item[i].depth == base) return Span(item.begin(), item.begin() + i);
  }
  if (item.size() >= 2) {
    const Tok& last = item.back();
    const Tok& before = item[item.size() - 2];
    const bool alias_like =
        (last.kind == TokKind::kWord || last.kind == TokKind::kQuoted) && !IsWord(last, "end");
    const bool after_expression = before.kind == TokKind::kClose || before.kind == TokKind::kWord ||
                                  before.kind == TokKind::kQuoted ||
                                  before.kind == TokKind::kNumber ||
                                  before.kind == TokKind::kString;
    if (alias_like && after_expression && !IsWord(before, "distinct")) {
      return Span(item.begin(), item.end() - 1);
    }
  }
  return item;
}

// --- the statement ---------------------------------------------------------------------

struct Statement {
  std::vector<Span> items;  // the main SELECT's items; empty when not understood
  bool grouped = false;
  std::optional<long long> limit;
  bool offset = false;
};

std::optional<long long> NumberToken(const Tok& t) {
  if (t.kind != TokKind::kNumber) return std::nullopt;
  long long n = 0;
  auto [ptr, ec] = std::from_chars(t.text.data(), t.text.data() + t.text.size(), n);
  if (ec != std::errc() || ptr != t.text.data() + t.text.size()) return std::nullopt;
  return n;
}

// The main statement's SELECT (the first at depth 0); toks.size() when there is none.
size_t MainSelect(const std::vector<Tok>& toks) {
  for (size_t i = 0; i < toks.size(); ++i) {
    if (toks[i].depth == 0 && IsWord(toks[i], "select")) return i;
  }
  return toks.size();
}

// The row limit a top-level word at `i` sets: LIMIT n, MySQL's LIMIT offset, count,
// OFFSET n, FETCH FIRST n ROWS.
void ReadRowLimit(const std::vector<Tok>& toks, size_t i, Statement& st) {
  const std::string& w = toks[i].lower;
  if (w == "limit" && i + 1 < toks.size()) {
    std::optional<long long> n = NumberToken(toks[i + 1]);
    if (n && i + 3 < toks.size() && toks[i + 2].kind == TokKind::kComma) {
      st.offset = *n > 0;
      n = NumberToken(toks[i + 3]);
    }
    st.limit = n;
  }
  if (w == "offset" && i + 1 < toks.size()) {
    st.offset = NumberToken(toks[i + 1]).value_or(1) > 0;
  }
  if (w == "fetch" && i + 2 < toks.size()) st.limit = NumberToken(toks[i + 2]);
}

bool EndsSelectList(std::string_view w) {
  return w == "from" || w == "where" || w == "group" || w == "order" || w == "limit" ||
         w == "having" || w == "window";
}

// Reads the top-level words after SELECT into `st` (GROUP BY, the row limit); returns where
// the select list ends, or nullopt for a set operation (each branch says something else of
// its columns).
std::optional<size_t> ReadClauses(const std::vector<Tok>& toks, size_t select, Statement& st) {
  bool set_operation = false;
  size_t list_end = toks.size();
  for (size_t i = select + 1; i < toks.size(); ++i) {
    const Tok& t = toks[i];
    if (t.depth != 0 || t.kind != TokKind::kWord) continue;
    if (list_end == toks.size() && EndsSelectList(t.lower)) list_end = i;
    if (t.lower == "union" || t.lower == "intersect" || t.lower == "except") set_operation = true;
    if (t.lower == "group" && i + 1 < toks.size() && IsWord(toks[i + 1], "by")) st.grouped = true;
    ReadRowLimit(toks, i, st);
  }
  if (set_operation) return std::nullopt;
  return list_end;
}

// The select list's items, without DISTINCT/ALL.
std::vector<Span> SelectItems(const std::vector<Tok>& toks, size_t select, size_t list_end) {
  size_t first = select + 1;
  while (first < list_end && (IsWord(toks[first], "distinct") || IsWord(toks[first], "all"))) {
    ++first;
  }
  const Span list(toks.begin() + static_cast<std::ptrdiff_t>(first),
                  toks.begin() + static_cast<std::ptrdiff_t>(list_end));
  return SplitTopLevel(list, TokKind::kComma);
}

bool HasStar(const std::vector<Span>& items) {
  return std::any_of(items.begin(), items.end(), [](const Span& s) {
    return s.size() == 1 && s[0].kind == TokKind::kOp && s[0].text == "*";
  });
}

Statement Parse(std::string_view sql) {
  Statement st;
  const std::vector<Tok> toks = Lex(sql);
  const size_t select = MainSelect(toks);
  if (select == toks.size()) return st;
  const std::optional<size_t> list_end = ReadClauses(toks, select, st);
  if (!list_end) return st;
  st.items = SelectItems(toks, select, *list_end);
  if (HasStar(st.items)) {
    st.items.clear();  // SELECT *: the columns are the table's, listed per row
    st.grouped = false;
  }
  return st;
}

bool HasAggregate(const Span& item) {
  for (size_t i = 0; i + 1 < item.size(); ++i) {
    if (item[i].kind != TokKind::kWord || item[i + 1].kind != TokKind::kOpen) continue;
    const std::string& n = item[i].lower;
    if (n == "sum" || n == "total" || n == "count" || In(n, kNonAdditiveAggregates)) return true;
  }
  return false;
}

// "numeric(10,2)", "DECIMAL(12, 2)": a declared fixed-point type of scale 2.
bool DeclaresScaleTwo(std::string_view type) {
  const std::string t = text::AsciiLower(type);
  if (!t.starts_with("numeric") && !t.starts_with("decimal")) return false;
  const size_t comma = t.find(',');
  if (comma == std::string::npos) return false;
  size_t i = comma + 1;
  while (i < t.size() && t[i] == ' ') ++i;
  return t.compare(i, 2, "2)") == 0;
}

// Every non-null value is a DECIMAL with two digits after the point ("2328.60"), and one is.
bool ValuesHaveScaleTwo(const db::ResultSet& result, size_t c) {
  bool any = false;
  for (const std::vector<db::Value>& row : result.rows) {
    const db::Value& v = row[c];
    if (v.is_null()) continue;
    if (v.kind() != db::Value::Kind::kDecimal) return false;
    const size_t dot = v.text().find('.');
    if (dot == std::string::npos || v.text().size() - dot - 1 != 2) return false;
    any = true;
  }
  return any;
}

bool AllNumbers(const db::ResultSet& result, size_t c) {
  return std::all_of(result.rows.begin(), result.rows.end(), [&](const std::vector<db::Value>& r) {
    return r[c].is_null() || r[c].AsNumber().has_value();
  });
}

bool IsCount(const Span& item) {
  const std::optional<Call> call = WholeCall(Unwrap(item));
  return call && call->name == "count";
}

// The one source column an item shows — bare, or under SUM/AVG/MIN/MAX and wrappers
// (ROUND, CAST, COALESCE, ...) — as its lower-case name, with its qualifiers when `qualified`;
// empty when the item computes anything else (a product, a difference, a CASE): then it is
// not certain.
std::string SourceColumn(Span item, bool qualified = false) {
  for (int depth = 0; depth < 8; ++depth) {
    item = Unwrap(item);
    const std::optional<Call> call = WholeCall(item);
    if (!call) break;
    const bool aggregate =
        call->name == "sum" || call->name == "avg" || call->name == "min" || call->name == "max";
    if (!aggregate && !In(call->name, kWrappers)) return "";
    std::vector<Span> args = SplitTopLevel(call->args, TokKind::kComma);
    if (args.empty() || (aggregate && args.size() != 1)) return "";
    item = WithoutAlias(args.front());  // CAST(x AS REAL) → x
  }
  const std::optional<std::string> column = ColumnRef(item, qualified);
  return column ? text::AsciiLower(*column) : "";
}

// A name that says ratio: ends in 率 or in the word rate/ratio ("discount_rate",
// "ConversionRate", "折扣率"); a "%" or "percent" name is already in percent.
bool NamesRatio(std::string_view name) {
  const std::string lower = text::AsciiLower(name);
  if (lower.find('%') != std::string::npos || lower.find("percent") != std::string::npos ||
      lower.find("百分") != std::string::npos)
    return false;
  if (lower.ends_with("率")) return true;
  for (std::string_view word : {"rate", "ratio"}) {
    if (!lower.ends_with(word)) continue;
    const size_t at = lower.size() - word.size();
    if (at == 0 || !std::isalpha(static_cast<unsigned char>(lower[at - 1])) ||
        std::isupper(static_cast<unsigned char>(name[at])))
      return true;
  }
  return false;
}

// An item dividing aggregates (SUM(a) / SUM(b)), with no literal factor (a "* 100" share is
// in percent already).
bool DividesAggregates(Span item) {
  item = Unwrap(item);
  if (item.empty() || !HasAggregate(item)) return false;
  const int base = item.front().depth;
  bool divides = false;
  for (const Tok& t : item) {
    if (t.kind == TokKind::kNumber && t.depth == base) return false;
    if (t.kind == TokKind::kOp && t.depth == base && t.text == "/") divides = true;
  }
  return divides;
}

// Every non-null value lies in [0, 1] and one strictly inside: a fraction to show as percent.
bool ValuesAreFractions(const db::ResultSet& result, size_t c) {
  bool inside = false;
  for (const std::vector<db::Value>& row : result.rows) {
    if (row[c].is_null()) continue;
    const std::optional<double> v = row[c].AsNumber();
    if (!v || *v < 0 || *v > 1) return false;
    inside = inside || (*v > 0 && *v < 1);
  }
  return inside;
}

}  // namespace

ResultFacts DescribeResult(const db::ResultSet& result, std::string_view sql,
                           const std::vector<std::string>& money_columns) {
  ResultFacts facts;
  const Statement st = Parse(sql);
  const bool items_match = st.items.size() == result.columns.size();
  facts.grouped =
      st.grouped || (items_match && std::any_of(st.items.begin(), st.items.end(), HasAggregate));
  if (result.truncated) facts.rows_limited = facts.row_cap_reached = true;
  if (st.offset) facts.rows_limited = true;
  if (st.limit && static_cast<long long>(result.row_count()) >= *st.limit) {
    facts.rows_limited = true;
  }
  for (size_t c = 0; c < result.columns.size(); ++c) {
    const Additivity name = measures::FromName(result.columns[c].name);
    Additivity a = name;
    if (items_match) {
      // The name can only take additivity away ("SUM(x) AS avg_x" is not a total); a
      // non-additive expression stays so whatever it is called.
      a = name == Additivity::kNonAdditive ? name : Classify(WithoutAlias(st.items[c]));
    } else if (!sql.empty() && a == Additivity::kAdditive) {
      // The SQL was not understood (SELECT *, UNION): a name alone does not make it so.
      a = Additivity::kUnknown;
    }
    facts.columns.push_back(a);
    facts.sources.push_back(items_match && !IsCount(WithoutAlias(st.items[c]))
                                ? SourceColumn(WithoutAlias(st.items[c]), true)
                                : "");
    const db::ResultColumn& col = result.columns[c];
    const bool known_money =
        items_match && !money_columns.empty() &&
        std::find(money_columns.begin(), money_columns.end(),
                  SourceColumn(WithoutAlias(st.items[c]))) != money_columns.end();
    facts.money.push_back(
        !(items_match && IsCount(WithoutAlias(st.items[c]))) && AllNumbers(result, c) &&
        (known_money || DeclaresScaleTwo(col.declared_type) || ValuesHaveScaleTwo(result, c) ||
         (measures::NamesMoney(col.name) && !measures::NamesQuantity(col.name))));
    facts.ratio.push_back(
        !facts.money.back() && ValuesAreFractions(result, c) &&
        (NamesRatio(col.name) || (items_match && DividesAggregates(WithoutAlias(st.items[c])))));
    facts.count.push_back(items_match && IsCount(WithoutAlias(st.items[c])));
  }
  return facts;
}

}  // namespace askdb::analysis
