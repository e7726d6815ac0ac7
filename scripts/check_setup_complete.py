#!/usr/bin/python3
"""Proves that scripts/setup.sh installs everything the build and the tests used.

A green CI on a machine that already had a package proves nothing about a fresh Debian 12
machine. This check looks at what was really used on this machine and asks dpkg who owns it:

  - every header the compiler read (ninja's dependency log of each build tree),
  - every library the linker was given (ninja's link commands; -lNAME resolved the way
    the compiler resolves it),
  - every CMake package file the configure step read (build.ninja's RERUN_CMAKE inputs),
  - the programs ninja's commands start (compilers, ccache, ar, cmake, ...), the tools CMake
    runs itself, the programs the scripts and tests run (PROGRAMS below), and data files
    the tests need (RESOURCES below).

Each owning package must be in setup's list, pulled in by one that is (Depends and
Pre-Depends, recursively), or part of every Debian system (Essential or Priority required).
A file that no Debian package owns fails too: a fresh machine would not have it.

  check_setup_complete.py BUILD_DIR...           fail naming each package to add
  check_setup_complete.py --each BUILD_DIR...    also remove each listed package in turn and
                                                 show that the check then fails (or why not)
Standard library only; reads dpkg's database, changes nothing.
"""
import argparse
import functools
import glob
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Programs run by scripts/ and tests/ (beyond the build tools CMakeCache.txt names), each
# searched in the system's directories only: a copy under /usr/local or a home directory
# would not be on a fresh machine. Keep in step with the scripts that run them.
PROGRAMS = {
    "node": "web/ asset build (the web UI, Vite), web/e2e (browser tests), tests/mcp (the MCP SDK client), scripts/setup.sh (npm ci)",
    "npm": "scripts/setup.sh (npm ci in web/ and tests/mcp/), the web UI build and its unit tests (npm run build|test)",
    "chromium": "tests/e2e/*_renders.sh (reports) and web/e2e (the web UI) in headless Chromium",
    "sqlite3": "tests and docs (the sqlite3 shell builds fixtures)",
    "clang-14": "scripts/fuzz.sh (libFuzzer build)",
    "clang++-14": "scripts/fuzz.sh (libFuzzer build)",
    "mariadbd": "scripts/db_servers.sh (throwaway MariaDB)",
    "mariadb-install-db": "scripts/db_servers.sh",
    "mariadb": "scripts/db_servers.sh (client)",
    "openssl": "scripts/db_servers.sh (the throw-away CA and certificate of both test servers)",
    "make": "Makefile (wraps dev.sh)",
    "python3": "this check; the Python analysis steps (src/askdb/python, /usr/bin/python3)",
    "bwrap": "the Python sandbox (src/askdb/python: python_sandbox_test, analysis runs)",
    "curl": "tests/e2e/knowledge_e2e.sh (/api/v1/knowledge on askdb serve)",
    "/usr/lib/postgresql/*/bin/initdb": "scripts/db_servers.sh (throwaway PostgreSQL)",
    "/usr/lib/postgresql/*/bin/pg_ctl": "scripts/db_servers.sh",
    "/usr/lib/postgresql/*/bin/postgres": "scripts/db_servers.sh",
    "/usr/lib/postgresql/*/bin/psql": "scripts/db_servers.sh (client)",
}
# Files the tests need that no compiler or linker reads.
RESOURCES = {
    "/usr/lib/python3/dist-packages/pandas/__init__.py": "Python analysis templates (data/python)",
    "/usr/lib/python3/dist-packages/numpy/__init__.py": "Python analysis templates (data/python)",
    "/usr/lib/python3/dist-packages/scipy/__init__.py": "Python analysis templates (correlation)",
    "/usr/lib/python3/dist-packages/statsmodels/__init__.py":
        "Python analysis steps (a model's code may use it)",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc":
        "reports render Chinese text in headless Chromium (tests/e2e)",
}
SYSTEM_DIRS = ["/usr/bin", "/usr/sbin", "/bin", "/sbin"]
# Tools CMake itself runs (the rest is read from ninja's commands: what really ran).
BUILD_TOOL_KEYS = ["CMAKE_MAKE_PROGRAM", "PKG_CONFIG_EXECUTABLE", "CMAKE_COMMAND"]


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw).stdout


def setup_packages():
    return run([os.path.join(ROOT, "scripts", "setup.sh"), "--list"]).split()


