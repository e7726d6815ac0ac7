#include "askdb/nlq/term_expression.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "askdb/common/text.h"
#include "askdb/db/dialect.h"

namespace askdb::nlq {
namespace {

using Kind = TermExpr::Kind;

struct Token {
  enum Type { kEnd, kName, kNumber, kString, kSymbol } type = kEnd;
  std::string text;  // a name as written, a symbol, a number, a string's value
  size_t pos = 0;
};

bool NameByte(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}

class ExprParser {
 public:
  explicit ExprParser(std::string_view s) : s_(s) {}

  StatusOr<TermExpr> Parse() {
    if (Status st = Lex(); !st.ok()) return st;
    StatusOr<TermExpr> e = Or();
    if (!e.ok()) return e;
    if (Peek().type != Token::kEnd) return Error("unexpected '" + Peek().text + "'");
    return e;
  }

 private:
  // The definition as tokens, ending with an end token; an error names the first character
  // a definition may not hold.
  Status Lex() {
    size_t i = 0;
    while (i < s_.size()) {
      const char c = s_[i];
      if (std::isspace(static_cast<unsigned char>(c))) {
        ++i;
        continue;
      }
      Token t;
      t.pos = i;
      Status st = Status::Ok();
      if (c == '\'') {
        st = LexString(&i, &t);
      } else if (std::isdigit(static_cast<unsigned char>(c)) ||
                 (c == '.' && i + 1 < s_.size() &&
                  std::isdigit(static_cast<unsigned char>(s_[i + 1])))) {
        st = LexNumber(&i, &t);
      } else if (NameByte(c)) {
        t.type = Token::kName;
        while (i < s_.size() && NameByte(s_[i])) t.text += s_[i++];
      } else {
        st = LexSymbol(&i, &t);
      }
      if (!st.ok()) return st;
      tokens_.push_back(std::move(t));
    }
    Token end;
    end.pos = s_.size();
    tokens_.push_back(end);
    return Status::Ok();
  }
  // A 'quoted string' from *i (its quote), '' standing for one quote.
  Status LexString(size_t* i, Token* t) const {
    t->type = Token::kString;
    ++*i;
    for (;;) {
      if (*i >= s_.size()) return InvalidArgumentError("unterminated string at " + Where(t->pos));
      if (s_[*i] == '\'' && *i + 1 < s_.size() && s_[*i + 1] == '\'') {
        t->text += '\'';
        *i += 2;
      } else if (s_[*i] == '\'') {
        ++*i;
        return Status::Ok();
      } else {
        t->text += s_[(*i)++];
      }
    }
  }
  // A number from *i: digits with at most one point.
  Status LexNumber(size_t* i, Token* t) const {
    t->type = Token::kNumber;
    while (*i < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[*i])) || s_[*i] == '.')) {
      t->text += s_[(*i)++];
    }
    if (t->text.find('.') != t->text.rfind('.')) {
      return InvalidArgumentError("malformed number '" + t->text + "' at " + Where(t->pos));
    }
    return Status::Ok();
  }
  // An operator or a bracket from *i (two characters first: <>, !=, >=, <=); anything else is
  // not allowed in a definition.
  Status LexSymbol(size_t* i, Token* t) const {
    static constexpr std::string_view kTwo[] = {"<>", "!=", ">=", "<="};
    t->type = Token::kSymbol;
    for (std::string_view two : kTwo) {
      if (s_.substr(*i, 2) == two) t->text = std::string(two);
    }
    if (t->text.empty()) {
      const char c = s_[*i];
      if (std::string_view("()+-*/=<>,.").find(c) == std::string_view::npos) {
        return InvalidArgumentError("'" + std::string(1, c) + "' at " + Where(*i) +
                                    " is not allowed in a term definition (only columns "
                                    "table.column, numbers, 'strings', SUM/AVG/COUNT/MIN/MAX, "
                                    "+ - * /, comparisons, IN lists, AND/OR/NOT)");
      }
      t->text = std::string(1, c);
    }
    *i += t->text.size();
    return Status::Ok();
  }

  std::string Where(size_t pos) const { return "position " + std::to_string(pos + 1); }
  Status Error(const std::string& what) const {
    return InvalidArgumentError(what + " at " + Where(Peek().pos) + " of '" + std::string(s_) +
                                "'");
  }
  const Token& Peek(size_t ahead = 0) const {
    return tokens_[std::min(pos_ + ahead, tokens_.size() - 1)];
  }
  bool IsWord(const Token& t, std::string_view upper) const {
    return t.type == Token::kName && text::AsciiLower(t.text) == text::AsciiLower(upper);
  }
  bool IsSym(std::string_view sym) const {
    return Peek().type == Token::kSymbol && Peek().text == sym;
  }
  bool Accept(std::string_view sym) {
    if (!IsSym(sym)) return false;
    ++pos_;
    return true;
  }
  Status Expect(std::string_view sym) {
    if (Accept(sym)) return Status::Ok();
    return Error("expected '" + std::string(sym) + "'");
  }

  StatusOr<TermExpr> Or() {
    ASKDB_ASSIGN_OR_RETURN(TermExpr left, And());
    while (IsWord(Peek(), "OR")) {
      ++pos_;
      ASKDB_ASSIGN_OR_RETURN(TermExpr right, And());
      left = Node(Kind::kOr, "OR", {std::move(left), std::move(right)});
    }
    return left;
  }
  StatusOr<TermExpr> And() {
    ASKDB_ASSIGN_OR_RETURN(TermExpr left, Not());
    while (IsWord(Peek(), "AND")) {
      ++pos_;
      ASKDB_ASSIGN_OR_RETURN(TermExpr right, Not());
      left = Node(Kind::kAnd, "AND", {std::move(left), std::move(right)});
    }
    return left;
  }
  StatusOr<TermExpr> Not() {
    if (IsWord(Peek(), "NOT")) {
      ++pos_;
      ASKDB_ASSIGN_OR_RETURN(TermExpr inner, Not());
      return Node(Kind::kNot, "NOT", {std::move(inner)});
    }
    return Comparison();
  }
  StatusOr<TermExpr> Comparison() {
    ASKDB_ASSIGN_OR_RETURN(TermExpr left, Additive());
    const bool not_in = IsWord(Peek(), "NOT") && IsWord(Peek(1), "IN");
    if (not_in || IsWord(Peek(), "IN")) {
      pos_ += not_in ? 2 : 1;
      ASKDB_RETURN_IF_ERROR(Expect("("));
      TermExpr in = Node(Kind::kIn, "IN", {std::move(left)});
      in.negated = not_in;
      do {
        const Token& t = Peek();
        if (t.type != Token::kString && t.type != Token::kNumber) {
          return Error("an IN list holds only literal numbers and 'strings'");
        }
        TermExpr lit;
        lit.kind = t.type == Token::kString ? Kind::kString : Kind::kNumber;
        lit.text = t.text;
        lit.number = std::strtod(t.text.c_str(), nullptr);
        in.args.push_back(std::move(lit));
        ++pos_;
      } while (Accept(","));
      ASKDB_RETURN_IF_ERROR(Expect(")"));
      return in;
    }
    static constexpr std::string_view kOps[] = {"=", "<>", "!=", ">=", "<=", ">", "<"};
    for (std::string_view op : kOps) {
      if (IsSym(op)) {
        ++pos_;
        ASKDB_ASSIGN_OR_RETURN(TermExpr right, Additive());
        return Node(Kind::kCompare, op == "!=" ? "<>" : std::string(op),
                    {std::move(left), std::move(right)});
      }
    }
    return left;
  }
  StatusOr<TermExpr> Additive() {
    ASKDB_ASSIGN_OR_RETURN(TermExpr left, Multiplicative());
    while (IsSym("+") || IsSym("-")) {
      const std::string op = Peek().text;
      ++pos_;
      ASKDB_ASSIGN_OR_RETURN(TermExpr right, Multiplicative());
      left = Node(Kind::kArith, op, {std::move(left), std::move(right)});
    }
    return left;
  }
  StatusOr<TermExpr> Multiplicative() {
    ASKDB_ASSIGN_OR_RETURN(TermExpr left, Unary());
    while (IsSym("*") || IsSym("/")) {
      const std::string op = Peek().text;
      ++pos_;
      ASKDB_ASSIGN_OR_RETURN(TermExpr right, Unary());
      left = Node(Kind::kArith, op, {std::move(left), std::move(right)});
    }
    return left;
  }
  StatusOr<TermExpr> Unary() {
    if (Accept("-")) {
      ASKDB_ASSIGN_OR_RETURN(TermExpr inner, Unary());
      return Node(Kind::kNeg, "-", {std::move(inner)});
    }
    return Primary();
  }
  StatusOr<TermExpr> Primary() {
    const Token t = Peek();
    if (Accept("(")) {
      ASKDB_ASSIGN_OR_RETURN(TermExpr inner, Or());
      ASKDB_RETURN_IF_ERROR(Expect(")"));
      return inner;
    }
    if (t.type == Token::kNumber || t.type == Token::kString) {
      ++pos_;
      TermExpr lit;
      lit.kind = t.type == Token::kString ? Kind::kString : Kind::kNumber;
      lit.text = t.text;
      lit.number = std::strtod(t.text.c_str(), nullptr);
      return lit;
    }
    if (t.type != Token::kName) return Error("expected a column, a number or a 'string'");
    ++pos_;
    if (IsSym("(")) return Aggregate(t);
    return Column(t);
  }
  // SUM/AVG/COUNT/MIN/MAX( [DISTINCT] expression ) or COUNT(*), its name token `t` read; no
  // other function is allowed.
  StatusOr<TermExpr> Aggregate(const Token& t) {
    static constexpr std::string_view kAggs[] = {"SUM", "AVG", "COUNT", "MIN", "MAX"};
    std::string agg;
    for (std::string_view a : kAggs) {
      if (IsWord(t, a)) agg = std::string(a);
    }
    if (agg.empty()) {
      return InvalidArgumentError("function '" + t.text + "' at " + Where(t.pos) +
                                  " is not allowed; a definition may use SUM, AVG, COUNT, MIN "
                                  "and MAX only");
    }
    ++pos_;
    TermExpr node = Node(Kind::kAgg, agg, {});
    if (agg == "COUNT" && Accept("*")) {
      TermExpr star;
      star.kind = Kind::kStar;
      node.args.push_back(star);
    } else {
      if (IsWord(Peek(), "DISTINCT")) {
        ++pos_;
        node.distinct = true;
      }
      ASKDB_ASSIGN_OR_RETURN(TermExpr inner, Additive());
      node.args.push_back(std::move(inner));
    }
    ASKDB_RETURN_IF_ERROR(Expect(")"));
    return node;
  }
  // table.column, the table token `t` read: a bare name is no column.
  StatusOr<TermExpr> Column(const Token& t) {
    if (!Accept(".")) {
      return InvalidArgumentError("'" + t.text + "' at " + Where(t.pos) +
                                  " is not a column: write columns as table.column");
    }
    const Token c = Peek();
    if (c.type != Token::kName) return Error("expected a column name after '" + t.text + ".'");
    ++pos_;
    TermExpr col;
    col.kind = Kind::kColumn;
    col.table = t.text;
    col.column = c.text;
    return col;
  }

  static TermExpr Node(Kind kind, std::string text, std::vector<TermExpr> args) {
    TermExpr e;
    e.kind = kind;
    e.text = std::move(text);
    e.args = std::move(args);
    return e;
  }

  std::string_view s_;
  std::vector<Token> tokens_;
  size_t pos_ = 0;
};

