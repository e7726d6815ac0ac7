#include "askdb/demo/demo_database.h"

#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <system_error>
#include <vector>

#include "askdb/catalog/semantic_model.h"
#include "askdb/common/embedded.h"
#include "askdb/common/file_util.h"
#include "askdb/common/json.h"

ASKDB_DECLARE_EMBEDDED(demo_semantic_model);
ASKDB_DECLARE_EMBEDDED(demo_terms);

namespace askdb::demo {
namespace {

// ===== Reference data ======================================================================
// Index order in these arrays is the id order in the database (id = index + 1).

struct RegionSpec {
  const char* name_zh;
  const char* name_en;
  double spend_factor;  // how much a customer here buys relative to the national average
};

// Region indices (plain ints: they index the tables below).
constexpr int kEast = 0, kNorth = 1, kSouth = 2, kCentral = 3, kSouthwest = 4, kNorthwest = 5,
              kNortheast = 6, kRegionCount = 7;

const RegionSpec kRegions[kRegionCount] = {
    {"华东", "East China", 1.15},    {"华北", "North China", 1.05}, {"华南", "South China", 1.10},
    {"华中", "Central China", 0.95}, {"西南", "Southwest", 1.00},   {"西北", "Northwest", 0.85},
    {"东北", "Northeast", 0.85},
};

// Each listed district is one store ("上海徐汇店"); population in units of 10,000.
struct CitySpec {
  const char* name_zh;
  const char* name_en;
  int region;
  int tier;
  int population_10k;
  std::initializer_list<const char*> districts;
};

const CitySpec kCities[] = {
    {"上海", "Shanghai", kEast, 1, 2487, {"徐汇", "浦东", "静安", "闵行"}},
    {"杭州", "Hangzhou", kEast, 1, 1237, {"西湖", "滨江", "拱墅"}},
    {"南京", "Nanjing", kEast, 1, 949, {"新街口", "江宁"}},
    {"苏州", "Suzhou", kEast, 1, 1291, {"姑苏", "工业园区"}},
    {"宁波", "Ningbo", kEast, 2, 962, {"鄞州"}},
    {"合肥", "Hefei", kEast, 2, 963, {"蜀山", "政务区"}},
    {"济南", "Jinan", kEast, 2, 941, {"历下"}},
    {"青岛", "Qingdao", kEast, 2, 1034, {"市南", "黄岛"}},
    {"厦门", "Xiamen", kEast, 2, 528, {"思明"}},
    {"福州", "Fuzhou", kEast, 2, 842, {"鼓楼"}},
    {"北京", "Beijing", kNorth, 1, 2184, {"朝阳", "海淀", "西城", "丰台"}},
    {"天津", "Tianjin", kNorth, 1, 1364, {"和平", "南开"}},
    {"石家庄", "Shijiazhuang", kNorth, 2, 1120, {"长安"}},
    {"太原", "Taiyuan", kNorth, 3, 543, {"小店"}},
    {"呼和浩特", "Hohhot", kNorth, 3, 355, {"新城"}},
    {"广州", "Guangzhou", kSouth, 1, 1882, {"天河", "越秀", "番禺"}},
    {"深圳", "Shenzhen", kSouth, 1, 1768, {"南山", "福田", "宝安"}},
    {"东莞", "Dongguan", kSouth, 2, 1047, {"南城"}},
    {"南宁", "Nanning", kSouth, 3, 889, {"青秀"}},
    {"海口", "Haikou", kSouth, 3, 293, {"龙华"}},
    {"武汉", "Wuhan", kCentral, 1, 1374, {"江汉", "武昌", "光谷"}},
    {"长沙", "Changsha", kCentral, 2, 1042, {"五一广场", "岳麓"}},
    {"郑州", "Zhengzhou", kCentral, 2, 1283, {"二七", "郑东"}},
    {"南昌", "Nanchang", kCentral, 3, 654, {"红谷滩"}},
    {"成都", "Chengdu", kSouthwest, 1, 2127, {"春熙路", "高新", "武侯"}},
    {"重庆", "Chongqing", kSouthwest, 1, 3213, {"解放碑", "观音桥", "沙坪坝"}},
    {"昆明", "Kunming", kSouthwest, 2, 860, {"五华"}},
    {"贵阳", "Guiyang", kSouthwest, 3, 640, {"观山湖"}},
    {"西安", "Xi'an", kNorthwest, 1, 1308, {"钟楼", "高新", "曲江"}},
    {"兰州", "Lanzhou", kNorthwest, 3, 442, {"城关"}},
    {"乌鲁木齐", "Urumqi", kNorthwest, 3, 408, {"天山"}},
    {"沈阳", "Shenyang", kNortheast, 2, 915, {"中街", "浑南"}},
    {"哈尔滨", "Harbin", kNortheast, 2, 988, {"中央大街"}},
    {"大连", "Dalian", kNortheast, 2, 753, {"中山"}},
    {"长春", "Changchun", kNortheast, 2, 907, {"朝阳"}},
};

// Customers per head are higher in bigger cities.
constexpr double kTierCustomerFactor[] = {0, 1.3, 1.0, 0.8};

struct PriceRange {
  const char* item;
  int min_yuan;
  int max_yuan;
};

// Category indices.
constexpr int kPhones = 0, kComputers = 1, kAppliances = 2, kApparel = 3, kFood = 4, kBeauty = 5,
              kBooks = 6, kSports = 7, kHome = 8, kBaby = 9, kCategoryCount = 10;

// Product names are "{brand} {item} {variant}".
struct CategorySpec {
  const char* name_zh;
  const char* name_en;
  double order_share;     // relative share of order lines
  double cost_ratio_min;  // unit_cost / unit_price
  double cost_ratio_max;
  int max_quantity;  // per line, for a consumer
  std::initializer_list<const char*> brands;
  std::initializer_list<PriceRange> items;
  std::initializer_list<const char*> variants;
};

// clang-format off
const CategorySpec kCategories[kCategoryCount] = {
    {"手机", "Phones", 7, 0.78, 0.88, 1,
     {"华为", "小米", "苹果", "OPPO", "vivo", "荣耀"},
     {{"旗舰5G手机", 4999, 8999}, {"5G手机", 2499, 4999}, {"青春版手机", 999, 2199},
      {"折叠屏手机", 7999, 12999}},
     {"128GB", "256GB", "512GB", "1TB"}},
    {"电脑", "Computers", 5, 0.80, 0.90, 1,
     {"联想", "华为", "苹果", "戴尔", "惠普", "华硕"},
     {{"轻薄笔记本", 3999, 7999}, {"游戏本", 5999, 11999}, {"平板电脑", 1499, 4999},
      {"台式一体机", 3999, 8999}, {"27英寸显示器", 999, 2999}},
     {"标准版", "高配版", "商务版"}},
    {"家电", "Home Appliances", 7, 0.68, 0.80, 1,
     {"美的", "格力", "海尔", "小米", "西门子", "苏泊尔"},
     {{"变频空调", 2599, 4999}, {"滚筒洗衣机", 1999, 4599}, {"双开门冰箱", 2999, 6999},
      {"电饭煲", 199, 799}, {"空气炸锅", 249, 599}, {"扫地机器人", 1299, 3999},
      {"电热水器", 899, 2499}},
     {"白色", "银色", "智能款", "标准款"}},
    {"服装", "Apparel", 16, 0.35, 0.50, 3,
     {"优衣库", "李宁", "安踏", "太平鸟", "海澜之家", "波司登", "森马"},
     {{"纯棉T恤", 59, 199}, {"羽绒服", 599, 1999}, {"牛仔裤", 199, 499}, {"休闲衬衫", 149, 399},
      {"连帽卫衣", 199, 459}, {"连衣裙", 259, 699}, {"针织毛衣", 199, 599}},
     {"黑色", "白色", "藏青", "灰色", "卡其"}},
    {"食品", "Food", 18, 0.60, 0.75, 5,
     {"三只松鼠", "良品铺子", "百草味", "伊利", "蒙牛", "五芳斋"},
     {{"坚果礼盒", 99, 259}, {"纯牛奶整箱", 49, 89}, {"零食大礼包", 59, 169},
      {"东北大米5kg", 59, 129}, {"月饼礼盒", 128, 398}, {"茶叶礼盒", 168, 688}},
     {"家庭装", "礼盒装", "经典款", "新品"}},
    {"美妆", "Beauty", 12, 0.30, 0.45, 3,
     {"兰蔻", "雅诗兰黛", "欧莱雅", "珀莱雅", "完美日记", "花西子", "自然堂"},
     {{"精华液", 299, 1299}, {"保湿面霜", 199, 899}, {"口红", 129, 399}, {"洁面乳", 59, 169},
      {"防晒霜", 99, 329}, {"面膜", 79, 259}},
     {"经典款", "限定款", "套装", "旅行装"}},
    {"图书", "Books", 8, 0.55, 0.70, 3,
     {"人民文学出版社", "中信出版社", "机械工业出版社", "商务印书馆", "三联书店"},
     {{"《三体》全集", 69, 168}, {"《活着》", 29, 45}, {"《人类简史》", 49, 88},
      {"《明朝那些事儿》", 99, 258}, {"《Python编程》", 69, 139}, {"《小王子》绘本", 29, 69},
      {"《经济学原理》", 79, 158}, {"《红楼梦》", 49, 128}},
     {"精装", "平装", "典藏版"}},
    {"运动", "Sports", 9, 0.45, 0.60, 2,
     {"耐克", "阿迪达斯", "李宁", "安踏", "迪卡侬", "特步"},
     {{"跑步鞋", 299, 1099}, {"篮球鞋", 399, 1499}, {"瑜伽垫", 59, 199}, {"运动背包", 129, 399},
      {"羽毛球拍", 149, 699}, {"速干运动服", 129, 399}},
     {"男款", "女款", "经典款", "新款"}},
    {"家居", "Home", 9, 0.45, 0.60, 3,
     {"宜家", "无印良品", "网易严选", "水星家纺", "罗莱家纺", "富安娜"},
     {{"床品四件套", 299, 999}, {"羽绒被", 499, 1599}, {"乳胶枕", 129, 399}, {"收纳箱", 39, 129},
      {"香薰蜡烛", 49, 159}, {"餐具套装", 99, 399}},
     {"经典款", "北欧风", "简约款", "加厚款"}},
    {"母婴", "Baby", 7, 0.50, 0.65, 4,
     {"帮宝适", "花王", "飞鹤", "爱他美", "好孩子", "贝亲"},
     {{"纸尿裤", 99, 199}, {"婴儿奶粉", 239, 429}, {"婴儿推车", 899, 2999}, {"奶瓶", 69, 189},
      {"婴儿湿巾", 39, 89}, {"儿童安全座椅", 899, 2599}},
     {"标准装", "超值装", "新款", "经典款"}},
};
// clang-format on

// Regional taste: multiplier on a category's share (rows: regions, columns: categories).
constexpr double kRegionCategoryPreference[kRegionCount][kCategoryCount] = {
    // phones comp  appl  appar food  beauty books sport home  baby
    {1.0, 1.1, 1.0, 1.0, 0.9, 1.3, 1.1, 1.0, 1.1, 1.0},  // 华东: beauty, home
    {1.0, 1.1, 1.0, 1.0, 1.0, 1.0, 1.3, 1.0, 1.0, 1.0},  // 华北: books
    {1.3, 1.1, 1.0, 0.9, 1.0, 1.1, 0.9, 1.0, 1.0, 1.1},  // 华南: phones
    {1.0, 1.0, 1.1, 1.0, 1.1, 0.9, 1.0, 1.0, 1.0, 1.1},  // 华中
    {1.0, 0.9, 0.9, 1.0, 1.4, 1.0, 0.9, 1.0, 1.0, 1.0},  // 西南: food
    {1.0, 0.9, 1.0, 1.1, 1.1, 0.9, 1.0, 1.2, 0.9, 1.0},  // 西北: sports
    {0.9, 0.9, 1.0, 1.4, 1.1, 0.9, 0.9, 1.0, 1.0, 1.0},  // 东北: apparel
};

constexpr int kProductsPerCategory = 30;
// Products with a lower index in their category were on sale before the data starts;
// the rest launch during the three years (new models sell well).
constexpr int kEstablishedProductsPerCategory = 20;
constexpr double kNewProductPopularityBoost = 1.5;
// Popularity of the product ranked r in its category is 1 / (r + kPopularityOffset).
constexpr double kPopularityOffset = 3.0;

const char* const kSurnames[] = {"王", "李", "张", "刘", "陈", "杨", "黄", "赵", "吴", "周",
                                 "徐", "孙", "马", "朱", "胡", "郭", "何", "高", "林", "罗",
                                 "郑", "梁", "谢", "宋", "唐", "许", "韩", "冯", "邓", "曹"};
// Rough frequency of the surnames above (the big five dominate).
constexpr double kSurnameWeights[] = {7.1, 7.0, 6.7, 5.4, 4.5, 3.1, 2.2, 2.0, 2.0, 1.9,
                                      1.8, 1.5, 1.3, 1.3, 1.2, 1.2, 1.2, 1.1, 1.1, 0.9,
                                      0.9, 0.8, 0.8, 0.7, 0.7, 0.7, 0.6, 0.6, 0.6, 0.6};
const char* const kMaleGivenChars[] = {"伟", "强", "磊", "军", "洋", "勇", "杰", "涛", "明", "超",
                                       "刚", "平", "辉", "鹏", "华", "飞", "鑫", "波", "斌", "宇",
                                       "浩", "凯", "健", "俊", "帆", "旭", "宁", "龙", "晨", "博",
                                       "文", "志", "建", "国", "峰", "阳", "亮", "成", "子", "轩"};
const char* const kFemaleGivenChars[] = {
    "芳", "娜", "敏", "静", "丽", "艳", "娟", "霞", "秀", "玲", "婷", "雪", "慧", "莹",
    "倩", "颖", "琳", "洁", "晶", "欣", "怡", "佳", "悦", "萱", "蕾", "薇", "燕", "丹",
    "梅", "琴", "云", "璐", "瑶", "妍", "彤", "诗", "雨", "嘉", "雯", "月"};
constexpr double kSingleCharGivenNameShare = 0.3;
constexpr double kMaleShare = 0.48;
constexpr double kActivityFloor = 0.1;
constexpr int kBirthYearMin = 1960;
constexpr int kBirthYearSpan = 46;  // up to 2006

const char* const kSegments[] = {"consumer", "small_business", "corporate"};
constexpr double kSegmentWeights[] = {82, 12, 6};
// Businesses order less often but buy several units per line.
constexpr double kSegmentActivity[] = {1.0, 0.7, 0.6};
constexpr int kSegmentMaxQuantityMultiplier[] = {1, 2, 5};

const char* const kMemberLevels[] = {"platinum", "gold", "silver", "bronze"};
// Cumulative share of customers (ranked by completed spend) up to and including each level.
constexpr double kMemberLevelCumulativeShare[] = {0.05, 0.20, 0.50, 1.0};

constexpr int kOnline = 0, kStore = 1, kApp = 2, kChannelCount = 3;  // channel indices
const char* const kChannels[kChannelCount] = {"online", "store", "app"};
const char* const kPaymentMethods[] = {"alipay", "wechat", "card", "cash"};
// Payment mix per channel (columns follow kPaymentMethods); no cash outside the store.
constexpr double kPaymentWeights[kChannelCount][4] = {
    {55, 35, 10, 0},   // online
    {33, 42, 15, 10},  // store
    {40, 50, 10, 0},   // app
};

const char* const kReturnReasons[] = {"质量问题", "尺码不合适", "不想要了", "发错货", "物流损坏"};
constexpr double kApparelReturnReasonWeights[] = {20, 45, 25, 5, 5};
constexpr double kOtherReturnReasonWeights[] = {35, 0, 35, 12, 18};

// Line counts 1..5 per order.
constexpr double kItemCountWeights[] = {55, 25, 12, 5, 3};

// Discounts are whole percentages; promotion days discount deeper.
constexpr int kDiscountPercents[] = {0, 5, 10, 15, 20, 30};
constexpr double kNormalDiscountWeights[] = {70, 18, 9, 3, 0, 0};
constexpr double kPromotionDiscountWeights[] = {10, 15, 30, 20, 15, 10};

// ===== Business rules =======================================================================

constexpr int kFirstYear = 2023;
constexpr int kLastYear = 2025;
constexpr int kHistoryStartYear = 2018;            // earliest signup and product launch
constexpr double kPreHistoryCustomerShare = 0.35;  // customers who signed up before 2023
constexpr double kAnnualGrowth = 0.20;             // year-over-year growth of order volume
constexpr double kMonthFactor[12] = {1.0,  0.85, 0.95, 0.95, 1.0,  1.1,
                                     0.95, 0.95, 1.0,  1.05, 1.25, 1.2};
constexpr double kWeekendFactor = 1.2;
// Festival multipliers on a day's order volume.
constexpr double kDouble11Factor = 5.0;         // 11 Nov, 双11
constexpr double kDouble11PresaleFactor = 1.6;  // 1-10 Nov
constexpr double k618Factor = 3.5;              // 18 Jun
constexpr double k618PresaleFactor = 1.4;       // 1-17 Jun
constexpr double kDouble12Factor = 2.0;         // 12 Dec, 双12
constexpr double kGoldenWeekFactor = 1.3;       // 1-7 Oct, National Day
constexpr double kSpringFestivalFactor = 0.35;  // shops close, people travel home
constexpr int kSpringFestivalFirstDay = -2;     // relative to lunar new year's day
constexpr int kSpringFestivalLastDay = 6;
constexpr double kNewYearShoppingFactor = 1.15;  // 年货节: stocking up before the holiday
constexpr int kNewYearShoppingFirstDay = -20;

// Seasonal demand per category (other categories are flat): winter clothes, summer air
// conditioners, festival food (年货 in Jan/Feb, mooncakes in Sep).
struct CategorySeason {
  int category;
  double month_factor[12];
};
constexpr CategorySeason kCategorySeasons[] = {
    {kApparel, {1.4, 1.0, 1.0, 1.0, 1.0, 0.9, 0.9, 0.9, 1.0, 1.0, 1.4, 1.4}},
    {kAppliances, {1.0, 1.0, 1.0, 1.0, 1.0, 1.4, 1.4, 1.0, 1.0, 1.0, 1.0, 1.0}},
    {kFood, {1.4, 1.4, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.3, 1.0, 1.0, 1.0}},
};
constexpr double kCancelRate = 0.02;
constexpr double kRefundRate = 0.04;
// Apparel is returned more often; other orders slightly less so the overall rate holds.
constexpr double kApparelRefundFactor = 1.6;
constexpr double kOtherRefundFactor = 0.85;
constexpr double kPartialRefundShare = 0.2;
constexpr int kMaxReturnDelayDays = 21;
// Online and app shares grow over the years, at the expense of in-store orders.
constexpr double kOnlineShareStart = 0.38;
constexpr double kOnlineShareGrowth = 0.03;
constexpr double kAppShareStart = 0.18;
constexpr double kAppShareGrowth = 0.035;
constexpr double kPromotionOnlineBoost = 1.4;
// Stores: later stores in a city sometimes open during the data period.
constexpr double kLateStoreOpeningShare = 0.2;
constexpr double kStoreTypeWeight[] = {1.6, 1.0, 0.8};  // flagship, standard, outlet
const char* const kStoreTypes[] = {"flagship", "standard", "outlet"};
constexpr int kStoreAreaMin[] = {1500, 400, 800};  // square metres, per store type
constexpr int kStoreAreaMax[] = {3000, 1200, 2000};

constexpr int kDemoSchemaVersion = 1;  // PRAGMA user_version of the generated file
constexpr int kMaxOrders = 2'000'000;  // keeps memory use of the in-memory build bounded
constexpr int kMaxCustomers = 1'000'000;

// Spring Festival (lunar new year's day) per year of the data.
struct YearMonthDay {
  int year;
  int month;
  int day;
};
constexpr YearMonthDay kSpringFestivals[] = {{2023, 1, 22}, {2024, 2, 10}, {2025, 1, 29}};
constexpr YearMonthDay kEarlyOpeningFrom = {2012, 1, 1};
constexpr YearMonthDay kEarlyOpeningUntil = {2022, 10, 1};
constexpr YearMonthDay kLateOpeningFrom = {2023, 3, 1};
constexpr YearMonthDay kLateOpeningUntil = {2025, 6, 30};
constexpr YearMonthDay kLastProductLaunch = {2025, 9, 30};

// ===== Deterministic randomness =============================================================
// std::mt19937_64 is specified bit for bit by the standard; the std:: distributions are not,
// so the few needed here are written out.

class Random {
 public:
  explicit Random(uint64_t seed) : engine_(seed) {}