class Dpkg:
    """Installed packages, their dependencies, and which package owns each file."""

    def __init__(self):
        fmt = "${Package}\t${Status}\t${Essential}\t${Priority}\t${Pre-Depends}, ${Depends}\t${Provides}\n"
        self.deps, self.base, self.providers = {}, set(), {}
        for line in run(["dpkg-query", "-W", "-f", fmt]).splitlines():
            name, status, essential, priority, depends, provides = line.split("\t")
            if not status.endswith(" installed"):
                continue
            self.deps[name] = [[re.split(r"[ (:]", alt.strip())[0] for alt in group.split("|")]
                               for group in depends.split(",") if group.strip()]
            if essential == "yes" or priority == "required":
                self.base.add(name)
            for p in provides.split(","):
                if p.strip():
                    self.providers.setdefault(re.split(r"[ (:]", p.strip())[0], []).append(name)
        self.owner = {}
        for path in glob.glob("/var/lib/dpkg/info/*.list"):
            pkg = os.path.basename(path)[:-5].split(":")[0]
            with open(path, encoding="utf-8", errors="replace") as f:
                for line in f:
                    self.owner.setdefault(line.rstrip("\n"), pkg)

    def owner_of(self, path):
        """The package that owns path (merged-/usr aware), or None."""
        candidates = [path, os.path.realpath(path)]
        for p in list(candidates):
            if p.startswith("/usr/"):
                candidates.append(p[4:])
            else:
                candidates.append("/usr" + p)
        for p in candidates:
            if p in self.owner:
                return self.owner[p]
        return None

    def closure(self, roots):
        """roots and everything apt would install with them, plus the base system."""
        seen, todo = set(), list(roots) + list(self.base)
        while todo:
            name = todo.pop()
            if name in seen:
                continue
            if name not in self.deps:  # virtual, or not installed here
                todo.extend(self.providers.get(name, []))
                seen.add(name)
                continue
            seen.add(name)
            for group in self.deps[name]:
                chosen = next((a for a in group if a in self.deps or a in self.providers), None)
                if chosen:
                    todo.append(chosen)
        return seen


def build_inputs(build_dir):
    """Absolute paths of the system files one build tree's compiles, links and configure read."""
    used = {}
    deps = run(["ninja", "-C", build_dir, "-t", "deps"])
    for line in deps.splitlines():
        if line.startswith("    /"):
            used.setdefault(line.strip(), "header read by the compiler")
    query = run(["ninja", "-C", build_dir, "-t", "query", "build.ninja"])
    for line in query.splitlines():
        m = re.match(r"\s+\| (/\S+)", line)
        if m:
            used.setdefault(m.group(1), "CMake file read at configure time")
    compiler = cmake_cache(build_dir).get("CMAKE_CXX_COMPILER", "c++")
    commands = run(["ninja", "-C", build_dir, "-t", "commands"]).splitlines()
    for program in programs_run(commands):
        used.setdefault(program, "program the build runs")
    for cmd in commands:
        if " -o " not in cmd or " -c " in cmd:  # not a link step
            continue
        for token in cmd.split():
            if token.startswith("-fsanitize="):
                for lib in sanitizer_runtimes(compiler, token.split("=", 1)[1]):
                    used.setdefault(lib, "sanitizer runtime the linker adds (" + token + ")")
            elif token.startswith("-l") and len(token) > 2:
                lib = resolve_library(compiler, token[2:])
                if lib:
                    used.setdefault(lib, "library given to the linker (" + token + ")")
            elif token.startswith("/") and re.search(r"\.(so(\.\d+)*|a)$", token):
                used.setdefault(token, "library given to the linker")
    return used


def programs_run(commands):
    """The executables ninja's commands start (through ccache too), as absolute paths."""
    found = set()
    for cmd in commands:
        for step in cmd.split("&&"):
            words = step.split()
            if not words or words[0] in (":", "cd"):
                continue
            names = words[:2] if os.path.basename(words[0]) == "ccache" else words[:1]
            for name in names:
                path = name if os.path.isabs(name) else shutil.which(name)
                if path and os.path.isfile(path):
                    found.add(path)
    return found


_library_cache = {}
# -fsanitize=NAME -> the runtime library each compiler links for it.
GCC_SANITIZER_LIBS = {"address": "asan", "undefined": "ubsan", "leak": "lsan", "thread": "tsan"}
CLANG_SANITIZER_LIBS = {"fuzzer": "fuzzer", "address": "asan", "undefined": "ubsan_standalone"}


@functools.lru_cache(maxsize=None)
def sanitizer_runtimes(compiler, names):
    """Runtime libraries the compiler driver adds for -fsanitize=names (not on the command line)."""
    libs = []
    if "clang" in os.path.basename(os.path.realpath(compiler)) or "clang" in compiler:
        runtime_dir = run([compiler, "-print-runtime-dir"]).strip()
        for name in names.split(","):
            if name in CLANG_SANITIZER_LIBS:
                path = os.path.join(runtime_dir, f"libclang_rt.{CLANG_SANITIZER_LIBS[name]}-x86_64.a")
                if os.path.exists(path):
                    libs.append(path)
    else:
        for name in names.split(","):
            lib = resolve_library(compiler, GCC_SANITIZER_LIBS.get(name, ""))
            if name in GCC_SANITIZER_LIBS and lib:
                libs.append(lib)
    return libs