bool HasAgg(const TermExpr& e) {
  if (e.kind == Kind::kAgg) return true;
  for (const TermExpr& a : e.args) {
    if (HasAgg(a)) return true;
  }
  return false;
}

// A column outside every aggregate.
bool HasBareColumn(const TermExpr& e) {
  if (e.kind == Kind::kColumn) return true;
  if (e.kind == Kind::kAgg) return false;
  for (const TermExpr& a : e.args) {
    if (HasBareColumn(a)) return true;
  }
  return false;
}

bool NestedAgg(const TermExpr& e, bool inside) {
  if (e.kind == Kind::kAgg && inside) return true;
  for (const TermExpr& a : e.args) {
    if (NestedAgg(a, inside || e.kind == Kind::kAgg)) return true;
  }
  return false;
}

bool IsBoolean(const TermExpr& e) {
  return e.kind == Kind::kCompare || e.kind == Kind::kIn || e.kind == Kind::kAnd ||
         e.kind == Kind::kOr || e.kind == Kind::kNot;
}

// Boolean nodes only over boolean nodes, values only under comparisons.
bool WellTyped(const TermExpr& e, bool want_bool) {
  if (want_bool != IsBoolean(e)) return false;
  switch (e.kind) {
    case Kind::kAnd:
    case Kind::kOr:
    case Kind::kNot:
      for (const TermExpr& a : e.args) {
        if (!WellTyped(a, true)) return false;
      }
      return true;
    case Kind::kCompare:
    case Kind::kIn:
      return WellTyped(e.args[0], false) && (e.kind == Kind::kIn || WellTyped(e.args[1], false));
    default:
      for (const TermExpr& a : e.args) {
        if (a.kind != Kind::kStar && !WellTyped(a, false)) return false;
      }
      return true;
  }
}

}  // namespace

