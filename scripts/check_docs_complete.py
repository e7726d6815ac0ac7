#!/usr/bin/python3
"""Checks that the docs name every command, option, config key, environment variable,
HTTP route and MCP tool askdb has ("the README stays true; document every command,
option and config key").

What it compares, each side read from the thing itself, never from a list kept here:

  commands, options   `askdb --help` and `askdb CMD ... --help`, recursively (CLI11's
                      "Subcommands:" and "Options:" blocks) -> docs/cli.md: every command's
                      section (### `askdb CMD ...`) names each of its subcommands and options;
                      the global options are in "## Global options". Also the other way:
                      every `--flag` docs/cli.md names is an option of some askdb command.
  config keys         `askdb config show` in an empty HOME (every key of the loader's table,
                      with its built-in default) -> docs/configuration.md's Keys table: a row
                      per key with that default and ASKDB_<SECTION>_<KEY>; no row for a key
                      that does not exist; askdb.example.toml gives each key with that default.
  environment         the variables src/ reads (getenv / ProcessEnv / an EnvLookup called with
                      a literal name, ResolvePassword's lists, k...Env constants) ->
                      docs/configuration.md. A getenv whose name it cannot read is an error of
                      this script (exit 2), never a report.
  HTTP routes         every route src/askdb/server registers (a literal pattern, a constant,
                      or a pattern built from literals and for-loops over literals) ->
                      docs/server.md names it with its method (`GET /p`, `GET`/`POST /p`,
                      `GET/PUT/DELETE /p`). A pattern it cannot evaluate: exit 2.
  MCP tools           `askdb mcp` tools/list on a scratch SQLite file -> docs/mcp.md's Tools
                      table: a row per tool naming each of its arguments.

Nothing is judged by wording: a name is documented when it appears where the docs say
such names are listed. Defaults of options are not compared (help and docs word them
differently: "1048576" / "1 MiB").

  scripts/check_docs_complete.py [--askdb build/bin/askdb]
exit 0: complete; 1: something undocumented (each listed); 2: the check itself cannot run.
Runs askdb only with a fresh temporary HOME and ASKDB_HOME (nothing written elsewhere);
standard library only.
"""
import argparse
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")


class CannotCheck(Exception):
    pass


def read(rel):
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        return f.read()


# ---------------------------------------------------------------- running askdb

class Askdb:
    def __init__(self, binary):
        self.binary = os.path.abspath(binary)
        self.home = tempfile.mkdtemp(prefix="askdb-docs-check-")
        self.env = {k: v for k, v in os.environ.items()
                    if not k.startswith(("ASKDB_", "XDG_", "OPENAI_"))}
        self.env.update(HOME=self.home, ASKDB_HOME=os.path.join(self.home, "askdb"),
                        NO_COLOR="1", COLUMNS="200")

    def run(self, args, stdin=None):
        p = subprocess.run([self.binary] + args, cwd=self.home, env=self.env, input=stdin,
                           capture_output=True, text=True, timeout=120)
        return p.returncode, p.stdout, p.stderr

    def close(self):
        shutil.rmtree(self.home, ignore_errors=True)


def help_blocks(text):
    """CLI11 help: {"Options": [...lines], "Subcommands": [...], ...}."""
    blocks, current = {}, None
    for line in text.splitlines():
        m = re.match(r"^([A-Z][A-Za-z ]*):\s*$", line)
        if m:
            current = m.group(1)
            blocks[current] = []
        elif current and line.startswith("  "):
            blocks[current].append(line)
        elif current and not line.strip():
            current = None
    return blocks


def parse_help(text):
    blocks = help_blocks(text)
    options = []
    for line in blocks.get("Options", []):
        m = re.match(r"^  (?:-[A-Za-z],)?(--[a-z][a-z0-9-]*)", line)
        if m and m.group(1) != "--help":
            options.append(m.group(1))
    subs = []
    for line in blocks.get("Subcommands", []):
        m = re.match(r"^  ([a-z][a-z0-9-]*)\s", line + " ")
        if m:
            subs.append(m.group(1))
    return options, subs


