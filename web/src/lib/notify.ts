import { h } from 'vue'
import { ElMessage } from 'element-plus/es/components/message/index.mjs'

// An error stays until the user closes it: one that fades after 3 s is missed by a user
// who looked away while a connection test or a save was running. The same text shown
// twice is one message with a count (grouping), not a stack. A detail (the server's own
// words under a translated headline) goes below the headline, smaller.
export function notifyError(message: string, detail = ''): void {
  const body = detail
    ? h('div', { 'data-testid': 'error-with-detail' }, [
        h('div', { class: 'notify-title' }, message),
        h('div', { class: 'notify-detail', style: 'font-size: 12px; margin-top: 4px; white-space: pre-wrap; opacity: 0.85' }, detail),
      ])
    : message
  ElMessage({ type: 'error', message: body, duration: 0, showClose: true, grouping: true })
}
