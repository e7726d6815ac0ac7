#include "askdb/agent/request_classifier.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <atomic>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace askdb::agent {
namespace {

const RequestClassifier& Classifier() {
  const RequestClassifier* c = RequestClassifier::Default();
  if (c == nullptr) {
    auto created = RequestClassifier::Create();
    ADD_FAILURE() << created.status().ToString();
    std::abort();
  }
  return *c;
}

TEST(RequestClassifierTest, EmbeddedRulesCompile) {
  auto created = RequestClassifier::Create();
  ASSERT_TRUE(created.ok()) << created.status().ToString();
  EXPECT_GT((*created)->unsure_below(), 0.0);
  EXPECT_LT((*created)->unsure_below(), 1.0);
}

TEST(RequestClassifierTest, TypeNamesRoundTrip) {
  std::set<std::string_view> names;
  for (RequestType t : kAllRequestTypes) {
    names.insert(RequestTypeName(t));
    EXPECT_EQ(ParseRequestType(RequestTypeName(t)), t);
  }
  EXPECT_EQ(names.size(), kAllRequestTypes.size());
  EXPECT_EQ(ParseRequestType("multi_step_analysis"), RequestType::kMultiStepAnalysis);
  EXPECT_FALSE(ParseRequestType("nonsense").has_value());
}

struct Case {
  const char* request;
  RequestType expected;
};

// Realistic requests, written by hand, Chinese and English.
const Case kCases[] = {
    // data_query
    {"2024年各地区的销售额", RequestType::kDataQuery},
    {"2024年销售额是多少", RequestType::kDataQuery},
    {"top 10 customers by revenue last quarter", RequestType::kDataQuery},
    {"上个月销量最高的前5个产品", RequestType::kDataQuery},
    {"每个部门有多少员工", RequestType::kDataQuery},
    {"how many orders were shipped to Germany in 1997?", RequestType::kDataQuery},
    {"list all albums by AC/DC", RequestType::kDataQuery},
    {"查询北京地区的客户名单", RequestType::kDataQuery},
    {"平均订单金额是多少", RequestType::kDataQuery},
    {"which genre has the most tracks", RequestType::kDataQuery},
    {"去年每月的营收", RequestType::kDataQuery},
    {"show me customers from Brazil", RequestType::kDataQuery},
    {"员工表里有哪些字段", RequestType::kDataQuery},
    {"total sales per country in 2013", RequestType::kDataQuery},
    {"库存少于10件的商品", RequestType::kDataQuery},
    {"计算每个地区的销售额占比", RequestType::kDataQuery},
    {"各渠道的转化率", RequestType::kDataQuery},
    {"employees hired after 2003", RequestType::kDataQuery},
    {"customers who never placed an order", RequestType::kDataQuery},
    {"最近30天新增用户数", RequestType::kDataQuery},
    {"销售额同比增长了多少", RequestType::kDataQuery},
    {"'; DROP TABLE x; --", RequestType::kDataQuery},
    // visualization
    {"画一个每月销售额趋势图", RequestType::kVisualization},
    {"用饼图展示各品类的销售占比", RequestType::kVisualization},
    {"plot monthly revenue as a line chart", RequestType::kVisualization},
    {"各地区销售额的柱状图", RequestType::kVisualization},
    {"visualize the number of tracks per genre", RequestType::kVisualization},
    {"把订单数量按月份画出来，用折线图", RequestType::kVisualization},
    {"show a bar chart of sales by region", RequestType::kVisualization},
    {"做一个客户分布的热力图", RequestType::kVisualization},
    {"可视化各门店的利润", RequestType::kVisualization},
    {"draw a histogram of invoice totals", RequestType::kVisualization},
    // consultation
    {"对本数据源提出一些分析建议", RequestType::kConsultation},
    {"这个数据库可以做什么分析？", RequestType::kConsultation},
    {"有什么分析思路吗", RequestType::kConsultation},
    {"给我一些分析方向", RequestType::kConsultation},
    {"what can I analyze with this data?", RequestType::kConsultation},
    {"suggest some analyses for the sales database", RequestType::kConsultation},
    {"销售数据应该怎么分析", RequestType::kConsultation},
    {"从哪些分析维度看用户留存比较好", RequestType::kConsultation},
    {"any recommendations on how to analyze churn?", RequestType::kConsultation},
    {"请对销售数据做全面分析并给出建议", RequestType::kConsultation},
    // multi_step_analysis
    {"做一份全面的销售分析报告", RequestType::kMultiStepAnalysis},
    {"深入分析一下客户流失的原因", RequestType::kMultiStepAnalysis},
    {"先统计各地区销售额，再找出增长最快的地区并分析原因", RequestType::kMultiStepAnalysis},
    {"对比2023和2024年的销售并分析变化原因", RequestType::kMultiStepAnalysis},
    {"write a comprehensive report on sales performance", RequestType::kMultiStepAnalysis},
    {"an in-depth analysis of customer churn", RequestType::kMultiStepAnalysis},
    {"first find the top artists, then chart their sales by year", RequestType::kMultiStepAnalysis},
    {"综合分析各门店的经营状况", RequestType::kMultiStepAnalysis},
    {"compare 2012 and 2013 revenue and explain the difference", RequestType::kMultiStepAnalysis},
    {"do a deep dive into product returns", RequestType::kMultiStepAnalysis},
    // web_search
    {"搜索一下最新的行业新闻", RequestType::kWebSearch},
    {"网上关于新能源汽车销量的最新消息", RequestType::kWebSearch},
    {"search the web for SQLite 3.45 release notes", RequestType::kWebSearch},
    {"latest news about Apple earnings", RequestType::kWebSearch},
    {"今天北京天气怎么样", RequestType::kWebSearch},
    {"what's the weather in Paris tomorrow", RequestType::kWebSearch},
    // calculation
    {"100万贷款30年，年利率4.9%，月供多少", RequestType::kCalculation},
    {"本金10000元年化5%复利10年是多少", RequestType::kCalculation},
    {"compute the standard deviation of 3, 5, 7 and 9", RequestType::kCalculation},
    {"monthly payment on a 300000 mortgage at 6% for 30 years", RequestType::kCalculation},
    {"帮我算一下如果每年增长8%，5年后翻几倍", RequestType::kCalculation},
    {"solve the equation 2x + 3 = 11", RequestType::kCalculation},
    // trivial
    {"你好", RequestType::kTrivial},
    {"您好！", RequestType::kTrivial},
    {"hello", RequestType::kTrivial},
    {"Hi there!", RequestType::kTrivial},
    {"how are you?", RequestType::kTrivial},
    {"谢谢", RequestType::kTrivial},
    {"thanks a lot!", RequestType::kTrivial},
    {"帮助", RequestType::kTrivial},
    {"what can you do?", RequestType::kTrivial},
    {"你能做什么", RequestType::kTrivial},
    {"现在几点", RequestType::kTrivial},
    {"现在几点了？", RequestType::kTrivial},
    {"东京现在几点", RequestType::kTrivial},
    {"今天星期几", RequestType::kTrivial},
    {"今天几号", RequestType::kTrivial},
    {"what time is it in New York?", RequestType::kTrivial},
    {"what's the date today", RequestType::kTrivial},
    {"", RequestType::kTrivial},
    {"   ", RequestType::kTrivial},
    {"？？？!!!", RequestType::kTrivial},
    // simple
    {"3.5*(2+4)", RequestType::kSimple},
    {"1+1=?", RequestType::kSimple},
    {"（12+8）×3", RequestType::kSimple},
    {"1,234.5 + 765.5", RequestType::kSimple},
    {"2^10", RequestType::kSimple},
    {"三百五十加一千二百零五", RequestType::kSimple},
    {"两万除以八等于多少", RequestType::kSimple},
    {"百分之二十乘以350", RequestType::kSimple},
    {"2的10次方是多少", RequestType::kSimple},
    {"what is 15% of 80", RequestType::kSimple},
    {"计算 100/7", RequestType::kSimple},
    {"100公里等于多少英里", RequestType::kSimple},
    {"5 km to miles", RequestType::kSimple},
    {"100华氏度等于多少摄氏度", RequestType::kSimple},
    {"3斤是多少克", RequestType::kSimple},
    {"1GB等于多少MB", RequestType::kSimple},
    {"convert 2 hours to minutes", RequestType::kSimple},
    {"how many feet in 10 meters", RequestType::kSimple},
    {"100美元换人民币，汇率7.2", RequestType::kSimple},
    {"10亩是多少平方米", RequestType::kSimple},
};

TEST(RequestClassifierTest, RealisticRequests) {
  static_assert(std::size(kCases) >= 80);
  int failures = 0;
  for (const Case& c : kCases) {
    const Classification got = Classifier().Classify(c.request);
    if (got.type != c.expected) {
      ++failures;
      std::string rules;
      for (const auto& r : got.rules) rules += r + " ";
      ADD_FAILURE() << "\"" << c.request << "\": expected " << RequestTypeName(c.expected)
                    << ", got " << RequestTypeName(got.type) << " (rules: " << rules << ")";
    }
  }
  EXPECT_EQ(failures, 0);
}

TEST(RequestClassifierTest, ReportsLanguageRulesAndConfidence) {
  const Classification zh = Classifier().Classify("画一个每月销售额趋势图");
  EXPECT_EQ(zh.language, Language::kZh);
  EXPECT_NE(std::find(zh.rules.begin(), zh.rules.end(), "visualization.keyword"), zh.rules.end());
  EXPECT_GE(zh.confidence, Classifier().unsure_below());
  EXPECT_TRUE(zh.warnings.empty());

  const Classification en = Classifier().Classify("top 10 customers by revenue");
  EXPECT_EQ(en.language, Language::kEn);

  // Nothing recognisable: the data_query fallback, flagged as unsure.
  const Classification unknown = Classifier().Classify("zxq blorf");
  EXPECT_EQ(unknown.type, RequestType::kDataQuery);
  EXPECT_LT(unknown.confidence, Classifier().unsure_below());
  // Handed on either because nothing fired or because the model called it "other".
  EXPECT_TRUE(unknown.rules == std::vector<std::string>{"default"} ||
              unknown.rules == std::vector<std::string>{"model.other"})
      << unknown.rules.front();

  // Two specific types fired: the winner's confidence is lowered.
  const Classification both = Classifier().Classify("做一份全面的分析报告，包含趋势图");
  EXPECT_EQ(both.type, RequestType::kMultiStepAnalysis);
  const Classification single = Classifier().Classify("做一份全面的分析报告");
  EXPECT_LT(both.confidence, single.confidence);
}

TEST(RequestClassifierTest, QuickIntents) {
  EXPECT_EQ(Classifier().Classify("你好").quick_intent, QuickIntent::kGreeting);
  EXPECT_EQ(Classifier().Classify("thank you").quick_intent, QuickIntent::kThanks);
  EXPECT_EQ(Classifier().Classify("help").quick_intent, QuickIntent::kHelp);
  EXPECT_EQ(Classifier().Classify("纽约现在几点").quick_intent, QuickIntent::kDateTime);
  EXPECT_EQ(Classifier().Classify("1+1").quick_intent, QuickIntent::kArithmetic);
  EXPECT_EQ(Classifier().Classify("1英里等于多少公里").quick_intent, QuickIntent::kConversion);
  EXPECT_EQ(Classifier().Classify("2024年各地区的销售额").quick_intent, QuickIntent::kNone);
}

TEST(RequestClassifierTest, BadInputNeverCrashes) {
  const std::string huge(10000, 'a');
  std::string huge_zh;
  for (int i = 0; i < 3400; ++i) huge_zh += "销";
  const std::string inputs[] = {
      "",
      std::string("\0\0\0", 3),
      "\xff\xfe\xfd",
      "\xe4\xbd",  // a cut-off UTF-8 sequence
      "销售额\xc3\x28 by region",
      "!!!...???",
      huge,
      huge_zh,
      "Mixed 混合 текст ελληνικά العربية 2024年 sales 📈",
      "'; DROP TABLE x; --",
      "((((((((((((((((((((1))))))))))))))))))))",
  };
  for (const std::string& input : inputs) {
    const Classification c = Classifier().Classify(input);
    EXPECT_TRUE(ParseRequestType(RequestTypeName(c.type)).has_value());
    EXPECT_GE(c.confidence, 0.0);
    EXPECT_LE(c.confidence, 1.0);
  }
  EXPECT_EQ(Classifier().Classify("").type, RequestType::kTrivial);
  EXPECT_FALSE(Classifier().Classify("").warnings.empty());
  EXPECT_FALSE(Classifier().Classify("\xff\xfe 销售额").warnings.empty());
  const Classification big = Classifier().Classify(huge);
  ASSERT_FALSE(big.warnings.empty());
  EXPECT_NE(big.warnings.front().find("10000"), std::string::npos);
  EXPECT_EQ(Classifier().Classify("'; DROP TABLE x; --").type, RequestType::kDataQuery);
}

TEST(RequestClassifierTest, ConcurrentCallsAgree) {
  constexpr int kThreads = 4;
  constexpr int kRounds = 200;
  std::vector<std::thread> threads;
  std::atomic<int> mismatches{0};
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&mismatches] {
      for (int r = 0; r < kRounds; ++r) {
        for (const Case& c : kCases) {
          if (Classifier().Classify(c.request).type != c.expected) ++mismatches;
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(mismatches.load(), 0);
}

TEST(RequestClassifierTest, IsConsultationRequest) {
  EXPECT_TRUE(Classifier().IsConsultationRequest("对本数据源提出一些分析建议"));
  EXPECT_TRUE(Classifier().IsConsultationRequest("Suggest what to look at"));
  EXPECT_FALSE(Classifier().IsConsultationRequest("2024年各地区的销售额"));
}

// "What could this data be used for" asks about the data's uses: a consultation, not a query.
TEST(RequestClassifierTest, WhatTheDataCouldBeUsedForIsAConsultation) {
  for (std::string_view q :
       {"这些数据能用来做什么", "这个数据库可以用来干什么？", "这份数据有什么用",
        "这些表能回答哪些问题", "我能从这些数据里分析出什么", "what could this data be used for",
        "What is this dataset good for?", "what can I do with these tables",
        "what kind of questions can this database answer"}) {
    EXPECT_EQ(Classifier().Classify(q).type, RequestType::kConsultation) << q;
  }
  for (std::string_view q :
       {"what can this database tell me?", "what kind of questions can i ask about this data",
        "what's interesting in this dataset", "how can this data help my business",
        "where should I start with this data?", "give me some ideas for what to analyze",
        "这些数据能告诉我什么", "关于这个数据库我可以问哪些问题", "这份数据有哪些值得关注的",
        "对这些数据我该从哪开始", "拿这些表能干嘛"}) {
    EXPECT_EQ(Classifier().Classify(q).type, RequestType::kConsultation) << q;
  }
  // Asking what the assistant can answer is help, not a consultation on the data.
  EXPECT_NE(Classifier().Classify("what kind of questions can i ask you").type,
            RequestType::kConsultation);
  EXPECT_EQ(Classifier().Classify("这些数据里销售额最高的客户").type, RequestType::kDataQuery);
  EXPECT_EQ(Classifier().Classify("这库里的数据可以分析点啥").type, RequestType::kConsultation);
  EXPECT_EQ(Classifier().Classify("what insights could I get from this data").type,
            RequestType::kConsultation);
  // 综合 alone is a word of data ("综合成绩"), not a request for a multi-step analysis.
  EXPECT_EQ(Classifier().Classify("综合成绩最高的学生").type, RequestType::kDataQuery);
  EXPECT_EQ(Classifier().Classify("做一份综合评估报告").type, RequestType::kMultiStepAnalysis);
  EXPECT_EQ(Classifier().Classify("which customers used a coupon").type, RequestType::kDataQuery);
}

TEST(RequestClassifierTest, ThanksAndGoodbyesInOtherWords) {
  for (std::string_view q : {"太谢谢了", "感激不尽！", "辛苦你了", "thanks a million",
                             "you're a lifesaver", "much obliged", "that was helpful, thanks"}) {
    const Classification c = Classifier().Classify(q);
    EXPECT_EQ(c.type, RequestType::kTrivial) << q;
    EXPECT_EQ(c.quick_intent, QuickIntent::kThanks) << q;
  }
  for (std::string_view q : {"我先撤了", "下次再聊", "886", "不聊了，拜拜", "gotta go",
                             "that's all for now, thanks", "ok that will be all"}) {
    const Classification c = Classifier().Classify(q);
    EXPECT_EQ(c.type, RequestType::kTrivial) << q;
    EXPECT_EQ(c.quick_intent, QuickIntent::kGoodbye) << q;
  }
}

// A table or column name written in Latin letters inside a Chinese question is a data
// question, whatever the model makes of the Chinese around it.
TEST(RequestClassifierTest, MixedScriptDataQuestionsReachTheDataPath) {
  for (std::string_view q :
       {"哪些 widgets 的名字是回文", "列出所有 orders 的数量", "customers 表里有多少行",
        "显示 products 中价格最高的10个", "每个 region 的 sales 总和", "统计一下 user_id 的个数"}) {
    const Classification c = Classifier().Classify(q);
    EXPECT_EQ(c.type, RequestType::kDataQuery) << q;
    EXPECT_GE(c.confidence, 0.6) << q;
    EXPECT_FALSE(c.ByIntentModel()) << q;
  }
  // Latin words that are not names of the data keep their reading.
  EXPECT_EQ(Classifier().Classify("2gib等于多少mib").type, RequestType::kSimple);
  EXPECT_EQ(Classifier().Classify("你好 askdb").type, RequestType::kTrivial);
}

// 搜索 alone does not say where to search: naming the data makes it a data question (it had
// gone to the web), otherwise it is a web search the caller should confirm. Opening a site,
// tuning a channel, riddles, poems and treatments are not for askdb: the default type with a
// low confidence, like the model's "other".
TEST(RequestClassifierTest, SearchVerbsAppActionsAndThingsAskdbDoesNotDo) {
  for (std::string_view q : {"搜索一下北京的客户", "帮我搜一下销售额最高的订单"}) {
    const Classification c = Classifier().Classify(q);
    EXPECT_EQ(c.type, RequestType::kDataQuery) << q;
    EXPECT_GE(c.confidence, 0.6) << q;
  }
  const Classification search = Classifier().Classify("搜索热门电影");
  EXPECT_EQ(search.type, RequestType::kWebSearch);
  EXPECT_LT(search.confidence, Classifier().unsure_below());
  const Classification web = Classifier().Classify("在网上搜索一下最新的行业新闻");
  EXPECT_EQ(web.type, RequestType::kWebSearch);
  EXPECT_GE(web.confidence, Classifier().unsure_below());
  for (std::string_view q : {"帮我打开百度", "进入京东商城官网", "调频98.5", "来个灯谜吧",
                             "给我背首唐诗", "感冒了怎么治"}) {
    const Classification c = Classifier().Classify(q);
    EXPECT_EQ(c.type, RequestType::kDataQuery) << q;
    EXPECT_LT(c.confidence, Classifier().unsure_below()) << q;
    EXPECT_FALSE(c.IsQuickPath()) << q;
  }
  // Naming the data keeps a data question sure of itself.
  EXPECT_GE(Classifier().Classify("打开app的用户有多少").confidence, 0.6);
}

TEST(RequestClassifierTest, ChannelNamesAndWeatherQuestionsWithoutTheWordWeather) {
  // A bare channel name asks to watch it: handed on (low confidence), not a web search.
  for (std::string_view q : {"山东高清", "cctv5", "CCTV新闻", "湖南卫视", "我想看央视体育"}) {
    const Classification c = Classifier().Classify(q);
    EXPECT_EQ(c.type, RequestType::kDataQuery) << q;
    EXPECT_LT(c.confidence, Classifier().unsure_below()) << q;
  }
  // Temperature, humidity, rain of a day or of outside: a weather question.
  for (std::string_view q : {"现在几度", "合肥明天的湿度如何", "明天会下雨吗", "外面冷不冷"}) {
    EXPECT_EQ(Classifier().Classify(q).type, RequestType::kWebSearch) << q;
  }
  // Not when the request names the data, nor for a conversion of degrees.
  EXPECT_EQ(Classifier().Classify("统计今天各门店的平均温度").type, RequestType::kDataQuery);
  EXPECT_EQ(Classifier().Classify("37摄氏度是多少华氏度").type, RequestType::kSimple);
}

TEST(RequestClassifierTest, MessagesCallsTranslationsAndIllnessesAreHandedOn) {
  // The phone's or another app's job (session 13): handed on with a low confidence.
  for (std::string_view q :
       {"发信息给小王", "给老妈发个微信说我晚点回", "打电话给刘洋", "给我姐打个视频电话",
        "很高兴认识你用英语怎么说", "把谢谢翻译成日语", "得了灰指甲怎么办", "微信告诉老公我下班了",
        "老是失眠吃啥药", "腰疼应该看啥科"}) {
    const Classification c = Classifier().Classify(q);
    EXPECT_EQ(c.type, RequestType::kDataQuery) << q;
    EXPECT_LT(c.confidence, Classifier().unsure_below()) << q;
    const auto fired = [&c](std::string_view id) {
      return std::find(c.rules.begin(), c.rules.end(), id) != c.rules.end();
    };
    EXPECT_TRUE(fired("other.app_action") || fired("other.riddle_poem_medical")) << q;
  }
  // To the assistant itself it is small talk, not a call; naming the data keeps a data question.
  const Classification to_you = Classifier().Classify("我给你打电话行吗");
  EXPECT_EQ(std::find(to_you.rules.begin(), to_you.rules.end(), "other.app_action"),
            to_you.rules.end());
  // A bare 吃啥药 names no illness: as often banter as a medical question.
  const Classification bare = Classifier().Classify("吃啥药");
  EXPECT_EQ(std::find(bare.rules.begin(), bare.rules.end(), "other.riddle_poem_medical"),
            bare.rules.end());
  EXPECT_GE(Classifier().Classify("给客户发短信的次数统计").confidence, 0.6);
}

TEST(RequestClassifierTest, AChineseWeakDataWordNeedsAConfidentModelToBeOverridden) {
  // Session 14: with 哪些 the model needs 0.5 (not 0.3) to call a request something else; these
  // DuSQL-like questions had been read as small talk at 0.3-0.5.
  for (std::string_view q : {"陈力获得过哪些奖项", "颁奖晚会都在哪些城市办过？"}) {
    EXPECT_EQ(Classifier().Classify(q).type, RequestType::kDataQuery) << q;
  }
}

TEST(RequestClassifierTest, TheNextLineOfAPoemIsHandedOn) {
  // Reciting is not askdb's job (session 14: the model read these as small talk).
  for (std::string_view q :
       {"何以解忧的下一句是什么？", "床前明月光下一句", "海内存知己，下一句怎么接"}) {
    const Classification c = Classifier().Classify(q);
    EXPECT_EQ(c.type, RequestType::kDataQuery) << q;
    EXPECT_LT(c.confidence, Classifier().unsure_below()) << q;
    EXPECT_NE(std::find(c.rules.begin(), c.rules.end(), "other.riddle_poem_medical"), c.rules.end())
        << q;
  }
  // A request that names the data keeps a data question.
  const Classification data = Classifier().Classify("统计每个作者的诗的数量");
  EXPECT_EQ(std::find(data.rules.begin(), data.rules.end(), "other.riddle_poem_medical"),
            data.rules.end());
}

TEST(RequestClassifierTest, WhatTimeWithoutNowNeedsAKnownPlace) {
  // "东京几点了" names a place the quick path knows; "会议几点" and "比赛几点" ask when
  // something happens, not the time now (they had been answered with the time in UTC).
  for (std::string_view q : {"东京几点了", "纽约几点", "伦敦的几点了", "火星现在几点"}) {
    EXPECT_EQ(Classifier().Classify(q).quick_intent, QuickIntent::kDateTime) << q;
  }
  for (std::string_view q : {"会议几点", "比赛几点", "今天上证指数是几点", "开会是几点"}) {
    EXPECT_NE(Classifier().Classify(q).quick_intent, QuickIntent::kDateTime) << q;
  }
}

TEST(RequestClassifierTest, ListsDivisionAndCurlyApostrophesAreArithmetic) {
  // Session 14 (second shift): averages of a list, divisibility and "go into", and "what’s"
  // as phones type it reach the quick path; the same words over the data do not.
  for (std::string_view q :
       {"average of 5, -3 and 10", "what’s the mean of 3, 7, 9 and 11", "is 126 divisible by 8",
        "how many times does 8 go into 72", "what’s 15 times 4", "126能被8整除吗"}) {
    const Classification c = Classifier().Classify(q);
    EXPECT_EQ(c.type, RequestType::kSimple) << q;
    EXPECT_EQ(c.quick_intent, QuickIntent::kArithmetic) << q;
  }
  for (std::string_view q : {"what is the average of total sales in 2024",
                             "is the order total divisible by 8", "mean of price per album"}) {
    EXPECT_NE(Classifier().Classify(q).type, RequestType::kSimple) << q;
  }
  EXPECT_EQ(NormalizeRequest("What’s ‘this’"), "what's 'this'");
}

TEST(RequestClassifierTest, TheQuickPathsArithmeticAnswerDecidesWhatItReadsWhole) {
  // Round 18: one call to the quick path's own arithmetic answer types a request simple, so an
  // expression inside framing words only the quick path strips (请问…呢) reaches it.
  for (std::string_view q : {"请问12*7呢", "一下12*7"}) {
    const Classification c = Classifier().Classify(q);
    EXPECT_EQ(c.type, RequestType::kSimple) << q;
    EXPECT_EQ(c.quick_intent, QuickIntent::kArithmetic) << q;
    ASSERT_EQ(c.rules.size(), 1u) << q;
    EXPECT_EQ(c.rules[0], "simple.expression") << q;
  }
  // A bare number asks for nothing, and words the expression reader cannot read stay out.
  for (std::string_view q : {"2024", "请问2024呢", "100万", "请问2024年的销售额呢"}) {
    const Classification c = Classifier().Classify(q);
    EXPECT_EQ(std::count(c.rules.begin(), c.rules.end(), "simple.expression"), 0) << q;
    EXPECT_NE(c.quick_intent, QuickIntent::kArithmetic) << q;
  }
}

TEST(RequestClassifierTest, RoundingTipsWithoutARateAndPercentagesInWordsAreArithmetic) {
  // Round 11: whole-request parsers are the rule (simple.round, simple.bill, simple.percent).
  const std::pair<std::string_view, std::string_view> cases[] = {
      {"round 3.14159 to two decimals", "simple.round"},
      {"把12.345四舍五入到一位小数", "simple.round"},
      {"how much should i tip on 80 dollars", "simple.bill"},
      {"what's 0.75 as a percentage", "simple.percent"}};
  for (const auto& [q, rule] : cases) {
    const Classification c = Classifier().Classify(q);
    EXPECT_EQ(c.type, RequestType::kSimple) << q;
    EXPECT_EQ(c.quick_intent, QuickIntent::kArithmetic) << q;
    ASSERT_EQ(c.rules.size(), 1u) << q;
    EXPECT_EQ(c.rules[0], rule) << q;
  }
  // Misspelt calculator words are read as meant; real words are left alone.
  EXPECT_EQ(NormalizeRequest("Sqaure root of 144"), "square root of 144");
  EXPECT_EQ(NormalizeRequest("calcualte 88 tiems 7, devided"), "calculate 88 times 7, divided");
  EXPECT_EQ(NormalizeRequest("squares_sqaure"), "squares_sqaure");
  for (std::string_view q : {"round the revenue to two decimals", "销售额保留两位小数",
                             "show the margin as a percentage"}) {
    EXPECT_NE(Classifier().Classify(q).quick_intent, QuickIntent::kArithmetic) << q;
  }
}

TEST(RequestClassifierTest, HelpWithMathIsTheCalculatorsButUnsure) {
  for (std::string_view q : {"i need you to do some arithmetic", "can you do fractions",
                             "help me with my algebra homework", "i need a calculator"}) {
    const Classification c = Classifier().Classify(q);
    EXPECT_EQ(c.type, RequestType::kSimple) << q;
    EXPECT_EQ(c.quick_intent, QuickIntent::kNone) << q;  // nothing for the quick path to read
    EXPECT_LT(c.confidence, Classifier().unsure_below()) << q;
  }
  for (std::string_view q : {"show the math scores of all students", "average math grade"}) {
    EXPECT_NE(Classifier().Classify(q).type, RequestType::kSimple) << q;
  }
}
// Round 11b (measured blind): the BI types in the words a BI tool's users type, and the data
// questions that look like them. Phrasings written for this test, not taken from a set.
TEST(RequestClassifierTest, BiTypesInOtherWordsAndTheirLookalikeDataQuestions) {
  auto expect = [](RequestType type, std::initializer_list<std::string_view> requests) {
    for (std::string_view q : requests) EXPECT_EQ(Classifier().Classify(q).type, type) << q;
  };
  // A formula with its inputs, statistics over listed numbers, code: the data's words
  // (sales, 客户) do not veto them, the inputs are given.
  expect(RequestType::kCalculation,
         {"if i put 3000 in at 4% compounded monthly what is it worth in 8 years",
          "CAGR when sales went from 2.5M to 4.1M over 5 years",
          "how long until my money doubles at 9% a year", "regex that matches a postcode",
          "write a python function that reverses a list",
          "fit a trend line to 4, 7, 9, 13 and predict the next one",
          "每月流失3%的客户，两年后还剩多少", "年需求1万件，订货成本50，经济订货批量多少",
          "写一个python函数去掉重复元素", "本金100万，贷款20年，利率4%，月供多少"});
  // A domain noun alone is a word of data: a filter or a column, not a computation.
  expect(RequestType::kDataQuery,
         {"loans with an interest rate above 6%", "每笔贷款去年的利息", "利率高于5%的贷款",
          "compound growth of revenue per region between 2021 and 2024",
          "write the sql for revenue by quarter", "total revenue for products 3, 7 and 12"});
  // Which metrics, angles, charts or report sections to look at: suggestions, no analysis run.
  expect(RequestType::kConsultation,
         {"what kinds of analysis could we run on the ticket data",
          "which metrics would be useful for warehouse planning",
          "what should we be looking at to understand falling renewals",
          "which chart should i use for market share", "这份会员数据适合做哪些分析",
          "这个数据适合用什么图表来展示", "做年度总结之前应该包含哪些分析模块",
          "这些表能不能用来做销量预测"});
  expect(RequestType::kDataQuery,
         {"list the metrics table", "which metrics are stored in the metrics table",
          "average order value"});
  // "What can I ask you" is help with askdb, not a consultation on the data.
  EXPECT_NE(Classifier().Classify("what kinds of questions can you answer").type,
            RequestType::kConsultation);
  // Why a measure moved, reviews over several measures, multi-angle looks, analyse-then-rank.
  expect(RequestType::kMultiStepAnalysis,
         {"why did bookings fall in october", "investigate what drove the spike in refunds",
          "prepare a quarterly review covering revenue, costs and headcount",
          "look at cancellations from several angles",
          "analyze carriers by cost and delay, then rank them", "为什么这个月的退货率上升了",
          "全面评估一下各门店的表现", "一步步分析哪些品类该下架",
          "预测下个月各门店的销量，并标出可能缺货的"});
  // Small talk about a cause and a question about a card are not diagnoses of the data.
  EXPECT_NE(Classifier().Classify("经常头疼是什么原因").type, RequestType::kMultiStepAnalysis);
  expect(RequestType::kDataQuery,
         {"which customers churned in september", "which regions declined compared with last year",
          "churn by month"});
  // The world outside the data, unless the request calls the data its own.
  expect(RequestType::kWebSearch,
         {"current price of silver", "who is the CEO of Nike", "industry benchmark for churn",
          "best accounting software in 2026, reviews", "国家统计局最新公布的gdp",
          "京东的创始人是谁", "电商行业平均毛利率"});
  expect(RequestType::kDataQuery,
         {"the current price of our premium plan", "who is the manager of the sales department",
          "price of product 1042 in our catalogue"});
  // A chart asked for in other words.
  expect(RequestType::kVisualization,
         {"a stacked bar of costs by team per quarter", "把上面的结果画成图",
          "近一年的订单增长曲线", "给我画一下各城市的客户数", "can i see signups on a map"});
  // Second pass: what drove a change, where to begin, competitors, a term before the rate.
  expect(RequestType::kMultiStepAnalysis,
         {"what's driving the rise in complaints", "explain the drop in trial signups",
          "为什么回头客越来越少", "退货增加是什么导致的"});
  expect(RequestType::kConsultation,
         {"where would you start with tables like these", "哪些图适合展示这些数据",
          "is there enough here to model customer lifetime value"});
  expect(RequestType::kWebSearch,
         {"what are competitors charging for a basic plan", "同行一般净利率多少"});
  expect(RequestType::kCalculation,
         {"monthly installment on 12000 over 36 months at 7%", "帮我写一个求最大公约数的java函数"});
  // Third pass: a rate restated per period, an amount turning into another over a horizon, a
  // full review run, a ranking or reasons asked after the analysis.
  expect(RequestType::kCalculation, {"what is 12% annual interest as a monthly rate",
                                     "growth if 200 turns into 260 over 3 years"});
  expect(RequestType::kMultiStepAnalysis,
         {"run a full review of travel spend and sum up the findings",
          "find the teams that missed target and why", "看看哪些供应商该换掉，并说明理由"});
  expect(RequestType::kConsultation, {"what are good ways to segment our members",
                                      "which numbers tell me whether the promotion worked"});
  EXPECT_NE(Classifier().Classify("what is the best way to clean ceiling fans").type,
            RequestType::kConsultation);
  // "… and why" after a question with no word of change stays a data question (answer_words_e2e).
  EXPECT_EQ(Classifier()
                .Classify("which companies do the customers of each country work for, and why?")
                .type,
            RequestType::kDataQuery);
  // Fourth pass: what is worth investigating, the main reasons, a tax rate in a known place.
  expect(RequestType::kConsultation, {"what's worth exploring in the returns history",
                                      "which cohorts would you compare first"});
  expect(RequestType::kMultiStepAnalysis,
         {"what are the main reasons bookings missed target", "对比两个门店，找出差距的原因"});
  expect(RequestType::kWebSearch,
         {"what is the vat rate in germany", "日本的企业所得税税率是多少"});
  // Not the world's: small talk about askdb, a stored owner, a table of competitors.
  for (std::string_view q : {"你是哪家公司的", "which company made you"}) {
    EXPECT_NE(Classifier().Classify(q).type, RequestType::kWebSearch) << q;
  }
  expect(RequestType::kDataQuery,
         {"who owns account 4412", "list competitors in the competitor table",
          "what happened to my luggage"});
}

// Round 12 (measured blind): the data rules' words (sales, 这个库, which) are also the words of a
// request ABOUT the data; when only they fired, the model names the BI type when it is at
// least model_over_data_min_probability sure — never over a data verb, and a calculation only
// with its inputs (two numbers) in the request.
TEST(RequestClassifierTest, TheModelNamesRequestsAboutTheDataOverDataRules) {
  const Classification c =
      Classifier().Classify("what should a hiring manager be looking at in these tables");
  EXPECT_EQ(c.type, RequestType::kConsultation);
  EXPECT_NE(std::find(c.rules.begin(), c.rules.end(), "model.consultation"), c.rules.end());
  EXPECT_NE(std::find(c.rules.begin(), c.rules.end(), "data_query.entity"), c.rules.end());
  EXPECT_GE(c.confidence, Classifier().unsure_below());
  EXPECT_EQ(Classifier().Classify("第一次用这个库，能问它些什么").type, RequestType::kConsultation);
  EXPECT_EQ(
      Classifier().Classify("analyze staff turnover: drivers, teams at risk, and what to do").type,
      RequestType::kMultiStepAnalysis);
  // No rule at all: the model may name a rule-only type at the same bar.
  EXPECT_EQ(Classifier().Classify("mean and std dev of 3 8 13 21 34").type,
            RequestType::kCalculation);
  // Data questions over the same nouns stay data questions; a data verb keeps the decision.
  for (std::string_view q : {"which sales reps hit their quota this quarter",
                             "年化收益率4.3%的理财产品", "list the tables in this database",
                             "统计每个部门的离职人数", "how many employees left per team"}) {
    EXPECT_EQ(Classifier().Classify(q).type, RequestType::kDataQuery) << q;
  }
  // Off without model_over_data_types: the same request stays a data question.
  const std::string rules = R"(
priority = ["consultation", "data_query"]
default_type = "data_query"
intent_model = "builtin"
[[rule]]
id = "entity"
type = "data_query"
keywords = ["db"]
)";
  auto off = RequestClassifier::FromText(rules, EmbeddedUnits());
  ASSERT_TRUE(off.ok()) << off.status().ToString();
  EXPECT_EQ((*off)->Classify("what should a hiring manager be looking at in this db").type,
            RequestType::kDataQuery);
  auto on =
      RequestClassifier::FromText(
          R"(model_over_data_types = ["consultation"]
model_over_data_min_probability = 0.9
model_over_data_unless = ["verb"]
)" + rules + "[[rule]]\nid = \"verb\"\ntype = \"data_query\"\nkeywords = [\"list\"]\n",
          EmbeddedUnits());
  ASSERT_TRUE(on.ok()) << on.status().ToString();
  EXPECT_EQ((*on)->Classify("what should a hiring manager be looking at in this db").type,
            RequestType::kConsultation);
  EXPECT_EQ((*on)->Classify("list what a hiring manager should be looking at in this db").type,
            RequestType::kDataQuery);
}

// Round 19: model_reassign lets the model move a rule's type to a neighbouring one — a consultation
// word at the end of a review ("…, then recommendations") asks for one of its deliverables. The
// shipped rules leave it off (seed Property 5: a request holding 建议 is a consultation); with it
// on, the model at least model_reassign_min_probability sure of a multi-step analysis decides, and
// the rule ids end with the model's. A malformed table is refused.
TEST(RequestClassifierTest, TheModelMovesARecommendationDeliverableToAMultiStepAnalysis) {
  EXPECT_EQ(
      Classifier().Classify("把售后工单从头到尾分析一遍：类型、时长、原因，最后给改进建议").type,
      RequestType::kConsultation);
  const std::string rules = R"(
priority = ["consultation", "multi_step_analysis", "data_query"]
default_type = "data_query"
intent_model = "builtin"
[[rule]]
id = "advice"
type = "consultation"
keywords = ["recommendations"]
)";
  const std::string_view review =
      "review our supplier performance end to end: delays, defects and costs, then recommendations";
  auto off = RequestClassifier::FromText(rules, EmbeddedUnits());
  ASSERT_TRUE(off.ok()) << off.status().ToString();
  EXPECT_EQ((*off)->Classify(review).type, RequestType::kConsultation);
  auto on = RequestClassifier::FromText(
      "model_reassign = { consultation = [\"multi_step_analysis\"] }\n"
      "model_reassign_min_probability = 0.9\n" +
          rules,
      EmbeddedUnits());
  ASSERT_TRUE(on.ok()) << on.status().ToString();
  const Classification moved = (*on)->Classify(review);
  EXPECT_EQ(moved.type, RequestType::kMultiStepAnalysis);
  EXPECT_EQ(moved.rules, (std::vector<std::string>{"advice", "model.multi_step_analysis"}));
  EXPECT_EQ((*on)->Classify("any recommendations on what to analyze first?").type,
            RequestType::kConsultation);
  for (std::string_view bad : {"model_reassign = { consultation = \"multi_step_analysis\" }\n",
                               "model_reassign = { nosuch = [\"multi_step_analysis\"] }\n",
                               "model_reassign = { consultation = [\"nosuch\"] }\n",
                               "model_reassign = [\"consultation\"]\n"}) {
    const auto refused = RequestClassifier::FromText(std::string(bad) + rules, EmbeddedUnits());
    ASSERT_FALSE(refused.ok()) << bad;
    EXPECT_NE(refused.status().message().find("model_reassign"), std::string::npos)
        << refused.status().ToString();
  }
}

