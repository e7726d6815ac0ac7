// What a Chinese unit word and a column measure (money, a length, an area, a weight, a
// duration), so that a number said in a unit is compared only with a column of that kind:
// "面积在500平以上" compares the area, "时长在5公里以上" compares nothing.
#pragma once

#include <string_view>

namespace askdb::nlq {

struct IndexedColumn;

enum class MeasureKind { kNone, kMoney, kLength, kArea, kWeight, kDuration };

struct UnitWord {
  std::string_view word;  // "", "美元", "平方米", "平" …
  MeasureKind kind = MeasureKind::kNone;
};

// The unit word `text` starts with, longest first (平方米 before 米); kNone when none. 平 alone
// is the spoken 平方米 (150平), never the 平 of 平均.
UnitWord UnitWordAt(std::string_view text);

// `text` is a unit word and nothing else: one UnitWordAt reads whole, or a unit that counts or
// scales (万元, 亿元, %, 个, 人, 次, 天, 件, kg…). 金额(元) is 金额 in 元; 金额(退款) is no unit.
bool IsUnitWord(std::string_view text);

// What a column measures, by the words of its names (时长 before 长度: a duration; 增长率 has
// none); kNone when no word says.
MeasureKind ColumnMeasureKind(const IndexedColumn& c);

// A number said in `unit` may be compared with `c`: the column measures that kind, or its words
// say nothing and the unit is money (a plain number column priced in 元 is common; in 公里, a
// guess).
bool UnitFitsColumn(MeasureKind unit, const IndexedColumn& c);

// The column's names say the unit its numbers are in ("面积(平方米)", "distance_km" is not
// read: only the Chinese word itself, or 平米/㎡ for 平). A length, an area or a weight is
// compared only then: "距离在3公里以上" on a column held in metres would compare 3 with metres.
bool ColumnNamesUnit(const IndexedColumn& c, std::string_view unit_word);

}  // namespace askdb::nlq
