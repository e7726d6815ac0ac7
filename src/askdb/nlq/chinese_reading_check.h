// Verify a Chinese reading before answering. Chinese words the engine does not know stay
// one character each (报|名), so the English checks of reading_check.h (an unknown word next
// to a placed one, a capitalised name, an -est word) never see them. Each check below finds a
// kind of Chinese reading that places every other word and still answers another question,
// and names the word (in Chinese) instead of answering:
//   - a superlative (最) or a negation (没, 不, 未, 无) left unapplied;
//   - a Latin-letter name the data does not hold ("AC/DC" not found: the filter is dropped);
//   - an unplaced character that, with its neighbour, spells part of the name of a column or
//     table the query does not read (报名 of 报名人数: "多少人报名" counted the rows instead);
//   - a total asked ("加起来", "一共", "合计") where the query lists a measure row by row;
//   - two separate groupings (各软件在各城市) beside a total word (合计): whether the total
//     runs over the second grouping is not said;
//   - a number or a year compared with a column whose stored values are not numbers or years
//     (a DuSQL column declared int that holds "1990年" or "11.2");
//   - a period word or boundary left unread (一年, 以来), an unknown word listed with 和/、 beside
//     a placed one (姓名和籍贯), "A的B" or a listed column read on a table the question does not
//     name (客户的生日 → the support rep's), "多少人" counted as rows that store a head count;
//   - (session 13 probes) numbers stored with units ranked or added up as text ('183cm'), a
//     rank's 最高, 平均每X read per X, a largest value where 最大的+table asks for rows, a total
//     over single-row groups, a count by the rows' own name that another table also stores
//     (北京市有几个城市), a 万 counted twice (population_10k), a stored value said in part (诺兰),
//     an average with no word for per what (美国客户的平均消费), a group's amount compared row by
//     row (销售额超过1000万的地区).
// Called after the tables are resolved (the values are then conditions on their columns).
#pragma once

#include <optional>
#include <vector>

#include "askdb/nlq/join_path.h"
#include "askdb/nlq/query_shape_check.h"
#include "askdb/nlq/reading.h"

namespace askdb::nlq {

class SchemaIndex;
struct IndexedColumn;

// `query_tables`: the tables the SQL reads; `time_column`: the period's column, or -1.
std::optional<ShapeProblem> FindChineseMisreading(const std::vector<Item>& items,
                                                  const Query& query, const SchemaIndex& index,
                                                  const std::vector<int>& query_tables,
                                                  int time_column);

// The one check of both languages: a group's amount compared row by row ("销售额超过1000万的
// 地区", "customers who spent more than 45 dollars" listed the customers with one invoice over
// 45). `chinese` picks the label column's language and how a row's amount is said (订单金额;
// in English any words before the column's: "invoice total").
std::optional<ShapeProblem> GroupAmountReadPerRow(const std::vector<Item>& items, const Query& q,
                                                  const SchemaIndex& index, bool chinese);

// The average word right before a 每 word in the question ("平均每个订单", "平均每家门店"), which
// asks for one average of the group totals over the groups; -1 when none. Right before in the
// text, not in item order: 平均每家旗舰店 is read as 平均|旗舰店|的|每|家|门店 (segment.cc
// ReadEachOfAKind moves the value before 每). `each`, when given, gets the 每 word (每年, 每家).
int AverageBeforeEachWord(const std::vector<Item>& items, std::string* each = nullptr);

// A column of places in a ranking (世界排名, 名次) that stores plain numbers (as far as its
// values were collected: '第1名' is no number), so 排名第1 is its value 1.
bool StoresRankNumbers(const IndexedColumn& c);

}  // namespace askdb::nlq