// Rules for what is certain, the model for the rest (round 20): a rule marked certain = false
// yields to a model that is at least model_overrule_min_probability sure of another type — only
// when no certain rule of the winning type fired too.
TEST(RequestClassifierTest, AnUncertainRuleYieldsToASureModel) {
  const std::string rules = R"(
priority = ["consultation", "multi_step_analysis", "data_query"]
default_type = "data_query"
intent_model = "builtin"
[[rule]]
id = "advice"
type = "consultation"
certain = false
keywords = ["recommendations"]
[[rule]]
id = "advice_asked"
type = "consultation"
keywords = ["what to analyze"]
)";
  const std::string_view review =
      "review our supplier performance end to end: delays, defects and costs, then recommendations";
  auto off = RequestClassifier::FromText(rules, EmbeddedUnits());
  ASSERT_TRUE(off.ok()) << off.status().ToString();
  EXPECT_EQ((*off)->Classify(review).type, RequestType::kConsultation);
  auto on = RequestClassifier::FromText("model_overrule_min_probability = 0.85\n" + rules,
                                        EmbeddedUnits());
  ASSERT_TRUE(on.ok()) << on.status().ToString();
  const Classification overruled = (*on)->Classify(review);
  EXPECT_EQ(overruled.type, RequestType::kMultiStepAnalysis);
  EXPECT_EQ(overruled.rules, (std::vector<std::string>{"advice", "model.multi_step_analysis"}));
  EXPECT_LT(overruled.confidence, 0.85);  // a rule disagreed
  // The model agrees, or a certain rule of the type fired too: the rules' decision stands.
  EXPECT_EQ((*on)->Classify("any recommendations?").type, RequestType::kConsultation);
  const Classification kept =
      (*on)->Classify("recommendations on what to analyze, after a review of supplier delays");
  EXPECT_EQ(kept.type, RequestType::kConsultation);
  EXPECT_EQ(kept.rules, (std::vector<std::string>{"advice", "advice_asked"}));
}

