# askdb's Python runner: the trusted first code inside the sandbox (src/askdb/python/).
#
# It reads manifest.json from the working folder, lowers the process limit (only here does
# RLIMIT_NPROC count the sandbox's own processes, see executor.cc), installs an audit hook
# that turns the calls analysis code has no business making (network, processes, signals,
# foreign code through ctypes) into a clear PermissionError, loads the inputs and runs the
# step's code. What the code shows (text, tables, ECharts options, findings) goes to
# result.json; an exception goes there too, with the code's own traceback lines.
#
# The hook is a second layer only: the sandbox (namespaces, read-only system, rlimits,
# timeout) holds without it, which the escape corpus checks with the hook turned off.
import json
import os
import resource
import sys
import traceback

RESULT = "result.json"
CODE_NAME = "analysis.py"

_BLOCKED = {
    "socket.__new__": "opening a network socket",
    "socket.connect": "opening a network connection",
    "socket.bind": "opening a network socket",
    "socket.getaddrinfo": "looking up a host name",
    "socket.gethostbyname": "looking up a host name",
    "os.system": "running a shell command",
    "os.exec": "starting another program",
    "os.posix_spawn": "starting another program",
    "os.spawn": "starting another program",
    "subprocess.Popen": "starting another program",
    "os.fork": "starting a process",
    "os.forkpty": "starting a process",
    "pty.spawn": "starting a process",
    "os.kill": "sending a signal",
    "os.killpg": "sending a signal",
    "signal.pthread_kill": "sending a signal",
    "ctypes.dlsym": "calling foreign code through ctypes",
    "ctypes.dlsym/handle": "calling foreign code through ctypes",
    "ctypes.call_function": "calling foreign code through ctypes",
    "ctypes.cdata": "reading raw memory through ctypes",
}


def _audit(event, args):
    what = _BLOCKED.get(event)
    # ctypes itself opens the running program (name None) on import; any other library is
    # foreign code.
    if event == "ctypes.dlopen" and args and args[0] is not None:
        what = "loading a native library through ctypes"
    if what:
        raise PermissionError(f"askdb sandbox: {what} ({event}) is not allowed in analysis code")


class Outputs:
    """What the analysis shows; the names are the API the templates and the model use."""

    def __init__(self):
        self.text = []
        self.tables = []
        self.charts = []
        self.findings = []
        self.values = {}

    def show_text(self, text):
        self.text.append(str(text))

    def show_table(self, name, frame, max_rows=200):
        frame = frame.head(max_rows)
        rows = json.loads(frame.to_json(orient="values", date_format="iso", double_precision=10))
        self.tables.append({"name": str(name), "columns": [str(c) for c in frame.columns],
                            "rows": rows})

    def show_chart(self, option):
        json.dumps(option)  # fail here, with the code's line, when it is not JSON
        self.charts.append(option)

    def finding(self, text, **values):
        self.findings.append({"text": str(text), "values": _plain(values)})

    def value(self, name, value):
        self.values[str(name)] = _plain(value)


def _plain(value):
    """numpy and pandas scalars as JSON numbers."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if hasattr(value, "item"):
        return value.item()
    return value


def _loader(manifest):
    inputs = {i["name"]: i for i in manifest.get("inputs", [])}

    def load(name=None):
        import pandas as pd

        if name is None:
            if len(inputs) != 1:
                raise KeyError(f"load() needs a name: the inputs are {sorted(inputs)}")
            name = next(iter(inputs))
        if name not in inputs:
            raise KeyError(f"no input named {name!r}: the inputs are {sorted(inputs)}")
        spec = inputs[name]
        frame = pd.read_csv(spec["file"], keep_default_na=True)
        for column in spec.get("columns", []):
            if column.get("kind") == "number" and column["name"] in frame:
                frame[column["name"]] = pd.to_numeric(frame[column["name"]], errors="coerce")
        return frame

    return load


def roles(frame):
    """The frame's columns by role: a time axis (text that reads as dates or YYYY-MM), labels
    (other text) and numbers, each in column order."""
    import pandas as pd

    out = {"time": None, "labels": [], "numbers": []}
    for name in frame.columns:
        column = frame[name]
        if pd.api.types.is_numeric_dtype(column):
            out["numbers"].append(name)
            continue
        sample = column.dropna().astype(str).head(20)
        looks_like_time = len(sample) > 0 and sample.str.match(r"^\d{4}(-\d{2}){0,2}").all()
        if looks_like_time and out["time"] is None:
            out["time"] = name
        else:
            out["labels"].append(name)
    return out


def _write(result):
    with open(RESULT, "w", encoding="utf-8") as f:
        json.dump(result, f, ensure_ascii=False, allow_nan=False, default=str)


def _wait_warm():
    """A pooled sandbox (--warm): import what nearly every step uses, then wait for the one
    job; askdb writes its files into the empty working folder first, then sends one byte.
    Nothing arrives (EOF): the pool is shutting down."""
    try:
        import numpy  # noqa: F401
        import pandas  # noqa: F401
    except ImportError:
        pass  # the step's own import reports it
    os.write(0, b"r")  # stdin is a socket: tell askdb this sandbox is ready
    if sys.stdin.buffer.read(1) != b"g":
        sys.exit(0)


def main():
    if "--warm" in sys.argv[1:]:
        _wait_warm()
    with open("manifest.json", encoding="utf-8") as f:
        manifest = json.load(f)
    nproc = int(manifest.get("max_processes", 0))
    if nproc > 0:
        resource.setrlimit(resource.RLIMIT_NPROC, (nproc, nproc))
    with open(manifest.get("code", "main.py"), encoding="utf-8") as f:
        code = f.read()
    out = Outputs()
    scope = {
        "__name__": "__main__",
        "inputs": manifest.get("inputs", []),
        "params": manifest.get("params", {}),
        "load": _loader(manifest),
        "show_text": out.show_text,
        "show_table": out.show_table,
        "show_chart": out.show_chart,
        "finding": out.finding,
        "value": out.value,
        "roles": roles,
    }
    if manifest.get("guard", True):
        sys.addaudithook(_audit)
    error = None
    try:
        exec(compile(code, CODE_NAME, "exec"), scope)
    except SystemExit as e:
        if e.code not in (None, 0):
            error = {"type": "SystemExit", "message": f"the code exited with status {e.code}",
                     "traceback": ""}
    except BaseException as e:  # noqa: B902 - everything the code raises is its error
        frames = [f for f in traceback.extract_tb(e.__traceback__) if f.filename == CODE_NAME]
        where = f"line {frames[-1].lineno}: " if frames else ""
        error = {"type": type(e).__name__, "message": f"{where}{type(e).__name__}: {e}",
                 "traceback": "".join(traceback.format_list(frames[-5:]))}
    result = {"text": out.text, "tables": out.tables, "charts": out.charts,
              "findings": out.findings, "values": out.values, "error": error}
    try:
        _write(result)
    except ValueError as e:  # NaN or infinity in a value
        result = {"text": out.text, "tables": [], "charts": [], "findings": [], "values": {},
                  "error": {"type": "ValueError", "message": f"the output is not JSON: {e}",
                            "traceback": ""}}
        _write(result)
    sys.stdout.flush()
    sys.exit(1 if error else 0)


main()
