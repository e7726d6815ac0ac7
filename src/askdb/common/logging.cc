#include "askdb/common/logging.h"

#include <spdlog/pattern_formatter.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <memory>
#include <string>

#include "askdb/common/json.h"

namespace askdb {
namespace {

// Writes the message as a JSON string so that quotes, newlines and CJK text stay valid JSON.
class JsonMessageFlag final : public spdlog::custom_flag_formatter {
 public:
  void format(const spdlog::details::log_msg& msg, const std::tm&,
              spdlog::memory_buf_t& dest) override {
    std::string text(msg.payload.data(), msg.payload.size());
    std::string quoted = Json(text).dump(-1, ' ', false, Json::error_handler_t::replace);
    dest.append(quoted.data(), quoted.data() + quoted.size());
  }
  std::unique_ptr<custom_flag_formatter> clone() const override {
    return std::make_unique<JsonMessageFlag>();
  }
};

}  // namespace

StatusOr<LogFormat> ParseLogFormat(std::string_view text) {
  if (text == "text") return LogFormat::kText;
  if (text == "json") return LogFormat::kJson;
  return InvalidArgumentError("unknown log format '" + std::string(text) +
                              "': use 'text' or 'json'");
}

Status InitLogging(const LogOptions& options) {
  auto level = spdlog::level::from_str(std::string(options.level));
  if (level == spdlog::level::off && options.level != "off") {
    return InvalidArgumentError("unknown log level '" + std::string(options.level) +
                                "': use trace, debug, info, warn, error or off");
  }
  auto logger = std::make_shared<spdlog::logger>(
      "askdb", std::make_shared<spdlog::sinks::stderr_color_sink_mt>());
  if (options.format == LogFormat::kJson) {
    auto formatter = std::make_unique<spdlog::pattern_formatter>();
    formatter->add_flag<JsonMessageFlag>('*').set_pattern(
        R"({"ts":"%Y-%m-%dT%H:%M:%S.%e%z","level":"%l","msg":%*})");
    logger->set_formatter(std::move(formatter));
  } else {
    logger->set_pattern("%^%L%$ %H:%M:%S.%e %v");
  }
  logger->set_level(level);
  spdlog::set_default_logger(std::move(logger));
  return Status::Ok();
}

}  // namespace askdb
