// UI text in Chinese and English. The language follows the browser on first visit and can
// be switched; the choice is kept in localStorage.
import { createI18n } from 'vue-i18n'
import { compileMessage } from './lib/messageFormat'
import en from './locales/en'
import zh from './locales/zh'

export type Lang = 'zh' | 'en'
const STORAGE_KEY = 'askdb.lang'

export function initialLang(): Lang {
  const saved = typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEY) : null
  if (saved === 'zh' || saved === 'en') return saved
  const langs = typeof navigator !== 'undefined' ? navigator.languages ?? [navigator.language] : []
  for (const l of langs) {
    if (/^zh\b/i.test(l)) return 'zh'
    if (/^en\b/i.test(l)) return 'en'
  }
  return 'en'
}

export const i18n = createI18n({
  legacy: false,
  locale: initialLang(),
  fallbackLocale: 'en',
  messages: { en, zh },
  // Our own small compiler (src/lib/messageFormat.ts); vue-i18n's is left out of the bundle.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  messageCompiler: compileMessage as any,
})

export function setLang(lang: Lang) {
  i18n.global.locale.value = lang
  localStorage.setItem(STORAGE_KEY, lang)
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en'
}
