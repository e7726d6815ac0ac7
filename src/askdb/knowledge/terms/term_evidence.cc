#include "askdb/knowledge/terms/term_evidence.h"

#include <algorithm>

#include "askdb/common/text.h"

namespace askdb::knowledge {
namespace {

// The word as it stands in `lower` (the lower-cased question): an ASCII word must not be
// part of a longer one ("AOV" is not in "MAOVS"); Chinese has no spaces to check.
bool Names(const std::string& lower, const std::string& word) {
  if (word.empty()) return false;
  for (size_t at = lower.find(word); at != std::string::npos; at = lower.find(word, at + 1)) {
    auto alnum = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
    const bool left = at == 0 || !alnum(lower[at - 1]) || !alnum(word.front());
    const size_t end = at + word.size();
    const bool right = end == lower.size() || !alnum(lower[end]) || !alnum(word.back());
    if (left && right) return true;
  }
  return false;
}

}  // namespace

std::vector<const BusinessTerm*> TermsNamedIn(std::string_view question,
                                              const std::vector<BusinessTerm>& terms) {
  const std::string lower = text::AsciiLower(question);
  std::vector<std::pair<size_t, const BusinessTerm*>> found;
  for (const BusinessTerm& t : terms) {
    if (!t.is_recall) continue;
    size_t longest = 0;
    std::vector<std::string> words = t.synonyms;
    words.push_back(t.term);
    for (const std::string& w : words) {
      const std::string key = text::AsciiLower(w);
      if (Names(lower, key)) longest = std::max(longest, key.size());
    }
    if (longest > 0) found.emplace_back(longest, &t);
  }
  std::stable_sort(found.begin(), found.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<const BusinessTerm*> out;
  for (const auto& [len, t] : found) out.push_back(t);
  return out;
}

std::string TermPromptText(const BusinessTerm& t) {
  std::string s = t.term;
  if (!t.synonyms.empty()) {
    std::string list;
    for (const std::string& w : t.synonyms) list += (list.empty() ? "" : ", ") + w;
    s += " (" + list + ")";
  }
  if (!t.description.empty()) s += ": " + t.description;
  if (t.meaning != nlq::BusinessMeaning::kNone) {
    s += " Meaning (" + std::string(nlq::BusinessMeaningName(t.meaning)) + "): " + t.expression;
    if (!t.filter.empty()) s += " over rows where " + t.filter;
    if (!t.subject.empty()) s += ", selecting rows of " + t.subject;
    // Relative to the data's latest date, as the engine resolves it (nlq::ResolveTermPeriod).
    if (!t.period.empty()) {
      s += " (" + t.period + " on " + t.period_column + ", counted back from the latest date)";
    }
  }
  return s;
}

Status TermEvidenceSource::Recall(const EvidenceQuery& query, Evidence& out) const {
  ASKDB_ASSIGN_OR_RETURN(std::vector<BusinessTerm> terms, provider_(query));
  Evidence add;
  for (const BusinessTerm* t : TermsNamedIn(query.question, terms)) {
    EvidenceHit hit;
    hit.item_id = t->id.empty() ? t->term : t->id;
    hit.kind = "term";
    hit.source = t->term;
    hit.text = TermPromptText(*t);
    hit.keyword_score = hit.fused_score = 1.0;  // the term's own word is in the question
    add.hits.push_back(std::move(hit));
    for (const std::string* text : {&t->expression, &t->filter, &t->period_column}) {
      StatusOr<nlq::TermExpr> e = text->empty() ? StatusOr<nlq::TermExpr>(InvalidArgumentError(""))
                                                : nlq::ParseTermExpression(*text);
      if (!e.ok()) continue;
      std::vector<const nlq::TermExpr*> cols;
      nlq::CollectColumns(*e, &cols);
      for (const nlq::TermExpr* c : cols)
        add.term_columns.push_back({t->term, c->table, c->column});
    }
    if (!t->subject.empty()) add.term_columns.push_back({t->term, t->subject, ""});
  }
  for (EvidenceHit& h : add.hits) out.hits.push_back(std::move(h));
  for (TermColumn& c : add.term_columns) out.term_columns.push_back(std::move(c));
  return Status::Ok();
}

}  // namespace askdb::knowledge
