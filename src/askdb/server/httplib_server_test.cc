// Loopback tests: a real httplib::Client against MakeHttplibServer on 127.0.0.1 with an
// ephemeral port.
#include "askdb/server/httplib_server.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <future>
#include <latch>
#include <mutex>
#include <thread>

#include "askdb/common/json.h"
#include "askdb/server/json_request.h"
#include "askdb/server/run_executor.h"
#include "askdb/server/sse.h"

namespace askdb::server {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using namespace std::chrono_literals;

constexpr const char* kHost = "127.0.0.1";

HttpServerOptions TestOptions() {
  HttpServerOptions options;
  options.log_access = false;  // keep test output readable
  options.min_worker_threads = 2;
  options.max_worker_threads = 64;
  options.raise_open_files_limit = false;
  return options;
}

Json BodyOf(const httplib::Result& result) { return Json::parse(result->body); }

class ServerTest : public ::testing::Test {
 protected:
  void StartServer(HttpServerOptions options = TestOptions()) {
    server_ = MakeHttplibServer(options);
    RegisterRoutes(*server_);
    Status status = server_->Start(kHost, 0);
    ASSERT_TRUE(status.ok()) << status.ToString();
    ASSERT_GT(server_->port(), 0);
  }
  virtual void RegisterRoutes(HttpServer& server) {
    server.Handle("GET", "/api/v1/runs/{id}", [](const HttpRequest& request) {
      return HttpResponse::JsonBody(Json{{"id", std::string(request.PathParam("id"))},
                                         {"verbose", request.Query("verbose").value_or("")},
                                         {"agent", request.Header("x-agent").value_or("")}});
    });
    server.Handle("POST", "/api/v1/runs/{id}/resume", [](const HttpRequest& request) {
      auto body = ParseJsonBody(request);
      if (!body.ok()) return HttpResponse::FromStatus(body.status());
      auto answer = RequireString(*body, "answer");
      if (!answer.ok()) return HttpResponse::FromStatus(answer.status());
      return HttpResponse::JsonBody(
          Json{{"resumed", std::string(request.PathParam("id"))}, {"answer", *answer}});
    });
    server.Handle("DELETE", "/api/v1/runs/{id}", [](const HttpRequest&) {
      HttpResponse response;
      response.status = 204;
      return response;
    });
    server.Handle("GET", "/boom", [](const HttpRequest&) -> HttpResponse {
      throw std::runtime_error("handler bug");
    });
  }
  httplib::Client Client() {
    httplib::Client client(kHost, server_->port());
    client.set_read_timeout(5, 0);
    client.set_connection_timeout(2, 0);
    return client;
  }
  void TearDown() override {
    if (server_) server_->Stop();
  }

