#include "askdb/nlq/distinct_count_note.h"

#include <string>

namespace askdb::nlq {
namespace {

// The note, or "" when the column held no repeated value when the schema was indexed (or its
// counts are unknown). It gives no figures: the indexed counts may be estimates (PostgreSQL,
// MySQL) and date from the indexing, so they could contradict the answer's own count.
std::string DistinctNote(const Measure& m, const SchemaIndex& index, bool chinese) {
  const IndexedColumn& col = index.columns()[m.column];
  const IndexedTable& table = index.tables()[col.table];
  if (!col.stats.distinct_count || !table.row_count || *col.stats.distinct_count <= 0 ||
      *col.stats.distinct_count >= *table.row_count) {
    return "";
  }
  const std::string& shown = chinese ? col.display_zh : col.display_en;
  const std::string& word = shown.empty() ? col.name : shown;
  if (chinese) return "（每个不同的" + word + "只计一次）";
  return " (each different " + word + " counted once)";
}

}  // namespace

void NoteDistinctCounts(const std::vector<Measure>& measures, const SchemaIndex& index,
                        bool chinese, bool asked_for_distinct, std::vector<Mapping>* explanation) {
  if (asked_for_distinct) return;
  for (const Measure& m : measures) {
    if (m.agg != Agg::kCount || !m.distinct || m.column < 0) continue;
    const std::string note = DistinctNote(m, index, chinese);
    if (note.empty()) continue;
    const IndexedColumn& col = index.columns()[m.column];
    const std::string target =
        "COUNT(DISTINCT " + index.tables()[col.table].name + "." + col.name + ")";
    for (Mapping& mapping : *explanation) {
      if (mapping.kind == "function" && mapping.target == target) {
        mapping.target += note;
        break;
      }
    }
  }
}

}  // namespace askdb::nlq
