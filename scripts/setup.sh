#!/usr/bin/env bash
# Installs everything askdb needs to build, run and test on Debian 12, and nothing twice:
# when every package is present it changes nothing. The package list lives here only.
#   scripts/setup.sh            system packages + front-end assets
#   scripts/setup.sh --check    report what is missing, install nothing (exit 1 if any)
#   scripts/setup.sh --list     print the package list (scripts/check_setup_complete.py reads it)
# The test suite's setup_complete test proves the list complete: every header, library,
# CMake file and program the build and tests used must come from a package listed here or
# pulled in by one (scripts/check_setup_complete.py).
set -euo pipefail
cd "$(dirname "$0")/.."

# Build toolchain and libraries.
PACKAGES=(
  g++ cmake ninja-build ccache pkg-config make
  libsqlite3-dev sqlite3
  libspdlog-dev libfmt-dev libtomlplusplus-dev nlohmann-json3-dev
  libicu-dev libre2-dev
  libcurl4-openssl-dev libcpp-httplib-dev libkainjow-mustache-dev libcli11-dev
  # Server: API key hashes (Argon2id) and datasource secrets at rest.
  libsodium-dev
  # The permissions' hash mask on SQLite: MD5 from libcrypto (openssl/evp.h), as PostgreSQL
  # and MariaDB compute it.
  libssl-dev
  # Knowledge base: the HNSW vector index (header-only).
  libhnswlib-dev
  libgtest-dev libgmock-dev librapidcheck-dev libbenchmark-dev
  # Fuzzing the server's request parsing (scripts/fuzz.sh): clang with libFuzzer.
  clang-14 libclang-rt-14-dev
  # Server connectors, and the real servers their tests run against (scripts/db_servers.sh).
  libpq-dev libmariadb-dev postgresql-15 mariadb-server
  # PostgreSQL's own parser as a library: the statement guard reads PostgreSQL SQL with it.
  libpg-query-dev
  # Reports: headless Chromium for the rendering test; CJK fonts so Chinese text renders.
  chromium fonts-noto-cjk
  # The setup-completeness check (scripts/check_setup_complete.py).
  python3
  # Python analysis steps (src/askdb/python): the bubblewrap sandbox and Debian's Python
  # libraries the templates and a model's code use.
  bubblewrap python3-pandas python3-numpy python3-scipy python3-statsmodels
  # Knowledge base documents (src/askdb/knowledge): PDF text (poppler), DOCX (a zip of XML),
  # HTML.
  libpoppler-cpp-dev libzip-dev libxml2-dev
  # The knowledge e2e test calls /api/v1/knowledge with curl.
  curl
)
# Node.js installs the front-end assets (ECharts). An install from another source (e.g.
# NodeSource's nodejs, which bundles npm) is kept; Debian's splits npm into its own package.
NODE_PACKAGES=(nodejs npm)

if [[ "${1:-}" == "--list" ]]; then
  printf '%s\n' "${PACKAGES[@]}" "${NODE_PACKAGES[@]}"
  exit 0
fi

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)

if [[ "${1:-}" == "--check" ]]; then
  if ((${#missing[@]})); then echo "missing: ${missing[*]}"; exit 1; fi
  echo "all system packages present"; exit 0
fi

if ((${#missing[@]})); then
  SUDO=""
  if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null 2>&1 || { echo "setup: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
    SUDO=sudo
  fi
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Front-end assets from npm, pinned by web/package-lock.json. Re-run only when the lock
# file changed since the last install.
if [[ -f web/package-lock.json ]]; then
  stamp=web/node_modules/.askdb-lock-stamp
  if [[ ! -f $stamp ]] || ! cmp -s web/package-lock.json "$stamp"; then
    echo "setup: npm ci (web/)"
    # puppeteer-core (the web UI's browser tests) drives Debian's Chromium: never download one.
    (cd web && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
    cp web/package-lock.json "$stamp"
  fi
fi
# The official MCP SDK client for the MCP tests (tests/mcp), pinned by its package-lock.json.
if [[ -f tests/mcp/package-lock.json ]]; then
  stamp=tests/mcp/node_modules/.askdb-lock-stamp
  if [[ ! -f $stamp ]] || ! cmp -s tests/mcp/package-lock.json "$stamp"; then
    echo "setup: npm ci (tests/mcp/)"
    (cd tests/mcp && npm ci --no-audit --no-fund --loglevel=error)
    cp tests/mcp/package-lock.json "$stamp"
  fi
fi
echo "setup: ok"
