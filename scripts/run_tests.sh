#!/usr/bin/env bash
# Runs the whole test suite of a built tree: ctest with every label (unit, integration,
# e2e, slow). Usage: scripts/run_tests.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${1:-build}
cd "$BUILD_DIR"
# shellcheck disable=SC2086
ctest --output-on-failure -j "$(nproc)" --timeout 600 ${CTEST_ARGS:-}