def walk_commands(askdb):
    """{(): global options, ("kb",): [...], ("kb", "term", "add"): [...]} and subcommands."""
    commands, children = {}, {}
    todo = [()]
    while todo:
        path = todo.pop()
        rc, out, err = askdb.run(list(path) + ["--help"])
        if rc != 0:
            raise CannotCheck(f"askdb {' '.join(path)} --help exited {rc}: {err.strip()}")
        options, subs = parse_help(out)
        commands[path] = options
        children[path] = subs
        todo.extend(path + (s,) for s in subs)
    if len(commands) < 2:
        raise CannotCheck("askdb --help lists no subcommands: its format changed")
    return commands, children


# ---------------------------------------------------------------- markdown helpers

def sections(text, level):
    """{heading text: body} for headings of exactly `level` #s (body up to the next
    heading of that level or higher)."""
    out = {}
    parts = re.split(r"(?m)^(#{1,%d}) (.*)$" % level, text)
    for i in range(1, len(parts) - 2, 3):
        if len(parts[i]) == level:
            out[parts[i + 1].strip()] = parts[i + 2]
    return out


def names_flag(text, flag):
    return re.search(re.escape(flag) + r"(?![a-z0-9-])", text) is not None


# ---------------------------------------------------------------- 1. commands, options

def check_cli(askdb, problems):
    commands, children = walk_commands(askdb)
    cli = read("docs/cli.md")
    level3 = sections(cli, 3)
    level2 = sections(cli, 2)
    global_body = level2.get("Global options")
    if global_body is None:
        raise CannotCheck("docs/cli.md has no '## Global options' section")
    for flag in commands[()]:
        if flag != "--version" and not names_flag(global_body, flag):
            problems.append(f"cli: global option {flag} is not in docs/cli.md (Global options)")
        elif flag == "--version" and "`--version`" not in global_body:
            problems.append("cli: global option --version is not in docs/cli.md (Global options)")
    for top in children[()]:
        heads = [h for h in level3 if re.match(r"^`askdb %s\b" % re.escape(top), h)]
        if not heads:
            problems.append(f"cli: command `askdb {top}` has no section (### `askdb {top} ...`) "
                            "in docs/cli.md")
            continue
        body = "\n".join(level3[h] + h for h in heads)
        for path, options in commands.items():
            if not path or path[0] != top:
                continue
            # "kb term add" in the kb section, "askdb users rule list" in the users section
            if len(path) > 1 and not re.search(r"\b%s\b" % re.escape(" ".join(path)), body):
                problems.append(f"cli: `askdb {' '.join(path)}` is not named in docs/cli.md "
                                f"(section `askdb {top}`)")
            for flag in options:
                if not names_flag(body, flag):
                    problems.append(f"cli: `askdb {' '.join(path)} {flag}` is not in docs/cli.md "
                                    f"(section `askdb {top}`)")
    known = {flag for options in commands.values() for flag in options} | {"--help", "--version"}
    for flag in sorted(set(re.findall(r"(?<![A-Za-z0-9-])(--[a-z][a-z0-9-]*)", cli))):
        if flag not in known:
            problems.append(f"cli: docs/cli.md names {flag}, which no askdb command has")
    return sum(len(o) for o in commands.values()), len(commands) - 1


# ---------------------------------------------------------------- 2. configuration

def config_defaults(askdb):
    rc, out, err = askdb.run(["config", "show"])
    if rc != 0:
        raise CannotCheck(f"askdb config show exited {rc}: {err.strip()}")
    shown = json.loads(out)
    keys = {}
    for section, table in shown.items():
        if isinstance(table, dict):
            for key, value in table.items():
                keys[f"{section}.{key}"] = value
    if not keys:
        raise CannotCheck("askdb config show printed no keys")
    return keys


