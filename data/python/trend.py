# Trend with growth rates (askdb template). Input: one row per period and a measure. Shows
# each period's growth over the one before and the compound growth per period.
import pandas as pd

frame = load(params.get("input"))
r = roles(frame)
if r["time"] is None or not r["numbers"]:
    raise ValueError("the trend needs a time column and a numeric measure")
time_col, measure = r["time"], params.get("measure") or r["numbers"][0]
zh = params.get("lang") == "zh"
data = frame[[time_col, measure]].dropna().sort_values(time_col)
if len(data) < 2:
    raise ValueError("the trend needs at least 2 periods")
data = data.assign(growth_pct=data[measure].pct_change() * 100)
first, last = float(data[measure].iloc[0]), float(data[measure].iloc[-1])
periods = len(data) - 1
cagr = ((last / first) ** (1 / periods) - 1) * 100 if first > 0 and last > 0 else None
best = data.loc[data["growth_pct"].idxmax()]
worst = data.loc[data["growth_pct"].idxmin()]
value("compound_growth_pct", cagr)
value("total_growth_pct", (last / first - 1) * 100 if first else None)
show_table("growth", data)
show_chart({
    "title": {"text": f"{measure} " + ("环比增长率" if zh else "growth rate")},
    "tooltip": {"trigger": "axis"},
    "xAxis": {"type": "category", "data": [str(v) for v in data[time_col]]},
    "yAxis": [{"type": "value"}, {"type": "value", "axisLabel": {"formatter": "{value}%"}}],
    "series": [{"type": "bar", "name": measure, "data": [float(v) for v in data[measure]]},
               {"type": "line", "yAxisIndex": 1, "name": "%",
                "data": [None] + [round(float(v), 2) for v in data["growth_pct"].iloc[1:]]}],
})
if zh:
    finding(f"{measure}从 {data[time_col].iloc[0]} 到 {data[time_col].iloc[-1]} 变化 "
            f"{(last / first - 1) * 100:+.1f}%" + (f"，平均每期 {cagr:+.2f}%" if cagr is not None else "")
            + f"；增长最快 {best[time_col]}（{best['growth_pct']:+.1f}%），"
            f"下降最多 {worst[time_col]}（{worst['growth_pct']:+.1f}%）")
else:
    finding(f"{measure} changed {(last / first - 1) * 100:+.1f}% from {data[time_col].iloc[0]} "
            f"to {data[time_col].iloc[-1]}" + (f", {cagr:+.2f}% per period" if cagr is not None else "")
            + f"; fastest rise {best[time_col]} ({best['growth_pct']:+.1f}%), "
            f"largest fall {worst[time_col]} ({worst['growth_pct']:+.1f}%)")
