// Whether a conversion request is the whole request: the text the conversion scan left unread
// (quick_path/conversion_scan.h, ScanConversion's `unread`) holds only the words that ask for a
// conversion ("how many … is that", "合多少", "convert … to", "汇率") and a short subject
// ("my package weighs", "我的硬盘是"). A conversion inside a data question leaves words that
// are not framing ("how many orders weigh over 100 kg", "sales in usd by region"), so the
// classifier types only a whole conversion simple.
//
// Thread-safety: a free function over a pattern compiled once.
#pragma once

#include <string_view>

namespace askdb::agent {

// `unread`: normalised text (lower case), the pieces the scan read replaced by spaces.
bool OnlyConversionFraming(std::string_view unread);

}  // namespace askdb::agent
