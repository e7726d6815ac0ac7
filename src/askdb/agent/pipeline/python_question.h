// Standalone questions a Python template answers (issue 16): "预测下个季度的销售额" /
// "forecast next quarter's revenue" (the forecast template over the measure per month) and
// "哪些门店的销售额异常" / "which stores have abnormal sales" (the outliers template over the
// measure per entity). The patterns live in data/python/questions.json (linked into the
// binary); each names the measure and entity in the question, and the data question the
// engine is then asked ("每月的销售额", "各门店的销售额").
//
// Precision first: a question that matches no pattern is not one of these (it keeps its
// ordinary route); one that matches but whose data question the engine cannot write as a
// time series (forecast) or a measure per entity (outliers) gets a plan with no step and
// an answer saying what is missing.
//
// Thread-safe: the patterns are compiled once, read-only afterwards.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace askdb::agent::pipeline {

struct PythonQuestion {
  std::string template_name;  // "forecast" or "outliers" (python/templates.h)
  std::string measure;        // as the question words it ("销售额", "revenue")
  std::string entity;         // outliers only ("门店", "stores")
  std::string data_question;  // what the engine is asked for the template's input
};

// The template question `question` is, if any. `chinese` picks the data question's wording.
std::optional<PythonQuestion> DetectPythonQuestion(std::string_view question, bool chinese);

}  // namespace askdb::agent::pipeline
