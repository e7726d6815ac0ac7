// How an answered request is shown: for people, the route, how the words mapped to the
// schema, the SQL, the table, the chart and the answer text; in a report, a section per
// question. Shared by `askdb ask` and `askdb demo`.
#pragma once

#include <string_view>

#include "askdb/agent/ask/ask.h"
#include "askdb/agent/pipeline/pipeline.h"
#include "askdb/analysis/report_builder.h"
#include "askdb/cli/cli_context.h"

namespace askdb::cli {

// Ask options from the configuration (confidence threshold, time anchor, row cap, timeout).
agent::AskOptions AskOptionsFromConfig(const CliContext& ctx);

void PrintAnswer(const CliContext& ctx, const agent::AskResult& result);

// The same for a run of the agent pipeline (with a model): the route and LLM calls, failed
// SQL attempts, the rows and chart, and the answer — or the clarifying question and how to
// answer it.
void PrintPipelineAnswer(const CliContext& ctx, const agent::pipeline::PipelineResult& result);

// Adds the answer, and its SQL, chart and table when there are rows, to `report`.
void AddAnswerToReport(analysis::Report& report, const agent::AskResult& result);
void AddAnswerToReport(analysis::Report& report, const agent::pipeline::PipelineResult& result);

}  // namespace askdb::cli
