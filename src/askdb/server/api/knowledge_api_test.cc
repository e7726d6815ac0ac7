// POST /api/v1/knowledge/documents on the real HTTP server (cpp-httplib on 127.0.0.1), sent
// by a real HTTP client: multipart/form-data (curl -F, the web UI) and the raw-body form,
// with the refusals a bad upload gets — each a 400 naming what is wrong, nothing stored.
#include "askdb/server/api/knowledge_api.h"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <filesystem>

#include "askdb/common/json.h"
#include "askdb/knowledge/knowledge_setup.h"
#include "askdb/server/httplib_server.h"

namespace askdb::server::api {
namespace {

namespace fs = std::filesystem;

constexpr char kPolicy[] =
    "# Returns\n\nCustomers may return any item within 30 days of delivery.\n\n"
    "# Fiscal year\n\nOur fiscal year starts on April 1.\n";

class KnowledgeUploadTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("askdb_kb_upload_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    knowledge::KnowledgeBaseOptions options;
    options.max_file_bytes = 4096;  // a small limit, so "over the limit" is a small body
    StatusOr<knowledge::OpenedKnowledgeBase> kb = knowledge::OpenKnowledgeBase(dir_, "", options);
    ASSERT_TRUE(kb.ok()) << kb.status().ToString();
    kb_ = std::move(kb).value();
    server_ = MakeHttplibServer({});
    RegisterKnowledgeRoutes([this](std::string_view method, std::string_view pattern,
                                   Handler handler) { server_->Handle(method, pattern, handler); },
                            *kb_.kb);
    ASSERT_TRUE(server_->Start("127.0.0.1", 0).ok());
    client_ = std::make_unique<httplib::Client>("127.0.0.1", server_->port());
  }
  void TearDown() override {
    server_->Stop();
    kb_ = {};
    fs::remove_all(dir_);
  }

  size_t Items() {
    StatusOr<std::vector<knowledge::KnowledgeItem>> items = kb_.kb->List({});
    return items.ok() ? items->size() : 0;
  }

  // A refused multipart upload: 400, its message holding `expected`, nothing stored.
  void ExpectRefused(const httplib::MultipartFormDataItems& form, const std::string& expected) {
    const size_t before = Items();
    httplib::Result res = client_->Post("/api/v1/knowledge/documents", form);
    ASSERT_TRUE(res) << httplib::to_string(res.error());
    EXPECT_EQ(res->status, 400) << res->body;
    EXPECT_NE(res->body.find(expected), std::string::npos) << res->body;
    EXPECT_EQ(Items(), before);
  }

  fs::path dir_;
  knowledge::OpenedKnowledgeBase kb_;
  std::unique_ptr<HttpServer> server_;
  std::unique_ptr<httplib::Client> client_;
};

TEST_F(KnowledgeUploadTest, MultipartUploadWithItsFieldsIsStoredAndFound) {
  httplib::Result res =
      client_->Post("/api/v1/knowledge/documents",
                    httplib::MultipartFormDataItems{{"file", kPolicy, "policy.md", "text/markdown"},
                                                    {"agent", "sales", "", ""},
                                                    {"chunker", "sentence", "", ""},
                                                    {"chunk_size", "80", "", ""},
                                                    {"chunk_overlap", "0", "", ""},
                                                    {"title", "Returns policy", "", ""}});
  ASSERT_TRUE(res);
  ASSERT_EQ(res->status, 201) << res->body;
  StatusOr<Json> item = ParseJson(res->body);
  ASSERT_TRUE(item.ok());
  EXPECT_EQ((*item)["scope"], "agent:sales");
  EXPECT_EQ((*item)["format"], "markdown");
  EXPECT_EQ((*item)["title"], "Returns policy");
  EXPECT_EQ((*item)["chunker"]["kind"], "sentence");
  EXPECT_EQ((*item)["chunker"]["size"], 80);
  EXPECT_GE((*item)["chunks"].get<int>(), 2);
  knowledge::SearchOptions search;
  search.filter.scopes = {"agent:sales"};
  knowledge::SearchResult found = kb_.kb->Search("fiscal year April", search);
  ASSERT_FALSE(found.hits.empty());
  EXPECT_NE(found.hits[0].text.find("April 1"), std::string::npos);
}

TEST_F(KnowledgeUploadTest, SearchingForTermsSaysWhereTheyAre) {
  httplib::Result res =
      client_->Post("/api/v1/knowledge/search", R"({"query": "高价值客户", "kinds": ["term"]})",
                    "application/json");
  ASSERT_TRUE(res) << httplib::to_string(res.error());
  EXPECT_EQ(res->status, 400) << res->body;
  EXPECT_NE(res->body.find("/api/v1/datasources/{id}/terms"), std::string::npos) << res->body;
  res = client_->Post("/api/v1/knowledge/search", R"({"query": "x", "kinds": ["qa", "faq"]})",
                      "application/json");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200) << res->body;
}

