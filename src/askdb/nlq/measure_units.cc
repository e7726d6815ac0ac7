#include "askdb/nlq/measure_units.h"

#include <algorithm>
#include <iterator>
#include <string>
#include <utility>

#include "askdb/common/text.h"
#include "askdb/nlq/schema_index.h"

namespace askdb::nlq {

UnitWord UnitWordAt(std::string_view text) {
  static constexpr std::pair<std::string_view, MeasureKind> kUnits[] = {
      {"平方千米", MeasureKind::kArea}, {"平方公里", MeasureKind::kArea},
      {"平方米", MeasureKind::kArea},   {"平米", MeasureKind::kArea},
      {"公顷", MeasureKind::kArea},     {"亩", MeasureKind::kArea},
      {"千米", MeasureKind::kLength},   {"公里", MeasureKind::kLength},
      {"厘米", MeasureKind::kLength},   {"毫米", MeasureKind::kLength},
      {"英里", MeasureKind::kLength},   {"米", MeasureKind::kLength},
      {"公斤", MeasureKind::kWeight},   {"千克", MeasureKind::kWeight},
      {"吨", MeasureKind::kWeight},     {"克", MeasureKind::kWeight},
      {"斤", MeasureKind::kWeight},     {"毫秒", MeasureKind::kDuration},
      {"秒", MeasureKind::kDuration},   {"分钟", MeasureKind::kDuration},
      {"小时", MeasureKind::kDuration}, {"美元", MeasureKind::kMoney},
      {"港元", MeasureKind::kMoney},    {"欧元", MeasureKind::kMoney},
      {"日元", MeasureKind::kMoney},    {"英镑", MeasureKind::kMoney},
      {"人民币", MeasureKind::kMoney},  {"元", MeasureKind::kMoney},
      {"块钱", MeasureKind::kMoney},    {"块", MeasureKind::kMoney}};
  for (const auto& [word, kind] : kUnits) {
    if (text.starts_with(word)) return {word, kind};
  }
  if (text.starts_with("平") && !text.starts_with("平均")) return {"平", MeasureKind::kArea};
  return {};
}

bool IsUnitWord(std::string_view text) {
  if (text.empty()) return false;
  if (UnitWordAt(text).word == text) return true;
  static constexpr std::string_view kOther[] = {
      "万元", "亿元", "千元", "万", "亿", "%",  "％", "个", "人", "次", "天", "件",
      "台",   "年",   "月",   "周", "岁", "kg", "km", "m2", "㎡", "cm", "mm", "min"};
  return std::find(std::begin(kOther), std::end(kOther), text) != std::end(kOther);
}

MeasureKind ColumnMeasureKind(const IndexedColumn& c) {
  static constexpr std::pair<std::string_view, MeasureKind> kCues[] = {
      {"时长", MeasureKind::kDuration},   {"片长", MeasureKind::kDuration},
      {"耗时", MeasureKind::kDuration},   {"millisecond", MeasureKind::kDuration},
      {"second", MeasureKind::kDuration}, {"duration", MeasureKind::kDuration},
      {"面积", MeasureKind::kArea},       {"占地", MeasureKind::kArea},
      {"area", MeasureKind::kArea},       {"sqm", MeasureKind::kArea},
      {"长度", MeasureKind::kLength},     {"距离", MeasureKind::kLength},
      {"里程", MeasureKind::kLength},     {"高度", MeasureKind::kLength},
      {"身高", MeasureKind::kLength},     {"海拔", MeasureKind::kLength},
      {"周长", MeasureKind::kLength},     {"直径", MeasureKind::kLength},
      {"半径", MeasureKind::kLength},     {"length", MeasureKind::kLength},
      {"distance", MeasureKind::kLength}, {"height", MeasureKind::kLength},
      {"重量", MeasureKind::kWeight},     {"体重", MeasureKind::kWeight},
      {"weight", MeasureKind::kWeight},   {"价", MeasureKind::kMoney},
      {"金额", MeasureKind::kMoney},      {"收入", MeasureKind::kMoney},
      {"营收", MeasureKind::kMoney},      {"销售额", MeasureKind::kMoney},
      {"工资", MeasureKind::kMoney},      {"薪", MeasureKind::kMoney},
      {"费", MeasureKind::kMoney},        {"成本", MeasureKind::kMoney},
      {"利润", MeasureKind::kMoney},      {"资本", MeasureKind::kMoney},
      {"票房", MeasureKind::kMoney},      {"price", MeasureKind::kMoney},
      {"amount", MeasureKind::kMoney},    {"total", MeasureKind::kMoney},
      {"cost", MeasureKind::kMoney},      {"revenue", MeasureKind::kMoney},
      {"salary", MeasureKind::kMoney}};
  const std::string names = text::AsciiLower(c.name + " " + c.display_zh + " " + c.display_en);
  for (const auto& [cue, kind] : kCues) {
    if (names.find(cue) != std::string::npos) return kind;
  }
  return MeasureKind::kNone;
}

bool UnitFitsColumn(MeasureKind unit, const IndexedColumn& c) {
  const MeasureKind own = ColumnMeasureKind(c);
  return own == unit || (own == MeasureKind::kNone && unit == MeasureKind::kMoney);
}

bool ColumnNamesUnit(const IndexedColumn& c, std::string_view unit_word) {
  const std::string names = c.name + " " + c.display_zh + " " + c.display_en;
  const bool square_metres = unit_word == "平" || unit_word == "平米" || unit_word == "平方米";
  if (square_metres) {
    for (std::string_view w : {"平方米", "平米", "㎡"}) {
      if (names.find(w) != std::string::npos) return true;
    }
    return false;
  }
  return !unit_word.empty() && names.find(unit_word) != std::string::npos;
}

}  // namespace askdb::nlq
