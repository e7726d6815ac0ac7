import { ElMessage } from 'element-plus/es/components/message/index.mjs'

// An error stays until the user closes it: one that fades after 3 s is missed by a user
// who looked away while a connection test or a save was running. The same text shown
// twice is one message with a count (grouping), not a stack.
export function notifyError(message: string): void {
  ElMessage({ type: 'error', message, duration: 0, showClose: true, grouping: true })
}
