#include "askdb/db/postgres/pg_connection.h"

#include <algorithm>

#include "askdb/db/server_support.h"

namespace askdb::db::postgres_internal {
namespace {

constexpr int kMinConnectTimeoutSeconds = 2;  // libpq treats smaller values as 2

void IgnoreNotice(void*, const PGresult*) {}

}  // namespace

ConnParams UrlConnParams(const DatabaseUrl& url, const std::optional<std::string>& password,
                         std::chrono::milliseconds connect_timeout,
                         std::string_view application_name) {
  ConnParams params;
  if (!url.host.empty()) params.emplace_back("host", url.host);
  if (url.port) params.emplace_back("port", std::to_string(*url.port));
  if (!url.database.empty()) params.emplace_back("dbname", url.database);
  if (!url.user.empty()) params.emplace_back("user", url.user);
  if (password) params.emplace_back("password", *password);
  const long long timeout_s = (connect_timeout.count() + 999) / 1000;
  params.emplace_back("connect_timeout",
                      std::to_string(std::max<long long>(kMinConnectTimeoutSeconds, timeout_s)));
  params.emplace_back("application_name", std::string(application_name));
  params.emplace_back("client_encoding", "UTF8");
  return params;
}

StatusOr<std::unique_ptr<Session>> OpenSession(const ConnParams& params, ServerNotices notices,
                                               std::string_view where,
                                               const ConnectFailureFn& failure) {
  std::vector<const char*> keys;
  std::vector<const char*> values;
  for (const auto& [key, value] : params) {
    keys.push_back(key.c_str());
    values.push_back(value.c_str());
  }
  keys.push_back(nullptr);
  values.push_back(nullptr);
  auto session = std::make_unique<Session>(PQconnectdbParams(keys.data(), values.data(), 0));
  if (session->conn() == nullptr) {
    return ResourceExhaustedError("libpq could not allocate a connection to " + std::string(where));
  }
  if (PQstatus(session->conn()) != CONNECTION_OK) {
    return failure(TrimmedText(PQerrorMessage(session->conn())));
  }
  if (notices == ServerNotices::kDrop) {
    PQsetNoticeReceiver(session->conn(), IgnoreNotice, nullptr);
  }
  return session;
}

ConnectProblem ClassifyConnectFailure(std::string_view detail) {
  auto has = [detail](std::string_view part) {
    return detail.find(part) != std::string_view::npos;
  };
  // The password is checked first: with sslmode=prefer libpq retries a refused TLS attempt
  // without TLS, and its message then holds both attempts.
  if (has("authentication failed")) return ConnectProblem::kAuthentication;
  if (has("no password supplied") || has("password is required")) {
    return ConnectProblem::kNoPassword;
  }
  if (has("database \"") && has("does not exist")) return ConnectProblem::kNoDatabase;
  // sslmode=verify-ca/verify-full: libpq refused the server's certificate (unknown CA, a
  // host name it does not hold, no root certificate file) before any password was sent.
  // libpq says so itself, before any server message: the phrases are looked for only
  // before the first "FATAL:", since a server's message quotes names the user chose
  // (database "root certificate" does not exist), and with sslmode=prefer libpq appends the
  // refusal of its retry without TLS.
  const std::string_view client_part = detail.substr(0, detail.find("FATAL:"));
  auto client_has = [client_part](std::string_view part) {
    return client_part.find(part) != std::string_view::npos;
  };
  if (client_has("server certificate") || client_has("root certificate") ||
      client_has("certificate verify failed")) {
    return ConnectProblem::kTlsCertificate;
  }
  const bool tls_tried = has("SSL encryption") || has("SSL on");
  if (!tls_tried &&
      (has("no encryption") || has("SSL off") || has("requires SSL") || has("SSL required"))) {
    return ConnectProblem::kNeedsTls;
  }
  if (has("permission denied") || has("pg_hba.conf")) return ConnectProblem::kRefused;
  if (has("timeout expired")) return ConnectProblem::kTimeout;
  return ConnectProblem::kOther;
}

Status ConnectFailureStatus(const std::string& detail, const ConnectFailureWording& wording,
                            std::chrono::milliseconds connect_timeout) {
  switch (ClassifyConnectFailure(detail)) {
    case ConnectProblem::kNeedsTls:
      return PermissionDeniedError(wording.subject +
                                   " refuses unencrypted connections for this user (" + detail +
                                   "); connect with TLS: add ?sslmode=require to the URL");
    case ConnectProblem::kTlsCertificate:
      return PermissionDeniedError(
          "the TLS certificate of " + wording.target + " was not accepted (" + detail +
          "); sslrootcert= must name the file of the CA that signed the server's certificate, "
          "and with sslmode=verify-full the URL's host must be a name the certificate holds");
    case ConnectProblem::kAuthentication:
      return PermissionDeniedError("authentication failed connecting to " + wording.target + " (" +
                                   detail +
                                   "); check the user and password (URL, password_file= or " +
                                   wording.password_sources + ")");
    case ConnectProblem::kNoPassword:
      return PermissionDeniedError(wording.subject +
                                   " asks for a password and none was given; put it in the URL, "
                                   "a password_file= or " +
                                   wording.password_sources);
    case ConnectProblem::kNoDatabase:
      return NotFoundError(wording.missing_database + " (" + detail + "); " +
                           wording.missing_database_fix);
    case ConnectProblem::kRefused:
      return PermissionDeniedError(wording.subject + " refused the connection (" + detail +
                                   "); ask its administrator for access (pg_hba.conf, CONNECT)");
    case ConnectProblem::kTimeout:
      return UnavailableError("timed out connecting to " + wording.target + " after " +
                              server::FormatDuration(connect_timeout) +
                              "; check the host, port and firewall");
    case ConnectProblem::kOther:
      break;
  }
  return UnavailableError("cannot connect to " + wording.target + " (" + detail +
                          "); check that the " + wording.server +
                          " runs and the host and port are right");
}

bool ConnectionLostState(std::string_view sqlstate) {
  return sqlstate.substr(0, 2) == "08" || sqlstate == "57P01" || sqlstate == "57P02" ||
         sqlstate == "57P03";
}

std::string TrimmedText(const char* text) {
  return server::TrimTrailingSpace(text != nullptr ? text : "");
}

std::string ErrorField(const PGresult* r, int field) {
  const char* value = PQresultErrorField(r, field);
  return value != nullptr ? value : "";
}

}  // namespace askdb::db::postgres_internal
