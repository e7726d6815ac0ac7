#include "askdb/agent/quick_path/conversion_framing.h"

#include <string>

#include "askdb/agent/quick_path/utf8_pattern.h"

namespace askdb::agent {
namespace {

// Words that ask for a conversion or frame it politely; none names data, a filter or a group
// ("orders", "over", "by", "our", "each" are absent on purpose).
constexpr std::string_view kEnglishWords =
    "how|many|much|is|are|was|were|what|what's|whats|that|that's|thats|this|it|it's|the|a|an|"
    "in|into|to|as|from|convert|converted|converting|conversion|please|can|could|would|will|you|"
    "me|tell|give|show|i|i'm|im|am|need|want|know|do|does|did|equals?|equivalent|make|makes|of|"
    "if|rate|exchange|at|per|with|for|be|there|about|approximately|roughly|around|approx|"
    "calculate|compute|get|so|then|and|between|like|help|figure|out|express|expressed|terms|"
    "same|just|using|assuming|given|when|hey|hi|ok|okay|quick|question|weigh|weighs|weighed|"
    "tall|long|wide|high|deep|heavy|far|away|hot|cold|big|large|worth|change|changed|turn|"
    "turns|translate|mean|means|roughly|exactly|value";

// Chinese words that ask for a conversion, what a measured amount is (体重, 身高) and
// particles; longest first where one holds another.
constexpr std::string_view kChineseWords =
    "请问|请|帮我|给我|帮忙|麻烦|我想知道|想知道|想问一下|想问下|想问|告诉我|问一下|一下|把|将|的|"
    "个|呢|啊|呀|吗|吧|了|"
    "是多少|是几|等于多少|等于几|等于|合多少|合|折合|相当于|约等于|换算成|换算为|换算|转换成|"
    "转换为|转换|转成|换成|兑换成|兑换|兑|能换多少|能换|可以换|换多少|换|有多少|多少|几|是|为|"
    "有|汇率|按|以|用|计算|算|大约|大概|约|左右|如果|的话|那么|那|度|成|到|对应|是什么|"
    "体重|身高|个子|重量|长度|距离|高度|面积|体温|温度|气温|速度|时长|我";

// A subject before the amount: "my package weighs", "my drive is", "我的硬盘是", "我家猫重".
constexpr std::string_view kStory =
    "(?:my(?: [a-z]+){1,3} (?:is|weighs|weighed|measures|measured|costs|cost|was|has|holds|"
    "runs|reads|shows|came to|comes to)|(?:我的|我家的?|我们家的?)\\p{Han}{1,6}?(?:是|有|重|为|"
    "长|高|大约|大概|约))";

constexpr std::string_view kPunctuation = "[\\s,，.。?？!！:：;；、=@~/()（）\"'“”‘’-]";

std::string FramingWords() {
  return "(?:" + std::string(kPunctuation) + "|(?:" + std::string(kEnglishWords) + ")\\b|" +
         std::string(kChineseWords) + ")*";
}

std::string FramingPattern() { return "\\s*" + std::string(kStory) + "?" + FramingWords(); }

// A story told in clauses before the question, which then points back at the amount: "i'm
// flying to tokyo and my bag is 23 kg, how many pounds is that", "i ran 10 km this morning,
// how many miles was that", "我要出国，行李限重23公斤，合多少磅". The clauses may hold any words
// (the amount among them); the last part must be framing alone and refer to the amount — "that",
// "it" or "this" in English, a conversion verb first in Chinese — so a data question with a
// comma ("sales over 100 kg, in pounds") is not read as a story.
std::string StoryThenQuestionPattern() {
  constexpr std::string_view kClause = "[\\p{L}'’ ]{1,80}?(?:[,，;；]| and )";
  constexpr std::string_view kChineseAsk = "(?:合|等于|换成|换算成|折合|相当于|转换成|转成|是多少)";
  return "(?:" + std::string(kClause) + ")+(?:" + FramingWords() + "\\b(?:that|it|this)\\b" +
         FramingWords() + "|\\s*" + std::string(kChineseAsk) + FramingWords() + ")";
}

}  // namespace

bool OnlyConversionFraming(std::string_view unread) {
  static const Utf8Pattern kFraming(FramingPattern());
  static const Utf8Pattern kStoryThenQuestion(StoryThenQuestionPattern());
  return kFraming.FullMatch(unread) || kStoryThenQuestion.FullMatch(unread);
}

}  // namespace askdb::agent