// The overrule never moves the default (data) type: that is the model over the data step's alone,
// with its safeguards (model_over_data_unless, labels, min_numbers); an uncertain data rule that
// step did not move stands (round 20 review: a data question had become another type).
TEST(RequestClassifierTest, TheOverruleLeavesTheDataTypeToTheModelOverData) {
  const std::string rules = R"(
model_overrule_min_probability = 0.85
model_overrule_min_probability_zh = 0.85
priority = ["consultation", "multi_step_analysis", "data_query"]
default_type = "data_query"
intent_model = "builtin"
[[rule]]
id = "supplier_data"
type = "data_query"
certain = false
keywords = ["supplier"]
)";
  auto classifier = RequestClassifier::FromText(rules, EmbeddedUnits());
  ASSERT_TRUE(classifier.ok()) << classifier.status().ToString();
  const Classification c = (*classifier)
                               ->Classify(
                                   "review our supplier performance end to end: delays, defects "
                                   "and costs, then recommendations");
  EXPECT_EQ(c.type, RequestType::kDataQuery);
  EXPECT_EQ(c.rules, std::vector<std::string>{"supplier_data"});
}

// A comma joins digits into one number only when it groups thousands (three digits follow):
// a list of numbers given for a calculation is several numbers (session 17).
TEST(RequestClassifierTest, CountNumbersSplitsCommaLists) {
  EXPECT_EQ(CountNumbers("12,15,9"), 3);
  EXPECT_EQ(CountNumbers("12,15,9,20万的标准差"), 4);
  EXPECT_EQ(CountNumbers("1,200.50"), 1);
  EXPECT_EQ(CountNumbers("1,000,000 and 2,500"), 2);
  EXPECT_EQ(CountNumbers("贷款50万、10年、4.2%"), 3);
  EXPECT_EQ(CountNumbers("4.3%"), 1);
  EXPECT_EQ(CountNumbers("3, 8, 13"), 3);
  EXPECT_EQ(CountNumbers("v1.2 and 12,3456"), 3);
  EXPECT_EQ(CountNumbers("no digits"), 0);
  // Chinese numerals with a unit, written out, or after 百分之 are numbers; ordinals and words
  // that hold a numeral are not.
  EXPECT_EQ(CountNumbers("月流失率3%，一年下来还剩多少"), 2);
  EXPECT_EQ(CountNumbers("三百五十加一千二百零五"), 2);
  EXPECT_EQ(CountNumbers("四万五千块加百分之六的服务费"), 2);
  EXPECT_EQ(CountNumbers("贷款三十万，分十二个月"), 2);
  EXPECT_EQ(CountNumbers("第一年的销售额"), 0);
  EXPECT_EQ(CountNumbers("统计一下一共有多少客户，千万别漏"), 0);
  // 十 alone with a unit is ten; 十分 (very) and 万一 (in case) are words.
  EXPECT_EQ(CountNumbers("贷款五十万，十年还清"), 2);
  EXPECT_EQ(CountNumbers("十分重要：万一下雨呢"), 0);
  EXPECT_EQ(CountNumbers("年化收益率4.3%的理财产品"), 1);
  // model_over_data_min_numbers counts a comma list as its numbers.
  auto on = RequestClassifier::FromText(R"(model_over_data_types = ["calculation"]
model_over_data_min_probability = 0.5
model_over_data_min_numbers = { calculation = 2 }
priority = ["calculation", "data_query"]
default_type = "data_query"
intent_model = "builtin"
[[rule]]
id = "entity"
type = "data_query"
keywords = ["sales"]
)",
                                        EmbeddedUnits());
  ASSERT_TRUE(on.ok()) << on.status().ToString();
  EXPECT_EQ((*on)->Classify("mean and std dev of the sales 3,8,13,21").type,
            RequestType::kCalculation);
  EXPECT_EQ((*on)->Classify("mean and std dev of the sales 3,800").type, RequestType::kDataQuery);
}