  // Uniform in [0, 1).
  double Uniform() { return static_cast<double>(engine_() >> 11) * 0x1.0p-53; }
  // Uniform in [lo, hi]. The modulo bias is below 2^-40 for the ranges used here.
  int64_t Int(int64_t lo, int64_t hi) {
    return lo + static_cast<int64_t>(engine_() % static_cast<uint64_t>(hi - lo + 1));
  }
  bool Chance(double p) { return Uniform() < p; }
  // Index drawn with probability proportional to weights[i].
  template <typename Weights>
  size_t Pick(const Weights& weights) {
    double total = 0;
    for (double w : weights) total += w;
    double r = Uniform() * total;
    size_t i = 0;
    for (double w : weights) {
      if (r < w) return i;
      r -= w;
      ++i;
    }
    return i - 1;  // rounding at the top end
  }
  template <typename T>
  const T& Element(std::initializer_list<T> items) {
    return items.begin()[Int(0, static_cast<int64_t>(items.size()) - 1)];
  }

 private:
  std::mt19937_64 engine_;
};

// A cumulative weight table for repeated draws; Pick(limit) draws among the first `limit`.
class CumulativeWeights {
 public:
  void Add(double weight) { cumulative_.push_back(total() + weight); }
  double total() const { return cumulative_.empty() ? 0 : cumulative_.back(); }
  size_t size() const { return cumulative_.size(); }
  size_t Pick(Random& random, size_t limit) const {
    const double r = random.Uniform() * cumulative_[limit - 1];
    auto it = std::upper_bound(cumulative_.begin(), cumulative_.begin() + limit, r);
    return std::min(static_cast<size_t>(it - cumulative_.begin()), limit - 1);
  }
  size_t Pick(Random& random) const { return Pick(random, size()); }

