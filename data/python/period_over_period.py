# Period-over-period comparison (askdb template). Input: one row per month and a measure.
# Compares the last month with the month before and with the same month a year earlier.
import pandas as pd

frame = load(params.get("input"))
r = roles(frame)
if r["time"] is None or not r["numbers"]:
    raise ValueError("the comparison needs a time column and a numeric measure")
time_col, measure = r["time"], params.get("measure") or r["numbers"][0]
zh = params.get("lang") == "zh"
data = frame[[time_col, measure]].dropna()
series = data.groupby(pd.PeriodIndex(data[time_col].astype(str).str[:7], freq="M"))[measure].sum()
last = series.index.max()
rows = []
for name, other in (("previous" if not zh else "环比", last - 1), ("year ago" if not zh else "同比", last - 12)):
    if other in series.index and series[other]:
        change = (series[last] / series[other] - 1) * 100
        rows.append({"comparison": name, "period": str(other), "value": float(series[other]),
                     "change_pct": float(change)})
        value(f"change_vs_{other}", float(change))
if not rows:
    raise ValueError("no earlier period to compare with")
show_table("period_over_period", pd.DataFrame(rows))
parts = [f"{r_['comparison']} {r_['change_pct']:+.1f}%（{r_['period']}）" for r_ in rows]
finding((f"{last} 的{measure}为 {series[last]:,.2f}：" if zh else
         f"{measure} in {last} was {series[last]:,.2f}: ") + "; ".join(parts))
