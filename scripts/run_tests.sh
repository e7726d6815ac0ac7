#!/usr/bin/env bash
# Runs the whole test suite of a built tree: ctest with every label (unit, integration,
# e2e, slow). The slow label includes the LLM layer's soak under ASan/UBSan/LSan, which
# compiles that layer a second time (scripts/asan_soak.sh).
# Real PostgreSQL and MariaDB servers are started on loopback with throwaway data
# (scripts/db_servers.sh) and stopped afterwards; their tests then never skip.
# Usage: scripts/run_tests.sh [BUILD_DIR]
# Environment: CTEST_ARGS (extra ctest arguments, e.g. "-L unit" or "-LE slow");
#              ASKDB_NO_SERVERS=1 runs without the servers (their tests skip, visibly).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD_DIR=$(cd "$ROOT" && cd "${1:-build}" && pwd)
export ASKDB_TEST_SERVERS_DIR=${ASKDB_TEST_SERVERS_DIR:-$BUILD_DIR/test-servers}
if [[ ${ASKDB_NO_SERVERS:-0} != 1 ]]; then
  export ASKDB_REQUIRE_SERVERS=1
  eval "$(ASKDB_BUILD_DIR="$BUILD_DIR" "$ROOT/scripts/db_servers.sh" start)"
  trap 'ASKDB_BUILD_DIR="$BUILD_DIR" "$ROOT/scripts/db_servers.sh" stop >/dev/null 2>&1 || true' EXIT
fi
cd "$BUILD_DIR"
# shellcheck disable=SC2086
ctest --output-on-failure -j "$(nproc)" --timeout 600 ${CTEST_ARGS:-}