def resolve_library(compiler, name):
    if name not in _library_cache:
        found = None
        for suffix in (".so", ".a"):
            out = run([compiler, "-print-file-name=lib" + name + suffix]).strip()
            if os.path.isabs(out) and os.path.exists(out):
                found = os.path.normpath(out)
                break
        _library_cache[name] = found
    return _library_cache[name]


def cmake_cache(build_dir):
    values = {}
    path = os.path.join(build_dir, "CMakeCache.txt")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                m = re.match(r"([A-Za-z_0-9]+):[A-Z]+=(.*)", line.strip())
                if m:
                    values[m.group(1)] = m.group(2)
    return values


def find_program(name):
    if name.startswith("/"):
        matches = sorted(glob.glob(name))
        return matches[-1] if matches else None
    for d in SYSTEM_DIRS:
        path = os.path.join(d, name)
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    return None


def used_files(build_dirs):
    """path -> why it is needed; plus the problems found while collecting."""
    used, problems = {}, []
    source_dirs = [os.path.realpath(ROOT)] + [os.path.realpath(b) for b in build_dirs]
    for build_dir in build_dirs:
        for path, why in build_inputs(build_dir).items():
            real = os.path.realpath(path)
            if not any(real.startswith(d + "/") for d in source_dirs):
                used.setdefault(path, why + " in " + os.path.relpath(build_dir, ROOT))
        for key in BUILD_TOOL_KEYS:
            tool = cmake_cache(build_dir).get(key)
            if tool and os.path.isabs(tool):
                used.setdefault(tool, "build tool " + key)
    for name, why in PROGRAMS.items():
        path = find_program(name)
        if path:
            used.setdefault(path, "program: " + why)
        else:
            problems.append(f"program {name} ({why}) is not installed in {', '.join(SYSTEM_DIRS)}")
    for path, why in RESOURCES.items():
        if os.path.exists(path):
            used.setdefault(path, why)
        else:
            problems.append(f"{path} ({why}) is missing")
    return used, problems


def check(dpkg, packages, used):
    """Problems: used files whose package setup would not install."""
    have = dpkg.closure(packages)
    missing = {}
    for path, why in sorted(used.items()):
        pkg = dpkg.owner_of(path)
        if pkg is None:
            missing.setdefault(None, []).append(f"{path} ({why})")
        elif pkg not in have:
            missing.setdefault(pkg, []).append(f"{path} ({why})")
    problems = []
    for pkg, paths in sorted(missing.items(), key=lambda kv: kv[0] or ""):
        more = f" and {len(paths) - 1} more" if len(paths) > 1 else ""
        if pkg is None:
            for p in paths:
                problems.append(f"{p} belongs to no Debian package: a fresh machine lacks it")
        else:
            problems.append(f"add {pkg} to PACKAGES in scripts/setup.sh: {paths[0]}{more}")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--each", action="store_true",
                        help="also drop each listed package in turn and show the check fail")
    parser.add_argument("build_dirs", nargs="+")
    args = parser.parse_args()
    build_dirs = [b for b in args.build_dirs if os.path.exists(os.path.join(b, "build.ninja"))]
    all_trees = len(build_dirs) == len(args.build_dirs)
    if not build_dirs:
        print("check_setup_complete: no configured build tree among", args.build_dirs)
        return 2
    for tool in ("ninja", "dpkg-query"):
        if not shutil.which(tool):
            print(f"check_setup_complete: {tool} not found")
            return 2
    packages = setup_packages()
    dpkg = Dpkg()
    used, problems = used_files(build_dirs)
    problems += check(dpkg, packages, used)
    print(f"checked {len(used)} files used by {', '.join(build_dirs)} against "
          f"{len(packages)} packages in scripts/setup.sh")
    for p in problems:
        print("MISSING:", p)
    unnoticed = []
    if args.each:
        for pkg in packages:
            without = [p for p in packages if p != pkg]
            if pkg not in dpkg.deps:
                print(f"  without {pkg}: not installed here (setup installs it only when needed)")
                continue
            found = check(dpkg, without, used)
            if found:
                print(f"  without {pkg}: fails — {found[0]}")
            elif pkg in dpkg.closure(without):
                print(f"  without {pkg}: passes — another listed package pulls it in")
            else:
                print(f"  without {pkg}: passes — nothing the build or tests use needs it")
                unnoticed.append(pkg)
    if unnoticed and not all_trees:
        print("not every build tree was built (" + ", ".join(sorted(set(args.build_dirs) - set(build_dirs)))
              + "): packages only they use are not judged")
        unnoticed = []
    for pkg in unnoticed:
        print(f"UNUSED: {pkg} is in scripts/setup.sh but nothing checked uses it: "
              "drop it, or name what uses it in PROGRAMS/RESOURCES")
    ok = not problems and not unnoticed
    print("setup is complete" if ok else "setup is incomplete")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