 private:
  std::vector<double> cumulative_;
};

// ===== Dates (days since 1970-01-01, proleptic Gregorian) ===================================

int64_t DaysFromCivil(int y, int m, int d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const int64_t yoe = y - era * 400;
  const int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

YearMonthDay CivilFromDays(int64_t z) {
  z += 719468;
  const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const int64_t doe = z - era * 146097;
  const int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const int64_t mp = (5 * doy + 2) / 153;
  const int d = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
  const int m = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
  return {static_cast<int>(yoe + era * 400 + (m <= 2)), m, d};
}

int64_t Days(const YearMonthDay& date) { return DaysFromCivil(date.year, date.month, date.day); }

std::string FormatDate(int64_t days) {
  const YearMonthDay c = CivilFromDays(days);
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02d", c.year, c.month, c.day);
  return buffer;
}

bool IsWeekend(int64_t days) {
  const int64_t weekday = ((days % 7) + 11) % 7;  // 0 = Sunday; 1970-01-01 was a Thursday
  return weekday == 0 || weekday == 6;
}

const int64_t kStartDay = DaysFromCivil(kFirstYear, 1, 1);
const int64_t kEndDay = DaysFromCivil(kLastYear, 12, 31);
const int64_t kHistoryStartDay = DaysFromCivil(kHistoryStartYear, 1, 1);

double YearsSinceStart(int64_t day) { return static_cast<double>(day - kStartDay) / 365.0; }

// Compound growth (1 + g)^years, interpolated linearly within a year; written with
// multiplications only because std::pow may round differently across C libraries.
double GrowthFactor(int64_t day) {
  const double years = YearsSinceStart(day);
  double factor = 1.0;
  int whole = 0;
  for (; whole + 1 <= years; ++whole) factor *= 1.0 + kAnnualGrowth;
  return factor * (1.0 + kAnnualGrowth * (years - whole));
}

// Shopping festivals: 双11 (and its pre-sale from 1 Nov), 618 (from 1 Jun) and 双12.
bool IsPromotionDay(const YearMonthDay& c) {
  return (c.month == 11 && c.day <= 11) || (c.month == 6 && c.day <= 18) ||
         (c.month == 12 && c.day == 12);
}

// Relative order volume of a day: growth × month × weekday × festivals.
double DayWeight(int64_t day) {
  const YearMonthDay c = CivilFromDays(day);
  double w = GrowthFactor(day) * kMonthFactor[c.month - 1];
  if (IsWeekend(day)) w *= kWeekendFactor;
  if (c.month == 11 && c.day == 11) {
    w *= kDouble11Factor;
  } else if (c.month == 11 && c.day < 11) {
    w *= kDouble11PresaleFactor;
  } else if (c.month == 6 && c.day == 18) {
    w *= k618Factor;
  } else if (c.month == 6 && c.day < 18) {
    w *= k618PresaleFactor;
  } else if (c.month == 12 && c.day == 12) {
    w *= kDouble12Factor;
  } else if (c.month == 10 && c.day <= 7) {
    w *= kGoldenWeekFactor;
  }
  for (const YearMonthDay& festival : kSpringFestivals) {
    const int64_t offset = day - Days(festival);
    if (offset >= kSpringFestivalFirstDay && offset <= kSpringFestivalLastDay) {
      w *= kSpringFestivalFactor;
    } else if (offset >= kNewYearShoppingFirstDay && offset < kSpringFestivalFirstDay) {
      w *= kNewYearShoppingFactor;
    }
  }
  return w;
}

double CategorySeasonFactor(int category, int month) {
  for (const CategorySeason& season : kCategorySeasons) {
    if (season.category == category) return season.month_factor[month - 1];
  }
  return 1.0;
}

int64_t RoundToInt(double x) { return static_cast<int64_t>(std::floor(x + 0.5)); }

double Money(int64_t cents) { return static_cast<double>(cents) / 100.0; }

// ===== Generated rows ======================================================================

struct Store {
  std::string name;
  int city;  // index into kCities
  int type;  // index into kStoreTypes
  int64_t opened_on;
  int area_sqm;
};

struct Product {
  std::string name;
  int category;
  std::string brand;
  int64_t price_cents;
  int64_t cost_cents;
  int64_t launched_on;
  double popularity;
};

struct Customer {
  std::string name;
  bool male;
  int birth_year;
  int city;
  int segment;
  int64_t signup_day;
  double activity;
  int member_level = 3;  // bronze until spend is known
};

struct OrderItem {
  int product;  // index into products
  int quantity;
  int discount_percent;
  int64_t amount_cents;
};

struct Order {
  int customer;  // index into customers (sorted by signup)
  int store;
  int64_t day;
  int channel;
  int payment;
  int status;  // 0 completed, 1 refunded, 2 cancelled
  std::vector<OrderItem> items;
  int64_t total_cents;
  int64_t discount_cents;
};

const char* const kStatuses[] = {"completed", "refunded", "cancelled"};
constexpr int kCompleted = 0, kRefunded = 1, kCancelled = 2;  // order status indices

struct Return {
  int order;  // index into orders
  int64_t day;
  int reason;
  int64_t refund_cents;
};

struct DemoData {
  std::vector<Store> stores;
  std::vector<Product> products;
  std::vector<Customer> customers;
  std::vector<Order> orders;
  std::vector<Return> returns;
};

// ===== Generation, one function per table ===================================================

std::vector<Store> GenerateStores(Random& random) {
  std::vector<Store> stores;
  for (int city = 0; city < static_cast<int>(std::size(kCities)); ++city) {
    const CitySpec& spec = kCities[city];
    const int count = static_cast<int>(spec.districts.size());
    int index = 0;
    for (const char* district : spec.districts) {
      Store store;
      store.name = std::string(spec.name_zh) + district + "店";
      store.city = city;
      // The first store of a big city is its flagship; the last of three or more an outlet.
      store.type = (index == 0 && spec.tier == 1) ? 0 : (index == count - 1 && count >= 3) ? 2 : 1;
      const bool late = index > 0 && random.Chance(kLateStoreOpeningShare);
      store.opened_on = late ? random.Int(Days(kLateOpeningFrom), Days(kLateOpeningUntil))
                             : random.Int(Days(kEarlyOpeningFrom), Days(kEarlyOpeningUntil));
      store.area_sqm = static_cast<int>(
          random.Int(kStoreAreaMin[store.type], kStoreAreaMax[store.type]) / 10 * 10);
      stores.push_back(std::move(store));
      ++index;
    }
  }
  return stores;
}

// Shop prices end in 9: ¥2999, ¥199, ¥29.9.
int64_t ShopPriceCents(double yuan) {
  if (yuan >= 1000) return (RoundToInt(yuan / 100) * 100 - 1) * 100;
  if (yuan >= 100) return (RoundToInt(yuan / 10) * 10 - 1) * 100;
  return static_cast<int64_t>(std::floor(yuan)) * 100 + 90;
}

std::vector<Product> GenerateProducts(Random& random) {
  std::vector<Product> products;
  for (int category = 0; category < kCategoryCount; ++category) {
    const CategorySpec& spec = kCategories[category];
    std::set<std::string> names;
    std::vector<Product> in_category;
    while (static_cast<int>(in_category.size()) < kProductsPerCategory) {
      const char* brand = random.Element(spec.brands);
      const PriceRange& item = random.Element(spec.items);
      const char* variant = random.Element(spec.variants);
      std::string name = std::string(brand) + " " + item.item + " " + variant;
      if (!names.insert(name).second) continue;  // same combination drawn twice
      Product p;
      p.name = std::move(name);
      p.category = category;
      p.brand = brand;
      p.price_cents =
          ShopPriceCents(item.min_yuan + random.Uniform() * (item.max_yuan - item.min_yuan));
      const double cost_ratio =
          spec.cost_ratio_min + random.Uniform() * (spec.cost_ratio_max - spec.cost_ratio_min);
      p.cost_cents = RoundToInt(static_cast<double>(p.price_cents) * cost_ratio);
      const bool established =
          static_cast<int>(in_category.size()) < kEstablishedProductsPerCategory;
      p.launched_on = established ? random.Int(kHistoryStartDay, kStartDay - 1)
                                  : random.Int(kStartDay, Days(kLastProductLaunch));
      in_category.push_back(std::move(p));
    }
    // Popularity by a random rank, so the best seller is not always the first generated.
    std::vector<int> ranks(in_category.size());
    for (size_t i = 0; i < ranks.size(); ++i) ranks[i] = static_cast<int>(i);
    for (size_t i = ranks.size() - 1; i > 0; --i) {
      std::swap(ranks[i], ranks[static_cast<size_t>(random.Int(0, static_cast<int64_t>(i)))]);
    }
    for (size_t i = 0; i < in_category.size(); ++i) {
      Product& p = in_category[i];
      p.popularity = 1.0 / (ranks[i] + kPopularityOffset);
      if (p.launched_on >= kStartDay) p.popularity *= kNewProductPopularityBoost;
      products.push_back(std::move(p));
    }
  }
  return products;
}

std::string GenerateChineseName(Random& random, bool male) {
  std::string name = kSurnames[random.Pick(kSurnameWeights)];
  const auto& pool = male ? kMaleGivenChars : kFemaleGivenChars;
  const int length = random.Chance(kSingleCharGivenNameShare) ? 1 : 2;
  for (int i = 0; i < length; ++i) name += pool[random.Int(0, std::size(pool) - 1)];
  return name;
}

// Returns customers sorted by signup day, which is their id order.
std::vector<Customer> GenerateCustomers(Random& random, int count) {
  std::vector<double> city_weights;
  for (const CitySpec& city : kCities) {
    city_weights.push_back(city.population_10k * kTierCustomerFactor[city.tier] *
                           kRegions[city.region].spend_factor);
  }
  const double max_growth = GrowthFactor(kEndDay);
  std::vector<Customer> customers;
  customers.reserve(count);
  for (int i = 0; i < count; ++i) {
    Customer c;
    c.male = random.Chance(kMaleShare);
    c.name = GenerateChineseName(random, c.male);
    const double age_shape = (random.Uniform() + random.Uniform() + random.Uniform()) / 3;
    c.birth_year = kBirthYearMin + static_cast<int>(RoundToInt(age_shape * kBirthYearSpan));
    c.city = static_cast<int>(random.Pick(city_weights));
    c.segment = static_cast<int>(random.Pick(kSegmentWeights));
    if (random.Chance(kPreHistoryCustomerShare)) {
      c.signup_day = random.Int(kHistoryStartDay, kStartDay - 1);
    } else {
      // Sign-ups follow the business's growth (rejection sampling on the growth curve).
      do {
        c.signup_day = random.Int(kStartDay, kEndDay);
      } while (!random.Chance(GrowthFactor(c.signup_day) / max_growth));
    }
    // A heavy tail of loyal customers: 1 / (floor + U) ranges from ~0.9 to 10.
    c.activity = kRegions[kCities[c.city].region].spend_factor * kSegmentActivity[c.segment] /
                 (kActivityFloor + random.Uniform());
    customers.push_back(std::move(c));
  }
  std::stable_sort(customers.begin(), customers.end(), [](const Customer& a, const Customer& b) {
    return a.signup_day < b.signup_day;
  });
  return customers;
}

// Draws the orders of one day's customers from those signed up by then, weighted by activity.
class CustomerPicker {
 public:
  explicit CustomerPicker(const std::vector<Customer>& customers) : customers_(customers) {
    for (const Customer& c : customers) weights_.Add(c.activity);
  }
  // -1 when nobody has signed up by `day`.
  int Pick(Random& random, int64_t day) const {
    auto end = std::upper_bound(customers_.begin(), customers_.end(), day,
                                [](int64_t d, const Customer& c) { return d < c.signup_day; });
    const size_t signed_up = static_cast<size_t>(end - customers_.begin());
    if (signed_up == 0) return -1;
    return static_cast<int>(weights_.Pick(random, signed_up));
  }

 private:
  const std::vector<Customer>& customers_;
  CumulativeWeights weights_;
};

// Products per category in launch order, so "launched by day d" is a prefix.
class ProductPicker {
 public:
  explicit ProductPicker(const std::vector<Product>& products) : products_(products) {
    for (int i = 0; i < static_cast<int>(products.size()); ++i) {
      by_category_[products[i].category].push_back(i);
    }
    for (int c = 0; c < kCategoryCount; ++c) {
      std::stable_sort(by_category_[c].begin(), by_category_[c].end(), [&](int a, int b) {
        return products[a].launched_on < products[b].launched_on;
      });
      for (int i : by_category_[c]) weights_[c].Add(products[i].popularity);
    }
  }
  int Pick(Random& random, int category, int64_t day) const {
    const std::vector<int>& ids = by_category_[category];
    auto end = std::upper_bound(ids.begin(), ids.end(), day,
                                [&](int64_t d, int i) { return d < products_[i].launched_on; });
    const size_t launched = std::max<size_t>(1, static_cast<size_t>(end - ids.begin()));
    return ids[weights_[category].Pick(random, launched)];
  }

 private:
  const std::vector<Product>& products_;
  std::array<std::vector<int>, kCategoryCount> by_category_;
  std::array<CumulativeWeights, kCategoryCount> weights_;
};

// A store in the customer's city that is open; else one in the region; else any open one.
int PickStore(Random& random, const std::vector<Store>& stores, int city, int64_t day) {
  std::vector<double> weights(stores.size(), 0.0);
  for (int scope = 0; scope < 3; ++scope) {
    bool any = false;
    for (size_t s = 0; s < stores.size(); ++s) {
      const Store& store = stores[s];
      const bool in_scope = scope == 0   ? store.city == city
                            : scope == 1 ? kCities[store.city].region == kCities[city].region
                                         : true;
      weights[s] = (in_scope && store.opened_on <= day) ? kStoreTypeWeight[store.type] : 0.0;
      any = any || weights[s] > 0;
    }
    if (any) return static_cast<int>(random.Pick(weights));
  }
  return 0;  // unreachable: stores open long before the data starts
}

int PickChannel(Random& random, int64_t day, bool promotion) {
  const double years = YearsSinceStart(day);
  const double boost = promotion ? kPromotionOnlineBoost : 1.0;
  const double weights[kChannelCount] = {
      (kOnlineShareStart + kOnlineShareGrowth * years) * boost,
      1.0 - kOnlineShareStart - kAppShareStart - (kOnlineShareGrowth + kAppShareGrowth) * years,
      (kAppShareStart + kAppShareGrowth * years) * boost,
  };
  return static_cast<int>(random.Pick(weights));
}

// The number of orders per day: DayWeight shares of the target, rounded so the running
// total is exact and the grand total is exactly `target`.
std::vector<int> OrdersPerDay(int target) {
  std::vector<double> weights;
  double total = 0;
  for (int64_t day = kStartDay; day <= kEndDay; ++day) {
    weights.push_back(DayWeight(day));
    total += weights.back();
  }
  std::vector<int> counts;
  double cumulative = 0;
  int64_t assigned = 0;
  for (size_t i = 0; i < weights.size(); ++i) {
    cumulative += weights[i];
    const int64_t until =
        (i + 1 == weights.size()) ? target : RoundToInt(target * cumulative / total);
    counts.push_back(static_cast<int>(until - assigned));
    assigned = until;
  }
  return counts;
}

// The category mix of an order line, per region and month (index region * 12 + month - 1):
// each category's share, the region's taste and the season.
std::vector<std::vector<double>> CategoryWeightsByRegionAndMonth() {
  std::vector<std::vector<double>> category_weights(kRegionCount * 12);
  for (int region = 0; region < kRegionCount; ++region) {
    for (int month = 1; month <= 12; ++month) {
      for (int c = 0; c < kCategoryCount; ++c) {
        category_weights[region * 12 + month - 1].push_back(kCategories[c].order_share *
                                                            kRegionCategoryPreference[region][c] *
                                                            CategorySeasonFactor(c, month));
      }
    }
  }
  return category_weights;
}

// Draws the order's lines (category, product, quantity, discount); a product drawn again
// adds units to its line. Returns whether any line is apparel (returned more often).
bool DrawOrderItems(Random& random, const ProductPicker& products, const Customer& customer,
                    const std::vector<double>& category_weights, bool promotion, Order& order) {
  const int lines = static_cast<int>(random.Pick(kItemCountWeights)) + 1;
  bool has_apparel = false;
  for (int line = 0; line < lines; ++line) {
    const int category = static_cast<int>(random.Pick(category_weights));
    const int product = products.Pick(random, category, order.day);
    const int max_quantity =
        kCategories[category].max_quantity * kSegmentMaxQuantityMultiplier[customer.segment];
    const int quantity = static_cast<int>(random.Int(1, max_quantity));
    auto same = std::find_if(order.items.begin(), order.items.end(),
                             [&](const OrderItem& item) { return item.product == product; });
    if (same != order.items.end()) {
      same->quantity += quantity;  // the same product again: one line, more units
      continue;
    }
    OrderItem item;
    item.product = product;
    item.quantity = quantity;
    item.discount_percent = kDiscountPercents[random.Pick(promotion ? kPromotionDiscountWeights
                                                                    : kNormalDiscountWeights)];
    order.items.push_back(item);
    has_apparel = has_apparel || category == kApparel;
  }
  return has_apparel;
}

// Each line's amount after its discount, the order's total and its discount.
void PriceOrder(const std::vector<Product>& catalog, Order& order) {
  int64_t gross_cents = 0;
  order.total_cents = 0;
  for (OrderItem& item : order.items) {
    const int64_t list_cents = catalog[item.product].price_cents * item.quantity;
    // Half-up rounding to the cent in integers: round(q * p * (1 - d), 2).
    item.amount_cents = (list_cents * (100 - item.discount_percent) + 50) / 100;
    gross_cents += list_cents;
    order.total_cents += item.amount_cents;
  }
  order.discount_cents = gross_cents - order.total_cents;
}

// Completed, refunded or cancelled; orders with apparel are refunded more often.
int DrawOrderStatus(Random& random, bool has_apparel) {
  const double u = random.Uniform();
  const double refund_rate =
      kRefundRate * (has_apparel ? kApparelRefundFactor : kOtherRefundFactor);
  return u < kCancelRate ? kCancelled : u < kCancelRate + refund_rate ? kRefunded : kCompleted;
}

// The orders of every day, the random draws in a fixed order (so a seed gives the same
// database): customer, store, channel, payment, the lines, the status.
std::vector<Order> GenerateOrders(Random& random, const DemoData& data, int target) {
  const CustomerPicker customers(data.customers);
  const ProductPicker products(data.products);
  const std::vector<std::vector<double>> category_weights = CategoryWeightsByRegionAndMonth();
  const std::vector<int> per_day = OrdersPerDay(target);
  std::vector<Order> orders;
  orders.reserve(target);
  for (int64_t day = kStartDay; day <= kEndDay; ++day) {
    const YearMonthDay date = CivilFromDays(day);
    const bool promotion = IsPromotionDay(date);
    for (int n = 0; n < per_day[day - kStartDay]; ++n) {
      Order order;
      order.day = day;
      order.customer = customers.Pick(random, day);
      if (order.customer < 0) continue;  // cannot happen: many customers predate the data
      const Customer& customer = data.customers[order.customer];
      order.store = PickStore(random, data.stores, customer.city, day);
      order.channel = PickChannel(random, day, promotion);
      order.payment = static_cast<int>(random.Pick(kPaymentWeights[order.channel]));
      const int region = kCities[customer.city].region;
      const bool has_apparel =
          DrawOrderItems(random, products, customer, category_weights[region * 12 + date.month - 1],
                         promotion, order);
      PriceOrder(data.products, order);
      order.status = DrawOrderStatus(random, has_apparel);
      orders.push_back(std::move(order));
    }
  }
  return orders;
}

std::vector<Return> GenerateReturns(Random& random, const DemoData& data) {
  std::vector<Return> returns;
  for (int i = 0; i < static_cast<int>(data.orders.size()); ++i) {
    const Order& order = data.orders[i];
    if (order.status != kRefunded) continue;
    const bool apparel = std::any_of(
        order.items.begin(), order.items.end(),
        [&](const OrderItem& item) { return data.products[item.product].category == kApparel; });
    Return r;
    r.order = i;
    r.day = std::min(kEndDay, order.day + random.Int(1, kMaxReturnDelayDays));
    r.reason = static_cast<int>(
        random.Pick(apparel ? kApparelReturnReasonWeights : kOtherReturnReasonWeights));
    r.refund_cents = order.total_cents;
    if (order.items.size() > 1 && random.Chance(kPartialRefundShare)) {
      r.refund_cents = order.items[random.Int(0, order.items.size() - 1)].amount_cents;
    }
    returns.push_back(r);
  }
  return returns;
}

// Member level by rank of completed spend: the top 5% platinum, next 15% gold, next 30%
// silver; the rest (and anyone who never completed an order) bronze.
void AssignMemberLevels(DemoData& data) {
  std::vector<int64_t> spend(data.customers.size(), 0);
  for (const Order& order : data.orders) {
    if (order.status == kCompleted) spend[order.customer] += order.total_cents;
  }
  std::vector<int> ranked(data.customers.size());
  for (size_t i = 0; i < ranked.size(); ++i) ranked[i] = static_cast<int>(i);
  std::stable_sort(ranked.begin(), ranked.end(), [&](int a, int b) { return spend[a] > spend[b]; });
  for (size_t rank = 0; rank < ranked.size(); ++rank) {
    const double share = static_cast<double>(rank + 1) / static_cast<double>(ranked.size());
    int level = 0;
    while (share > kMemberLevelCumulativeShare[level]) ++level;
    data.customers[ranked[rank]].member_level = spend[ranked[rank]] > 0 ? level : 3;
  }
}

DemoData GenerateDemoData(const DemoOptions& options) {
  Random random(options.seed);
  DemoData data;
  data.stores = GenerateStores(random);
  data.products = GenerateProducts(random);
  data.customers = GenerateCustomers(random, options.customers);
  data.orders = GenerateOrders(random, data, options.orders);
  data.returns = GenerateReturns(random, data);
  AssignMemberLevels(data);
  return data;
}

// ===== Writing SQLite =======================================================================

constexpr const char* kSchemaSql = R"sql(
CREATE TABLE regions (
  region_id INTEGER PRIMARY KEY,
  name_zh TEXT NOT NULL,
  name_en TEXT NOT NULL);
CREATE TABLE cities (
  city_id INTEGER PRIMARY KEY,
  name_zh TEXT NOT NULL,
  name_en TEXT NOT NULL,
  region_id INTEGER NOT NULL REFERENCES regions(region_id),
  tier INTEGER NOT NULL CHECK (tier BETWEEN 1 AND 3),
  population_10k INTEGER NOT NULL);
CREATE TABLE stores (
  store_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  city_id INTEGER NOT NULL REFERENCES cities(city_id),
  store_type TEXT NOT NULL CHECK (store_type IN ('flagship', 'standard', 'outlet')),
  opened_on TEXT NOT NULL,
  area_sqm INTEGER NOT NULL);
CREATE TABLE customers (
  customer_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  gender TEXT NOT NULL CHECK (gender IN ('M', 'F')),
  birth_year INTEGER NOT NULL,
  city_id INTEGER NOT NULL REFERENCES cities(city_id),
  segment TEXT NOT NULL CHECK (segment IN ('consumer', 'corporate', 'small_business')),
  signup_date TEXT NOT NULL,
  member_level TEXT NOT NULL CHECK (member_level IN ('bronze', 'silver', 'gold', 'platinum')));
CREATE TABLE categories (
  category_id INTEGER PRIMARY KEY,
  name_zh TEXT NOT NULL,
  name_en TEXT NOT NULL);
CREATE TABLE products (
  product_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  category_id INTEGER NOT NULL REFERENCES categories(category_id),
  brand TEXT NOT NULL,
  unit_price REAL NOT NULL,
  unit_cost REAL NOT NULL,
  launched_on TEXT NOT NULL);
CREATE TABLE orders (
  order_id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(customer_id),
  store_id INTEGER NOT NULL REFERENCES stores(store_id),
  order_date TEXT NOT NULL,
  channel TEXT NOT NULL CHECK (channel IN ('online', 'store', 'app')),
  payment_method TEXT NOT NULL CHECK (payment_method IN ('alipay', 'wechat', 'card', 'cash')),
  status TEXT NOT NULL CHECK (status IN ('completed', 'refunded', 'cancelled')),
  total_amount REAL NOT NULL,
  discount_amount REAL NOT NULL);
CREATE TABLE order_items (
  order_item_id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(order_id),
  product_id INTEGER NOT NULL REFERENCES products(product_id),
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  unit_price REAL NOT NULL,
  discount REAL NOT NULL CHECK (discount >= 0 AND discount <= 0.3),
  amount REAL NOT NULL);
CREATE TABLE returns (
  return_id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(order_id),
  return_date TEXT NOT NULL,
  reason TEXT NOT NULL,
  refund_amount REAL NOT NULL);
)sql";

// Created after the rows are in: building an index once is much faster than maintaining it.
constexpr const char* kIndexSql = R"sql(
CREATE INDEX idx_cities_region ON cities(region_id);
CREATE INDEX idx_stores_city ON stores(city_id);
CREATE INDEX idx_customers_city ON customers(city_id);
CREATE INDEX idx_products_category ON products(category_id);
CREATE INDEX idx_orders_customer ON orders(customer_id);
CREATE INDEX idx_orders_store ON orders(store_id);
CREATE INDEX idx_orders_date ON orders(order_date);
CREATE INDEX idx_order_items_order ON order_items(order_id);
CREATE INDEX idx_order_items_product ON order_items(product_id);
CREATE UNIQUE INDEX idx_returns_order ON returns(order_id);
)sql";

struct DbCloser {
  void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
struct StatementFinalizer {
  void operator()(sqlite3_stmt* stmt) const { sqlite3_finalize(stmt); }
};
using DbHandle = std::unique_ptr<sqlite3, DbCloser>;
using StatementHandle = std::unique_ptr<sqlite3_stmt, StatementFinalizer>;

Status SqliteError(sqlite3* db, std::string_view what) {
  return SqlError("building the demo database: " + std::string(what) + " failed: " +
                  sqlite3_errmsg(db) + " (check free disk space and directory permissions)");
}

Status Exec(sqlite3* db, const char* sql) {
  if (sqlite3_exec(db, sql, nullptr, nullptr, nullptr) != SQLITE_OK) return SqliteError(db, sql);
  return Status::Ok();
}

// One prepared INSERT, reused for every row of a table.
class Inserter {
 public:
  Inserter(sqlite3* db, const char* sql) : db_(db), sql_(sql) {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db, sql, -1, &stmt, nullptr) == SQLITE_OK) stmt_.reset(stmt);
  }

