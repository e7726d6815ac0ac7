// Access to files linked into the binary by askdb_embed_file() (cmake/askdb_embed.cmake):
// built-in data such as the demo semantic model, rule tables and the ECharts library, so
// that the askdb binary works on its own, without the source tree beside it.
#pragma once

#include <string_view>

#define ASKDB_DECLARE_EMBEDDED(name)                  \
  extern "C" const char askdb_embed_##name##_begin[]; \
  extern "C" const char askdb_embed_##name##_end[]

#define ASKDB_EMBEDDED(name)                   \
  std::string_view(askdb_embed_##name##_begin, \
                   static_cast<size_t>(askdb_embed_##name##_end - askdb_embed_##name##_begin))
