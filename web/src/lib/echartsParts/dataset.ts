export { DatasetComponent as part } from 'echarts/components'
