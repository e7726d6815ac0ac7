// First: starts the key check before anything else runs (see lib/earlyMe.ts).
import './lib/earlyMe'
import { createApp } from 'vue'
import 'element-plus/theme-chalk/base.css'
import './style.css'
import App from './App.vue'
import { i18n } from './i18n'
import { router } from './router'

document.documentElement.lang = i18n.global.locale.value === 'zh' ? 'zh-CN' : 'en'
createApp(App).use(i18n).use(router).mount('#app')
