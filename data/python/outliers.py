# Distribution and outliers (askdb template). Input: one row per item (a label) with a
# measure. Items outside Tukey's fences (Q1 - 1.5 IQR, Q3 + 1.5 IQR; quartiles by linear
# interpolation) are outliers; the robust z-score (median and MAD) says how far out.
import numpy as np
import pandas as pd

frame = load(params.get("input"))
r = roles(frame)
if not r["numbers"]:
    raise ValueError("the outlier check needs a numeric measure; got "
                     + ", ".join(map(str, frame.columns)))
measure = params.get("measure") or r["numbers"][0]
label = params.get("label") or (r["labels"] or [r["time"]])[0]
zh = params.get("lang") == "zh"
data = frame[[label, measure]].dropna()
if len(data) < 5:
    raise ValueError(f"the outlier check needs at least 5 items, got {len(data)}")
values = data[measure].astype(float).to_numpy()
q1, median, q3 = np.percentile(values, [25, 50, 75])
iqr = q3 - q1
low, high = q1 - 1.5 * iqr, q3 + 1.5 * iqr
mad = float(np.median(np.abs(values - median)))
data = data.assign(robust_z=(0.6745 * (values - median) / mad) if mad else 0.0)
flagged = data[(data[measure] < low) | (data[measure] > high)].sort_values(measure)
# A negative lower fence on data that is never negative (amounts, counts) flags nothing and
# reads as nonsense ("normal range -413,893 – 6,202,254"): state the upper bound alone.
show_low = low >= 0 or values.min() < 0

value("quartiles", [float(q1), float(median), float(q3)])
value("fences", [float(low), float(high)])
value("outliers", {str(k): float(v) for k, v in zip(flagged[label], flagged[measure])})
value("count", int(len(data)))
show_table("outliers", flagged)
show_chart({
    "title": {"text": (f"{measure}分布与异常值" if zh else f"{measure}: distribution and outliers")},
    "tooltip": {"trigger": "item"},
    "xAxis": {"type": "category", "data": [str(v) for v in data[label]],
              "axisLabel": {"rotate": 45}},
    "yAxis": {"type": "value"},
    "series": [{"type": "bar", "name": measure,
                "data": [{"value": float(v), "itemStyle": {"color": "#d94e5d"}}
                         if (v < low or v > high) else float(v) for v in data[measure]],
                "markLine": {"data": ([{"yAxis": float(low)}] if show_low else [])
                                     + [{"yAxis": float(high)}]}}],
})
names = "、".join(f"{k}（{v:,.2f}）" for k, v in zip(flagged[label], flagged[measure]))
if zh:
    bound = f"正常范围 {low:,.2f} – {high:,.2f}" if show_low else f"正常上限 {high:,.2f}"
    text = (f"{len(data)} 个{label}中有 {len(flagged)} 个{measure}异常（{bound}）：{names}"
            if len(flagged) else
            f"{len(data)} 个{label}的{measure}都没有超出{bound}，没有异常值")
else:
    names = ", ".join(f"{k} ({v:,.2f})" for k, v in zip(flagged[label], flagged[measure]))
    bound = f"normal range {low:,.2f} – {high:,.2f}" if show_low else f"normal upper bound {high:,.2f}"
    text = (f"{len(flagged)} of {len(data)} {label} values of {measure} are outliers ({bound}): "
            f"{names}" if len(flagged) else
            f"None of the {len(data)} {label} values of {measure} is "
            f"{'outside' if show_low else 'above'} the {bound}")
finding(text, outliers=len(flagged))
