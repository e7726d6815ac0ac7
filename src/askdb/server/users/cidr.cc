#include "askdb/server/users/cidr.h"

#include <arpa/inet.h>

#include <cstring>
#include <optional>

namespace askdb::server::users {
namespace {

// The address as 16 bytes (IPv4 mapped into ::ffff:0:0/96) and whether it was IPv4.
std::optional<std::pair<std::array<unsigned char, 16>, bool>> ToBytes(std::string text) {
  if (text.size() > 2 && text.front() == '[' && text.back() == ']') {
    text = text.substr(1, text.size() - 2);
  }
  std::array<unsigned char, 16> out{};
  in_addr v4{};
  if (inet_pton(AF_INET, text.c_str(), &v4) == 1) {
    out[10] = out[11] = 0xFF;
    std::memcpy(out.data() + 12, &v4, 4);
    return std::make_pair(out, true);
  }
  in6_addr v6{};
  if (inet_pton(AF_INET6, text.c_str(), &v6) == 1) {
    std::memcpy(out.data(), &v6, 16);
    return std::make_pair(out, false);
  }
  return std::nullopt;
}

}  // namespace

StatusOr<CidrSet> CidrSet::Parse(const std::vector<std::string>& entries) {
  CidrSet set;
  for (const std::string& entry : entries) {
    const size_t slash = entry.find('/');
    auto bytes = ToBytes(entry.substr(0, slash));
    auto bad = [&entry] {
      return InvalidArgumentError("auth.trusted_proxies: '" + entry +
                                  "' is not an IP address or network (e.g. 10.0.0.0/8, ::1/128)");
    };
    if (!bytes) return bad();
    Net net;
    net.bytes = bytes->first;
    const int max = bytes->second ? 32 : 128;
    int prefix = max;
    if (slash != std::string::npos) {
      const std::string digits = entry.substr(slash + 1);
      if (digits.empty() || digits.size() > 3 ||
          digits.find_first_not_of("0123456789") != std::string::npos) {
        return bad();
      }
      prefix = std::stoi(digits);
      if (prefix > max) return bad();
    }
    net.prefix = bytes->second ? prefix + 96 : prefix;
    set.nets_.push_back(net);
  }
  return set;
}

bool CidrSet::Contains(std::string_view address) const {
  auto bytes = ToBytes(std::string(address));
  if (!bytes) return false;
  for (const Net& net : nets_) {
    int bits = net.prefix;
    bool match = true;
    for (int i = 0; i < 16 && bits > 0 && match; ++i, bits -= 8) {
      const unsigned char mask = bits >= 8 ? 0xFF : static_cast<unsigned char>(0xFF << (8 - bits));
      match = (bytes->first[i] & mask) == (net.bytes[i] & mask);
    }
    if (match) return true;
  }
  return false;
}

}  // namespace askdb::server::users