// Session 17 families (measured blind), each with the data question that looks like it.
TEST(RequestClassifierTest, ChartShapesWhichChartFirstStepsRepaymentsAndCode) {
  auto expect = [](RequestType type, std::initializer_list<std::string_view> requests) {
    for (std::string_view q : requests) EXPECT_EQ(Classifier().Classify(q).type, type) << q;
  };
  // A chart kind named by its shape is a chart.
  expect(RequestType::kVisualization,
         {"share of orders per payment method as a donut",
          "orders per channel in 2024 and 2025 in side-by-side bars",
          "boxplot of order values per channel", "各门店的客流量用并排的柱子对比",
          "signups per week since june, a visual would help"});
  expect(RequestType::kDataQuery,
         {"donut sales per store last month", "stores in an area with high rent"});
  // Which kind of chart suits is a question for advice; a chart of a named kind is a chart.
  expect(RequestType::kConsultation,
         {"用哪种图表展示渠道效果比较好", "客户数据适合配什么样的图", "复购率低，我们该先看什么"});
  expect(RequestType::kVisualization, {"用柱状图展示各渠道的销售额", "画一个每月订单数的折线图"});
  // Where to start, from which angles, what one can dig out or else do with the data.
  expect(
      RequestType::kConsultation,
      {"这份库存数据我该从哪几个角度看", "门店流水表能挖点啥", "领导让我看看会员数据，该怎么入手",
       "给个分析路径吧，数据是线上订单", "这张员工表除了查人数还能干嘛"});
  expect(RequestType::kDataQuery, {"这个月能挖多少吨煤", "从2024年起每月的订单数"});
  // How many instalments a debt at a given rate takes; code in a named language.
  expect(RequestType::kCalculation,
         {"车贷8万，年息6%，每月还2500，还多久能还完", "写个python把两个csv按订单号合并"});
  expect(RequestType::kDataQuery, {"利率高于5%的贷款还剩多少期", "每月新增多少客户"});
}

