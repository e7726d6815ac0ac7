# Correlation (askdb template). Input: rows with at least two numeric columns. Pearson's r
# and its p-value for each pair; the strongest pair is the finding.
import itertools
import pandas as pd
from scipy import stats

frame = load(params.get("input"))
numbers = roles(frame)["numbers"]
zh = params.get("lang") == "zh"
if len(numbers) < 2:
    raise ValueError("the correlation needs at least two numeric columns")
rows = []
for a, b in itertools.combinations(numbers, 2):
    pair = frame[[a, b]].dropna()
    if len(pair) < 3:
        continue
    r, p = stats.pearsonr(pair[a], pair[b])
    rows.append({"a": a, "b": b, "r": float(r), "p_value": float(p), "n": len(pair)})
if not rows:
    raise ValueError("too few rows to correlate")
table = pd.DataFrame(rows).sort_values("r", key=abs, ascending=False)
show_table("correlation", table)
top = table.iloc[0]
value("strongest", {"a": top["a"], "b": top["b"], "r": float(top["r"])})
finding((f"{top['a']} 与 {top['b']} 的相关系数 r = {top['r']:.3f}（p = {top['p_value']:.3g}）"
         if zh else f"{top['a']} and {top['b']}: r = {top['r']:.3f} (p = {top['p_value']:.3g})"))
