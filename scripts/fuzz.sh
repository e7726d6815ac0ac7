#!/usr/bin/env bash
# Builds and runs the request-parsing fuzzer (libFuzzer + ASan + UBSan) for a while.
#   scripts/fuzz.sh [seconds]     default 60
# Uses its own build directory (build-fuzz) configured with clang-14 from fuzz/ alone, so
# the main build is untouched. The working corpus lives in build-fuzz/corpus, seeded from
# fuzz/corpus/request_parsing; crash inputs are written to build-fuzz/artifacts.
# Exits non-zero when the fuzzer finds a crash, leak or sanitizer report.
# Needs: clang-14, libclang-rt-14-dev (libFuzzer runtime), cmake, ninja, nlohmann-json3-dev.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
if ! [[ "$seconds" =~ ^[0-9]+$ ]]; then
  echo "usage: scripts/fuzz.sh [seconds]  (seconds must be a whole number)" >&2
  exit 2
fi
for tool in clang-14 clang++-14 cmake ninja; do
  command -v "$tool" >/dev/null 2>&1 || {
    echo "fuzz.sh: $tool not found: install clang-14 libclang-rt-14-dev cmake ninja-build" >&2
    exit 2
  }
done

build="${ASKDB_FUZZ_BUILD_DIR:-build-fuzz}"  # the test command passes one inside its build tree
CC=clang-14 CXX=clang++-14 cmake -S fuzz -B "$build" -G Ninja \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" --target request_parsing_fuzzer

corpus="$build/corpus"
artifacts="$build/artifacts/"
mkdir -p "$corpus" "$artifacts"
cp -n fuzz/corpus/request_parsing/* "$corpus"/ 2>/dev/null || true

echo "fuzz.sh: running request_parsing_fuzzer for ${seconds}s"
# -rss_limit_mb: the 2-core, shared machine; a leak or blow-up shows well below this.
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  "$build/request_parsing_fuzzer" "$corpus" \
  -max_total_time="$seconds" -max_len=4096 -rss_limit_mb=2048 \
  -artifact_prefix="$artifacts" -print_final_stats=1
echo "fuzz.sh: no crash in ${seconds}s ($(ls "$corpus" | wc -l) corpus inputs)"
