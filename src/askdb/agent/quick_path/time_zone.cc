#include "askdb/agent/quick_path/time_zone.h"

#include <algorithm>
#include <system_error>

#include "askdb/common/file_util.h"
#include "askdb/common/text.h"

namespace askdb::agent {
namespace {

constexpr std::string_view kTzifMagic = "TZif";
constexpr size_t kHeaderBytes = 44;
constexpr size_t kCountsOffset = 20;
constexpr int kSecondsPerDay = 86400;
constexpr int kSecondsPerHour = 3600;
constexpr int kSecondsPerMinute = 60;
// POSIX TZ offsets and rule times: at most 167 hours (RFC 8536 §3.3.1).
constexpr int kMaxRuleHours = 167;
// Zone names: "America/Argentina/Buenos_Aires" is the deepest; anything longer is abuse.
constexpr size_t kMaxZoneNameBytes = 64;

uint32_t ReadU32(std::string_view b, size_t at) {
  return (static_cast<uint32_t>(static_cast<unsigned char>(b[at])) << 24) |
         (static_cast<uint32_t>(static_cast<unsigned char>(b[at + 1])) << 16) |
         (static_cast<uint32_t>(static_cast<unsigned char>(b[at + 2])) << 8) |
         static_cast<uint32_t>(static_cast<unsigned char>(b[at + 3]));
}

int64_t ReadI64(std::string_view b, size_t at) {
  const uint64_t hi = ReadU32(b, at);
  const uint64_t lo = ReadU32(b, at + 4);
  return static_cast<int64_t>((hi << 32) | lo);
}

// Parses [+-]hh[:mm[:ss]] at `s`, advancing it.
bool ParseHms(std::string_view& s, int32_t& out) {
  int sign = 1;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    sign = s[0] == '-' ? -1 : 1;
    s.remove_prefix(1);
  }
  int32_t parts[3] = {0, 0, 0};
  for (int p = 0; p < 3; ++p) {
    if (p > 0) {
      if (s.empty() || s[0] != ':') break;
      s.remove_prefix(1);
    }
    if (s.empty() || s[0] < '0' || s[0] > '9') return false;
    int32_t v = 0;
    while (!s.empty() && s[0] >= '0' && s[0] <= '9' && v <= kMaxRuleHours) {
      v = v * 10 + (s[0] - '0');
      s.remove_prefix(1);
    }
    parts[p] = v;
  }
  if (parts[0] > kMaxRuleHours || parts[1] > 59 || parts[2] > 59) return false;
  out = sign * (parts[0] * kSecondsPerHour + parts[1] * kSecondsPerMinute + parts[2]);
  return true;
}

bool ParseAbbreviation(std::string_view& s, std::string& out) {
  if (!s.empty() && s[0] == '<') {
    const size_t close = s.find('>');
    if (close == std::string_view::npos) return false;
    out = std::string(s.substr(1, close - 1));
    s.remove_prefix(close + 1);
    return !out.empty();
  }
  size_t n = 0;
  while (n < s.size() && ((s[n] >= 'A' && s[n] <= 'Z') || (s[n] >= 'a' && s[n] <= 'z'))) ++n;
  if (n < 3) return false;
  out = std::string(s.substr(0, n));
  s.remove_prefix(n);
  return true;
}

bool ParseInt(std::string_view& s, int& out) {
  if (s.empty() || s[0] < '0' || s[0] > '9') return false;
  out = 0;
  while (!s.empty() && s[0] >= '0' && s[0] <= '9' && out < 1000) {
    out = out * 10 + (s[0] - '0');
    s.remove_prefix(1);
  }
  return true;
}

int64_t DaysFromCivil(int y, unsigned m, unsigned d) {
  using namespace std::chrono;
  return sys_days(year_month_day(year(y), month(m), day(d))).time_since_epoch().count();
}

bool IsLeap(int y) { return std::chrono::year(y).is_leap(); }

int YearOf(int64_t unix_seconds) {
  const int64_t day_number = unix_seconds >= 0
                                 ? unix_seconds / kSecondsPerDay
                                 : (unix_seconds - (kSecondsPerDay - 1)) / kSecondsPerDay;
  const std::chrono::year_month_day ymd{std::chrono::sys_days(std::chrono::days(day_number))};
  return static_cast<int>(ymd.year());
}

}  // namespace