  std::unique_ptr<HttpServer> server_;
};

TEST_F(ServerTest, RoutesWithPathQueryAndHeaders) {
  StartServer();
  auto client = Client();
  auto result = client.Get("/api/v1/runs/r%2042?verbose=yes", {{"X-Agent", "sales"}});
  ASSERT_TRUE(result) << httplib::to_string(result.error());
  EXPECT_EQ(result->status, 200);
  EXPECT_THAT(result->get_header_value("Content-Type"), HasSubstr("application/json"));
  Json body = BodyOf(result);
  EXPECT_EQ(body["id"], "r 42");
  EXPECT_EQ(body["verbose"], "yes");
  EXPECT_EQ(body["agent"], "sales");
  auto deleted = client.Delete("/api/v1/runs/r1");
  ASSERT_TRUE(deleted);
  EXPECT_EQ(deleted->status, 204);
}

TEST_F(ServerTest, UnknownPathIs404AndWrongMethodIs405AsJson) {
  StartServer();
  auto client = Client();
  auto missing = client.Get("/api/v1/nothing");
  ASSERT_TRUE(missing);
  EXPECT_EQ(missing->status, 404);
  EXPECT_EQ(BodyOf(missing)["error"]["code"], "not_found");
  auto wrong = client.Put("/api/v1/runs/r1", "{}", "application/json");
  ASSERT_TRUE(wrong);
  EXPECT_EQ(wrong->status, 405);
  EXPECT_EQ(BodyOf(wrong)["error"]["code"], "method_not_allowed");
  EXPECT_EQ(wrong->get_header_value("Allow"), "DELETE, GET");
}

TEST_F(ServerTest, HandlerExceptionBecomes500AndServerKeepsServing) {
  StartServer();
  auto client = Client();
  auto result = client.Get("/boom");
  ASSERT_TRUE(result);
  EXPECT_EQ(result->status, 500);
  EXPECT_EQ(BodyOf(result)["error"]["code"], "internal");
  auto after = client.Get("/api/v1/runs/x");
  ASSERT_TRUE(after);
  EXPECT_EQ(after->status, 200);
}

TEST_F(ServerTest, OversizedBodyIs413NamingTheLimit) {
  HttpServerOptions options = TestOptions();
  options.max_body_bytes = 64;
  StartServer(options);
  auto client = Client();
  std::string big = R"({"answer":")" + std::string(200, 'x') + R"("})";
  auto result = client.Post("/api/v1/runs/r1/resume", big, "application/json");
  ASSERT_TRUE(result);
  EXPECT_EQ(result->status, 413);
  Json body = BodyOf(result);
  EXPECT_EQ(body["error"]["code"], "payload_too_large");
  EXPECT_THAT(body["error"]["message"].get<std::string>(), HasSubstr("64 bytes"));

  // A chunked body (no Content-Length) is held to the same limit.
  auto chunked = Client().Post(
      "/api/v1/runs/r1/resume",
      [&](size_t offset, httplib::DataSink& sink) {
        if (offset < big.size()) {
          sink.write(big.data() + offset, big.size() - offset);
        } else {
          sink.done();
        }
        return true;
      },
      "application/json");
  ASSERT_TRUE(chunked);
  EXPECT_EQ(chunked->status, 413);
  EXPECT_EQ(BodyOf(chunked)["error"]["code"], "payload_too_large");
}

// One route may shape its 413 (the /mcp route answers JSON-RPC); the limit and every other
// route's answer stay as they were.
TEST_F(ServerTest, OversizedBodyAnswerCanBeShapedForOnePath) {
  HttpServerOptions options = TestOptions();
  options.max_body_bytes = 64;
  server_ = MakeHttplibServer(options);
  RegisterRoutes(*server_);
  server_->SetOversizedBodyResponse("/api/v1/runs/r1/resume", [](std::size_t limit) {
    return HttpResponse::JsonBody(Json{{"limit", limit}}, 413);
  });
  ASSERT_TRUE(server_->Start(kHost, 0).ok());
  const std::string big = R"({"answer":")" + std::string(200, 'x') + R"("})";
  auto shaped = Client().Post("/api/v1/runs/r1/resume", big, "application/json");
  ASSERT_TRUE(shaped);
  EXPECT_EQ(shaped->status, 413);
  EXPECT_EQ(BodyOf(shaped)["limit"], 64);
  auto other = Client().Post("/api/v1/runs/r2/resume", big, "application/json");
  ASSERT_TRUE(other);
  EXPECT_EQ(other->status, 413);
  EXPECT_EQ(BodyOf(other)["error"]["code"], "payload_too_large");
  // Under the limit the route runs as usual.
  auto small = Client().Post("/api/v1/runs/r1/resume", R"({"answer":"ok"})", "application/json");
  ASSERT_TRUE(small);
  EXPECT_EQ(small->status, 200);
}

TEST_F(ServerTest, MalformedJsonIs400NamingThePosition) {
  StartServer();
  auto client = Client();
  auto result = client.Post("/api/v1/runs/r1/resume", R"({"answer": "yes",})", "application/json");
  ASSERT_TRUE(result);
  EXPECT_EQ(result->status, 400);
  Json body = BodyOf(result);
  EXPECT_EQ(body["error"]["code"], "invalid_argument");
  EXPECT_THAT(body["error"]["message"].get<std::string>(), HasSubstr("at byte 17"));

  auto wrong_type = client.Post("/api/v1/runs/r1/resume", R"({"answer": 1})", "text/plain");
  ASSERT_TRUE(wrong_type);
  EXPECT_EQ(wrong_type->status, 400);
  EXPECT_THAT(BodyOf(wrong_type)["error"]["message"].get<std::string>(),
              HasSubstr("Content-Type must be application/json"));

  auto ok = client.Post("/api/v1/runs/r1/resume", R"({"answer": "2023"})", "application/json");
  ASSERT_TRUE(ok);
  EXPECT_EQ(ok->status, 200);
  EXPECT_EQ(BodyOf(ok)["answer"], "2023");
}

TEST_F(ServerTest, CorsPreflightAndHeaders) {
  HttpServerOptions options = TestOptions();
  options.cors_allowed_origins = {"http://localhost:5173"};
  StartServer(options);
  auto client = Client();
  httplib::Headers preflight = {{"Origin", "http://localhost:5173"},
                                {"Access-Control-Request-Method", "POST"},
                                {"Access-Control-Request-Headers", "content-type"}};
  auto result = client.Options("/api/v1/runs/r1/resume", preflight);
  ASSERT_TRUE(result);
  EXPECT_EQ(result->status, 204);
  EXPECT_EQ(result->get_header_value("Access-Control-Allow-Origin"), "http://localhost:5173");
  EXPECT_THAT(result->get_header_value("Access-Control-Allow-Methods"), HasSubstr("POST"));
  EXPECT_THAT(result->get_header_value("Access-Control-Allow-Headers"), HasSubstr("Content-Type"));
  EXPECT_EQ(result->get_header_value("Access-Control-Max-Age"), "600");

  auto refused = client.Options(
      "/api/v1/runs/r1/resume",
      {{"Origin", "http://evil.example"}, {"Access-Control-Request-Method", "POST"}});
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->status, 403);
  EXPECT_FALSE(refused->has_header("Access-Control-Allow-Origin"));

