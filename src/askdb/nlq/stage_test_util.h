// Test-only: runs the engine's stages (parser.h) one at a time on the shop database
// (test_fixture.h), so that a stage's test sees exactly what the stages before it built.
#pragma once

#include <memory>
#include <string>

#include "askdb/nlq/parser.h"
#include "askdb/nlq/test_fixture.h"

namespace askdb::nlq::testing {

struct StageRun {
  TranslateOptions options;
  std::unique_ptr<Parser> parser;
  std::string why_en, why_zh;
  // Segments the question and runs the reading passes (what Run() does before resolving).
  StageRun(std::string_view question, const Shop& shop) {
    parser = std::make_unique<Parser>(question, *shop.index, shop.connector->dialect(), options);
    parser->Begin();
    parser->Segment();
    parser->NoteQuestionWords();
    parser->ReadQuestion();
  }
  bool Resolve() { return parser->ResolveTables(&why_en, &why_zh); }
};

}  // namespace askdb::nlq::testing
