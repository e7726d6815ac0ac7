// The second half of start-up (see main.ts): the router, the app and the chat page with
// the Element Plus parts they use; mounts the app.
import { createApp } from 'vue'
import App from './App.vue'
import { i18n } from './i18n'
import { router } from './router'

export function start(): void {
  document.documentElement.lang = i18n.global.locale.value === 'zh' ? 'zh-CN' : 'en'
  createApp(App).use(i18n).use(router).mount('#app')
}