  auto simple = client.Get("/api/v1/runs/r1", {{"Origin", "http://localhost:5173"}});
  ASSERT_TRUE(simple);
  EXPECT_EQ(simple->get_header_value("Access-Control-Allow-Origin"), "http://localhost:5173");
  auto other = client.Get("/api/v1/runs/r1", {{"Origin", "http://evil.example"}});
  ASSERT_TRUE(other);
  EXPECT_FALSE(other->has_header("Access-Control-Allow-Origin"));
}

TEST_F(ServerTest, AccessLogHookSeesEveryRequest) {
  std::mutex mu;
  std::vector<AccessLogEntry> entries;
  HttpServerOptions options = TestOptions();
  options.access_log = [&](const AccessLogEntry& entry) {
    std::lock_guard lock(mu);
    entries.push_back(entry);
  };
  StartServer(options);
  auto client = Client();
  ASSERT_TRUE(client.Get("/api/v1/runs/r1?x=1"));
  ASSERT_TRUE(client.Get("/missing"));
  // The hook runs after the response is sent, so it may trail the client a little, and
  // two connections' entries may come in either order.
  auto deadline = std::chrono::steady_clock::now() + 2s;
  std::unique_lock lock(mu);
  while (entries.size() < 2 && std::chrono::steady_clock::now() < deadline) {
    lock.unlock();
    std::this_thread::sleep_for(1ms);
    lock.lock();
  }
  ASSERT_EQ(entries.size(), 2u);
  std::sort(entries.begin(), entries.end(),
            [](const auto& a, const auto& b) { return a.status < b.status; });
  EXPECT_EQ(entries[0].method, "GET");
  EXPECT_EQ(entries[0].path, "/api/v1/runs/r1");
  EXPECT_EQ(entries[0].status, 200);
  EXPECT_GT(entries[0].bytes, 0u);
  EXPECT_EQ(entries[0].remote_address, "127.0.0.1");
  EXPECT_GT(entries[0].duration.count(), 0);
  EXPECT_EQ(entries[1].status, 404);
}

// ---- streaming ----

class StreamTest : public ServerTest {
 protected:
  void RegisterRoutes(HttpServer& server) override {
    server.HandleStream("GET", "/api/v1/stream/{run}", [this](const HttpRequest& request) {
      if (request.PathParam("run") != "r1") {
        return StreamResponse::Reject(HttpResponse::Error(404, "not_found", "no such run"));
      }
      std::int64_t last_id =
          ParseLastEventId(request.Header("Last-Event-ID").value_or("")).value_or(0);
      return StreamResponse::Sse([this, last_id](StreamWriter& writer) {
        auto start = std::chrono::steady_clock::now();
        SseStreamEnd end = RunSseStream(writer, buffer_, last_id, stream_options_);
        std::lock_guard lock(mu_);
        ends_.push_back(end);
        end_after_.push_back(std::chrono::steady_clock::now() - start);
        ended_.notify_all();
      });
    });
  }

  // Waits until `count` stream bodies have returned.
  bool WaitForEnds(std::size_t count, std::chrono::milliseconds timeout = 2s) {
    std::unique_lock lock(mu_);
    return ended_.wait_for(lock, timeout, [&] { return ends_.size() >= count; });
  }

