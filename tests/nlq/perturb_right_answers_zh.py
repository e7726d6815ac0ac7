#!/usr/bin/env python3
"""Chinese perturbation test of the verifier (docs/nlq.md, "Chinese precision and coverage with a
semantic model (session 18, precision-zh)"): every DEVELOP question the engine answers right gets
a modifier the data does not hold (海外, 退休的, 打折的, 已取消的, 被退货的) before its first table
word. The engine should abstain (naming the word) or answer something else; the same SQL answered
again means the verifier took the modifier as neutral. Prints, per modifier, how many came back
with the same SQL, and those questions. The English twin is perturb_right_answers.py.

Other kinds (session 19): a modifier said before the measure word (税后的销售额), a second
condition after the question (，只算周末的), a number in another role before the table word
(5星客户, 3号门店), and a value made a near-synonym the data does not hold (伦敦 -> 北伦敦: the
phrase the explanation read as a value, with a place prefix).

DEVELOP lines only: the files are run with `--split develop`.
usage: perturb_right_answers_zh.py [--bin build/bin/nlq_eval_tool] FILE.jsonl...
"""
import json
import os
import re
import subprocess
import sys
import tempfile

TABLE_WORDS = ["客户", "员工", "曲目", "专辑", "艺人", "发票", "订单", "歌曲", "流派", "门店", "商品", "歌单"]
MODIFIERS = ["已取消的", "海外", "退休的", "打折的", "被退货的"]
MEASURE_WORDS = ["销售额", "营收", "收入", "金额", "总额", "时长", "单价", "消费"]
MEASURE_MODIFIERS = ["税后的", "退款的", "线上"]
SECOND_CONDITIONS = ["，只算周末的", "，不含退货"]
NUMBER_MODIFIERS = ["5星", "3号"]
VALUE_PREFIXES = ["北"]


def run(binary, args):
    return subprocess.run([binary] + args, capture_output=True, text=True, errors="replace").stdout


def develop_lines_answered_right(binary, files):
    right = set()
    for f in files:
        for ln in run(binary, ["--split", "develop", "-v", f]).splitlines():
            m = re.match(r"^OK\s+(\S+)\s", ln)
            if m:
                right.add(m.group(1))
    lines = []
    for f in files:
        for ln in open(f, encoding="utf-8"):
            if not ln.strip().startswith("{"):
                continue
            d = json.loads(ln)
            if d.get("split") == "develop" and d["id"] in right:
                lines.append(d)
    return lines


def dump(binary, lines, folder, explanations=None):
    path = os.path.join(folder, "perturbed.jsonl")
    with open(path, "w", encoding="utf-8") as out:
        for d in lines:
            out.write(json.dumps(d, ensure_ascii=False) + "\n")
    sql = {}
    for ln in run(binary, ["--split", "develop", "--dump", path]).splitlines():
        parts = ln.split("\t")
        if len(parts) > 1:
            sql[parts[0]] = parts[1]
            if explanations is not None:
                explanations[parts[0]] = parts[-1]
    return sql


def before_first(q, words, insert):
    for word in words:
        at = q.find(word)
        if at >= 0:
            return q[:at] + insert + q[at:]
    return None


def value_phrases(explanation):
    return [m for m in re.findall(r'"([^"]+)" → value ', explanation) if not m.isascii()]


def perturbed(lines, change):
    out = []
    for d in lines:
        q = change(d)
        if q and q != d["question"]:
            out.append(dict(d, question=q))
    return out


def kinds(explanations):
    """(name, change) for each perturbation: change(line) -> the new question or None."""
    out = []
    for m in MODIFIERS:
        out.append((m, lambda d, m=m: before_first(d["question"], TABLE_WORDS, m)))
    for m in MEASURE_MODIFIERS:
        out.append(("measure " + m, lambda d, m=m: before_first(d["question"], MEASURE_WORDS, m)))
    for c in SECOND_CONDITIONS:
        out.append(("condition " + c, lambda d, c=c: d["question"].rstrip("？?。") + c))
    for m in NUMBER_MODIFIERS:
        out.append(("number " + m, lambda d, m=m: before_first(d["question"], TABLE_WORDS, m)))
    for p in VALUE_PREFIXES:
        def near(d, p=p):
            phrases = value_phrases(explanations.get(d["id"], ""))
            return before_first(d["question"], phrases, p) if phrases else None
        out.append(("value " + p + "…", near))
    return out


def main(argv):
    binary = "build/bin/nlq_eval_tool"
    if len(argv) > 1 and argv[0] == "--bin":
        binary, argv = argv[1], argv[2:]
    lines = develop_lines_answered_right(binary, argv)
    explanations = {}
    with tempfile.TemporaryDirectory() as folder:
        base = dump(binary, lines, folder, explanations)
        for name, change in kinds(explanations):
            changed = perturbed(lines, change)
            got = dump(binary, changed, folder)
            same = [d for d in changed
                    if not got.get(d["id"], "").startswith("(abstained)") and
                    got.get(d["id"]) == base.get(d["id"])]
            print(f"{name}: {len(changed)} perturbed, {len(same)} answered with the same SQL")
            for d in same:
                print("   ", d["id"], d["question"])


if __name__ == "__main__":
    main(sys.argv[1:])
