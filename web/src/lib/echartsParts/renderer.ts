export { CanvasRenderer as part } from 'echarts/renderers'
