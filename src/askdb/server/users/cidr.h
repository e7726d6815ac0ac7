// CidrSet: the addresses a trusted reverse proxy may connect from (auth.trusted_proxies),
// IPv4 and IPv6 networks in CIDR form ("10.0.0.0/8", "::1/128", a bare address = one host).
// An IPv4-mapped IPv6 peer (::ffff:10.1.2.3) matches the IPv4 networks.
//
// Immutable after Parse; thread-safe.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/status.h"

namespace askdb::server::users {

class CidrSet {
 public:
  // InvalidArgument naming the entry that is not an address or network.
  static StatusOr<CidrSet> Parse(const std::vector<std::string>& entries);
  bool Contains(std::string_view address) const;
  bool empty() const { return nets_.empty(); }

 private:
  struct Net {
    std::array<unsigned char, 16> bytes{};  // IPv4 as ::ffff:a.b.c.d
    int prefix = 128;
  };
  std::vector<Net> nets_;
};

}  // namespace askdb::server::users