  // GETs the stream, parsing frames until `stop_after` events (0: until the stream ends).
  std::vector<SseEvent> Read(httplib::Headers headers, std::size_t stop_after,
                             SseParser* parser_out = nullptr) {
    SseParser local;
    SseParser& parser = parser_out ? *parser_out : local;
    std::vector<SseEvent> events;
    auto client = Client();
    auto result = client.Get("/api/v1/stream/r1", headers, [&](const char* data, size_t length) {
      EXPECT_TRUE(parser.Feed(std::string_view(data, length), &events).ok());
      return stop_after == 0 || events.size() < stop_after;
    });
    if (stop_after == 0) {
      EXPECT_TRUE(result) << httplib::to_string(result.error());
      if (result) {
        EXPECT_EQ(result->status, 200);
        EXPECT_EQ(result->get_header_value("Content-Type"), "text/event-stream");
      }
    }
    return events;
  }

  SseEventBuffer buffer_;
  SseStreamOptions stream_options_{
      .heartbeat_interval = 10s, .liveness_poll_interval = 20ms, .gap_event = "replay_gap"};
  std::mutex mu_;
  std::condition_variable ended_;
  std::vector<SseStreamEnd> ends_;
  std::vector<std::chrono::steady_clock::duration> end_after_;
};

std::vector<std::string> Ids(const std::vector<SseEvent>& events) {
  std::vector<std::string> ids;
  for (const SseEvent& event : events) ids.push_back(event.id);
  return ids;
}

TEST_F(StreamTest, LiveEventsArriveInOrderUntilClose) {
  StartServer();
  std::thread producer([&] {
    for (int i = 1; i <= 5; ++i) {
      std::this_thread::sleep_for(5ms);
      buffer_.Append("progress", Json{{"step", i}}.dump());
    }
    buffer_.Close();
  });
  std::vector<SseEvent> events = Read({}, 0);
  producer.join();
  EXPECT_THAT(Ids(events), ElementsAre("1", "2", "3", "4", "5"));
  EXPECT_EQ(Json::parse(events[4].data)["step"], 5);
  ASSERT_TRUE(WaitForEnds(1));
  EXPECT_EQ(ends_[0], SseStreamEnd::kCompleted);
}

TEST_F(StreamTest, RejectedStreamIsAPlainJsonError) {
  StartServer();
  auto result = Client().Get("/api/v1/stream/other");
  ASSERT_TRUE(result);
  EXPECT_EQ(result->status, 404);
  EXPECT_EQ(BodyOf(result)["error"]["message"], "no such run");
}

TEST_F(StreamTest, ReconnectWithLastEventIdReplaysTheRest) {
  StartServer();
  for (int i = 1; i <= 3; ++i) buffer_.Append("row", std::to_string(i));
  // The client drops after two events (more may have come in the same chunk; it
  // processed only two, so it resumes after id 2).
  std::vector<SseEvent> first = Read({}, 2);
  ASSERT_GE(first.size(), 2u);
  EXPECT_EQ(first[0].id, "1");
  EXPECT_EQ(first[1].id, "2");
  buffer_.Append("row", "4");
  buffer_.Append("done", "{}");
  buffer_.Close();
  std::vector<SseEvent> rest = Read({{"Last-Event-ID", first[1].id}}, 0);
  EXPECT_THAT(Ids(rest), ElementsAre("3", "4", "5"));
  EXPECT_EQ(rest.back().event, "done");
}

TEST_F(StreamTest, ClientDisconnectIsSeenByTheStreamBody) {
  StartServer();
  buffer_.Append("progress", "first");
  std::vector<SseEvent> events = Read({}, 1);  // reads one event, then disconnects
  ASSERT_EQ(events.size(), 1u);
  // Nothing more is ever appended: only liveness polling can notice the client left.
  ASSERT_TRUE(WaitForEnds(1, 1s));
  EXPECT_EQ(ends_[0], SseStreamEnd::kClientGone);
  EXPECT_LT(end_after_[0], 1s);
}

TEST_F(StreamTest, HeartbeatsWhileWaiting) {
  stream_options_.heartbeat_interval = 30ms;
  StartServer();
  std::thread closer([&] {
    std::this_thread::sleep_for(200ms);
    buffer_.Append("done", "{}");
    buffer_.Close();
  });
  SseParser parser;
  std::vector<SseEvent> events = Read({}, 0, &parser);
  closer.join();
  EXPECT_THAT(Ids(events), ElementsAre("1"));
  EXPECT_GE(parser.comments().size(), 3u);
  for (const std::string& comment : parser.comments()) EXPECT_EQ(comment, "ping");
}