StatusOr<TimeZone> TimeZone::FromTzif(std::string_view b, std::string name) {
  const auto bad = [&name](std::string_view what) {
    return InvalidArgumentError("time zone '" + name + "': not a valid TZif file (" +
                                std::string(what) + "); reinstall the tzdata package");
  };
  if (b.size() < kHeaderBytes || b.substr(0, kTzifMagic.size()) != kTzifMagic) {
    return bad("bad header");
  }
  const char version = b[4];
  // Section sizes for a data block whose times are `time_bytes` wide.
  const auto block_size = [&b](size_t header_at, size_t time_bytes, uint32_t counts[6]) {
    for (int i = 0; i < 6; ++i) counts[i] = ReadU32(b, header_at + kCountsOffset + 4 * i);
    const uint64_t isut = counts[0], isstd = counts[1], leap = counts[2], timecnt = counts[3],
                   typecnt = counts[4], charcnt = counts[5];
    return timecnt * time_bytes + timecnt + typecnt * 6 + charcnt + leap * (time_bytes + 4) +
           isstd + isut;
  };
  uint32_t counts[6];
  size_t header_at = 0;
  size_t time_bytes = 4;
  uint64_t size = block_size(0, 4, counts);
  if (version >= '2') {
    const uint64_t second_header = kHeaderBytes + size;
    if (second_header + kHeaderBytes > b.size()) return bad("truncated");
    if (b.substr(second_header, kTzifMagic.size()) != kTzifMagic) return bad("bad v2 header");
    header_at = second_header;
    time_bytes = 8;
    size = block_size(header_at, 8, counts);
  }
  const size_t data_at = header_at + kHeaderBytes;
  if (data_at + size > b.size()) return bad("truncated data");
  const uint32_t timecnt = counts[3], typecnt = counts[4], charcnt = counts[5];
  if (typecnt == 0) return bad("no local time types");

  TimeZone tz;
  tz.name_ = std::move(name);
  size_t at = data_at;
  for (uint32_t i = 0; i < timecnt; ++i, at += time_bytes) {
    tz.transitions_.push_back(time_bytes == 8 ? ReadI64(b, at)
                                              : static_cast<int32_t>(ReadU32(b, at)));
  }
  for (uint32_t i = 0; i < timecnt; ++i, ++at) {
    const auto idx = static_cast<uint8_t>(b[at]);
    if (idx >= typecnt) return bad("transition type out of range");
    tz.transition_types_.push_back(idx);
  }
  const size_t types_at = at;
  const size_t chars_at = types_at + typecnt * 6;
  for (uint32_t i = 0; i < typecnt; ++i) {
    const size_t t = types_at + i * 6;
    Type type;
    type.utc_offset = static_cast<int32_t>(ReadU32(b, t));
    type.is_dst = b[t + 4] != 0;
    const auto desig = static_cast<unsigned char>(b[t + 5]);
    if (desig < charcnt) {
      const std::string_view chars = b.substr(chars_at, charcnt);
      const size_t end = chars.find('\0', desig);
      type.abbreviation = std::string(chars.substr(
          desig, end == std::string_view::npos ? std::string_view::npos : end - desig));
    }
    tz.types_.push_back(std::move(type));
  }
  if (version >= '2') {
    const size_t footer_at = data_at + size;
    if (footer_at < b.size() && b[footer_at] == '\n') {
      const size_t end = b.find('\n', footer_at + 1);
      if (end != std::string_view::npos) {
        ParsePosixRule(b.substr(footer_at + 1, end - footer_at - 1), tz.rule_);
      }
    }
  }
  return tz;
}