// Round 12 families, each with the data question that looks like it.
TEST(RequestClassifierTest, FarewellsToolHelpNegatedChartsAndSecondDeliverables) {
  auto expect = [](RequestType type, std::initializer_list<std::string_view> requests) {
    for (std::string_view q : requests) EXPECT_EQ(Classifier().Classify(q).type, type) << q;
  };
  // "先…再见" is a farewell; working the tool (switching the data source) is help.
  expect(RequestType::kTrivial,
         {"今天先到这，再见", "how can I connect a different database?", "怎么换个数据源"});
  expect(RequestType::kMultiStepAnalysis, {"先看总量再按地区拆分"});
  // A negated chart word asks for the rows.
  expect(RequestType::kDataQuery,
         {"monthly signups as a table, no chart", "每月订单数，列表就行，不要画图",
          "which data sources feed the orders table"});
  expect(RequestType::kVisualization, {"plot monthly signups"});
  // An analysis with a second deliverable: its causes, what to do; a review written up.
  expect(RequestType::kMultiStepAnalysis,
         {"why is the east region underperforming",
          "review returns by category and what we should do about it",
          "分析各门店的客流，并解释下降的原因", "排查库存积压的问题并给出解决方案",
          "整理一份上半年的经营回顾"});
  // A formula's inputs given together; statistics over numbers separated by spaces.
  expect(RequestType::kCalculation,
         {"贷款30万、20年、4.9%，月供多少", "a 15000 loan over 3 years at 7%, monthly payment?",
          "median of 4 8 15 16 23 42",
          "straight-line depreciation for a 50000 van, 5 years, 5000 salvage"});
  // Reading matter, published figures and public holidays are outside the data.
  expect(
      RequestType::kWebSearch,
      {"find me some articles about warehouse robotics", "找几篇讲新能源车出口的报道",
       "has apple released its quarterly results yet", "蔚来的季度财报公布了吗", "国庆节几号放假"});
  expect(RequestType::kDataQuery, {"which articles in the archive mention tariffs",
                                   "list customers with more than 3 orders and 10% discount"});
  // Second pass (fresh probes): where to start, what one can do with the data, what to care
  // about; a change verb after why; an analysis with a colon and its parts; a digest; a brand
  // to buy; "look it up". Listing the tables stays a data question (data_query.data_verb).
  expect(RequestType::kConsultation,
         {"what's the simplest way to start exploring the shipping invoices",
          "what can we even do with the parking permit records", "这些日志里我该关心什么",
          "门禁记录可以研究些什么"});
  expect(RequestType::kMultiStepAnalysis,
         {"why have renewals slumped since may", "为什么这个月的报名少了",
          "review the claims book: rejections by reason, slow payers, policy gaps",
          "梳理会员流失：渠道、时段和挽回办法", "put together a monthly finance digest"});
  expect(RequestType::kWebSearch,
         {"哪个牌子的叉车比较好", "which brand of label printer is best, look it up",
          "what's the unemployment rate in japan", "latest rules on data retention for banks"});
  expect(RequestType::kDataQuery,
         {"list the tables in this database", "what tables are in this database",
          "哪个品牌的销量最好", "这个数据库有哪些表", "average wage of employees in london office",
          "inflation rate per month for 2024"});
  // Third pass (a second fresh batch): what you would want to know first, the insight the data
  // could give, whether it is any good for a job, a pack with its parts, score then pick, a
  // going rate, a search verb opening an English request.
  expect(RequestType::kConsultation, {"what would you want to know first from the visitor logs",
                                      "is the shift roster data any good for predicting absences",
                                      "你会先想从这些表里知道什么", "会员数据能带来哪些洞察"});
  expect(RequestType::kMultiStepAnalysis,
         {"rate each vendor on cost and service, then shortlist two to drop",
          "准备季度经营材料，包括收入、成本和风险", "给门店按坪效打分，然后挑出最差的五家"});
  expect(RequestType::kWebSearch, {"what's the going day rate for a react developer",
                                   "search for recent papers on demand forecasting"});
  expect(RequestType::kDataQuery, {"look up customer 42", "search for orders from acme"});
}

// Round 14: the shapes of a multi-part request (multi_step.shape), each beside the one-query
// data question that shares its words.
TEST(RequestClassifierTest, ShapesOfAMultiPartRequest) {
  auto expect = [](RequestType type, std::initializer_list<std::string_view> requests) {
    for (std::string_view q : requests) EXPECT_EQ(Classifier().Classify(q).type, type) << q;
  };
  // A change stated, then an investigation asked for; what went wrong.
  expect(RequestType::kMultiStepAnalysis,
         {"sales are down in the south, what's going on", "margins shrank, find out what happened",
          "look into the spike in refunds", "退款量上周突然暴涨，查一下怎么回事",
          "华东业绩一直上不去，分析分析", "帮我看看华南区哪里出了问题",
          "为什么三月份销量掉得这么厉害"});
  expect(RequestType::kDataQuery, {"stores where traffic dropped more than 10%", "销售额下降了多少",
                                   "客流下降超过10%的门店"});
  // A look over three or more parts; a data verb over a list is one query.
  expect(RequestType::kMultiStepAnalysis,
         {"look at mrr, churn, expansion and cohorts",
          "review hiring, attrition, overtime and absenteeism for the plant",
          "按部门、司龄、上级几个维度都分析一遍", "招聘、离职、加班、缺勤都看看"});
  expect(RequestType::kDataQuery,
         {"show revenue, cost and margin by region", "列出各大区的收入、成本和毛利",
          "北京、上海、广州的销售额分别是多少"});
  // Whether an initiative works; how healthy a business is (not a food); an overview put
  // together; a profile of a group.
  expect(RequestType::kMultiStepAnalysis,
         {"is the new loyalty program actually working", "did the spring promotion pay off",
          "会员计划到底有没有用", "how healthy is our subscription business",
          "整个仓储运营情况梳理一下", "pull together an overview of warehouse operations",
          "profile our best customers", "去年流失的客户做个画像", "write up how q2 went"});
  expect(RequestType::kWebSearch, {"how healthy is hummus"});
  expect(RequestType::kDataQuery, {"which promotion had the highest redemption rate"});
  // Why a measure of the business is as it is, with no word of change; what drives it; a cause
  // asked on its own; "…, and why"; what sets a group apart; how it went on the whole; a pack
  // for an audience.
  expect(
      RequestType::kMultiStepAnalysis,
      {"why are renewals so weak this year", "为啥今年续费这么差",
       "what's behind the slump in orders", "tickets are piling up, what's causing it",
       "客服工单越积越多，是什么造成的", "which regions are dragging us down and why",
       "哪些区域在拖后腿，为什么", "who are our most profitable clients and what sets them apart",
       "how did the holiday season go for the store, all in all", "网店这个节日季总体干得怎么样",
       "给投资人做一页销售管道的介绍材料", "车队的油费、保养、停运都过一下"});
  expect(RequestType::kDataQuery, {"the 10 most profitable clients", "利润最高的10个客户",
                                   "每辆车的油费、保养费和停运损失"});
  expect(RequestType::kTrivial, {"what is behind life's meaning"});
}

// Round 14, families of blind set 6's develop mistakes, each beside its look-alike.
TEST(RequestClassifierTest, SummariesBesideChartsChecksDualAxesMapsAndExports) {
  auto expect = [](RequestType type, std::initializer_list<std::string_view> requests) {
    for (std::string_view q : requests) EXPECT_EQ(Classifier().Classify(q).type, type) << q;
  };
  // A written summary or conclusions beside the charts; an analysis that tests a supposition.
  expect(RequestType::kMultiStepAnalysis,
         {"build a dashboard of churn, signups and mrr plus a short summary",
          "月度运营报告，配图表和结论",
          "compare tenure and pay and check whether seniors are underpaid",
          "对比各门店的人效，然后看看是不是人手不够"});
  expect(RequestType::kVisualization,
         {"plot monthly signups", "画一个各月销售额的双轴图", "map of stores by region"});
  expect(RequestType::kDataQuery, {"sales by region with a summary row", "各门店的人效",
                                   "map the customer id to its segment"});
  // Working the tool: switching the source, exporting a chart askdb made.
  expect(RequestType::kTrivial, {"can you tell me how to switch to another database?",
                                 "how do i save a chart you made as png", "图表怎么导出成图片"});
  expect(RequestType::kCalculation, {"欠款5万，年利率12%，每月还2000，多久能还清"});
  // Which fields a dashboard should use, which KPIs a table lets one compute: suggestions.
  expect(RequestType::kConsultation, {"for a churn dashboard, which fields should we use?",
                                      "what metrics can I calculate from the payments table",
                                      "客户表能算出哪些指标", "搭一个销售看板应该用哪些字段"});
  expect(RequestType::kDataQuery,
         {"which fields are in the orders table", "哪些KPI超过了目标", "客户表有哪些字段"});
}

// Round 15, readings from blind set 7's develop mistakes and own_heldout_5, each taken in
// rewordings of our own and checked against its look-alike data questions.
TEST(RequestClassifierTest, WorldPricesTrendsEventsRatiosAndFarewells) {
  auto expect = [](RequestType type, std::initializer_list<std::string_view> requests) {
    for (std::string_view q : requests) EXPECT_EQ(Classifier().Classify(q).type, type) << q;
  };
  // The world outside: a commodity's price, a country's latest figures, an industry's trends,
  // a public event to come, what most businesses of a kind get; the weather misspelt.
  expect(
      RequestType::kWebSearch,
      {"price of silver this morning", "what's brent trading at", "黄金现在多少钱一克",
       "latest us jobs report", "newest unemployment statistics in germany",
       "what's trending in the fintech sector", "跨境电商行业最近有什么趋势",
       "when's the next google keynote", "苹果下一场发布会什么时候",
       "what margin do most restaurants make", "大多数餐厅的毛利率一般多少", "weahter tomorrow"});
  expect(RequestType::kDataQuery,
         {"how many events did we run last year", "latest orders from germany",
          "what is the release date of the latest album", "各市场的销售额趋势",
          "市场部门的销售趋势", "how many flights do most airlines have", "销售额最高的金饰产品"});
  // A ratio asked of numbers the request states; numbers that filter rows or date them do not.
  // Session 20: the stated-rate reader (quick_path/stated_rate.h) answers those it reads whole.
  expect(
      RequestType::kSimple,
      {"we had 1200 customers and lost 90 this quarter, what's the churn rate",
       "revenue 80k, cost 52k, what's the margin", "季初1200个客户，流失了90个，流失率多少",
       "月初会员800人，月底剩720人，流失率是多少", "2000 visitors, 50 bought: conversion rate?"});
  // Round 17: a price from a stated margin is simple too; a formula over stated numbers is not.
  expect(RequestType::kSimple, {"成本65，想要35%的毛利率，应该定价多少"});
  expect(RequestType::kCalculation, {"从300万增长到520万用了3年，年复合增长率多少"});
  expect(RequestType::kDataQuery,
         {"2023 vs 2024 revenue growth rate", "channels with conversion above 3% in 2024",
          "2022年和2023年的利润率", "转化率超过3%的渠道有哪些",
          "For the drivers who raced on 1983/7/16, what's their race completion rate?"});
  // A trend line of a measure, a chart named by what it shows; a trend line through numbers.
  expect(RequestType::kVisualization, {"show me a trend line of monthly churn",
                                       "按季度画收入和成本对比图", "做个价格和销量的关系图"});
  expect(RequestType::kCalculation, {"fit a trend line to 10, 12, 15, 19"});
  expect(RequestType::kDataQuery, {"统计图片的数量"});
  // A farewell after something else; the time in Beijing; colloquial day words.
  expect(RequestType::kTrivial, {"stop, you are useless today. bye", "算了，不问了，拜拜",
                                 "现在北京时间几点了", "今儿是几月几号"});
  expect(RequestType::kDataQuery, {"show revenue by region, bye"});
  // A price with a discount around it is answered locally; a data question about discounts is not.
  expect(RequestType::kSimple, {"打八五折后原价680的东西多少钱", "680的东西打八五折后多少钱"});
  expect(RequestType::kDataQuery, {"打八五折的商品有多少"});
  // Where to begin with the data; which KPIs suit it (哪些KPI超过了目标 stays a data question).
  expect(RequestType::kConsultation, {"I just hooked up our warehouse db, where do I even begin",
                                      "订阅业务用这些数据适合看哪些KPI"});
  expect(RequestType::kDataQuery, {"哪些KPI超过了目标"});
}