// A blank query is refused (as the MCP tool refuses it), not answered with no hits, which
// reads as "the knowledge base holds nothing on this".
TEST_F(KnowledgeUploadTest, ABlankQueryIsRefused) {
  httplib::Result res =
      client_->Post("/api/v1/knowledge/search", R"({"query": "  "})", "application/json");
  ASSERT_TRUE(res) << httplib::to_string(res.error());
  EXPECT_EQ(res->status, 400) << res->body;
  EXPECT_NE(res->body.find("must not be blank"), std::string::npos) << res->body;
}

// Session 24: the knowledge bodies ignored a field they did not know ("topK" searched with
// the default 5, "scope" added the pair to every scope); each is now a 400 naming it.
TEST_F(KnowledgeUploadTest, EveryJsonBodyRefusesAFieldItDoesNotKnow) {
  httplib::Result pair = client_->Post(
      "/api/v1/knowledge", R"({"question": "什么是GMV", "answer": "成交额"})", "application/json");
  ASSERT_TRUE(pair);
  ASSERT_EQ(pair->status, 201) << pair->body;
  const std::string item = Json::parse(pair->body)["id"];
  struct Case {
    std::string method, path, body, expected;
  };
  const Case cases[] = {
      {"POST", "/api/v1/knowledge", R"({"question": "q", "answer": "a", "scope": "agent:x"})",
       "unknown field 'scope'"},
      {"PUT", "/api/v1/knowledge/" + item, R"({"type": "faq"})", "unknown field 'type'"},
      {"POST", "/api/v1/knowledge/" + item + "/recall", R"({"is_recall": false})",
       "unknown field 'is_recall'"},
      {"POST", "/api/v1/knowledge/search", R"({"query": "GMV", "topK": 3})",
       "did you mean 'top_k'?"},
  };
  for (const Case& c : cases) {
    httplib::Result res = c.method == "PUT" ? client_->Put(c.path, c.body, "application/json")
                                            : client_->Post(c.path, c.body, "application/json");
    ASSERT_TRUE(res) << httplib::to_string(res.error());
    EXPECT_EQ(res->status, 400) << c.path << ": " << res->body;
    EXPECT_NE(res->body.find(c.expected), std::string::npos) << c.path << ": " << res->body;
  }
  EXPECT_EQ(Items(), 1u);
  // An item read with GET can be sent back: its read-only fields (id, scope, kind, state,
  // chunks, updated_at_ms) are taken and ignored.
  httplib::Result got = client_->Get("/api/v1/knowledge/" + item);
  ASSERT_TRUE(got);
  ASSERT_EQ(got->status, 200) << got->body;
  Json round_trip = Json::parse(got->body);
  round_trip["kind"] = "faq";
  httplib::Result put =
      client_->Put("/api/v1/knowledge/" + item, round_trip.dump(), "application/json");
  ASSERT_TRUE(put);
  EXPECT_EQ(put->status, 200) << put->body;
  EXPECT_EQ(Json::parse(put->body)["kind"], Json::parse(got->body)["kind"]);
  // The fields the web UI sends (web/src/lib/knowledge.ts searchBody) are known.
  httplib::Result search = client_->Post(
      "/api/v1/knowledge/search",
      R"({"query": "GMV", "mode": "keyword", "top_k": 3, "kinds": ["qa"]})", "application/json");
  ASSERT_TRUE(search);
  EXPECT_EQ(search->status, 200) << search->body;
}