StatusOr<TermExpr> ParseTermExpression(std::string_view text) {
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    return InvalidArgumentError("the definition is empty");
  }
  if (text.size() > 2000) {
    return InvalidArgumentError(
        "the definition is longer than 2000 bytes; keep it to one expression");
  }
  return ExprParser(text).Parse();
}

ExprShape ShapeOf(const TermExpr& e) {
  if (NestedAgg(e, false)) return ExprShape::kInvalid;
  if (IsBoolean(e)) {
    if (!WellTyped(e, true)) return ExprShape::kInvalid;
    if (!HasAgg(e)) return ExprShape::kRowPredicate;
    return HasBareColumn(e) ? ExprShape::kInvalid : ExprShape::kAggregatePredicate;
  }
  if (!WellTyped(e, false) || !HasAgg(e) || HasBareColumn(e)) return ExprShape::kInvalid;
  return ExprShape::kMeasure;
}

std::string_view ExprShapeName(ExprShape shape) {
  switch (shape) {
    case ExprShape::kMeasure:
      return "measure";
    case ExprShape::kRowPredicate:
      return "row predicate";
    case ExprShape::kAggregatePredicate:
      return "predicate over aggregates";
    case ExprShape::kInvalid:
      break;
  }
  return "invalid";
}

void CollectColumns(const TermExpr& e, std::vector<const TermExpr*>* out) {
  if (e.kind == Kind::kColumn) out->push_back(&e);
  for (const TermExpr& a : e.args) CollectColumns(a, out);
}

