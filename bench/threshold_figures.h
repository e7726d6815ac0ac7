// Precision and coverage of "answer when the score reaches the threshold", for the benches that
// choose a threshold on a develop split and then report it on the report split
// (kb_passage_bench, kb_qa_threshold_bench).
#pragma once

#include <cstddef>
#include <vector>

namespace askdb::bench {

struct ThresholdFigures {
  size_t shown = 0, right = 0, answerable = 0, questions = 0;
  double precision() const { return shown == 0 ? 1.0 : static_cast<double>(right) / shown; }
  double coverage() const {
    return answerable == 0 ? 0.0 : static_cast<double>(right) / answerable;
  }
};

// Outcome has `bool right, answerable` and the best candidate's score in the member `score`
// (0: no candidate). A score within `tolerance` below the threshold reaches it: the product
// compares the same numbers with its own rounding.
template <class Outcome>
ThresholdFigures FiguresAt(const std::vector<Outcome>& outcomes, double Outcome::*score,
                           double threshold, double tolerance) {
  ThresholdFigures f;
  for (const Outcome& o : outcomes) {
    ++f.questions;
    f.answerable += o.answerable ? 1 : 0;
    if (o.*score > 0 && o.*score >= threshold - tolerance) {
      ++f.shown;
      f.right += o.right ? 1 : 0;
    }
  }
  return f;
}

}  // namespace askdb::bench
