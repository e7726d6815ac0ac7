# Pareto / ABC split (askdb template). Input: one row per item with a measure. Items sorted
# by the measure; A up to 80% of the total, B up to 95%, C the rest.
import pandas as pd

frame = load(params.get("input"))
r = roles(frame)
if not r["numbers"] or not (r["labels"] or r["time"]):
    raise ValueError("the Pareto split needs a label column and a numeric measure")
measure = params.get("measure") or r["numbers"][0]
label = params.get("label") or (r["labels"] or [r["time"]])[0]
zh = params.get("lang") == "zh"
data = frame[[label, measure]].dropna().sort_values(measure, ascending=False)
total = float(data[measure].sum())
if total <= 0:
    raise ValueError("the measure's total is not positive")
share = data[measure].cumsum() / total * 100
before = share - data[measure] / total * 100
data = data.assign(cumulative_pct=share,
                   abc=["A" if b < 80 else "B" if b < 95 else "C" for b in before])
counts = data["abc"].value_counts().to_dict()
value("classes", {k: int(v) for k, v in counts.items()})
show_table("pareto", data)
show_chart({
    "title": {"text": f"{measure} Pareto"},
    "tooltip": {"trigger": "axis"},
    "xAxis": {"type": "category", "data": [str(v) for v in data[label]]},
    "yAxis": [{"type": "value"}, {"type": "value", "max": 100}],
    "series": [{"type": "bar", "name": measure, "data": [float(v) for v in data[measure]]},
               {"type": "line", "yAxisIndex": 1, "name": "%",
                "data": [round(float(v), 2) for v in data["cumulative_pct"]]}],
})
a = int(counts.get("A", 0))
finding((f"{len(data)} 个{label}中 {a} 个贡献了约 80% 的{measure}（A 类）" if zh else
         f"{a} of {len(data)} {label} make up about 80% of {measure} (class A)"))