  Inserter& Int(int64_t v) {
    sqlite3_bind_int64(stmt_.get(), ++index_, v);
    return *this;
  }
  Inserter& Real(double v) {
    sqlite3_bind_double(stmt_.get(), ++index_, v);
    return *this;
  }
  Inserter& Text(std::string_view v) {
    sqlite3_bind_text(stmt_.get(), ++index_, v.data(), static_cast<int>(v.size()),
                      SQLITE_TRANSIENT);
    return *this;
  }
  Status Run() {
    if (!stmt_) return SqliteError(db_, std::string("preparing ") + sql_);
    index_ = 0;
    const int rc = sqlite3_step(stmt_.get());
    sqlite3_reset(stmt_.get());
    if (rc != SQLITE_DONE) return SqliteError(db_, std::string("running ") + sql_);
    return Status::Ok();
  }

 private:
  sqlite3* db_;
  const char* sql_;
  StatementHandle stmt_;
  int index_ = 0;
};

Status InsertReferenceTables(sqlite3* db) {
  Inserter regions(db, "INSERT INTO regions VALUES (?, ?, ?)");
  for (int i = 0; i < kRegionCount; ++i) {
    ASKDB_RETURN_IF_ERROR(
        regions.Int(i + 1).Text(kRegions[i].name_zh).Text(kRegions[i].name_en).Run());
  }
  Inserter cities(db, "INSERT INTO cities VALUES (?, ?, ?, ?, ?, ?)");
  for (size_t i = 0; i < std::size(kCities); ++i) {
    const CitySpec& c = kCities[i];
    ASKDB_RETURN_IF_ERROR(cities.Int(i + 1)
                              .Text(c.name_zh)
                              .Text(c.name_en)
                              .Int(c.region + 1)
                              .Int(c.tier)
                              .Int(c.population_10k)
                              .Run());
  }
  Inserter categories(db, "INSERT INTO categories VALUES (?, ?, ?)");
  for (int i = 0; i < kCategoryCount; ++i) {
    ASKDB_RETURN_IF_ERROR(
        categories.Int(i + 1).Text(kCategories[i].name_zh).Text(kCategories[i].name_en).Run());
  }
  return Status::Ok();
}