def check_config(askdb, problems):
    keys = config_defaults(askdb)
    doc = read("docs/configuration.md")
    rows = {}
    for m in re.finditer(r"(?m)^\| `([a-z_]+\.[a-z_]+)` \| `([^`]*)` \| `([A-Z_]+)` \|", doc):
        rows[m.group(1)] = (m.group(2), m.group(3))
    for key, value in keys.items():
        if key not in rows:
            problems.append(f"config: key {key} has no row in docs/configuration.md (Keys)")
            continue
        default_text, env = rows[key]
        try:
            documented = json.loads(default_text)
        except json.JSONDecodeError:
            problems.append(f"config: {key}: default `{default_text}` in docs/configuration.md "
                            "is not a JSON/TOML value")
            continue
        if documented != value or type(documented) is not type(value):
            problems.append(f"config: {key}: docs/configuration.md says default "
                            f"{default_text}, askdb config show says {json.dumps(value)}")
        want_env = "ASKDB_" + key.replace(".", "_").upper()
        if env != want_env:
            problems.append(f"config: {key}: docs/configuration.md gives variable {env}, "
                            f"askdb reads {want_env}")
    for key in rows:
        if key not in keys:
            problems.append(f"config: docs/configuration.md documents {key}, which askdb "
                            "does not have")
    # askdb.example.toml: `key = value` (commented or not) under each [section]
    example, section = {}, None
    for line in read("askdb.example.toml").splitlines():
        m = re.match(r"^#?\s*\[([a-z_.]+)\]\s*(#.*)?$", line)
        if m:
            section = m.group(1)
            continue
        m = re.match(r"^#?\s?([a-z_]+)\s*=\s*(.+)$", line)
        if m and section:
            try:
                example.setdefault(f"{section}.{m.group(1)}",
                                   tomllib.loads("v = " + m.group(2))["v"])
            except tomllib.TOMLDecodeError:
                pass  # prose in a comment that happens to contain "="
    for key, value in keys.items():
        if key not in example:
            problems.append(f"config: askdb.example.toml does not give {key}")
        elif example[key] != value or type(example[key]) is not type(value):
            problems.append(f"config: askdb.example.toml gives {key} = {example[key]!r}, "
                            f"the default is {value!r}")
    return len(keys)


# ---------------------------------------------------------------- environment variables

ENV_NAME = r"[A-Z][A-Z0-9_]*[A-Z0-9]"


def source_files(root):
    for dirpath, _, files in os.walk(os.path.join(ROOT, root)):
        if "/testing" in dirpath.replace(os.sep, "/"):
            continue
        for name in files:
            if name.endswith((".cc", ".h")) and not name.endswith("_test.cc"):
                yield os.path.join(dirpath, name)


def strip_comments(text):
    return re.sub(r"//[^\n]*", "", text)


# Calls whose name argument is not a literal, and how the names they read are found. A
# new one makes the check refuse to run (exit 2) until it is understood and added here.
DYNAMIC_GETENV = {
    ("src/askdb/server/security/secret_box.cc", "kSecretKeyEnvVar"): "a k...Env constant",
    ("src/askdb/config/config.cc", "name"): "ASKDB_<SECTION>_<KEY>: the config key table",
    ("src/askdb/llm/provider_config.cc", "name"): "SystemEnv(): env(\"...\") literals",
    ("src/askdb/common/paths.cc", "name"): "ProcessEnv / NonEmpty(env, \"...\") literals",
    ("src/askdb/db/server_support.h", "var"): "ResolvePassword(url, {...}) lists and "
                                               "password_sources constants",
}


def env_vars_read():
    names = {}
    for path in source_files("src"):
        rel = os.path.relpath(path, ROOT)
        with open(path, encoding="utf-8") as f:
            text = strip_comments(f.read())
        for m in re.finditer(r"(?:std::)?getenv\(\s*(?:std::string\()?\s*([A-Za-z_][A-Za-z0-9_]*)",
                             text):
            if (rel, m.group(1)) not in DYNAMIC_GETENV:
                raise CannotCheck(f"{rel}: getenv of `{m.group(1)}`: a name this script cannot "
                                  "read; add the call to DYNAMIC_GETENV with how its names are found")
        patterns = [
            r"(?:getenv|ProcessEnv|\benv)\(\s*\"(%s)\"" % ENV_NAME,
            r"NonEmpty\(\s*env\s*,\s*\"(%s)\"" % ENV_NAME,
            r"XdgDir\(\s*env\s*,\s*\"(%s)\"" % ENV_NAME,
            r"constexpr\s+std::string_view\s+k\w*Env\w*\s*=\s*\"(%s)\"" % ENV_NAME,
        ]
        for pattern in patterns:
            for m in re.finditer(pattern, text):
                names.setdefault(m.group(1), rel)
        for m in re.finditer(r"ResolvePassword\([^{;]*\{([^}]*)\}", text):
            for lit in re.findall(r"\"(%s)\"" % ENV_NAME, m.group(1)):
                names.setdefault(lit, rel)
    if not names:
        raise CannotCheck("found no environment variable read in src/")
    return names


