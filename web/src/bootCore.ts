// The first half of start-up (see main.ts): Vue, vue-i18n and the UI's messages.
export { createApp } from 'vue'
export { i18n } from './i18n'
