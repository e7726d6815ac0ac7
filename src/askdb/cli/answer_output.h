// How an answer of the agent pipeline is shown: for people, the route, how the words mapped
// to the schema, the SQL, the table, the chart and the answer text — or a multi-step
// analysis's steps and summary, or the question the run waits on (a clarification, a plan to
// approve) and how to answer it; in a report, a section per answer. Shared by `askdb ask`,
// `askdb chat` and `askdb demo`.
#pragma once

#include <string_view>

#include "askdb/agent/pipeline/pipeline.h"
#include "askdb/analysis/report_builder.h"
#include "askdb/cli/cli_context.h"

namespace askdb::cli {

// The engine's options from [nlq]: threshold, time anchor, how old data may be and still count
// as current.
nlq::TranslateOptions TranslateOptionsFromConfig(const config::Config& config);

// Pipeline options from the configuration ([nlq] threshold and time anchor, [database] row
// cap and timeout, [agent] fixes, plan review, analysis steps).
agent::pipeline::PipelineOptions PipelineOptionsFromConfig(const CliContext& ctx);

// `resume_hint` is how this front end answers an interrupt, e.g.
// "askdb ask --thread T --resume" (the CLI) or "" (chat asks at its own prompt).
void PrintPipelineAnswer(const CliContext& ctx, const agent::pipeline::PipelineResult& result,
                         std::string_view resume_hint);

// Adds the answer to `report`: its SQL, chart and table when there are rows; a multi-step
// analysis's narrative and step sections.
void AddAnswerToReport(analysis::Report& report, const agent::pipeline::PipelineResult& result);

// The whole report of one answer: titled with the question (an analysis has its own title).
analysis::Report ReportForAnswer(const agent::pipeline::PipelineResult& result);

}  // namespace askdb::cli
