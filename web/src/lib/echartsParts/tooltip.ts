export { TooltipComponent as part } from 'echarts/components'
