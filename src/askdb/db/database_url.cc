#include "askdb/db/database_url.h"

#include <array>
#include <charconv>

#include "askdb/db/ascii_util.h"

namespace askdb::db {
namespace {

struct SchemeInfo {
  std::string_view scheme;
  std::string_view engine;
  bool server;  // true: scheme://authority/database; false: a file path
};

constexpr std::array<SchemeInfo, 5> kSchemes = {{
    {"sqlite", "sqlite", false},
    {"postgres", "postgres", true},
    {"postgresql", "postgres", true},
    {"mysql", "mysql", true},
    {"mariadb", "mysql", true},
}};

// Query parameters whose values are secrets and are masked like the password.
constexpr std::array<std::string_view, 7> kSecretParams = {"password",    "pass",   "passwd", "pwd",
                                                           "sslpassword", "secret", "token"};

constexpr std::string_view kMask = "***";
constexpr int kMinPort = 1;
constexpr int kMaxPort = 65535;

constexpr std::string_view kForms =
    "sqlite:PATH, sqlite:///ABSOLUTE/PATH, a bare file path (demo.sqlite, /data/shop.db), "
    "postgres://USER:PASSWORD@HOST:PORT/DATABASE, mysql://USER:PASSWORD@HOST:PORT/DATABASE";

const SchemeInfo* FindScheme(std::string_view scheme) {
  for (const SchemeInfo& info : kSchemes) {
    if (internal::EqualsIgnoreAsciiCase(info.scheme, scheme)) return &info;
  }
  return nullptr;
}

std::string_view Trim(std::string_view s) {
  auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

// Masks the password of a URL that may not parse, so that error messages can echo it.
std::string RedactRaw(std::string_view url) {
  size_t start = url.find("://");
  if (start == std::string_view::npos) return std::string(url);
  start += 3;
  size_t end = url.find_first_of("/?#", start);
  std::string_view authority =
      url.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
  size_t at = authority.rfind('@');
  if (at == std::string_view::npos) return std::string(url);
  size_t colon = authority.substr(0, at).find(':');
  if (colon == std::string_view::npos) return std::string(url);
  std::string out(url.substr(0, start + colon + 1));
  out += kMask;
  out += url.substr(start + at);
  return out;
}

Status Malformed(std::string_view url, std::string_view what) {
  return InvalidArgumentError("malformed database URL '" + RedactRaw(url) + "': " +
                              std::string(what) + "; accepted forms: " + std::string(kForms));
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = internal::AsciiToLower(c);
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

// Percent-decoding; nullopt on a broken escape.
std::optional<std::string> PercentDecode(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '%') {
      out += s[i];
      continue;
    }
    if (i + 2 >= s.size()) return std::nullopt;
    int hi = HexValue(s[i + 1]);
    int lo = HexValue(s[i + 2]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out += static_cast<char>(hi * 16 + lo);
    i += 2;
  }
  return out;
}

std::string PercentEncode(std::string_view s) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (char c : s) {
    unsigned char u = static_cast<unsigned char>(c);
    bool unreserved = (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') ||
                      u == '-' || u == '.' || u == '_' || u == '~';
    if (unreserved) {
      out += c;
    } else {
      out += '%';
      out += kHex[u >> 4];
      out += kHex[u & 15];
    }
  }
  return out;
}

bool IsSecretParam(std::string_view key) {
  for (std::string_view secret : kSecretParams) {
    if (internal::EqualsIgnoreAsciiCase(secret, key)) return true;
  }
  return false;
}

bool IsValidSchemeText(std::string_view scheme) {
  if (scheme.empty()) return false;
  for (char c : scheme) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '+' || c == '-' || c == '.';
    if (!ok) return false;
  }
  return true;
}

StatusOr<DatabaseUrl> SqlitePath(std::string_view url, std::string_view path) {
  if (path.empty()) return Malformed(url, "the SQLite file path is empty");
  DatabaseUrl out;
  out.scheme = "sqlite";
  out.engine = "sqlite";
  out.database = std::string(path);
  return out;
}

// `rest` is what follows "sqlite://".
StatusOr<DatabaseUrl> ParseSqliteSlashes(std::string_view url, std::string_view rest) {
  if (rest.empty()) return Malformed(url, "the SQLite file path is empty");
  if (rest.front() != '/') {
    return Malformed(url, "sqlite://" + std::string(rest) +
                              " is ambiguous (two slashes start a host name); write sqlite:" +
                              std::string(rest) + " for a relative path or sqlite:///" +
                              std::string(rest) + " for an absolute one");
  }
  return SqlitePath(url, rest);
}

Status ParsePort(std::string_view url, std::string_view text, DatabaseUrl& out) {
  if (text.empty()) return Malformed(url, "the port after ':' is empty");
  int port = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), port);
  if (ec != std::errc() || end != text.data() + text.size() || port < kMinPort || port > kMaxPort) {
    return Malformed(url, "port '" + std::string(text) + "' is not a number from " +
                              std::to_string(kMinPort) + " to " + std::to_string(kMaxPort));
  }
  out.port = port;
  return Status::Ok();
}