def check_env(problems):
    names = env_vars_read()
    doc = read("docs/configuration.md")
    for name, where in sorted(names.items()):
        if f"`{name}`" not in doc and not re.search(r"`[^`\n]*\b%s\b[^`\n]*`" % name, doc):
            problems.append(f"env: {name} (read in {where}) is not in docs/configuration.md")
    return len(names)


# ---------------------------------------------------------------- 3. HTTP routes

CALL = re.compile(r"\b(?:add|Route|PrincipalRoute|Handle|HandleStream)\(\s*(?:server\s*,\s*)?"
                  r"\"(GET|POST|PUT|PATCH|DELETE)\"\s*,\s*")


def split_plus(expr):
    parts, depth, cur, i = [], 0, "", 0
    in_str = False
    while i < len(expr):
        c = expr[i]
        if in_str:
            cur += c
            if c == "\\":
                cur += expr[i + 1]
                i += 1
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
            cur += c
        elif c in "([{":
            depth += 1
            cur += c
        elif c in ")]}":
            depth -= 1
            cur += c
        elif c == "+" and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += c
        i += 1
    parts.append(cur.strip())
    return parts


def evaluate(expr, text, pos, rel, depth=0):
    """The set of strings `expr` (at offset `pos` of `text`) can be; CannotCheck when it is
    not built only from literals, constants and for-loops over literals."""
    if depth > 8:
        raise CannotCheck(f"{rel}: route pattern `{expr}` nests too deep")
    expr = expr.strip()
    while expr.startswith("(") and expr.endswith(")"):
        expr = expr[1:-1].strip()
    parts = split_plus(expr)
    if len(parts) > 1:
        results = {""}
        for part in parts:
            results = {a + b for a in results for b in evaluate(part, text, pos, rel, depth + 1)}
        return results
    m = re.fullmatch(r"\"((?:[^\"\\]|\\.)*)\"", expr)
    if m:
        return {m.group(1)}
    m = re.fullmatch(r"std::(?:string|string_view)\((.*)\)", expr, re.S)
    if m:
        return evaluate(m.group(1), text, pos, rel, depth + 1)
    m = re.fullmatch(r"[A-Za-z_]\w*\s*\?\s*(\"[^\"]*\")\s*:\s*(\"[^\"]*\")", expr)
    if m:
        return evaluate(m.group(1), text, pos, rel) | evaluate(m.group(2), text, pos, rel)
    m = re.fullmatch(r"[A-Za-z_]\w*", expr)
    if m:
        name = expr
        before = text[:pos]
        defs = list(re.finditer(
            r"(?:constexpr\s+std::string_view|const\s+std::string|std::string)\s+%s\s*=\s*"
            r"([^;]*);" % re.escape(name), before))
        loops = list(re.finditer(
            r"for\s*\(\s*(?:const\s+)?[\w:]+\s*&?\s*%s\s*:\s*\{((?:\"[^\"]*\"|[^}\"])*)\}\s*\)"
            % re.escape(name),
            before))
        last_def = defs[-1] if defs else None
        last_loop = loops[-1] if loops else None
        if last_loop and (not last_def or last_loop.start() > last_def.start()):
            return {v for lit in re.findall(r"\"[^\"]*\"", last_loop.group(1))
                    for v in evaluate(lit, text, pos, rel)}
        if last_def:
            return evaluate(last_def.group(1), text, last_def.start(), rel, depth + 1)
        # a file-level constant defined after use is not C++; look at the whole file once
        m2 = re.search(r"constexpr\s+std::string_view\s+%s\s*=\s*(\"[^\"]*\")\s*;" %
                       re.escape(name), text)
        if m2:
            return evaluate(m2.group(1), text, pos, rel)
        # a constant shared through a header of the server (agent_schema_route.h)
        shared = header_constant(name)
        if shared is not None:
            return {shared}
    raise CannotCheck(f"{rel}: cannot evaluate route pattern `{expr}`")


def header_constant(name):
    """The literal of `inline constexpr std::string_view NAME = "…";` in a header of the server."""
    pattern = re.compile(r"constexpr\s+std::string_view\s+%s\s*=\s*\"([^\"]*)\"\s*;" % re.escape(name))
    for path in source_files("src/askdb/server"):
        if not path.endswith(".h"):
            continue
        with open(path, encoding="utf-8") as f:
            m = pattern.search(strip_comments(f.read()))
        if m:
            return m.group(1)
    return None


