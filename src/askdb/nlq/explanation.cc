// The explanation of a translation, as lines for people.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "askdb/nlq/parser.h"

namespace askdb::nlq {

std::string_view ChartHintName(ChartHint hint) {
  switch (hint) {
    case ChartHint::kNone:
      return "none";
    case ChartHint::kTimeSeries:
      return "time_series";
    case ChartHint::kCategory:
      return "category";
    case ChartHint::kShare:
      return "share";
  }
  return "none";
}

std::string RenderExplanation(const Translation& t, bool chinese) {
  std::string out;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f", t.confidence);
  if (t.answered) {
    out += (chinese ? "置信度 " : "confidence ") + std::string(buf) + "\n";
  } else {
    out += (chinese ? "未回答：" : "not answered: ") + t.abstain_reason + "\n";
    if (!t.understood.empty()) {
      out += chinese ? "已理解：" : "understood: ";
      for (size_t k = 0; k < t.understood.size(); ++k) out += (k ? "; " : "") + t.understood[k];
      out += "\n";
    }
  }
  for (const Mapping& m : t.explanation) {
    if (m.phrase.empty()) {
      out += "  " + m.kind + ": " + m.target + "\n";
    } else {
      out += "  \"" + m.phrase + "\" → " + m.kind + " " + m.target + "\n";
    }
  }
  return out;
}

}  // namespace askdb::nlq