TEST_F(StreamTest, StopEndsWaitingStreams) {
  StartServer();
  buffer_.Append("progress", "x");  // never closed: only Stop can end the stream
  std::atomic<bool> got_event{false};
  std::thread reader([&] {
    auto client = Client();
    client.Get("/api/v1/stream/r1", [&](const char*, size_t) {
      got_event = true;
      return true;
    });
  });
  auto deadline = std::chrono::steady_clock::now() + 2s;
  while (!got_event && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(1ms);
  }
  ASSERT_TRUE(got_event);
  auto start = std::chrono::steady_clock::now();
  server_->Stop();
  EXPECT_LT(std::chrono::steady_clock::now() - start, 1s);
  reader.join();
  ASSERT_TRUE(WaitForEnds(1));
  EXPECT_EQ(ends_[0], SseStreamEnd::kClientGone);
}

// ---- executor admission and graceful stop ----

class AdmissionTest : public ServerTest {
 protected:
  void RegisterRoutes(HttpServer& server) override {
    server.Handle("POST", "/api/v1/ask", [this](const HttpRequest&) {
      std::chrono::seconds retry_after{0};
      Status status = executor_.Submit(
          [this] {
            std::unique_lock lock(mu_);
            release_cv_.wait(lock, [&] { return released_; });
          },
          &retry_after);
      if (!status.ok()) {
        HttpResponse response = HttpResponse::FromStatus(status);
        response.headers.Set("Retry-After", std::to_string(retry_after.count()));
        return response;
      }
      return HttpResponse::JsonBody(Json{{"accepted", true}}, 202);
    });
    server.Handle("GET", "/slow", [this](const HttpRequest&) {
      slow_started_.count_down();
      std::this_thread::sleep_for(300ms);
      return HttpResponse::JsonBody(Json{{"slow", "done"}});
    });
  }
  void Release() {
    {
      std::lock_guard lock(mu_);
      released_ = true;
    }
    release_cv_.notify_all();
  }
  void TearDown() override {
    Release();
    ServerTest::TearDown();
  }

  RunExecutor executor_{RunExecutorOptions{.workers = 1, .queue_capacity = 1}};
  std::mutex mu_;
  std::condition_variable release_cv_;
  bool released_ = false;
  std::latch slow_started_{1};
};

TEST_F(AdmissionTest, FullExecutorAnswers429WithRetryAfter) {
  StartServer();
  auto client = Client();
  auto first = client.Post("/api/v1/ask", "{}", "application/json");
  ASSERT_TRUE(first);
  EXPECT_EQ(first->status, 202);
  auto deadline = std::chrono::steady_clock::now() + 2s;
  while (executor_.running() == 0 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(1ms);
  }
  auto second = client.Post("/api/v1/ask", "{}", "application/json");
  ASSERT_TRUE(second);
  EXPECT_EQ(second->status, 202);  // queued
  auto third = client.Post("/api/v1/ask", "{}", "application/json");
  ASSERT_TRUE(third);
  EXPECT_EQ(third->status, 429);
  EXPECT_EQ(third->get_header_value("Retry-After"), "5");
  EXPECT_EQ(BodyOf(third)["error"]["code"], "resource_exhausted");
  Release();
  EXPECT_TRUE(executor_.Shutdown(2s).ok());
}

TEST_F(AdmissionTest, GracefulStopLetsInFlightRequestFinish) {
  StartServer();
  int port = server_->port();
  std::future<int> status = std::async(std::launch::async, [&] {
    auto result = Client().Get("/slow");
    return result ? result->status : -1;
  });
  slow_started_.wait();
  server_->Stop();
  EXPECT_EQ(status.get(), 200);
  EXPECT_EQ(server_->port(), 0);
  httplib::Client late(kHost, port);
  late.set_connection_timeout(1, 0);
  EXPECT_FALSE(late.Get("/slow"));
}

TEST(HttplibServerStartTest, PortInUseIsUnavailable) {
  auto first = MakeHttplibServer(TestOptions());
  ASSERT_TRUE(first->Start(kHost, 0).ok());
  auto second = MakeHttplibServer(TestOptions());
  Status status = second->Start(kHost, first->port());
  EXPECT_EQ(status.code(), StatusCode::kUnavailable);
  EXPECT_THAT(status.message(), HasSubstr("cannot listen"));
}

TEST(HttplibServerStartTest, MalformedPatternFailsStart) {
  auto server = MakeHttplibServer(TestOptions());
  server->Handle("GET", "/runs/{id", [](const HttpRequest&) { return HttpResponse(); });
  Status status = server->Start(kHost, 0);
  EXPECT_EQ(status.code(), StatusCode::kInvalidArgument);
  EXPECT_THAT(status.message(), HasSubstr("route pattern"));
}

}  // namespace
}  // namespace askdb::server