// Round 15, multi_step.judgement: judgements that need several queries and a conclusion, beside
// one-query look-alikes and world questions of the same shape.
TEST(RequestClassifierTest, JudgementsOfActionsClaimsDecisionsAndGroups) {
  auto expect = [](RequestType type, std::initializer_list<std::string_view> requests) {
    for (std::string_view q : requests) EXPECT_EQ(Classifier().Classify(q).type, type) << q;
  };
  expect(RequestType::kMultiStepAnalysis,
         {"what impact did the spring promotion have on repeat orders",
          "how did the new return policy affect what people buy", "去年的满减活动对复购有什么影响",
          "the team swears weekend promos don't work — check it against the numbers",
          "财务说物流费用涨得最快，用数据核实一下",
          "subscriptions flattened out in q2, unpack that for me",
          "repeat rate has been soft all year — what's the story",
          "上半年复购一直上不去，给我理一理", "was moving the warehouse to ohio a good call",
          "give me a candid assessment of how the new hires are performing",
          "客观评价一下今年各区域经理的表现", "what's eating into our gross margin",
          "是什么在拖累我们的利润", "流失的会员都有哪些共同点",
          "map where in checkout shoppers bail"});
  expect(RequestType::kDataQuery,
         {"orders before and after the new return policy", "涨价前后每月的订单量",
          "revenue before and after the price cut", "gross margin by product", "流失会员的数量",
          "checkout abandonment count by day"});
  // An effect checked, groups compared for what separates them, whether something pays for
  // itself, who lets us down, what triggers it, the data backing a belief, readied for a meeting.
  expect(
      RequestType::kMultiStepAnalysis,
      {"did moving the checkout button actually lift completed purchases",
       "结账按钮挪位置以后，成交量真的上去了吗",
       "what separates the sales reps who hit quota from those who don't",
       "完成指标的销售和没完成的，差别到底在哪",
       "are the self-checkout machines paying for themselves", "自助收银机到底有没有把成本挣回来",
       "which of our couriers is letting us down, and on which routes",
       "哪家快递在拖我们后腿，是在哪些线路上",
       "members who downgrade their plan — when does it happen and what triggers it",
       "降级套餐的会员一般什么时候降级，是什么触发的",
       "I keep hearing our cheapest plan attracts the worst customers — does the data back that up",
       "get me ready for the quarterly call with the bank: cash, debt, overdue invoices",
       "下周跟银行开季度会，帮我把现金、负债和逾期发票准备好"});
  // Wanting to know why after an observation, what drives people out, groups that act
  // differently, an action's effect asked with its gerund, a briefing before a meeting, a claim
  // to test (a personal "why" is not an analysis).
  expect(RequestType::kMultiStepAnalysis,
         {"lunch trade at the cafe has fallen off; I need to understand why",
          "客流大不如前了，想弄清楚为什么", "what drives members to quit in the first month",
          "是什么把老客户留下来的", "how do weekend shoppers differ from weekday ones",
          "did raising the delivery fee hurt order volume",
          "call with the investors next week — what do I need to know about burn and runway",
          "everyone says free samples bring in loyal customers; test it"});
  expect(RequestType::kDataQuery,
         {"did shipping costs increase in march", "weekend vs weekday sales",
          "members who quit in the first month"});
  for (std::string_view q :
       {"i need to know why my card declined yesterday", "why do you want to know why"}) {
    EXPECT_NE(Classifier().Classify(q).type, RequestType::kMultiStepAnalysis) << q;
  }
  // A data question with "…, and why do you think that is?" and no word of change keeps its type
  // against the model; with a change it is a diagnosis.
  expect(RequestType::kDataQuery,
         {"which billing countries bring in the most money, and why do you think that is?"});
  expect(RequestType::kMultiStepAnalysis, {"which regions are declining, and why?"});
  // A fix proposed after an analysis is its second deliverable; analyses proposed are advice.
  expect(RequestType::kMultiStepAnalysis,
         {"find which stores are losing money and why, then propose fixes",
          "review the onboarding funnel and come up with an action plan"});
  expect(RequestType::kConsultation,
         {"propose some analyses for this dataset", "please propose a few metrics to track"});
  expect(RequestType::kDataQuery, {"completed purchases per day last month", "上个月每天的成交量",
                                   "reps who hit quota in q2", "did customer 42 actually pay"});
  // The world's events and general knowledge keep their own types.
  for (std::string_view q : {"最近红海航运受阻对物流有什么影响", "what's the story of the titanic",
                             "how did the war affect how people travel",
                             "my boss says python is better than r, is that true?"}) {
    EXPECT_NE(Classifier().Classify(q).type, RequestType::kMultiStepAnalysis) << q;
  }
}

// Round 16 (session 20): each reading beside the look-alikes that must keep their type.
// Round 17 (session 21): everyday wordings. Advice and investigations without their keywords,
// the tool worked or talked to, stated numbers asked in percent, code to take away, today's rate,
// and the workplace's own rules (a knowledge-base question, so a data question) — each beside a
// look-alike that must keep its type.
TEST(RequestClassifierTest, EverydayWordingsOfAdviceInvestigationsToolHelpAndStatedNumbers) {
  auto expect = [](RequestType type, std::initializer_list<std::string_view> requests) {
    for (std::string_view q : requests) EXPECT_EQ(Classifier().Classify(q).type, type) << q;
  };
  expect(RequestType::kConsultation, {"any ideas what to dig into with the billing data",
                                      "what would you track to see if onboarding works",
                                      "how would you go about measuring if our ads pay off",
                                      "what's worth looking at in the shipping table",
                                      "what should go on a monthly ops dashboard",
                                      "换你的话会先看哪块", "例会上该放哪几个指标"});
  expect(RequestType::kDataQuery,
         {"which numbers are in the weekly sales table", "show the sql for revenue by month"});
  expect(RequestType::kMultiStepAnalysis,
         {"what's going on with refunds lately", "signups tanked in may and i have no idea why",
          "退款最近是怎么回事", "两个仓库的差距为啥这么大"});
  expect(RequestType::kTrivial,
         {"what's going on with you", "这是怎么回事", "这到底是怎么回事", "wat can u do",
          "how do i upload a csv in here", "不好意思，打错字了", "sorry wrong window lol",
          "thanks so much, you saved me today"});
  EXPECT_EQ(Classifier().Classify("how do i upload a csv in here").quick_intent,
            QuickIntent::kHelp);
  EXPECT_EQ(Classifier().Classify("oops ignore that").quick_intent, QuickIntent::kChitChat);
  expect(RequestType::kDataQuery, {"how many csv files were uploaded last week"});
  expect(RequestType::kSimple, {"revenue went from 50k to 65k, how much growth is that in %",
                                "上个月120万这个月150万 涨了百分之多少",
                                "原价299现在199 相当于打几折", "5000的奖金4个人平分每人多少"});
  expect(RequestType::kDataQuery, {"10月和11月的销售额涨了百分之多少"});
  expect(RequestType::kCalculation,
         {"write a sql query that finds duplicate phone numbers in a customers table",
          "give me the sql to remove duplicate rows, i'll run it myself",
          "帮我写个sql 找出重复的订单 我自己去跑", "pandas算移动平均的代码怎么写"});
  expect(RequestType::kWebSearch,
         {"convert 300 usd to eur at todays rate", "what's the usd/jpy exchange rate right now"});
  expect(RequestType::kDataQuery,
         {"年假有几天", "报销流程是什么", "公司的年假政策", "how many vacation days do I get",
          "what is our expense policy"});
  // 建议 asked for is advice; a column named 建议… or the user's own instruction is not.
  expect(RequestType::kConsultation, {"对这份数据给点建议", "建议我用哪个图",
                                      "which chart would you suggest for sales by region"});
  expect(RequestType::kVisualization,
         {"画一个各月销售额的图，建议用柱状图", "plot sales by month, I'd suggest a line chart"});
  expect(RequestType::kDataQuery,
         {"建议零售价高于100的商品有哪些", "查一下建议采购量", "列出各门店的销售额，建议按降序"});
}

TEST(RequestClassifierTest, PraiseAdviceJobPayMapsEffectsVerdictsAndRecordLookups) {
  auto expect = [](RequestType type, std::initializer_list<std::string_view> requests) {
    for (std::string_view q : requests) EXPECT_EQ(Classifier().Classify(q).type, type) << q;
  };
  // Thanks or praise for the answer is small talk; a request after the thanks is not.
  for (std::string_view q : {"thanks, that chart is exactly what I needed",
                             "that did the trick, thanks", "nice work on that report, cheers",
                             "图表做得很漂亮，谢谢", "谢谢，分析得很到位", "太好了，正是我要的"}) {
    const Classification c = Classifier().Classify(q);
    EXPECT_EQ(c.type, RequestType::kTrivial) << q;
    EXPECT_EQ(c.quick_intent, QuickIntent::kThanks) << q;
  }
  expect(RequestType::kDataQuery, {"thanks, now show revenue by month", "好的，那各门店的利润呢"});
  expect(RequestType::kVisualization, {"谢谢，再画一个各月销量的柱状图"});
  EXPECT_NE(Classifier().Classify("that is right").type, RequestType::kTrivial);
  // How askdb is used after a short lead; not when the lead names the data.
  EXPECT_EQ(Classifier().Classify("quick question, how do I use this").quick_intent,
            QuickIntent::kHelp);
  EXPECT_EQ(Classifier().Classify("我是新手，这个怎么用").quick_intent, QuickIntent::kHelp);
  expect(RequestType::kDataQuery, {"the orders table, how does it work"});
  // Advice: ideas, chart kinds that would suit, fields that might relate, what I should look at.
  expect(RequestType::kConsultation,
         {"brainstorm some questions we could ask of the sales table",
          "where are the quick wins in our inventory data",
          "which chart types would work for our monthly numbers",
          "which fields might be related to late deliveries", "哪些字段可能和客户流失有关",
          "订单表我该看点什么", "这个库能玩出啥花样"});
  expect(RequestType::kDataQuery,
         {"which fields have null values", "客户表里有哪些字段", "我该看哪些客户的订单"});
  // Third pass: worth a look, what named data could uncover, at a loss with it; it makes sense
  // now; the assistant named as a thing; whether an action paid off.
  expect(RequestType::kConsultation,
         {"anything in the subscription tables worth a look?",
          "what might our web logs uncover if we poked around", "会员数据一头雾水，该怎么分析"});
  expect(RequestType::kTrivial,
         {"ok the table makes sense now", "好的，这下看懂了", "how does this bot work anyway"});
  expect(RequestType::kMultiStepAnalysis, {"figure out if the new loyalty tiers paid off"});
  expect(RequestType::kDataQuery,
         {"check if invoice 55 was paid", "which products are worth more than 100",
          "does the orders table make sense"});
  // What a job pays on the market is the web's; our own staff's pay is data.
  expect(RequestType::kWebSearch,
         {"average pay for a data scientist in new york", "what do nurses earn in toronto",
          "广州数据分析师平均月薪大概多少", "上海产品经理一般工资多少"});
  expect(RequestType::kDataQuery,
         {"average salary of our software engineers in berlin", "我们公司上海产品经理的平均工资",
          "各部门员工的平均工资", "average salary per department"});
  // On a map; 地图应用 names an app.
  expect(RequestType::kVisualization, {"在地图上显示各城市的会员分布", "用地图展示各省份的销售额"});
  expect(RequestType::kDataQuery, {"地图应用的用户数"});
  // An effect analysed, a forecast with its reasoning, a comparison with a verdict.
  expect(
      RequestType::kMultiStepAnalysis,
      {"analyse the effect of the loyalty scheme on visit frequency and spend",
       "analyze how the new shipping fee affected order size", "评估会员日活动对客单价的影响",
       "forecast next quarter's demand per product and explain your assumptions",
       "根据过去两年的数据预测明年销量，并说明依据",
       "compare the four stores on sales, margin and footfall, then say which is strongest and why",
       "比较各区域的收入和利润，然后总结哪个最好、原因是什么"});
  expect(RequestType::kDataQuery,
         {"sales before and after the loyalty scheme launched", "提价前后每月的销量",
          "compare sales of the four stores", "比较各区域的收入和利润"});
  // Break-even after two stated numbers; years are not stated numbers.
  expect(RequestType::kCalculation,
         {"fixed costs 50000 per month, each sale contributes 25, how many sales to break even",
          "固定成本每月8万，每件赚20，卖多少件才能保本"});
  // A subject followed by three questions about it; a list of columns after a colon.
  expect(RequestType::kMultiStepAnalysis,
         {"tell me about our churned users: who they were, when they left, and why",
          "退货情况：哪些商品、为什么退、退了多少钱"});
  expect(RequestType::kDataQuery,
         {"list customers: name, email, city", "客户信息：姓名、电话、城市"});
  // Everyday Chinese: cause then remedy, A-没-A after an action, the real driver, a plan on an
  // analysis; what is best to track, what belongs in a report.
  expect(RequestType::kMultiStepAnalysis,
         {"投诉变多了，找找原因，再给点对策", "涨价以后到底赚没赚到钱", "哪个促销真正拉动了销量",
          "分析一下退货原因，据此调整质检流程",
          "figure out how seasonal our bookings are and plan staffing around it"});
  expect(RequestType::kConsultation,
         {"刚接上订单数据，盯什么比较好", "做个给老板看的周报，该放哪些数字",
          "which kpis should go on the sales dashboard"});
  expect(RequestType::kDataQuery, {"改成线上预约之后的预约量", "各渠道带来的新客数量",
                                   "which numbers are on the weekly ops report"});
  // An annuity is a formula; a year glued to a word that starts with 金 is not one.
  expect(RequestType::kCalculation, {"年金每年领2万，领15年，折现率3%，现值多少"});
  EXPECT_NE(Classifier().Classify("今年金球奖给了谁").type, RequestType::kCalculation);
  // Why one record, named by its number, is as it is: a look-up, not an investigation.
  expect(RequestType::kDataQuery,
         {"why is order 10248 marked as cancelled", "为什么订单1005的状态是取消"});
  expect(RequestType::kMultiStepAnalysis, {"为什么2024年订单下降了"});
}