Status ParseHostPort(std::string_view url, std::string_view hostport, DatabaseUrl& out) {
  std::string_view port_text;
  bool has_port = false;
  if (!hostport.empty() && hostport.front() == '[') {
    size_t close = hostport.find(']');
    if (close == std::string_view::npos) return Malformed(url, "an IPv6 host lacks its ']'");
    out.host = std::string(hostport.substr(1, close - 1));
    std::string_view after = hostport.substr(close + 1);
    if (!after.empty()) {
      if (after.front() != ':') return Malformed(url, "unexpected text after the IPv6 host");
      has_port = true;
      port_text = after.substr(1);
    }
  } else {
    size_t colon = hostport.rfind(':');
    if (colon != std::string_view::npos) {
      has_port = true;
      port_text = hostport.substr(colon + 1);
      hostport = hostport.substr(0, colon);
    }
    out.host = std::string(hostport);
  }
  if (out.host.empty()) {
    return Malformed(url, "the host is missing (e.g. " + out.scheme + "://user@localhost/db)");
  }
  if (has_port) ASKDB_RETURN_IF_ERROR(ParsePort(url, port_text, out));
  return Status::Ok();
}

Status ParseParams(std::string_view url, std::string_view query, DatabaseUrl& out) {
  while (!query.empty()) {
    size_t amp = query.find('&');
    std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    if (pair.empty()) continue;
    size_t eq = pair.find('=');
    std::optional<std::string> key = PercentDecode(pair.substr(0, eq));
    std::optional<std::string> value =
        PercentDecode(eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1));
    if (!key || !value) return Malformed(url, "a parameter has a broken %-escape");
    if (key->empty()) return Malformed(url, "a parameter has no name before '='");
    out.params.emplace_back(std::move(*key), std::move(*value));
  }
  return Status::Ok();
}

// `rest` is what follows "scheme://".
StatusOr<DatabaseUrl> ParseServer(std::string_view url, const SchemeInfo& info, std::string scheme,
                                  std::string_view rest) {
  DatabaseUrl out;
  out.scheme = std::move(scheme);
  out.engine = std::string(info.engine);
  if (rest.find('#') != std::string_view::npos) {
    return Malformed(url, "'#' is not allowed; write it as %23 inside a password");
  }
  size_t q = rest.find('?');
  std::string_view query;
  if (q != std::string_view::npos) {
    query = rest.substr(q + 1);
    rest = rest.substr(0, q);
  }
  size_t slash = rest.find('/');
  std::string_view authority = rest.substr(0, slash);
  std::string_view db_text =
      slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);

  size_t at = authority.rfind('@');
  std::string_view hostport = authority;
  if (at != std::string_view::npos) {
    std::string_view userinfo = authority.substr(0, at);
    hostport = authority.substr(at + 1);
    size_t colon = userinfo.find(':');
    std::optional<std::string> user = PercentDecode(userinfo.substr(0, colon));
    if (!user) return Malformed(url, "the user name has a broken %-escape");
    if (user->empty()) return Malformed(url, "the user name before '@' is empty");
    out.user = std::move(*user);
    if (colon != std::string_view::npos) {
      std::optional<std::string> password = PercentDecode(userinfo.substr(colon + 1));
      if (!password) return Malformed(url, "the password has a broken %-escape");
      out.password = std::move(*password);
      out.has_password = true;
    }
  }
  ASKDB_RETURN_IF_ERROR(ParseHostPort(url, hostport, out));

  std::optional<std::string> database = PercentDecode(db_text);
  if (!database) return Malformed(url, "the database name has a broken %-escape");
  if (database->find('/') != std::string::npos) {
    return Malformed(url, "the database name '" + *database + "' contains '/'");
  }
  out.database = std::move(*database);
  ASKDB_RETURN_IF_ERROR(ParseParams(url, query, out));
  return out;
}

}  // namespace

std::string_view DatabaseUrlForms() { return kForms; }

std::string DatabaseUrl::Redacted() const {
  if (is_sqlite()) return "sqlite:" + database;
  std::string out = scheme + "://";
  if (!user.empty()) {
    out += PercentEncode(user);
    if (has_password) {
      out += ':';
      out += kMask;
    }
    out += '@';
  }
  out += host.find(':') != std::string::npos ? "[" + host + "]" : host;
  if (port) out += ":" + std::to_string(*port);
  out += "/" + PercentEncode(database);
  char sep = '?';
  for (const auto& [key, value] : params) {
    out += sep;
    sep = '&';
    out +=
        PercentEncode(key) + "=" + (IsSecretParam(key) ? std::string(kMask) : PercentEncode(value));
  }
  return out;
}

StatusOr<DatabaseUrl> ParseDatabaseUrl(std::string_view raw) {
  std::string_view url = Trim(raw);
  if (url.empty()) {
    return InvalidArgumentError("the database URL is empty; accepted forms: " +
                                std::string(kForms));
  }
  size_t sep = url.find("://");
  if (sep != std::string_view::npos) {
    std::string_view scheme_text = url.substr(0, sep);
    const SchemeInfo* info = IsValidSchemeText(scheme_text) ? FindScheme(scheme_text) : nullptr;
    if (info == nullptr) {
      return Malformed(url, "unknown scheme '" + std::string(scheme_text) + "'");
    }
    std::string_view rest = url.substr(sep + 3);
    if (!info->server) return ParseSqliteSlashes(url, rest);
    return ParseServer(url, *info, internal::AsciiLowerCopy(scheme_text), rest);
  }
  size_t colon = url.find(':');
  if (colon != std::string_view::npos) {
    const SchemeInfo* info = FindScheme(url.substr(0, colon));
    if (info != nullptr) {
      if (!info->server) return SqlitePath(url, url.substr(colon + 1));
      return Malformed(url, "a " + std::string(info->engine) + " URL needs '//' after '" +
                                std::string(url.substr(0, colon + 1)) + "'");
    }
  }
  // No scheme: a file path, which askdb opens as SQLite.
  return SqlitePath(url, url);
}

}  // namespace askdb::db