TEST_F(KnowledgeUploadTest, RawBodyUploadStillWorks) {
  httplib::Result res = client_->Post("/api/v1/knowledge/documents?file_name=notes.txt&agent=ops",
                                      "Backups run nightly at 02:00.", "text/plain");
  ASSERT_TRUE(res);
  ASSERT_EQ(res->status, 201) << res->body;
  EXPECT_NE(res->body.find("\"agent:ops\""), std::string::npos);
  EXPECT_EQ(Items(), 1u);
}

// The same document uploaded again (the web page, curl) made a copy each time: now 409 naming
// the item that holds it; the same name with other content is a new item.
TEST_F(KnowledgeUploadTest, TheSameDocumentAgainIsAConflictNamingTheItem) {
  const httplib::MultipartFormDataItems form{{"file", kPolicy, "doc.md", "text/markdown"}};
  httplib::Result first = client_->Post("/api/v1/knowledge/documents", form);
  ASSERT_TRUE(first);
  ASSERT_EQ(first->status, 201) << first->body;
  const std::string id = Json::parse(first->body)["id"];
  httplib::Result again = client_->Post("/api/v1/knowledge/documents", form);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->status, 409) << again->body;
  const Json error = Json::parse(again->body)["error"];
  EXPECT_EQ(error["item_id"], id);
  EXPECT_NE(error["message"].get<std::string>().find("already indexed"), std::string::npos);
  EXPECT_NE(error["message"].get<std::string>().find(id), std::string::npos);
  EXPECT_EQ(Items(), 1u);
  httplib::Result changed = client_->Post(
      "/api/v1/knowledge/documents",
      httplib::MultipartFormDataItems{{"file", "Another text.", "doc.md", "text/markdown"}});
  ASSERT_TRUE(changed);
  EXPECT_EQ(changed->status, 201) << changed->body;
  EXPECT_EQ(Items(), 2u);
}

TEST_F(KnowledgeUploadTest, BadMultipartUploadsAreRefusedNamingWhatIsWrong) {
  ExpectRefused({{"agent", "sales", "", ""}}, "no 'file' field");
  ExpectRefused({{"file", "a", "a.md", "text/markdown"}, {"file2", "b", "b.md", "text/markdown"}},
                "unknown form field 'file2'");
  ExpectRefused({{"file", kPolicy, "policy.md", ""}, {"chunk-size", "80", "", ""}},
                "unknown form field 'chunk-size'");
  ExpectRefused({{"file", kPolicy, "", "text/markdown"}}, "has no file name");
  ExpectRefused({{"file", kPolicy, "report.pdf", "text/html"}},
                "'report.pdf' was sent as text/html");
  ExpectRefused({{"file", "\x89PNG\r\n", "photo.txt", "image/png"}}, "not a document");
  ExpectRefused({{"file", std::string(5000, 'a'), "big.txt", "text/plain"}},
                "knowledge.max_file_mb");
  ExpectRefused({{"file", std::string("\x00\x01\xff\xfe junk", 9), "junk.txt", "text/plain"}},
                "binary");
  ExpectRefused({{"file", "", "empty.md", "text/markdown"}}, "empty");
  ExpectRefused({{"file", kPolicy, "policy.md", ""}, {"recall", "maybe", "", ""}},
                "recall must be true or false");
  EXPECT_EQ(Items(), 0u);
}