Status InsertStores(sqlite3* db, const std::vector<Store>& stores) {
  Inserter insert(db, "INSERT INTO stores VALUES (?, ?, ?, ?, ?, ?)");
  for (size_t i = 0; i < stores.size(); ++i) {
    const Store& s = stores[i];
    ASKDB_RETURN_IF_ERROR(insert.Int(i + 1)
                              .Text(s.name)
                              .Int(s.city + 1)
                              .Text(kStoreTypes[s.type])
                              .Text(FormatDate(s.opened_on))
                              .Int(s.area_sqm)
                              .Run());
  }
  return Status::Ok();
}

Status InsertProducts(sqlite3* db, const std::vector<Product>& products) {
  Inserter insert(db, "INSERT INTO products VALUES (?, ?, ?, ?, ?, ?, ?)");
  for (size_t i = 0; i < products.size(); ++i) {
    const Product& p = products[i];
    ASKDB_RETURN_IF_ERROR(insert.Int(i + 1)
                              .Text(p.name)
                              .Int(p.category + 1)
                              .Text(p.brand)
                              .Real(Money(p.price_cents))
                              .Real(Money(p.cost_cents))
                              .Text(FormatDate(p.launched_on))
                              .Run());
  }
  return Status::Ok();
}

Status InsertCustomers(sqlite3* db, const std::vector<Customer>& customers) {
  Inserter insert(db, "INSERT INTO customers VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  for (size_t i = 0; i < customers.size(); ++i) {
    const Customer& c = customers[i];
    ASKDB_RETURN_IF_ERROR(insert.Int(i + 1)
                              .Text(c.name)
                              .Text(c.male ? "M" : "F")
                              .Int(c.birth_year)
                              .Int(c.city + 1)
                              .Text(kSegments[c.segment])
                              .Text(FormatDate(c.signup_day))
                              .Text(kMemberLevels[c.member_level])
                              .Run());
  }
  return Status::Ok();
}

