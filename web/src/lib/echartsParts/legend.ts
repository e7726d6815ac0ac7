export { LegendComponent as part } from 'echarts/components'