Status BindTermExpression(TermExpr& e,
                          const std::function<int(std::string_view, std::string_view)>& resolve) {
  std::vector<std::string> missing;
  std::function<void(TermExpr&)> walk = [&](TermExpr& node) {
    if (node.kind == Kind::kColumn) {
      node.bound = resolve(node.table, node.column);
      const std::string name = node.table + "." + node.column;
      if (node.bound < 0 && std::find(missing.begin(), missing.end(), name) == missing.end()) {
        missing.push_back(name);
      }
    }
    for (TermExpr& a : node.args) walk(a);
  };
  walk(e);
  if (missing.empty()) return Status::Ok();
  std::string list;
  for (const std::string& m : missing) list += (list.empty() ? "" : ", ") + m;
  return InvalidArgumentError(list + (missing.size() == 1 ? " does" : " do") +
                              " not name a column of the datasource; write table.column with "
                              "names from `askdb schema`");
}

std::string RenderTermExpression(const TermExpr& e, const db::Dialect& dialect,
                                 const std::function<std::string(int column)>& column_sql) {
  auto r = [&](const TermExpr& a) { return RenderTermExpression(a, dialect, column_sql); };
  switch (e.kind) {
    case Kind::kColumn:
      return column_sql(e.bound);
    case Kind::kNumber:
      return e.text;
    case Kind::kString:
      return dialect.QuoteString(e.text);
    case Kind::kStar:
      return "*";
    case Kind::kAgg:
      return e.text + "(" + (e.distinct ? "DISTINCT " : "") + r(e.args[0]) + ")";
    case Kind::kNeg:
      return "-(" + r(e.args[0]) + ")";
    case Kind::kArith:
      if (e.text == "/") {
        return "(" + dialect.CastToReal(r(e.args[0])) + " / NULLIF(" + r(e.args[1]) + ", 0))";
      }
      return "(" + r(e.args[0]) + " " + e.text + " " + r(e.args[1]) + ")";
    case Kind::kCompare:
      return r(e.args[0]) + " " + e.text + " " + r(e.args[1]);
    case Kind::kIn: {
      std::string list;
      for (size_t k = 1; k < e.args.size(); ++k) list += (k > 1 ? ", " : "") + r(e.args[k]);
      return r(e.args[0]) + (e.negated ? " NOT IN (" : " IN (") + list + ")";
    }
    case Kind::kAnd:
    case Kind::kOr:
      return "(" + r(e.args[0]) + " " + e.text + " " + r(e.args[1]) + ")";
    case Kind::kNot:
      return "NOT (" + r(e.args[0]) + ")";
  }
  return "";
}

}  // namespace askdb::nlq