Status InsertOrders(sqlite3* db, const DemoData& data) {
  Inserter orders(db, "INSERT INTO orders VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
  Inserter items(db, "INSERT INTO order_items VALUES (?, ?, ?, ?, ?, ?, ?)");
  int64_t item_id = 0;
  for (size_t i = 0; i < data.orders.size(); ++i) {
    const Order& o = data.orders[i];
    ASKDB_RETURN_IF_ERROR(orders.Int(i + 1)
                              .Int(o.customer + 1)
                              .Int(o.store + 1)
                              .Text(FormatDate(o.day))
                              .Text(kChannels[o.channel])
                              .Text(kPaymentMethods[o.payment])
                              .Text(kStatuses[o.status])
                              .Real(Money(o.total_cents))
                              .Real(Money(o.discount_cents))
                              .Run());
    for (const OrderItem& item : o.items) {
      ASKDB_RETURN_IF_ERROR(items.Int(++item_id)
                                .Int(i + 1)
                                .Int(item.product + 1)
                                .Int(item.quantity)
                                .Real(Money(data.products[item.product].price_cents))
                                .Real(item.discount_percent / 100.0)
                                .Real(Money(item.amount_cents))
                                .Run());
    }
  }
  return Status::Ok();
}

Status InsertReturns(sqlite3* db, const std::vector<Return>& returns) {
  Inserter insert(db, "INSERT INTO returns VALUES (?, ?, ?, ?, ?)");
  for (size_t i = 0; i < returns.size(); ++i) {
    const Return& r = returns[i];
    ASKDB_RETURN_IF_ERROR(insert.Int(i + 1)
                              .Int(r.order + 1)
                              .Text(FormatDate(r.day))
                              .Text(kReturnReasons[r.reason])
                              .Real(Money(r.refund_cents))
                              .Run());
  }
  return Status::Ok();
}

Status WriteDatabase(const std::filesystem::path& path, const DemoData& data) {
  sqlite3* raw = nullptr;
  const int rc =
      sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
  DbHandle db(raw);
  if (rc != SQLITE_OK) {
    return UnavailableError("cannot create " + path.string() + ": " +
                            (raw ? sqlite3_errmsg(raw) : "out of memory") +
                            " (check that the directory is writable)");
  }
  // A fixed page size keeps the file identical across SQLite builds with other defaults;
  // no journal and no syncs while building, because a failed build is thrown away anyway.
  ASKDB_RETURN_IF_ERROR(Exec(db.get(), "PRAGMA page_size = 4096"));
  ASKDB_RETURN_IF_ERROR(Exec(db.get(), "PRAGMA journal_mode = OFF"));
  ASKDB_RETURN_IF_ERROR(Exec(db.get(), "PRAGMA synchronous = OFF"));
  // A cache big enough for the whole file avoids spilling pages while inserting.
  ASKDB_RETURN_IF_ERROR(Exec(db.get(), "PRAGMA cache_size = -65536"));
  ASKDB_RETURN_IF_ERROR(Exec(db.get(), "PRAGMA temp_store = MEMORY"));
  ASKDB_RETURN_IF_ERROR(
      Exec(db.get(), ("PRAGMA user_version = " + std::to_string(kDemoSchemaVersion)).c_str()));
  ASKDB_RETURN_IF_ERROR(Exec(db.get(), "BEGIN"));
  ASKDB_RETURN_IF_ERROR(Exec(db.get(), kSchemaSql));
  ASKDB_RETURN_IF_ERROR(InsertReferenceTables(db.get()));
  ASKDB_RETURN_IF_ERROR(InsertStores(db.get(), data.stores));
  ASKDB_RETURN_IF_ERROR(InsertProducts(db.get(), data.products));
  ASKDB_RETURN_IF_ERROR(InsertCustomers(db.get(), data.customers));
  ASKDB_RETURN_IF_ERROR(InsertOrders(db.get(), data));
  ASKDB_RETURN_IF_ERROR(InsertReturns(db.get(), data.returns));
  ASKDB_RETURN_IF_ERROR(Exec(db.get(), kIndexSql));
  ASKDB_RETURN_IF_ERROR(Exec(db.get(), "COMMIT"));
  ASKDB_RETURN_IF_ERROR(Exec(db.get(), "ANALYZE"));
  if (sqlite3_close_v2(db.release()) != SQLITE_OK) {
    return UnavailableError("closing " + path.string() + " failed (disk full?)");
  }
  return Status::Ok();
}

// Removes the temporary file unless the build succeeded and it was moved into place.
class TempFileGuard {
 public:
  explicit TempFileGuard(std::filesystem::path path) : path_(std::move(path)) {}
  ~TempFileGuard() {
    std::error_code ec;
    if (!path_.empty()) std::filesystem::remove(path_, ec);
  }
  void Release() { path_.clear(); }

 private:
  std::filesystem::path path_;
};

std::filesystem::path TempPathFor(const std::filesystem::path& path) {
  static std::atomic<uint64_t> counter{0};
  std::filesystem::path tmp = path;
  tmp += ".tmp." + std::to_string(::getpid()) + "." + std::to_string(counter++);
  return tmp;
}

}  // namespace