StatusOr<TimeZone> TimeZone::Load(std::string_view iana_name,
                                  const std::filesystem::path& zoneinfo_dir) {
  const auto not_found = [&iana_name]() {
    return NotFoundError("unknown time zone '" + std::string(iana_name) +
                         "'; use an IANA name such as Asia/Shanghai or America/New_York");
  };
  if (iana_name.empty() || iana_name.size() > kMaxZoneNameBytes) return not_found();
  // UTC needs no tz database (a minimal container has none, and `--tz UTC` was refused there);
  // the built-in zone is the file's.
  if (text::AsciiLower(iana_name) == "utc") return Utc();
  for (char c : iana_name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '/' || c == '_' || c == '-' || c == '+';
    if (!ok) return not_found();
  }
  // Walk the path one segment at a time, matching names case-insensitively, so that a
  // normalised (lower-case) question still finds "America/New_York". Never leaves the dir.
  std::filesystem::path path = zoneinfo_dir;
  std::string canonical;
  size_t start = 0;
  while (start <= iana_name.size()) {
    const size_t slash = iana_name.find('/', start);
    const std::string_view segment =
        iana_name.substr(start, slash == std::string_view::npos ? slash : slash - start);
    if (segment.empty() || segment == "." || segment == "..") return not_found();
    std::error_code ec;
    std::string found;
    for (const auto& entry : std::filesystem::directory_iterator(path, ec)) {
      const std::string file = entry.path().filename().string();
      if (text::AsciiLower(file) == text::AsciiLower(segment)) {
        found = file;
        if (file == segment) break;
      }
    }
    if (ec || found.empty()) return not_found();
    path /= found;
    canonical += (canonical.empty() ? "" : "/") + found;
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return not_found();
  ASKDB_ASSIGN_OR_RETURN(std::string bytes, ReadFile(path));
  return FromTzif(bytes, canonical);
}

TimeZone TimeZone::Local(const std::filesystem::path& zoneinfo_dir) {
  const std::filesystem::path localtime = "/etc/localtime";
  std::error_code ec;
  std::string name = "local";
  const auto target = std::filesystem::read_symlink(localtime, ec);
  if (!ec) {
    // ".../zoneinfo/Europe/Berlin" → "Europe/Berlin".
    const std::string t = target.string();
    const size_t at = t.find("zoneinfo/");
    if (at != std::string::npos) name = t.substr(at + std::string_view("zoneinfo/").size());
  }
  auto bytes = ReadFile(localtime);
  if (bytes.ok()) {
    auto tz = FromTzif(*bytes, name);
    if (tz.ok()) return *std::move(tz);
  }
  (void)zoneinfo_dir;
  return Utc();
}

TimeZone TimeZone::Utc() {
  TimeZone tz;
  tz.name_ = "UTC";
  tz.types_.push_back(Type{0, false, "UTC"});
  return tz;
}

bool TimeZone::ParsePosixRule(std::string_view s, PosixRule& rule) {
  rule = PosixRule();
  int32_t offset = 0;
  if (!ParseAbbreviation(s, rule.standard.abbreviation) || !ParseHms(s, offset)) return false;
  rule.standard.utc_offset = -offset;  // POSIX counts west of Greenwich as positive
  if (s.empty()) {
    rule.valid = true;
    return true;
  }
  if (!ParseAbbreviation(s, rule.dst.abbreviation)) return false;
  rule.dst.is_dst = true;
  rule.dst.utc_offset = rule.standard.utc_offset + kSecondsPerHour;
  if (!s.empty() && s[0] != ',') {
    if (!ParseHms(s, offset)) return false;
    rule.dst.utc_offset = -offset;
  }
  const auto parse_date = [&s](RuleDate& d) {
    if (s.empty() || s[0] != ',') return false;
    s.remove_prefix(1);
    if (!s.empty() && s[0] == 'M') {
      s.remove_prefix(1);
      d.kind = RuleDate::Kind::kMonthWeekDay;
      if (!ParseInt(s, d.month) || s.empty() || s[0] != '.') return false;
      s.remove_prefix(1);
      if (!ParseInt(s, d.week) || s.empty() || s[0] != '.') return false;
      s.remove_prefix(1);
      if (!ParseInt(s, d.weekday)) return false;
      if (d.month < 1 || d.month > 12 || d.week < 1 || d.week > 5 || d.weekday > 6) return false;
    } else if (!s.empty() && s[0] == 'J') {
      s.remove_prefix(1);
      d.kind = RuleDate::Kind::kJulianNoLeap;
      if (!ParseInt(s, d.day) || d.day < 1 || d.day > 365) return false;
    } else {
      d.kind = RuleDate::Kind::kJulianZero;
      if (!ParseInt(s, d.day) || d.day > 365) return false;
    }
    if (!s.empty() && s[0] == '/') {
      s.remove_prefix(1);
      if (!ParseHms(s, d.time)) return false;
    }
    return true;
  };
  if (!parse_date(rule.start) || !parse_date(rule.end) || !s.empty()) return false;
  rule.has_dst = true;
  rule.valid = true;
  return true;
}

namespace {

// Local midnight (as seconds since the epoch, ignoring offsets) of a rule date in `year`.
int64_t RuleDayStart(int year, int kind, int month, int week, int weekday, int day) {
  using std::chrono::sys_days;
  int64_t day_number = 0;
  if (kind == 0) {  // Jn: 1..365, February 29 never counted
    day_number = DaysFromCivil(year, 1, 1) + day - 1;
    if (IsLeap(year) && day >= 60) ++day_number;
  } else if (kind == 1) {  // n: 0..365, counting February 29
    day_number = DaysFromCivil(year, 1, 1) + day;
  } else {  // Mm.w.d: weekday d of week w (5 = last) of month m
    const int64_t first = DaysFromCivil(year, static_cast<unsigned>(month), 1);
    const int first_wd =
        static_cast<int>(std::chrono::weekday(sys_days(std::chrono::days(first))).c_encoding());
    const int64_t next_month = month == 12
                                   ? DaysFromCivil(year + 1, 1, 1)
                                   : DaysFromCivil(year, static_cast<unsigned>(month) + 1, 1);
    int64_t d = first + (weekday - first_wd + 7) % 7 + static_cast<int64_t>(week - 1) * 7;
    while (d >= next_month) d -= 7;
    day_number = d;
  }
  return day_number * kSecondsPerDay;
}

}  // namespace

TimeZone::Type TimeZone::TypeFromRule(int64_t t) const {
  if (!rule_.has_dst) return rule_.standard;
  const int year = YearOf(t + rule_.standard.utc_offset);
  const auto instant = [year](const RuleDate& d, int32_t offset) {
    return RuleDayStart(year, static_cast<int>(d.kind), d.month, d.week, d.weekday, d.day) +
           d.time - offset;
  };
  // The start is given in standard time, the end in daylight time.
  const int64_t start = instant(rule_.start, rule_.standard.utc_offset);
  const int64_t end = instant(rule_.end, rule_.dst.utc_offset);
  const bool dst = start < end ? (t >= start && t < end) : !(t >= end && t < start);
  return dst ? rule_.dst : rule_.standard;
}

TimeZone::Type TimeZone::TypeAt(int64_t t) const {
  if (transitions_.empty() || t >= transitions_.back()) {
    if (rule_.valid && (transitions_.empty() || t >= transitions_.back())) {
      return TypeFromRule(t);
    }
    return transitions_.empty() ? types_.front() : types_[transition_types_.back()];
  }
  const auto it = std::upper_bound(transitions_.begin(), transitions_.end(), t);
  if (it == transitions_.begin()) return types_.front();
  return types_[transition_types_[static_cast<size_t>(it - transitions_.begin()) - 1]];
}

LocalTime TimeZone::ToLocal(std::chrono::system_clock::time_point tp) const {
  using namespace std::chrono;
  const int64_t t = duration_cast<seconds>(tp.time_since_epoch()).count();
  const Type type = TypeAt(t);
  const int64_t local = t + type.utc_offset;
  const auto day_point = floor<days>(sys_seconds(seconds(local)));
  const year_month_day ymd{day_point};
  const hh_mm_ss hms{sys_seconds(seconds(local)) - day_point};
  LocalTime out;
  out.year = static_cast<int>(ymd.year());
  out.month = static_cast<int>(static_cast<unsigned>(ymd.month()));
  out.day = static_cast<int>(static_cast<unsigned>(ymd.day()));
  out.hour = static_cast<int>(hms.hours().count());
  out.minute = static_cast<int>(hms.minutes().count());
  out.second = static_cast<int>(hms.seconds().count());
  out.weekday = static_cast<int>(std::chrono::weekday(day_point).c_encoding());
  out.utc_offset_seconds = type.utc_offset;
  out.is_dst = type.is_dst;
  out.abbreviation = type.abbreviation;
  return out;
}

}  // namespace askdb::agent
