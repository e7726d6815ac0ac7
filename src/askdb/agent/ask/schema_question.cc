#include "askdb/agent/ask/schema_question.h"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "askdb/agent/quick_path/utf8_pattern.h"
#include "askdb/common/text.h"

namespace askdb::agent {
namespace {

// The database as a request names it, so "describe the database" is not read as a table.
#define ASKDB_DB_EN "(?:(?:the|this|my|our|your) )?(?:database|db|data ?source|data ?base|schema)"
#define ASKDB_DB_ZH "(?:这个|当前|你的|我的|我们的)?(?:数据库|库|数据源)(?:里|中|里面|内)?"

const std::array<Utf8Pattern, 8>& TableListPatterns() {
  static const std::array<Utf8Pattern, 8> patterns = {
      Utf8Pattern(
          "(?:what|which) (?:data )?tables (?:are there|exist|are available|do (?:we|you|i) "
          "have|does " ASKDB_DB_EN " (?:have|contain|hold)|can i (?:query|use|ask about)|are "
          "(?:in|on) " ASKDB_DB_EN ")(?: in " ASKDB_DB_EN ")?"),
      Utf8Pattern("(?:list|show|display|give me|tell me)(?: me)?(?: all(?: of)?)?(?: the)? (?:data "
                  ")?(?:tables|table names)(?: (?:in|of) " ASKDB_DB_EN ")?"),
      Utf8Pattern("(?:show )?tables"),
      Utf8Pattern("what(?:'s| is| do you have| have you got) in " ASKDB_DB_EN),
      Utf8Pattern(
          "what (?:data|information|info) (?:is there|do (?:we|you|i) have|is (?:in|available "
          "in|stored in) " ASKDB_DB_EN "|does " ASKDB_DB_EN
          " (?:have|contain|hold|store))(?: in " ASKDB_DB_EN ")?"),
      Utf8Pattern("what does " ASKDB_DB_EN " (?:have|contain|hold|store)"),
      Utf8Pattern("(?:describe|show|explain)(?: me)? " ASKDB_DB_EN),
      Utf8Pattern("what(?:'s| is) (?:the )?(?:database )?schema"),
  };
  return patterns;
}

const std::array<Utf8Pattern, 7>& TableListPatternsZh() {
  static const std::array<Utf8Pattern, 7> patterns = {
      Utf8Pattern("(?:能|可以)?(?:查|查询|问|用)(?:哪些|什么)(?:数据)?表"),
      Utf8Pattern("(?:" ASKDB_DB_ZH
                  ")?(?:都|一共|总共|目前|现在)?有(?:哪些|什么|啥|哪几张)(?:数据)?表格?"),
      Utf8Pattern("(?:列出|显示|查看|看看|展示|看)(?:" ASKDB_DB_ZH
                  "的?)?(?:所有|全部)?的?(?:数据)?表(?:名|格)?(?:清单|列表)?"),
      Utf8Pattern("(?:" ASKDB_DB_ZH "的?)?(?:数据)?表(?:都)?有哪些"),
      Utf8Pattern(ASKDB_DB_ZH "(?:都)?有(?:什么|哪些|啥)(?:数据|内容|东西|信息)?"),
      Utf8Pattern("(?:都)?有(?:哪些|什么|啥)数据"),
      Utf8Pattern("(?:(?:介绍|描述)(?:一下)?(?:这个)?(?:数据库|数据)|(?:数据库|库)的?(?:表)?结构)"),
  };
  return patterns;
}

// A pattern that captures the table as the request names it. `explicit_word`: the pattern
// itself says table, column or field, so a name no table has is an unknown table; otherwise
// ("describe X") it is no schema question at all.
struct ColumnPattern {
  Utf8Pattern pattern;
  bool explicit_word;
};

#define ASKDB_T "(.{1,40}?)"
const std::array<ColumnPattern, 7>& ColumnPatterns() {
  static const std::array<ColumnPattern, 7> patterns = {{
      {Utf8Pattern("(?:what|which) (?:columns|fields|attributes) (?:does|do) " ASKDB_T
                   " (?:have|contain|hold|include)"),
       true},
      {Utf8Pattern("(?:what|which) (?:columns|fields) (?:are|exist) (?:there )?(?:in|on) " ASKDB_T),
       true},
      {Utf8Pattern(
           "(?:(?:list|show|display|give me|tell me|describe)(?: me)?(?: all(?: of)?)? )?(?:the "
           ")?(?:columns|fields|column names|field names) (?:of|in|for|from|on) " ASKDB_T),
       true},
      {Utf8Pattern("what(?:'s| is) in " ASKDB_T " table"), true},
      {Utf8Pattern("(?:what|show)(?: is| me)? (?:the )?(?:structure|schema|layout) of " ASKDB_T),
       true},
      {Utf8Pattern(ASKDB_T " table(?:'s)? (?:columns|fields|structure|schema)"), true},
      {Utf8Pattern("(?:describe|desc|explain)(?: me)? " ASKDB_T), false},
  }};
  return patterns;
}

#define ASKDB_VERB_ZH "(?:(?:描述|查看|看看|看|显示|列出|介绍|展示)(?:一下)?)?"
#define ASKDB_T_ZH "(.{1,20}?)"
const std::array<ColumnPattern, 4>& ColumnPatternsZh() {
  static const std::array<ColumnPattern, 4> patterns = {{
      {Utf8Pattern(ASKDB_T_ZH
                   "表?(?:里|中|里面)?(?:都|一共)?有(?:哪些|什么|啥)(?:字段|列|栏位|属性)"),
       true},
      {Utf8Pattern(ASKDB_VERB_ZH ASKDB_T_ZH
                   "(?:表的?(?:所有|全部)?(?:字段|列|结构)|的?(?:所有|全部)?(?:字段|栏位|表结构))"
                   "(?:有哪些|是什么|都有什么|有什么|列表|信息)?"),
       true},
      {Utf8Pattern(ASKDB_T_ZH
                   "表(?:里|中|里面)?(?:都)?(?:有|包含|含有|存了|存着)(?:什么|哪些|啥)(?:数据|内容|"
                   "信息|字段|列|东西)?"),
       true},
      {Utf8Pattern("(?:描述|查看|看看|显示|介绍|展示)(?:一下)?" ASKDB_T_ZH "表"), true},
  }};
  return patterns;
}

// The request without what does not change it: case, spacing, full-width forms, a polite
// lead-in and end, closing punctuation.
std::string Normalized(std::string_view request) {
  std::string q = text::NormalizeForMatch(request);
  static const Utf8Pattern kLead(
      "(?:please |can you |could you |would you |kindly "
      "|请问|请|麻烦你?|帮我|帮忙|我想知道|我想看看?|"
      "告诉我|能不能|可以)+(.*)");
  static const Utf8Pattern kEnd("(.*?)(?: please|呢|吗|呀|啊|吧)?[\\s?!.。？！~…]*");
  std::string rest;
  if (kLead.FullMatch(q, &rest)) q = rest;
  if (kEnd.FullMatch(q, &rest)) q = rest;
  std::string out;
  for (size_t i = 0; i < q.size(); ++i) {
    if (q.compare(i, 6, "一下") == 0) {  // 看一下, 列一下: a softener
      i += 5;
      continue;
    }
    if (q.compare(i, 3, "\u2019") == 0) {  // what’s: a typographic apostrophe
      out += '\'';
      i += 2;
      continue;
    }
    out += q[i];
  }
  return out;
}

// A name's words, singular: "Order Items", "order_items", "the order items" all read
// {"order", "item"}.
std::string NameKey(std::string_view name) {
  std::vector<std::string> words = text::SplitIdentifier(text::NormalizeForMatch(name));
  if (!words.empty() && words.front() == "the") words.erase(words.begin());
  std::string key;
  for (std::string& w : words) {
    if (w.size() > 3 && w.ends_with("s") && !w.ends_with("ss")) w.pop_back();
    key += (key.empty() ? "" : " ") + w;
  }
  return key;
}

// The real name of the listed table `named` names (its name or a business name); "" if none.
std::string FindTable(const std::string& named, const Json& listing) {
  const std::string key = NameKey(named);
  if (key.empty()) return "";
  for (const Json& table : listing.value("tables", Json::array())) {
    const std::string name = table.value("name", "");
    std::vector<std::string> names = {name};
    const Json business = table.value("business_name", Json::object());
    for (const char* lang : {"zh", "en"}) names.push_back(business.value(lang, ""));
    for (const std::string& n : names) {
      if (!n.empty() && NameKey(n) == key) return name;
    }
  }
  return "";
}

std::string Trimmed(const std::string& s) {
  const size_t start = s.find_first_not_of(' ');
  if (start == std::string::npos) return "";
  return s.substr(start, s.find_last_not_of(' ') - start + 1);
}

// The table phrase without its articles and the word "table" (which makes it explicit).
std::string TablePhrase(std::string phrase, bool& said_table) {
  for (const std::string_view tail : {" table", "表"}) {
    if (phrase.ends_with(tail)) {
      phrase.resize(phrase.size() - tail.size());
      said_table = true;
    }
  }
  static const Utf8Pattern kLead("(?:the |this |这个|那个|这张|数据库(?:里|中)的?)*(.*?)的?");
  std::string core;
  if (kLead.FullMatch(Trimmed(phrase), &core)) phrase = core;
  return Trimmed(phrase);
}

// A schema question is short; a long request asks for more than the structure.
constexpr size_t kMaxRequestBytes = 120;

// A table is named in a few words; a longer phrase is a question about something else
// ("describe the sales trend of the last three years").
constexpr long kMaxTableWords = 4;

template <size_t N>
std::optional<SchemaQuestion> ReadColumns(const std::string& q, const Json& listing,
                                          const std::array<ColumnPattern, N>& patterns) {
  for (const ColumnPattern& p : patterns) {
    std::string raw;
    if (!p.pattern.FullMatch(q, &raw)) continue;
    bool said_table = p.explicit_word;
    const std::string named = TablePhrase(raw, said_table);
    if (named.empty() || std::count(named.begin(), named.end(), ' ') >= kMaxTableWords) {
      return std::nullopt;
    }
    const std::string table = FindTable(named, listing);
    if (table.empty() && !said_table) return std::nullopt;
    return SchemaQuestion{.kind = SchemaQuestion::Kind::kColumns, .table = table, .named = named};
  }
  return std::nullopt;
}

template <size_t N>
bool AnyFullMatch(const std::string& q, const std::array<Utf8Pattern, N>& patterns) {
  for (const Utf8Pattern& p : patterns) {
    if (p.FullMatch(q)) return true;
  }
  return false;
}

template <size_t N>
bool AnyColumnPattern(const std::string& q, const std::array<ColumnPattern, N>& patterns) {
  for (const ColumnPattern& p : patterns) {
    if (p.pattern.FullMatch(q)) return true;
  }
  return false;
}

}  // namespace

bool MayBeSchemaQuestion(std::string_view request) {
  const std::string q = Normalized(request);
  if (q.empty() || q.size() > kMaxRequestBytes) return false;
  return AnyFullMatch(q, TableListPatterns()) || AnyFullMatch(q, TableListPatternsZh()) ||
         AnyColumnPattern(q, ColumnPatterns()) || AnyColumnPattern(q, ColumnPatternsZh());
}

std::optional<SchemaQuestion> ReadSchemaQuestion(std::string_view request, const Json& listing) {
  const std::string q = Normalized(request);
  if (q.empty() || q.size() > kMaxRequestBytes) return std::nullopt;
  if (AnyFullMatch(q, TableListPatterns()) || AnyFullMatch(q, TableListPatternsZh())) {
    return SchemaQuestion{};
  }
  if (auto columns = ReadColumns(q, listing, ColumnPatterns())) return columns;
  return ReadColumns(q, listing, ColumnPatternsZh());
}

}  // namespace askdb::agent