// Sends a POST's head announcing `length` body bytes and a first kilobyte of it; returns
// what the server answers.
std::string RawPostHead(int port, const std::string& target, size_t length) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  ::inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) != 0) {
    ::close(fd);
    return "connect failed";
  }
  const std::string request = "POST " + target +
                              " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n"
                              "Content-Length: " +
                              std::to_string(length) + "\r\n\r\n" + std::string(1024, 'x');
  ::send(fd, request.data(), request.size(), MSG_NOSIGNAL);
  std::string answer;
  char buf[2048];
  pollfd p{fd, POLLIN, 0};
  while (::poll(&p, 1, 3000) > 0) {
    const ssize_t n = ::recv(fd, buf, sizeof(buf), 0);
    if (n <= 0) break;
    answer.append(buf, static_cast<size_t>(n));
  }
  ::close(fd);
  return answer;
}

// The upload route has its own body limit, from knowledge.max_file_mb (what askdb serve
// sets): a document larger than --max-body but within the file limit is taken, a larger
// one is a 413 naming knowledge.max_file_mb, and every other route keeps --max-body.
TEST(KnowledgeUploadLimitTest, UploadsHaveTheirOwnLimitNamingTheKey) {
  const fs::path dir =
      fs::temp_directory_path() / ("askdb_kb_upload_limit_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  knowledge::KnowledgeBaseOptions kb_options;
  kb_options.max_file_bytes = 300 * 1024;
  StatusOr<knowledge::OpenedKnowledgeBase> kb = knowledge::OpenKnowledgeBase(dir, "", kb_options);
  ASSERT_TRUE(kb.ok()) << kb.status().ToString();
  HttpServerOptions options;
  options.max_body_bytes = 16 * 1024;
  SetKnowledgeUploadLimit(options, kb_options.max_file_bytes);
  std::unique_ptr<HttpServer> server = MakeHttplibServer(options);
  RegisterKnowledgeRoutes([&](std::string_view method, std::string_view pattern,
                              Handler handler) { server->Handle(method, pattern, handler); },
                          *kb->kb);
  SetKnowledgeUploadTooLargeResponse(*server, kb_options.max_file_bytes);
  ASSERT_TRUE(server->Start("127.0.0.1", 0).ok());
  httplib::Client client("127.0.0.1", server->port());
  auto items = [&] {
    StatusOr<std::vector<knowledge::KnowledgeItem>> list = kb->kb->List({});
    return list.ok() ? list->size() : size_t{999};
  };

  std::string text;
  while (text.size() < 100 * 1024) text += "Refunds are paid within 30 days of the return. ";
  httplib::Result taken =
      client.Post("/api/v1/knowledge/documents",
                  httplib::MultipartFormDataItems{{"file", text, "refunds.txt", "text/plain"}});
  ASSERT_TRUE(taken) << httplib::to_string(taken.error());
  EXPECT_EQ(taken->status, 201) << taken->body;
  EXPECT_EQ(items(), 1u);

  // A 50 MB upload, announced by its Content-Length as curl sends it: answered before the
  // body is read (a raw socket, as a client that waits for the answer before sending).
  const std::string answer = RawPostHead(
      server->port(), "/api/v1/knowledge/documents?file_name=big.txt", 50 * 1024 * 1024);
  EXPECT_EQ(answer.rfind("HTTP/1.1 413", 0), 0u) << answer;
  EXPECT_NE(answer.find("knowledge.max_file_mb"), std::string::npos) << answer;
  EXPECT_NE(answer.find("0.3 MB"), std::string::npos) << answer;
  EXPECT_EQ(items(), 1u);

  // Another route is not widened: a body over --max-body is its ordinary 413.
  httplib::Result other = client.Post("/api/v1/knowledge", text, "application/json");
  ASSERT_TRUE(other) << httplib::to_string(other.error());
  EXPECT_EQ(other->status, 413) << other->body;
  EXPECT_NE(other->body.find(std::to_string(options.max_body_bytes)), std::string::npos);
  EXPECT_EQ(items(), 1u);
  server->Stop();
  *kb = knowledge::OpenedKnowledgeBase();  // closed before its directory goes
  fs::remove_all(dir);
}

}  // namespace
}  // namespace askdb::server::api
