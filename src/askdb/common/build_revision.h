// The build of askdb that is running: "<project version>+<git commit>" ("+unknown" when built
// outside a git checkout). Written at build time (cmake/askdb_build_revision.cmake), so that
// what one build stored (cached answers) is not taken for another build's.
#pragma once

#include <string_view>

namespace askdb {

std::string_view BuildRevision();

}  // namespace askdb