def registered_routes():
    routes = {}
    for path in source_files("src/askdb/server"):
        rel = os.path.relpath(path, ROOT)
        with open(path, encoding="utf-8") as f:
            text = strip_comments(f.read())
        for m in CALL.finditer(text):
            # the pattern argument runs to the next top-level comma
            depth, i = 0, m.end()
            in_str = False
            while i < len(text):
                c = text[i]
                if in_str:
                    if c == "\\":
                        i += 1
                    elif c == '"':
                        in_str = False
                elif c == '"':
                    in_str = True
                elif c in "([{":
                    depth += 1
                elif c in ")]}":
                    if depth == 0:
                        break
                    depth -= 1
                elif c == "," and depth == 0:
                    break
                i += 1
            for pattern in evaluate(text[m.end():i], text, m.start(), rel):
                routes.setdefault((m.group(1), pattern), rel)
    if len(routes) < 10:
        raise CannotCheck(f"found only {len(routes)} routes in src/askdb/server: the "
                          "registration calls changed")
    return routes


def documented_routes(doc):
    found = set()
    method = r"(?:GET|POST|PUT|PATCH|DELETE)"
    for m in re.finditer(r"`?(%s(?:`?/`?%s)*)`?\s+(/[^\s`?,;)]*)" % (method, method), doc):
        for verb in re.findall(method, m.group(1)):
            found.add((verb, m.group(2)))
    return found


def check_routes(problems):
    routes = registered_routes()
    documented = documented_routes(read("docs/server.md"))
    for (verb, pattern), where in sorted(routes.items()):
        if (verb, pattern) not in documented:
            problems.append(f"http: {verb} {pattern} (registered in {where}) is not named with "
                            "its method in docs/server.md")
    return len(routes)


# ---------------------------------------------------------------- MCP tools

def check_mcp(askdb, problems):
    db = os.path.join(askdb.home, "scratch.sqlite")
    with sqlite3.connect(db) as c:
        c.execute("CREATE TABLE t (a INTEGER)")
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                    "clientInfo": {"name": "check_docs_complete", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
    ]
    rc, out, err = askdb.run(["mcp", "--db", db],
                             stdin="".join(json.dumps(m) + "\n" for m in messages))
    tools = None
    for line in out.splitlines():
        try:
            reply = json.loads(line)
        except json.JSONDecodeError:
            continue
        if reply.get("id") == 2:
            tools = reply.get("result", {}).get("tools")
    if not tools:
        raise CannotCheck(f"askdb mcp answered no tools/list (exit {rc}): {err.strip()[-300:]}")
    doc = read("docs/mcp.md")
    tools_section = sections(doc, 2).get("Tools", "")
    rows = {m.group(1): m.group(0) for m in
            re.finditer(r"(?m)^\| `([a-z_]+)` \|.*$", tools_section)}
    for tool in tools:
        name = tool["name"]
        if name not in rows:
            problems.append(f"mcp: tool {name} has no row in docs/mcp.md (Tools)")
            continue
        for arg in tool.get("inputSchema", {}).get("properties", {}):
            if f"`{arg}`" not in rows[name]:
                problems.append(f"mcp: tool {name}: argument {arg} is not in its row of "
                                "docs/mcp.md")
    for name in rows:
        if name not in {t["name"] for t in tools}:
            problems.append(f"mcp: docs/mcp.md documents tool {name}, which askdb mcp does not list")
    return len(tools)


# ---------------------------------------------------------------- main

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--askdb", default=os.path.join(ROOT, "build", "bin", "askdb"))
    args = parser.parse_args()
    if not os.access(args.askdb, os.X_OK):
        print(f"check_docs_complete: no askdb binary at {args.askdb}", file=sys.stderr)
        return 2
    problems = []
    askdb = Askdb(args.askdb)
    try:
        n_options, n_commands = check_cli(askdb, problems)
        n_keys = check_config(askdb, problems)
        n_env = check_env(problems)
        n_routes = check_routes(problems)
        n_tools = check_mcp(askdb, problems)
    except CannotCheck as e:
        print(f"check_docs_complete: cannot check: {e}", file=sys.stderr)
        return 2
    finally:
        askdb.close()
    for p in problems:
        print(p)
    print(f"checked {n_commands} commands with {n_options} options, {n_keys} config keys, "
          f"{n_env} environment variables, {n_routes} routes, {n_tools} MCP tools: "
          f"{len(problems)} undocumented or wrong", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
