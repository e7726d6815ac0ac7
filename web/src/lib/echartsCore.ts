// The part of ECharts the chat page draws with: the core, the canvas renderer, the chart
// kinds the server recommends and the UI offers (bar, line, pie, scatter) and the
// components their options use. Imported only through ./echarts (its own chunk, about half
// the size of the full library, so about half its compile time).
import * as echarts from 'echarts/core'
import { BarChart, LineChart, PieChart, ScatterChart } from 'echarts/charts'
import { DatasetComponent, GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components'
import { CanvasRenderer } from 'echarts/renderers'

echarts.use([BarChart, LineChart, PieChart, ScatterChart, DatasetComponent, GridComponent, LegendComponent, TitleComponent, TooltipComponent, CanvasRenderer])

export { echarts }
