# Simple seasonal forecast (askdb template). Input: one row per month ("YYYY-MM" or a date)
# and a measure. With at least two years of months, each of the next `horizon` months is the
# same month a year earlier times the growth of the last twelve months over the twelve
# before them (seasonal naive with drift); with less, the least-squares line through the
# months. Months missing inside the range count as 0; the last month is taken as complete.
import math

import numpy as np
import pandas as pd

frame = load(params.get("input"))
r = roles(frame)
if r["time"] is None or not r["numbers"]:
    raise ValueError("the forecast needs a time column and a numeric measure; got "
                     + ", ".join(map(str, frame.columns)))
time_col, measure = r["time"], params.get("measure") or r["numbers"][0]
zh = params.get("lang") == "zh"
horizon = int(params.get("horizon", 3))
series = frame[[time_col, measure]].dropna()
series = series.assign(month=pd.PeriodIndex(series[time_col].astype(str).str[:7], freq="M"))
series = series.groupby("month")[measure].sum().sort_index()
series = series.reindex(pd.period_range(series.index.min(), series.index.max(), freq="M"),
                        fill_value=0.0)
if len(series) < 3:
    raise ValueError(f"the forecast needs at least 3 months of data, got {len(series)}")

future = pd.period_range(series.index.max() + 1, periods=horizon, freq="M")
if len(series) >= 24:
    last12, prev12 = series.iloc[-12:].sum(), series.iloc[-24:-12].sum()
    growth = last12 / prev12 if prev12 else 1.0
    values = [float(series[m - 12] * growth) for m in future]
    method = (f"同月去年值 × 近12个月同比增长系数 {growth:.4f}" if zh else
              f"same month last year × last-12-month growth factor {growth:.4f}")
else:
    x = np.arange(len(series), dtype=float)
    slope, intercept = np.polyfit(x, series.values.astype(float), 1)
    values = [float(intercept + slope * (len(series) + i)) for i in range(horizon)]
    method = "线性趋势外推" if zh else "linear trend"

total = float(sum(values))
labels = [str(m) for m in future]
value("forecast", dict(zip(labels, values)))
value("forecast_total", total)
value("method", method)
show_table("forecast", pd.DataFrame({"month": labels, measure: values}))
history = [str(m) for m in series.index[-24:]]
show_chart({
    "title": {"text": ("销售额预测" if zh else "Forecast") + f" ({measure})"},
    "tooltip": {"trigger": "axis"},
    "legend": {"data": ["实际" if zh else "actual", "预测" if zh else "forecast"]},
    "xAxis": {"type": "category", "data": history + labels},
    "yAxis": {"type": "value"},
    "series": [
        {"name": "实际" if zh else "actual", "type": "line",
         "data": [float(v) for v in series.iloc[-24:]] + [None] * horizon},
        {"name": "预测" if zh else "forecast", "type": "line", "lineStyle": {"type": "dashed"},
         "data": [None] * (len(history) - 1) + [float(series.iloc[-1])] + values},
    ],
})


def significant(x, digits=3):
    """x rounded to `digits` significant figures (0 stays 0)."""
    if x == 0:
        return 0.0
    return round(x, digits - 1 - math.floor(math.log10(abs(x))))


def plain(x):
    """A rounded number without trailing zeros: 15.8, 1,584, 0.0123."""
    text = f"{x:,.6f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def approximately(x, zh):
    """A forecast is an estimate: three significant figures, in the reader's units (millions
    and billions in English, 万 and 亿 in Chinese), never cents."""
    size = abs(x)
    if zh:
        if size >= 1e8:
            return plain(significant(x / 1e8)) + " 亿"
        if size >= 1e4:
            wan = x / 1e4  # Chinese counts in 万: whole 万 from a thousand 万 up (1,584 万)
            return plain(round(wan) if abs(wan) >= 100 else significant(wan)) + " 万"
        return plain(significant(x))
    for scale, word in ((1e12, "trillion"), (1e9, "billion"), (1e6, "million")):
        if size >= scale:
            return plain(significant(x / scale)) + " " + word
    return plain(significant(x))


span = f"{labels[0]} – {labels[-1]}"
if zh:
    finding(f"预测 {span} 的{measure}合计约 {approximately(total, True)}（{method}）",
            forecast_total=total)
else:
    finding(f"Forecast {measure} for {span}: about {approximately(total, False)} in total "
            f"({method})", forecast_total=total)
