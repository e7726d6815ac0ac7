// A run whose work throws (a bug: here the engine-terms provider, called by RunService outside
// the pipeline's graph, which catches its own nodes' exceptions) ends for its client with an
// internal error naming the exception, instead of an abort, a hang or a misleading "the server
// shut down" — and the thread takes a new run afterwards.
#include <gtest/gtest.h>

#include <chrono>
#include <stdexcept>
#include <string>

#include "tests/server/server_fixture.h"

namespace askdb::server::api {
namespace {

using namespace std::chrono_literals;

class RunExceptionTest : public test::ServerFixture {};

TEST_F(RunExceptionTest, AThrowingRunEndsWithAnInternalErrorAndTheThreadStaysUsable) {
  BuildBase({.prefix = "run_exception"});
  ASSERT_FALSE(HasFatalFailure());
  bool throws = true;
  RunServiceDeps deps;
  deps.engine_terms =
      [&throws](const knowledge::EvidenceQuery&) -> StatusOr<std::vector<knowledge::BusinessTerm>> {
    if (throws) throw std::runtime_error("terms provider exploded");
    return std::vector<knowledge::BusinessTerm>();
  };
  StartServer(std::move(deps), {});
  ASSERT_FALSE(HasFatalFailure());

  auto ask = [&](const std::string& question) {
    RunRequest request;
    request.thread_id = "t-1";
    request.text = question;
    auto run = runs_->Start(std::move(request));
    EXPECT_TRUE(run.ok()) << run.status().ToString();
    std::optional<StatusOr<Json>> done = (*run)->Wait(30s);
    EXPECT_TRUE(done.has_value()) << "the run never ended";
    return done.value_or(StatusOr<Json>(DeadlineExceededError("timeout")));
  };
  StatusOr<Json> failed = ask("2024年各地区的销售额");
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(failed.status().code(), StatusCode::kInternal) << failed.status().ToString();
  EXPECT_NE(failed.status().message().find("terms provider exploded"), std::string::npos)
      << failed.status().ToString();
  EXPECT_EQ(runs_->Find("t-1")->StateName(), "error");

  throws = false;
  StatusOr<Json> answered = ask("2024年各地区的销售额");
  ASSERT_TRUE(answered.ok()) << answered.status().ToString();
  EXPECT_EQ(answered->value("route", ""), "engine") << answered->dump();
}

}  // namespace
}  // namespace askdb::server::api