TEST(RequestClassifierTest, RulesFileOverride) {
  const std::string rules = R"(
priority = ["consultation", "visualization", "data_query"]
default_type = "data_query"
[[rule]]
id = "viz"
type = "visualization"
keywords = ["diagramme"]
[[rule]]
id = "consult"
type = "consultation"
patterns = ['^conseil']
)";
  auto c = RequestClassifier::FromText(rules, EmbeddedUnits());
  ASSERT_TRUE(c.ok()) << c.status().ToString();
  EXPECT_EQ((*c)->Classify("un diagramme des ventes").type, RequestType::kVisualization);
  EXPECT_EQ((*c)->Classify("conseil: diagramme").type, RequestType::kConsultation);
  EXPECT_EQ((*c)->Classify("画一个趋势图").type, RequestType::kDataQuery);
}

TEST(RequestClassifierTest, BadRulesFilesAreRejectedWithReasons) {
  const auto error = [](const std::string& rules) {
    auto c = RequestClassifier::FromText(rules, EmbeddedUnits());
    return c.ok() ? std::string() : c.status().message();
  };
  EXPECT_NE(error("priority = [\"data_query\"]\n[[rule]]\nid=\"x\"\ntype=\"nope\"\n"
                  "keywords=[\"a\"]\n")
                .find("unknown type 'nope'"),
            std::string::npos);
  EXPECT_NE(error("priority = [\"data_query\"]\n[[rule]]\nid=\"x\"\ntype=\"data_query\"\n"
                  "patterns=['(unclosed']\n")
                .find("bad regex"),
            std::string::npos);
  EXPECT_NE(error("priority = [\"data_query\"]\n[[rule]]\nid=\"x\"\ntype=\"data_query\"\n"
                  "patterns=['{nomacro}']\n")
                .find("unknown macro"),
            std::string::npos);
  EXPECT_NE(error("model_over_data_types = [\"nope\"]\npriority = [\"data_query\"]\n[[rule]]\n"
                  "id=\"x\"\ntype=\"data_query\"\nkeywords=[\"a\"]\n")
                .find("model_over_data_types"),
            std::string::npos);
  EXPECT_NE(error("model_over_data_unless = [\"y\"]\npriority = [\"data_query\"]\n[[rule]]\n"
                  "id=\"x\"\ntype=\"data_query\"\nkeywords=[\"a\"]\n")
                .find("unknown rule 'y'"),
            std::string::npos);
  EXPECT_NE(error("model_over_data_min_numbers = { calculation = \"two\" }\npriority = "
                  "[\"data_query\"]\n[[rule]]\nid=\"x\"\ntype=\"data_query\"\nkeywords=[\"a\"]\n")
                .find("model_over_data_min_numbers.calculation"),
            std::string::npos);
  EXPECT_NE(error("priority = [").find("TOML"), std::string::npos);
  ClassifierOptions missing;
  missing.rules_path = "/nonexistent/rules.toml";
  EXPECT_FALSE(RequestClassifier::Create(missing).ok());
}

// ---------------------------------------------------------------- properties (seed 000)

// Realistic fragments to surround keywords with; they contain no keyword of any rule type
// that outranks the one under test.
const std::vector<std::string> kFillers = {
    "请",   "帮我",   "看看",      "这个数据源", "销售数据", "2024年", "客户表",  "一下",
    "谢谢", "please", "the sales", "for 2024",   "our data", "now",    "quickly", "123",
    "订单", "，",     "。",        "?",          "!",        "data",   "各地区",  "我们",
};

rc::Gen<std::string> Filler() {
  return rc::gen::oneOf(
      rc::gen::elementOf(kFillers),
      rc::gen::map(rc::gen::container<std::string>(rc::gen::inRange<char>('a', 'z' + 1)),
                   [](std::string s) { return s; }));
}

rc::Gen<std::string> Surrounding() {
  return rc::gen::map(rc::gen::resize(4, rc::gen::container<std::vector<std::string>>(Filler())),
                      [](const std::vector<std::string>& parts) {
                        std::string out;
                        for (const std::string& p : parts) out += p + " ";
                        return out;
                      });
}

// Property 1: every input, however odd, gets exactly one of the eight types.
RC_GTEST_PROP(RequestClassifierProperty, EveryRequestGetsOneValidType, ()) {
  const std::string request =
      *rc::gen::oneOf(rc::gen::arbitrary<std::string>(),
                      rc::gen::map(rc::gen::container<std::vector<std::string>>(Filler()),
                                   [](const std::vector<std::string>& parts) {
                                     std::string out;
                                     for (const std::string& p : parts) out += p;
                                     return out;
                                   }));
  const Classification c = Classifier().Classify(request);
  int matches = 0;
  for (RequestType t : kAllRequestTypes) matches += c.type == t ? 1 : 0;
  RC_ASSERT(matches == 1);
  RC_ASSERT(ParseRequestType(RequestTypeName(c.type)) == c.type);
  RC_ASSERT(c.confidence >= 0.0 && c.confidence <= 1.0);
  RC_ASSERT(c.language == Language::kZh || c.language == Language::kEn);
}

// Property 5: a request containing a consultation keyword is consultation.
RC_GTEST_PROP(RequestClassifierProperty, ConsultationKeywordsGiveConsultation, ()) {
  static const std::vector<std::string> kKeywords = {
      "建议",          "分析方向",       "可以做什么分析",     "分析思路",   "怎么分析",
      "分析维度",      "有什么洞察",     "有什么分析思路",     "suggest",    "recommendation",
      "what analysis", "how to analyze", "what can I analyze", "Suggestions"};
  const std::string keyword = *rc::gen::elementOf(kKeywords);
  const std::string before = *Surrounding();
  const std::string after = *Surrounding();
  const std::string request = before + keyword + " " + after;
  const Classification c = Classifier().Classify(request);
  RC_ASSERT(c.type == RequestType::kConsultation);
}

// Generators for quick-path requests: time questions, arithmetic, conversions.
rc::Gen<std::string> TimeQuestion() {
  static const std::vector<std::string> kZhPlaces = {"", "东京", "纽约", "伦敦", "北京", "悉尼"};
  static const std::vector<std::string> kZhAsk = {"现在几点",   "现在几点了", "几点了",
                                                  "现在是几点", "当前时间",   "现在时间"};
  static const std::vector<std::string> kDays = {"今天星期几", "今天几号", "今天是几号",
                                                 "明天星期几", "今天的日期"};
  static const std::vector<std::string> kEnPlaces = {"tokyo", "New York", "London", "paris",
                                                     "Europe/Berlin"};
  static const std::vector<std::string> kEnAsk = {"what time is it in ", "time in ",
                                                  "what's the time in ", "current time in "};
  static const std::vector<std::string> kEnPlain = {"what time is it", "what's the date today",
                                                    "what day is it today", "what time is it now"};
  static const std::vector<std::string> kEnd = {"", "?", "？", "。", "!"};
  return rc::gen::oneOf(
      rc::gen::apply([](const std::string& place, const std::string& ask,
                        const std::string& end) { return place + ask + end; },
                     rc::gen::elementOf(kZhPlaces), rc::gen::elementOf(kZhAsk),
                     rc::gen::elementOf(kEnd)),
      rc::gen::apply([](const std::string& d, const std::string& end) { return d + end; },
                     rc::gen::elementOf(kDays), rc::gen::elementOf(kEnd)),
      rc::gen::apply([](const std::string& ask, const std::string& place,
                        const std::string& end) { return ask + place + end; },
                     rc::gen::elementOf(kEnAsk), rc::gen::elementOf(kEnPlaces),
                     rc::gen::elementOf(kEnd)),
      rc::gen::apply([](const std::string& q, const std::string& end) { return q + end; },
                     rc::gen::elementOf(kEnPlain), rc::gen::elementOf(kEnd)));
}

rc::Gen<std::string> Operand() {
  static const std::vector<std::string> kChinese = {"三百五十", "一千二百零五", "两万", "十五",
                                                    "三点五",   "1.2万",        "3亿"};
  return rc::gen::oneOf(
      rc::gen::map(rc::gen::inRange(0, 100000), [](int v) { return std::to_string(v); }),
      rc::gen::map(rc::gen::inRange(0, 10000),
                   [](int v) { return std::to_string(v / 100) + "." + std::to_string(v % 100); }),
      rc::gen::elementOf(kChinese));
}

rc::Gen<std::string> ArithmeticQuestion() {
  static const std::vector<std::string> kOps = {
      "+", "-", "*", "/", "×", "÷", "^", " 加 ", "减", "乘以", "除以", " plus ", " times "};
  static const std::vector<std::string> kPrefix = {"",       "计算",     "请计算 ",
                                                   "算一下", "what is ", "calculate "};
  static const std::vector<std::string> kSuffix = {"", "=", "=?", "等于多少", "是多少", "?"};
  return rc::gen::apply(
      [](const std::string& pre, const std::string& a, const std::string& op, const std::string& b,
         bool paren, const std::string& suf) {
        const std::string body = a + op + b;
        return pre + (paren ? "(" + body + ")" : body) + suf;
      },
      rc::gen::elementOf(kPrefix), Operand(), rc::gen::elementOf(kOps), Operand(),
      rc::gen::arbitrary<bool>(), rc::gen::elementOf(kSuffix));
}

rc::Gen<std::string> ConversionQuestion() {
  static const std::vector<std::pair<std::string, std::string>> kPairs = {
      {"公里", "英里"}, {"米", "英尺"},    {"斤", "克"},         {"公斤", "磅"},
      {"亩", "平方米"}, {"升", "加仑"},    {"摄氏度", "华氏度"}, {"小时", "分钟"},
      {"GB", "MB"},     {"KiB", "字节"},   {"km", "miles"},      {"kg", "pounds"},
      {"inches", "cm"}, {"days", "hours"}, {"美元", "人民币"},   {"周", "天"}};
  static const std::vector<std::string> kZhVerb = {"等于多少", "是多少", "换算成", "合多少"};
  return rc::gen::apply(
      [](int value, const std::pair<std::string, std::string>& units, const std::string& verb,
         bool english) {
        const std::string v = std::to_string(value);
        if (english) return "convert " + v + " " + units.first + " to " + units.second;
        return v + units.first + verb + units.second;
      },
      rc::gen::inRange(1, 100000), rc::gen::elementOf(kPairs), rc::gen::elementOf(kZhVerb),
      rc::gen::arbitrary<bool>());
}

// Property 4: quick-path requests (time, arithmetic, conversions) are trivial or simple.
RC_GTEST_PROP(RequestClassifierProperty, QuickPathRequestsAreTrivialOrSimple, ()) {
  const std::string request =
      *rc::gen::oneOf(TimeQuestion(), ArithmeticQuestion(), ConversionQuestion());
  const Classification c = Classifier().Classify(request);
  RC_ASSERT(c.IsQuickPath());
  RC_ASSERT(c.quick_intent != QuickIntent::kNone);
}

// The converse guard: a data question that merely contains numbers is not quick-path.
RC_GTEST_PROP(RequestClassifierProperty, DataQuestionsWithNumbersAreNotQuickPath, ()) {
  static const std::vector<std::string> kTemplates = {
      "{n}年销售额是多少",
      "{n}年各地区的订单数",
      "top {n} customers by revenue",
      "销售额超过{n}的客户",
      "门店{n}和门店{m}的平均订单金额",
      "订单{n}和订单{m}的金额",
      "products with unit price {n} and unit cost {m}",
      "orders from store {n} and store {m}",
      "积分{n}到{m}的会员数量"};
  const std::string tmpl = *rc::gen::elementOf(kTemplates);
  std::string request = tmpl;
  for (const std::string_view slot : {"{n}", "{m}"}) {
    const size_t at = request.find(slot);
    if (at != std::string::npos) {
      request.replace(at, 3, std::to_string(*rc::gen::inRange(1, 3000)));
    }
  }
  RC_ASSERT(!Classifier().Classify(request).IsQuickPath());
}

