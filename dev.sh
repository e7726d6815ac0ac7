#!/usr/bin/env bash
# One entry point for the README's Quick start and for CI.
#   ./dev.sh demo     set up, build, and run the main job on the bundled demo database
#   ./dev.sh test     set up, build, and run the whole test suite (what CI runs)
#   ./dev.sh build    set up and build only
# Environment: BUILD_DIR (default build), BUILD_TYPE (default RelWithDebInfo),
#              CTEST_ARGS (extra arguments for ctest, e.g. "-L unit").
set -euo pipefail
cd "$(dirname "$0")"
BUILD_DIR=${BUILD_DIR:-build}
BUILD_TYPE=${BUILD_TYPE:-RelWithDebInfo}
# ccache entries keyed on paths relative to the checkout, so that a fresh clone in another
# folder (CI) reuses what an earlier build compiled.
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$PWD} CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-1}

build() {
  scripts/setup.sh
  if [[ ! -f $BUILD_DIR/build.ninja ]]; then
    cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE="$BUILD_TYPE"
  fi
  cmake --build "$BUILD_DIR" -j "$(nproc)"
}

case "${1:-}" in
  build) build ;;
  demo)
    build
    "$BUILD_DIR/bin/askdb" demo
    ;;
  test)
    build
    scripts/run_tests.sh "$BUILD_DIR"
    ;;
  *)
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
