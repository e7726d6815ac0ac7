// Fast-mode detection (seed 002 §7, "快速模式"): a simple lookup question — "统计客户数量",
// "列出门店信息", "how many stores are there" — is answered without the extras a richer
// question needs. A fast question skips the retrieval of question-SQL examples for the model
// prompt and the chart (the rows and the one-line answer stay); the SQL check and its fixes
// stay on.
//
// The rules, in order: a word asking for a chart, an analysis or a grouping (各, 每, 按, per,
// by, each, 图表, 趋势, 分布, 对比, 可视化, chart, trend, distribution, compare, ...) keeps
// the full path; so does a
// complex indicator (JOIN/GROUP BY/HAVING/UNION/window words, "最近 N 天|周|月|年") and a
// question longer than `max_length` characters; otherwise one of the simple patterns must
// match (查询/获取/显示/列出/统计/计算 … 数量/总数/有多少; 查询/获取/显示/列出 … 信息/数据/记录;
// … 是什么/是哪个/有哪些; how many/count/number of …, list/show … records/data/details,
// what is/are …). Pure function, thread-safe.
#pragma once

#include <string>
#include <string_view>

namespace askdb::agent {

struct FastModeOptions {
  size_t max_length = 50;  // seed 002: FAST_MODE_QUERY_LENGTH_THRESHOLD, in characters
};

struct FastModeDecision {
  bool fast = false;
  bool skip_examples = false;  // no question-SQL examples in the model prompt
  bool skip_chart = false;     // no chart; rows and answer only
  std::string reason;          // in English, for the classification event and logs
};

FastModeDecision DetectFastMode(std::string_view question, const FastModeOptions& options = {});

}  // namespace askdb::agent