// Round 21: data_query won only as the fallback (no rule, or weak rules alone) while the model
// does not think it a data question: its best label among model_fallback_types decides, at the
// default confidence's level or below, so a configured LLM still confirms.
TEST(RequestClassifierTest, TheFallbackYieldsToTheModelsNonDataLabel) {
  const std::string rules = R"(
priority = ["trivial", "data_query"]
default_type = "data_query"
intent_model = "builtin"
[[rule]]
id = "hello"
type = "trivial"
keywords = ["hello there"]
)";
  const std::string_view thanks = "thanks thats exactly the numbers my manager wanted";
  auto off = RequestClassifier::FromText(rules, EmbeddedUnits());
  ASSERT_TRUE(off.ok()) << off.status().ToString();
  EXPECT_EQ((*off)->Classify(thanks).rules, std::vector<std::string>{"default"});
  auto on = RequestClassifier::FromText(
      "model_fallback_types = [\"trivial\"]\nmodel_fallback_min_probability = 0.5\n"
      "model_fallback_max_hand_on_probability = 0.3\n" +
          rules,
      EmbeddedUnits());
  ASSERT_TRUE(on.ok()) << on.status().ToString();
  const Classification c = (*on)->Classify(thanks);
  EXPECT_EQ(c.type, RequestType::kTrivial);
  EXPECT_EQ(c.quick_intent, QuickIntent::kChitChat);
  EXPECT_EQ(c.rules, std::vector<std::string>{"model.trivial"});
  EXPECT_LT(c.confidence, 0.7);
  // A data question stays one.
  EXPECT_EQ((*on)->Classify("total revenue per region last year").type, RequestType::kDataQuery);
  EXPECT_FALSE(RequestClassifier::FromText("model_fallback_types = [\"nonsense\"]\n" + rules,
                                           EmbeddedUnits())
                   .ok());
}

// Round 21 review: the stated-amounts rule (a data decision over two numbers made a computation)
// was taken out; data questions that name two numbers — filters, ids, sizes, ranges — stay data
// questions, so the data path answers them.
TEST(RequestClassifierTest, DataQuestionsNamingTwoNumbersStayDataQuestions) {
  const std::vector<std::string> kRequests = {
      // The reviewer's.
      "products with unit price 15 and unit cost 10",
      "how many products have unit price 99 and unit cost 50", "单价10元到20元的商品有多少个",
      "积分1000到5000的会员数量", "门店3和门店7的平均订单金额", "订单1001和订单1002的金额",
      "员工编号1001和1002的工资", "revenue from iphone 15 and iphone 16",
      "how many 5 star reviews and 1 star reviews do we have", "employees in department 10 and 20",
      "42码和43码的鞋卖了多少", "3室2厅的房源有多少", "数学90分英语85分的学生",
      // Our own.
      "orders from store 4 and store 9 last month", "customers aged 30 to 40 in region 2",
      "sales of product 17 and product 23 in 2024", "how many orders over 500 with 3 or more items",
      "average salary in departments 5 and 8", "list invoices 2001 and 2002",
      "top 5 products in category 12", "students with scores between 60 and 80 in class 3",
      "flights on route 101 and route 205", "tickets with priority 1 or 2 opened this week",
      "users with more than 10 logins and 2 purchases", "rooms on floors 3 and 4",
      "rooms on floor 3 with 2 beds", "2023年和2024年的销售额对比", "3号店和5号店的销量",
      "价格在100到200之间的商品", "年龄25到35岁的客户有多少", "第1季度和第2季度的订单数",
      "1号仓库和2号仓库的库存", "工号1002和1005的员工信息", "订单金额大于500且数量大于3的订单",
      "2楼和3楼的房间数", "评分4分以上且评论超过100条的商品", "10月和11月的新增用户数",
      "班级3和班级5的平均分", "库存少于20件且单价高于50元的商品", "2号线和4号线的客流量",
      "编号1001的订单有几件商品", "前10名客户在2024年的消费总额", "销量超过1000件的商品有多少个",
      "how many customers placed 2 or more orders in 2024", "revenue of stores 3 and 7 in q2",
      "employees hired between 2019 and 2021"};
  for (const std::string& request : kRequests) {
    const Classification c = Classifier().Classify(request);
    EXPECT_EQ(c.type, RequestType::kDataQuery) << request << " -> " << RequestTypeName(c.type);
    EXPECT_FALSE(c.IsQuickPath()) << request;
  }
}

// Round 21 review: the model over the fallback never answers a request naming a period with small
// talk: "how are we doing this month" asks about the month's data.
TEST(RequestClassifierTest, TheFallbackKeepsRequestsNamingAPeriod) {
  for (const std::string_view request :
       {"how are we doing this month", "how are we doing this quarter",
        "how did we do last year"}) {
    EXPECT_EQ(Classifier().Classify(request).type, RequestType::kDataQuery) << request;
  }
  EXPECT_FALSE(RequestClassifier::FromText("model_fallback_unless_pattern = '(?:'\n"
                                           "default_type = \"data_query\"\n",
                                           EmbeddedUnits())
                   .ok());
}

// Round 22b: the period / numbered-thing guard holds wherever the model decides alone — where no
// rule fired (its own bar, the model over the data rules) as in the fallback — not in the fallback
// only: a retrained model typed "how are we doing this month" small talk at 0.72 over the 0.7 bar.
TEST(RequestClassifierTest, TheModelAloneKeepsRequestsNamingAPeriod) {
  const std::string rules = R"(
priority = ["trivial", "data_query"]
default_type = "data_query"
intent_model = "builtin"
model_fallback_types = ["trivial"]
[[rule]]
id = "hello"
type = "trivial"
keywords = ["hello there"]
)";
  const std::string_view thanks = "thanks for all your help this month";
  const std::string guard = "model_fallback_unless_pattern = '\\bthis\\s+month\\b'\n";
  for (const std::string bars :
       {"model_min_probability = 0.3\n",
        "model_over_data_types = [\"trivial\"]\nmodel_over_data_min_probability = 0.3\n"}) {
    auto unguarded = RequestClassifier::FromText(bars + rules, EmbeddedUnits());
    ASSERT_TRUE(unguarded.ok()) << unguarded.status().ToString();
    EXPECT_EQ((*unguarded)->Classify(thanks).type, RequestType::kTrivial) << bars;
    auto guarded = RequestClassifier::FromText(guard + bars + rules, EmbeddedUnits());
    ASSERT_TRUE(guarded.ok()) << guarded.status().ToString();
    const Classification c = (*guarded)->Classify(thanks);
    EXPECT_EQ(c.type, RequestType::kDataQuery) << bars;
    EXPECT_EQ(c.rules, std::vector<std::string>{"default"}) << bars;
    // Only over a request naming a period: the same thanks without one stays small talk.
    EXPECT_EQ((*guarded)->Classify("thanks for all your help").type, RequestType::kTrivial) << bars;
    // And only while the model is unsure: a sign-off it is sure of names its period in passing.
    auto sure = RequestClassifier::FromText(
        "model_fallback_unless_max_probability = 0.9\n" + guard + bars + rules, EmbeddedUnits());
    ASSERT_TRUE(sure.ok()) << sure.status().ToString();
    EXPECT_EQ((*sure)->Classify(thanks).type, RequestType::kTrivial) << bars;
  }
}

// Round 22b: two decisions that hung on the model at its bar's edge now rest on rules — a join
// verb at the start is a data verb, and a briefing request in the 把 construction (the object
// before the verb) is a judgement like its English twin.
TEST(RequestClassifierTest, JoinVerbsAndBriefingsWithBaAreReadByRules) {
  auto has_rule = [](const Classification& c, std::string_view id) {
    return std::find(c.rules.begin(), c.rules.end(), id) != c.rules.end();
  };
  const Classification join = Classifier().Classify("map the customer id to its segment");
  EXPECT_EQ(join.type, RequestType::kDataQuery);
  EXPECT_TRUE(has_rule(join, "data_query.data_verb"));
  const Classification briefing =
      Classifier().Classify("下周跟银行开季度会，帮我把现金、负债和逾期发票准备好");
  EXPECT_EQ(briefing.type, RequestType::kMultiStepAnalysis);
  EXPECT_TRUE(has_rule(briefing, "multi_step.judgement"));
}

// Round 23: the choice between kinds of chart, the best chart for some data, what goes on a
// dashboard being built — advice asked for, which the chart keywords had typed a chart request;
// a chart asked for with its kind, even "whichever works better", stays a chart.
TEST(RequestClassifierTest, TheChoiceOfAChartIsAConsultation) {
  for (std::string_view q :
       {"best chart type for ratings on a 1-5 scale",
        "is a line or a bar better for weekly refunds",
        "would a pie, a donut or a stacked bar fit the budget split better?",
        "we're setting up a returns dashboard, what should go on it",
        "收入和成本的关系用什么chart合适", "what's the best chart for orders per month?",
        "I'm building a churn dashboard, what should go on it"}) {
    const Classification c = Classifier().Classify(q);
    EXPECT_EQ(c.type, RequestType::kConsultation) << q;
    EXPECT_NE(std::find(c.rules.begin(), c.rules.end(), "consultation.chart_choice"), c.rules.end())
        << q;
  }
  for (std::string_view q : {"plot revenue by month as a bar chart",
                             "line or bar chart of sales by region, whichever works better"}) {
    EXPECT_EQ(Classifier().Classify(q).type, RequestType::kVisualization) << q;
  }
}

// Round 23 review: an order to draw, show, make or build, with the choice of its kind left to us,
// is the chart (or the data, or the report) asked for, not a consultation — the chart-choice
// patterns fired on these and sent a generic suggestions page instead of a chart.
TEST(RequestClassifierTest, AnOrderToDrawWithTheChoiceLeftToUsIsNoConsultation) {
  const std::pair<std::string_view, RequestType> cases[] = {
      {"make the best chart to show revenue by store", RequestType::kVisualization},
      {"give me the best chart for orders per month", RequestType::kVisualization},
      {"pick the best chart for sales by region and draw it", RequestType::kVisualization},
      {"plot churn by month - is a line or area chart better?", RequestType::kVisualization},
      {"visualise refunds by week, does a bar or line chart suit it better",
       RequestType::kVisualization},
      {"show me revenue by quarter, would a bar or line be better", RequestType::kDataQuery},
      {"帮我画各城市的订单数，用啥chart合适", RequestType::kVisualization},
      {"画一下各门店销售额，哪种chart最直观", RequestType::kVisualization},
      {"build me a sales dashboard, what should go on it", RequestType::kVisualization},
      {"make a report of sales by month, what would go in it", RequestType::kMultiStepAnalysis},
  };
  for (const auto& [q, want] : cases) {
    const Classification c = Classifier().Classify(q);
    EXPECT_EQ(c.type, want) << q;
    EXPECT_EQ(std::find(c.rules.begin(), c.rules.end(), "consultation.chart_choice"), c.rules.end())
        << q;
    // The veto never names a type itself.
    EXPECT_EQ(std::find(c.rules.begin(), c.rules.end(), "consultation.chart_choice_ordered"),
              c.rules.end())
        << q;
  }
}

// Round 23 review: how to improve, raise or cut a measure of the user's business is advice; "how
// can I increase the font size" names no business measure and is not.
TEST(RequestClassifierTest, HowToImproveABusinessMeasureIsAConsultation) {
  for (std::string_view q :
       {"How can I improve repeat purchases?", "how can we increase sales",
        "how do we reduce churn", "我该怎么提高复购率", "怎样提高销售额", "如何降低退货率"}) {
    const Classification c = Classifier().Classify(q);
    EXPECT_EQ(c.type, RequestType::kConsultation) << q;
    EXPECT_NE(std::find(c.rules.begin(), c.rules.end(), "consultation.how_to_improve"),
              c.rules.end())
        << q;
  }
  for (std::string_view q :
       {"how can I increase the font size", "how did sales increase in march"}) {
    const Classification c = Classifier().Classify(q);
    EXPECT_EQ(std::find(c.rules.begin(), c.rules.end(), "consultation.how_to_improve"),
              c.rules.end())
        << q;
  }
}

}  // namespace
}  // namespace askdb::agent
