// A failed step's reason in the question's language. The Python executor (python/executor.cc)
// words its failures in English; an answer to a Chinese question shows them in Chinese.
#pragma once

#include <string>
#include <string_view>

namespace askdb::agent::pipeline {

// `error` as said to a Chinese asker when `chinese` and it is one of the executor's reasons
// (time, output, CPU and memory limits, the code's own error, cancelled, cannot start, no
// result); otherwise `error` unchanged. The numbers and setting names are kept.
std::string StepErrorInLanguage(std::string_view error, bool chinese);

}  // namespace askdb::agent::pipeline