bool LooksLikeDemoDatabase(const std::filesystem::path& path) {
  sqlite3* raw = nullptr;
  const int opened = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
  const DbHandle db(raw);
  if (opened != SQLITE_OK) return false;
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db.get(), "SELECT name FROM sqlite_master WHERE type = 'table'", -1, &stmt,
                         nullptr) != SQLITE_OK) {
    return false;  // not a database at all
  }
  const StatementHandle statement(stmt);
  std::set<std::string> tables;
  while (sqlite3_step(stmt) == SQLITE_ROW) {
    tables.insert(reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0)));
  }
  for (const char* table : {"regions", "cities", "stores", "customers", "categories", "products",
                            "orders", "order_items", "returns"}) {
    if (!tables.contains(table)) return false;
  }
  return true;
}

Status CreateDemoDatabase(const std::filesystem::path& path, const DemoOptions& options) {
  if (options.orders < 1 || options.orders > kMaxOrders) {
    return InvalidArgumentError("demo orders must be between 1 and " + std::to_string(kMaxOrders) +
                                ", got " + std::to_string(options.orders));
  }
  if (options.customers < 1 || options.customers > kMaxCustomers) {
    return InvalidArgumentError("demo customers must be between 1 and " +
                                std::to_string(kMaxCustomers) + ", got " +
                                std::to_string(options.customers));
  }
  std::error_code ec;
  if (!options.overwrite && std::filesystem::exists(path, ec)) {
    return AlreadyExistsError(path.string() + " already exists; remove it or ask to overwrite it");
  }
  if (path.has_parent_path() && !std::filesystem::is_directory(path.parent_path(), ec)) {
    std::filesystem::create_directories(path.parent_path(), ec);
    if (ec) {
      return UnavailableError("cannot create the directory " + path.parent_path().string() +
                              " for the demo database: " + ec.message());
    }
  }

  const DemoData data = GenerateDemoData(options);
  const std::filesystem::path tmp = TempPathFor(path);
  TempFileGuard guard(tmp);
  ASKDB_RETURN_IF_ERROR(WriteDatabase(tmp, data));

  if (options.overwrite) {
    std::filesystem::rename(tmp, path, ec);
    if (ec) {
      return UnavailableError("cannot move the demo database into place at " + path.string() +
                              ": " + ec.message());
    }
  } else {
    // link() fails if the target appeared meanwhile, so an existing file is never replaced.
    if (::link(tmp.c_str(), path.c_str()) != 0) {
      if (errno == EEXIST) {
        return AlreadyExistsError(path.string() +
                                  " already exists; remove it or ask to overwrite it");
      }
      return UnavailableError("cannot move the demo database into place at " + path.string() +
                              ": " + std::strerror(errno));
    }
  }
  return Status::Ok();  // the guard removes the temporary name (a no-op after rename)
}

std::string_view BuiltinDemoSemanticModelJson() { return ASKDB_EMBEDDED(demo_semantic_model); }

StatusOr<catalog::SemanticModel> BuiltinDemoSemanticModel() {
  StatusOr<Json> json = ParseJson(BuiltinDemoSemanticModelJson());
  if (!json.ok()) return json.status().WithContext("built-in demo semantic model");
  StatusOr<catalog::SemanticModel> model = catalog::SemanticModelFromJson(*json);
  if (!model.ok()) return model.status().WithContext("built-in demo semantic model");
  return model;
}

Status WriteDemoSemanticModel(const std::filesystem::path& path) {
  return WriteFileAtomic(path, BuiltinDemoSemanticModelJson());
}

std::string_view BuiltinDemoTermsJson() { return ASKDB_EMBEDDED(demo_terms); }

}  // namespace askdb::demo
