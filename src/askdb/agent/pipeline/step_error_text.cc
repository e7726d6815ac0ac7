#include "askdb/agent/pipeline/step_error_text.h"

#include <regex>

namespace askdb::agent::pipeline {
namespace {

// The executor's reasons (python/executor.cc StopFailure, CodeFailure) and their Chinese:
// one row each; $1, $2 keep the numbers, settings and the code's own message.
struct Reason {
  const char* english;  // an ECMAScript pattern matched from the start of the reason
  const char* chinese;
};
constexpr Reason kReasons[] = {
    {R"(the Python code did not finish within (\d+) ms \(python\.timeout_ms\) and was stopped)",
     "Python 代码没有在 $1 毫秒内完成（python.timeout_ms），已被停止"},
    {R"(the Python code printed more than (\d+) bytes \(python\.max_output_bytes\) and was stopped)",
     "Python 代码的输出超过 $1 字节（python.max_output_bytes），已被停止"},
    {R"(the Python code's result is larger than (\d+) bytes \(python\.max_output_bytes\))",
     "Python 代码的结果超过 $1 字节（python.max_output_bytes）"},
    {R"(the Python code used more than (\d+) s of CPU time \(python\.cpu_seconds\) and was stopped)",
     "Python 代码占用的 CPU 时间超过 $1 秒（python.cpu_seconds），已被停止"},
    {R"(the Python code ran out of memory \(python\.memory_mb = (\d+)\))",
     "Python 代码内存不足（python.memory_mb = $1）"},
    {R"(the Python code failed: )", "Python 代码出错："},
    {R"(the Python step was cancelled)", "Python 步骤已取消"},
    {R"(the Python sandbox \(bubblewrap\) cannot start on this machine: )",
     "Python 沙箱（bubblewrap）无法在本机启动："},
    {R"(the Python step exited with status (-?\d+) without a result: )",
     "Python 步骤以状态 $1 退出，没有给出结果："},
    {R"(the Python step was killed by signal (\d+) without a result: )",
     "Python 步骤被信号 $1 终止，没有给出结果："},
    {R"(cannot start (\S+): )", "无法启动 $1："},
};

}  // namespace

std::string StepErrorInLanguage(std::string_view error, bool chinese) {
  std::string text(error);
  if (!chinese) return text;
  for (const Reason& r : kReasons) {
    const std::regex pattern(r.english);
    std::smatch m;
    if (!std::regex_search(text, m, pattern, std::regex_constants::match_continuous)) continue;
    // The rest (the code's message, stderr's tail) stays as the program printed it.
    return m.format(r.chinese) + m.suffix().str();
  }
  return text;
}

}  // namespace askdb::agent::pipeline
