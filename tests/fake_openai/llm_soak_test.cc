// Fault-injection soak (slow label; run it under -DASKDB_SANITIZE=ON in CI): 10,000 calls
// through the full client stack against the fake server with 20% of requests faulted
// (rate limits, 500s, slow first bytes, truncated streams, invalid JSON, real TCP resets). Every
// call must end in a result or a clear error within its deadline; ASan/LSan catch crashes
// and leaks.
#include <gtest/gtest.h>

#include <atomic>
#include <iostream>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

#include "askdb/llm/circuit_breaker_client.h"
#include "askdb/llm/concurrency_limited_client.h"
#include "askdb/llm/openai/openai_client.h"
#include "askdb/llm/retrying_client.h"
#include "askdb/llm/usage.h"
#include "fake_openai_server.h"

namespace askdb::llm {
namespace {

using std::chrono::milliseconds;

constexpr int kCalls = 10'000;
constexpr int kThreads = 8;
constexpr double kFaultRate = 0.2;
constexpr milliseconds kCallDeadline{5'000};
constexpr milliseconds kDeadlineSlack{250};

TEST(LlmSoakTest, TenThousandCallsWithTwentyPercentFaults) {
  fake_openai::FakeServerOptions so;
  so.fault_rate = kFaultRate;
  so.seed = 2024;
  so.slow_first_byte = milliseconds(120);
  so.retry_after_ms = 5;
  so.threads = 48;
  fake_openai::FakeOpenAiServer server(so);
  ASSERT_TRUE(server.Start().ok());

  OpenAiClientOptions o;
  o.base_url = server.base_url();
  o.model = "fake-model";
  o.first_byte_timeout = milliseconds(40);
  o.request_timeout = milliseconds(2'000);
  std::unique_ptr<LlmClient> client = std::make_unique<OpenAiClient>(o);
  client = std::make_unique<ConcurrencyLimitedClient>(std::move(client), kThreads);
  client = std::make_unique<CircuitBreakerClient>(std::move(client),
                                                  CircuitBreakerOptions{50, milliseconds(20)});
  RetryOptions ro;
  ro.initial_backoff = milliseconds(2);
  ro.max_backoff = milliseconds(20);
  ro.max_attempts = 4;
  client = std::make_unique<RetryingClient>(std::move(client), ro);
  auto run = std::make_shared<RunUsage>();
  client = std::make_unique<UsageAccountingClient>(std::move(client), run);

  std::atomic<int> next{0};
  std::atomic<int> ok{0};
  std::atomic<int> plain_failures{0};
  std::atomic<int> clear_errors{0};
  std::atomic<int> unclear{0};
  std::atomic<int> late{0};
  std::mutex samples_mu;
  std::map<std::string, int> samples;  // first 60 bytes of each error → count
  std::vector<std::thread> workers;
  for (int t = 0; t < kThreads; ++t) {
    workers.emplace_back([&] {
      for (int i = next.fetch_add(1); i < kCalls; i = next.fetch_add(1)) {
        ChatRequest r;
        r.messages = {Message::User("soak " + std::to_string(i) + (i % 7 == 0 ? " [tool]" : ""))};
        if (i % 7 == 0) r.tools.push_back({"run_sql", "", Json{{"type", "object"}}});
        CallOptions call;
        call.deadline = Clock::System().Now() + kCallDeadline;
        auto start = std::chrono::steady_clock::now();
        auto res = i % 2 ? client->ChatStream(
                               r, [](const StreamDelta&) { return true; }, call)
                         : client->Chat(r, call);
        if (std::chrono::steady_clock::now() - start > kCallDeadline + kDeadlineSlack) ++late;
        if (res.ok()) {
          ++ok;
        } else if (i % 2 == 0) {
          ++plain_failures;
        }
        if (res.ok()) {
        } else if (!res.status().message().empty()) {
          ++clear_errors;
          std::lock_guard lock(samples_mu);
          ++samples[res.status().ToString().substr(0, 60)];
        } else {
          ++unclear;
        }
      }
    });
  }
  for (auto& w : workers) w.join();
  server.Stop();
  UsageTotals totals = run->Snapshot();
  for (const auto& [text, count] : samples) std::cout << "  " << count << " x " << text << "\n";
  std::cout << "soak: ok=" << ok << " errors=" << clear_errors
            << " faults=" << server.faults_injected() << " tcp_resets=" << server.resets() << " "
            << totals.ToJson().dump() << "\n";
  EXPECT_EQ(ok + clear_errors, kCalls);
  EXPECT_EQ(unclear.load(), 0);
  EXPECT_EQ(late.load(), 0);
  EXPECT_GT(server.faults_injected(), kCalls * kFaultRate / 2);
  // reset_connection is one of the random faults, and each must be a real TCP RST.
  EXPECT_GT(server.resets(), 0);
  // Plain calls are retried through every fault; a stream that already delivered text is
  // not (the caller saw output), so streamed faults may surface as clear errors.
  EXPECT_LE(plain_failures.load(), kCalls / 2 / 100) << "retries should absorb plain faults";
  EXPECT_GE(ok.load(), kCalls * 90 / 100);
  EXPECT_GT(totals.retries, 0);
}

}  // namespace
}  // namespace askdb::llm
