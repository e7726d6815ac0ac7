export { BarChart as part } from 'echarts/charts'
