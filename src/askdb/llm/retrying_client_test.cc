#include "askdb/llm/retrying_client.h"

#include <gtest/gtest.h>

#include "askdb/common/cancellation.h"
#include "askdb/llm/circuit_breaker_client.h"
#include "askdb/llm/concurrency_limited_client.h"
#include "askdb/llm/scripted/scripted_llm_client.h"
#include "askdb/llm/usage.h"

namespace askdb::llm {
namespace {

using std::chrono::milliseconds;

// Records each requested sleep and advances the fake clock instead of sleeping.
class FakeSleeper final : public Sleeper {
 public:
  explicit FakeSleeper(FakeClock& clock) : clock_(clock) {}
  bool SleepFor(milliseconds d, const CallOptions& call) override {
    sleeps.push_back(d);
    clock_.Advance(d);
    return !call.IsCancelled();
  }
  std::vector<milliseconds> sleeps;

 private:
  FakeClock& clock_;
};

struct Fixture {
  FakeClock clock{Clock::TimePoint{} + std::chrono::hours(1)};
  FakeSleeper sleeper{clock};
  ScriptedLlmClient* scripted = nullptr;

  std::unique_ptr<RetryingClient> Make(RetryOptions options = {}) {
    auto s = std::make_unique<ScriptedLlmClient>(&sleeper);
    scripted = s.get();
    options.seed = 1;
    return std::make_unique<RetryingClient>(std::move(s), options, clock, sleeper);
  }
};

ChatRequest Ask(std::string text) {
  ChatRequest r;
  r.messages.push_back(Message::User(std::move(text)));
  return r;
}

TEST(RetryingClientTest, RetriesServerErrorsWithGrowingBackoff) {
  Fixture f;
  RetryOptions o;
  o.initial_backoff = milliseconds(100);
  o.jitter = 0;
  auto client = f.Make(o);
  f.scripted->Fail("", UnavailableError("boom"), 2).Reply("", "ok");
  auto r = client->Chat(Ask("q"), {});
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->content, "ok");
  EXPECT_EQ(r->usage.retries, 2);
  EXPECT_EQ(f.sleeper.sleeps, (std::vector<milliseconds>{milliseconds(100), milliseconds(200)}));
}

TEST(RetryingClientTest, HonoursRetryAfterHint) {
  Fixture f;
  auto client = f.Make();
  f.scripted->Fail("", ResourceExhaustedError("429 " + RetryAfterSuffix(milliseconds(1234))))
      .Reply("", "ok");
  ASSERT_TRUE(client->Chat(Ask("q"), {}).ok());
  EXPECT_EQ(f.sleeper.sleeps, (std::vector<milliseconds>{milliseconds(1234)}));
}

TEST(RetryingClientTest, JitterStaysWithinBounds) {
  Fixture f;
  RetryOptions o;
  o.initial_backoff = milliseconds(1000);
  o.jitter = 0.5;
  auto client = f.Make(o);
  for (int i = 0; i < 100; ++i) {
    auto d = client->BackoffFor(0);
    EXPECT_GE(d.count(), 500);
    EXPECT_LE(d.count(), 1000);
  }
  EXPECT_LE(client->BackoffFor(30).count(), o.max_backoff.count());
}

TEST(RetryingClientTest, DoesNotRetryCallerErrors) {
  Fixture f;
  auto client = f.Make();
  f.scripted->Fail("", PermissionDeniedError("bad key"), 5).Reply("", "never");
  auto r = client->Chat(Ask("q"), {});
  EXPECT_EQ(r.status().code(), StatusCode::kPermissionDenied);
  EXPECT_EQ(f.scripted->call_count(), 1u);
  EXPECT_TRUE(f.sleeper.sleeps.empty());
}

TEST(RetryingClientTest, GivesUpAfterMaxAttempts) {
  Fixture f;
  RetryOptions o;
  o.max_attempts = 3;
  auto client = f.Make(o);
  f.scripted->Fail("", UnavailableError("down"), 10);
  auto r = client->Chat(Ask("q"), {});
  EXPECT_EQ(r.status().code(), StatusCode::kUnavailable);
  EXPECT_NE(r.status().message().find("gave up after 3 attempts"), std::string::npos);
  EXPECT_EQ(f.scripted->call_count(), 3u);
}

TEST(RetryingClientTest, StopsWhenDeadlineLeavesNoRoom) {
  Fixture f;
  RetryOptions o;
  o.initial_backoff = milliseconds(5000);
  o.jitter = 0;
  auto client = f.Make(o);
  f.scripted->Fail("", UnavailableError("down"), 10);
  CallOptions call;
  call.deadline = f.clock.Now() + milliseconds(1000);
  auto r = client->Chat(Ask("q"), call);
  EXPECT_EQ(r.status().code(), StatusCode::kDeadlineExceeded);
  EXPECT_EQ(f.scripted->call_count(), 1u);
}

TEST(RetryingClientTest, CancelledCallIsNotRetried) {
  Fixture f;
  auto client = f.Make();
  f.scripted->Fail("", UnavailableError("down"), 10);
  auto token = std::make_shared<CancellationToken>();
  token->Cancel();
  CallOptions call;
  call.cancel = token;
  auto r = client->Chat(Ask("q"), call);
  EXPECT_EQ(r.status().code(), StatusCode::kCancelled);
}

TEST(RetryingClientTest, StreamIsNotRetriedAfterOutput) {
  Fixture f;
  auto scripted = std::make_unique<ScriptedLlmClient>(&f.sleeper);
  scripted->Reply("", "partial answer");
  // A client that streams, then fails: the retry must not replay output.
  class FailAfterStream final : public LlmClient {
   public:
    explicit FailAfterStream(std::unique_ptr<LlmClient> inner) : inner_(std::move(inner)) {}
    StatusOr<ChatResponse> Chat(const ChatRequest& r, const CallOptions& o) override {
      return inner_->Chat(r, o);
    }
    StatusOr<ChatResponse> ChatStream(const ChatRequest& r, const StreamCallback& cb,
                                      const CallOptions& o) override {
      ++calls;
      auto res = inner_->ChatStream(r, cb, o);
      return UnavailableError("cut");
    }
    StatusOr<EmbeddingResponse> Embed(const EmbeddingRequest& r, const CallOptions& o) override {
      return inner_->Embed(r, o);
    }
    std::string Describe() const override { return "x"; }
    int calls = 0;

   private:
    std::unique_ptr<LlmClient> inner_;
  };
  auto failing = std::make_unique<FailAfterStream>(std::move(scripted));
  auto* raw = failing.get();
  RetryingClient client(std::move(failing), RetryOptions{}, f.clock, f.sleeper);
  auto r = client.ChatStream(
      Ask("q"), [](const StreamDelta&) { return true; }, CallOptions{});
  EXPECT_EQ(r.status().code(), StatusCode::kUnavailable);
  EXPECT_EQ(raw->calls, 1);
}

TEST(CircuitBreakerTest, OpensAfterThresholdAndRecoversAfterProbe) {
  FakeClock clock;
  auto scripted = std::make_unique<ScriptedLlmClient>();
  auto* s = scripted.get();
  s->Fail("", UnavailableError("down"), 3).Reply("", "up");
  CircuitBreakerClient breaker(std::move(scripted), {3, milliseconds(1000)}, clock);
  for (int i = 0; i < 3; ++i) EXPECT_FALSE(breaker.Chat(Ask("q"), {}).ok());
  EXPECT_EQ(breaker.state(), CircuitBreakerClient::State::kOpen);
  auto rejected = breaker.Chat(Ask("q"), {});
  EXPECT_EQ(rejected.status().code(), StatusCode::kUnavailable);
  EXPECT_TRUE(RetryAfterFromStatus(rejected.status()).has_value());
  EXPECT_EQ(s->call_count(), 3u);  // the open circuit did not reach the server
  clock.Advance(milliseconds(1001));
  auto probe = breaker.Chat(Ask("q"), {});
  ASSERT_TRUE(probe.ok());
  EXPECT_EQ(breaker.state(), CircuitBreakerClient::State::kClosed);
}

TEST(CircuitBreakerTest, RateLimitsDoNotOpenIt) {
  FakeClock clock;
  auto scripted = std::make_unique<ScriptedLlmClient>();
  scripted->Fail("", ResourceExhaustedError("429"), 10);
  CircuitBreakerClient breaker(std::move(scripted), {2, milliseconds(1000)}, clock);
  for (int i = 0; i < 5; ++i) EXPECT_FALSE(breaker.Chat(Ask("q"), {}).ok());
  EXPECT_EQ(breaker.state(), CircuitBreakerClient::State::kClosed);
}

TEST(ConcurrencyLimitTest, NeverExceedsLimit) {
  auto scripted = std::make_unique<ScriptedLlmClient>();
  ScriptedRule slow;
  slow.reply.content = "ok";
  slow.latency = milliseconds(5);
  scripted->AddRule(slow);
  ConcurrencyLimitedClient limited(std::move(scripted), 2);
  std::vector<std::thread> threads;
  for (int i = 0; i < 6; ++i) {
    threads.emplace_back([&] { EXPECT_TRUE(limited.Chat(Ask("q"), {}).ok()); });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(limited.peak_in_flight(), 2);
  EXPECT_EQ(limited.in_flight(), 0);
}

TEST(UsageTest, SumsCallsAndFailures) {
  auto scripted = std::make_unique<ScriptedLlmClient>();
  scripted->Fail("boom", UnavailableError("x")).Reply("", "four words in reply");
  auto run = std::make_shared<RunUsage>();
  UsageAccountingClient client(std::move(scripted), run);
  ASSERT_TRUE(client.Chat(Ask("hello"), {}).ok());
  EXPECT_FALSE(client.Chat(Ask("boom"), {}).ok());
  UsageTotals t = run->Snapshot();
  EXPECT_EQ(t.calls, 2);
  EXPECT_EQ(t.failed_calls, 1);
  EXPECT_GT(t.prompt_tokens, 0);
  EXPECT_EQ(t.estimated_calls, 1);
  EXPECT_EQ(t.ToJson()["calls"], 2);
}

}  // namespace
}  // namespace askdb::llm
