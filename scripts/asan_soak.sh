#!/usr/bin/env bash
# The LLM layer's fault-injection soak (10,000 calls, 20% injected faults, through the full
# decorator stack against the fake server on loopback) under AddressSanitizer,
# UndefinedBehaviorSanitizer and LeakSanitizer: no crash, no leak, every call ends in a
# result or a clear error within its deadline. Builds only what the soak needs, in its own
# tree (build-asan). Usage: scripts/asan_soak.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${1:-build-asan}
if [[ ! -f $BUILD_DIR/build.ninja ]]; then
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DASKDB_SANITIZE=ON \
    -DASKDB_BUILD_BENCH=OFF > /dev/null
fi
cmake --build "$BUILD_DIR" -j "$(nproc)" --target llm_soak_test
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
  "$BUILD_DIR/bin/llm_soak_test"
