#!/usr/bin/env python3
"""Lists C++ function bodies longer than N lines, longest first.

Usage: scripts/long_functions.py [--over N] [--count] [PATH ...]
  PATH   folders or .cc files to scan (default: src); *_test.cc files are skipped.
  --over N  report functions whose definition spans more than N lines (default 50),
            counted from the line of the function's name to its closing brace.
  --count   print only the number of such functions.

How it finds functions: comments, string and character literals (raw strings too) and
preprocessor lines are blanked first, then braces are matched. A brace opened at namespace
or class level after a header with a parameter list (not a control statement, not an
initializer after '=') starts a function; everything inside it, lambdas included, belongs to
that function. It reads text, not C++: odd macros can fool it, so treat a row as a place to
look, not a verdict.
"""

import argparse
import os
import re
import sys

CONTROL_WORDS = {"if", "for", "while", "switch", "catch", "do", "else", "try", "return"}
IDENT = re.compile(r"[A-Za-z_~][A-Za-z_0-9]*$")


def blank_literals(text):
    """Replaces comments, literals and preprocessor lines by spaces, keeping newlines."""
    out = []
    i, n = 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        if line_start and c in " \t":
            out.append(c)
            i += 1
            continue
        if line_start and c == "#":
            i = _skip_preprocessor(text, i, out)
            continue
        line_start = c == "\n"
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out.append(" " * (end - i))
            i = end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append(_keep_newlines(text[i:end]))
            i = end
        elif c == '"' or (c == "'" and not _is_digit_separator(text, i)):
            end = _literal_end(text, i)
            out.append(_keep_newlines(text[i:end]))
            i = end
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _skip_preprocessor(text, i, out):
    end = i
    while True:
        nl = text.find("\n", end)
        if nl < 0:
            nl = len(text)
        if nl > 0 and text[nl - 1] == "\\" and nl < len(text):
            out.append(" " * (nl - end) + "\n")
            end = nl + 1
            continue
        out.append(" " * (nl - end))
        return nl


def _is_digit_separator(text, i):
    return i > 0 and text[i - 1].isalnum() and i + 1 < len(text) and text[i + 1].isalnum() \
        and re.search(r"\b\d[\w']*$", text[max(0, i - 40):i]) is not None


def _literal_end(text, i):
    quote = text[i]
    raw = re.search(r"(?:u8|u|U|L)?R$", text[max(0, i - 3):i])
    if quote == '"' and raw:
        match = re.match(r'"([^(\s]*)\(', text[i:])
        if match:
            close = ")" + match.group(1) + '"'
            end = text.find(close, i + len(match.group(0)))
            return len(text) if end < 0 else end + len(close)
    j = i + 1
    while j < len(text) and text[j] != quote and text[j] != "\n":
        j += 2 if text[j] == "\\" else 1
    return min(j + 1, len(text))


def _keep_newlines(chunk):
    return "".join(ch if ch == "\n" else " " for ch in chunk)


def scope_kind(header):
    """What a '{' opens at namespace or class level, judged by the text before it."""
    words = header.split()
    if not words:
        return "block"
    if words[0] == "namespace" or (words[0] == "extern" and len(words) <= 2) or \
            re.match(r"(template\s*<.*>\s*)?(class|struct|union)\b", header, re.S) and \
            "(" not in header.split(":")[0]:
        return "scope"
    if re.match(r"(enum)\b", header):
        return "data"
    if words[0] in CONTROL_WORDS or "(" not in header:
        return "data"
    if _assigns_at_top_level(header):
        return "data"
    return "function"


def _assigns_at_top_level(header):
    """An '=' outside parentheses (not ==, <=, >=, != nor operator=): an initializer."""
    depth = 0
    for pos, ch in enumerate(header):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "=" and depth == 0:
            around = header[max(0, pos - 1):pos + 2]
            if not re.search(r"==|[<>!]=", around) and \
                    not re.search(r"operator\s*$", header[:pos]):
                return True
    return False


def function_name(header):
    """The (qualified) name before the parameter list, or '?'."""
    depth = 0
    for pos, ch in enumerate(header):
        if ch == "<":
            depth += 1
        elif ch == ">" and depth > 0:
            depth -= 1
        elif ch == "(" and depth == 0:
            match = re.search(r"((?:[\w~]+\s*::\s*)*(?:operator\s*\S+|[\w~]+))\s*$", header[:pos])
            if match:
                return re.sub(r"\s+", "", match.group(1))
    return "?"


def functions_in(text):
    """Yields (name, first line, last line) of each function definition in the text."""
    code = blank_literals(text)
    stack = []  # kinds of the open braces: scope, function, block, data, init
    header_start = 0
    for pos, ch in enumerate(code):
        if ch in ";}" and not any(k in ("function", "data") for k in stack):
            closed = stack.pop() if ch == "}" and stack else None
            if closed != "init":  # a member's brace initializer keeps the header going
                header_start = pos + 1
            continue
        if ch == "{":
            if any(k in ("function", "data") for k in stack):
                stack.append("block")
                continue
            header = code[header_start:pos].strip()
            if _is_brace_init(header):
                stack.append("init")
                continue
            kind = scope_kind(header)
            stack.append(kind)
            if kind == "function":
                name = function_name(header)
                name_at = header_start + (len(code[header_start:pos]) -
                                          len(code[header_start:pos].lstrip()))
                first = code.count("\n", 0, _name_offset(code, name_at, pos, name)) + 1
                end = _matching_brace(code, pos)
                last = code.count("\n", 0, end) + 1
                yield name, first, last
            header_start = pos + 1
        elif ch == "}" and stack:
            kind = stack.pop()
            if kind in ("function", "data") and not any(k in ("function", "data") for k in stack):
                header_start = pos + 1


def _is_brace_init(header):
    """A member initialised with braces inside a constructor's initializer list."""
    return re.search(r"\)\s*(noexcept\s*)?:[^:]", header) is not None and \
        re.search(r"[\w>]\s*$", header) is not None and not header.rstrip().endswith(")")


def _name_offset(code, start, brace, name):
    short = name.split("::")[-1]
    found = code.find(short, start, brace) if short != "?" else -1
    return found if found >= 0 else start


def _matching_brace(code, pos):
    depth = 0
    for end in range(pos, len(code)):
        if code[end] == "{":
            depth += 1
        elif code[end] == "}":
            depth -= 1
            if depth == 0:
                return end
    return len(code) - 1


def source_files(paths):
    for path in paths:
        if os.path.isfile(path):
            yield path
            continue
        for root, _, names in os.walk(path):
            for name in sorted(names):
                if name.endswith(".cc") and not name.endswith("_test.cc"):
                    yield os.path.join(root, name)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("paths", nargs="*", default=["src"])
    parser.add_argument("--over", type=int, default=50)
    parser.add_argument("--count", action="store_true")
    args = parser.parse_args()
    rows = []
    for path in sorted(set(source_files(args.paths))):
        with open(path, encoding="utf-8", errors="replace") as handle:
            text = handle.read()
        for name, first, last in functions_in(text):
            length = last - first + 1
            if length > args.over:
                rows.append((length, path, first, name))
    rows.sort(key=lambda row: (-row[0], row[1], row[2]))
    if args.count:
        print(len(rows))
        return 0
    for length, path, first, name in rows:
        print(f"{length:5d}  {path}:{first}  {name}")
    print(f"{len(rows)} functions over {args.over} lines", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
