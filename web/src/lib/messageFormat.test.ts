import { describe, expect, it } from 'vitest'
import { compileMessage, parseMessage } from './messageFormat'
import en from '../locales/en'
import zh from '../locales/zh'

const ctx = (named: Record<string, unknown> = {}, list: unknown[] = []) => ({ named: (k: string) => named[k], list: (i: number) => list[i] })

describe('message compiler', () => {
  it('fills named and list placeholders', () => {
    expect(compileMessage('{calls} 次模型调用 · {seconds} 秒')(ctx({ calls: 2, seconds: '1.5' }))).toBe('2 次模型调用 · 1.5 秒')
    expect(compileMessage('{0} / {1}')(ctx({}, ['a', 'b']))).toBe('a / b')
    expect(compileMessage('at most {max}')(ctx())).toBe('at most ')
  })

  it('keeps literals, pipes and unmatched braces as text', () => {
    expect(compileMessage("region = {'{'}user.region{'}'}")(ctx())).toBe('region = {user.region}')
    expect(compileMessage('Synonyms (| between)')(ctx())).toBe('Synonyms (| between)')
    expect(compileMessage('a {b-c} {')(ctx())).toBe('a {b-c} {')
    expect(parseMessage('plain')).toEqual(['plain'])
  })

  it('has every message in both locales (the same keys, none empty)', () => {
    const keys = (o: Record<string, unknown>, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? (v.trim() ? [prefix + k] : []) : keys(v as Record<string, unknown>, `${prefix}${k}.`)))
    const zhKeys = keys(zh as Record<string, unknown>).sort()
    const enKeys = keys(en as Record<string, unknown>).sort()
    expect(enKeys.filter((k) => !zhKeys.includes(k)), 'in English only').toEqual([])
    expect(zhKeys.filter((k) => !enKeys.includes(k)), 'in Chinese only').toEqual([])
    expect(zhKeys.length).toBeGreaterThan(100)
  })

  it('compiles every message of both locales to text without a brace left over', () => {
    const walk = (o: Record<string, unknown>, out: string[]) => {
      for (const v of Object.values(o)) typeof v === 'string' ? out.push(v) : walk(v as Record<string, unknown>, out)
      return out
    }
    for (const messages of [en, zh]) {
      for (const m of walk(messages as Record<string, unknown>, [])) {
        const shown = compileMessage(m)(ctx(new Proxy({}, { get: () => 'X' }) as Record<string, unknown>, ['X', 'X']))
        expect(shown.includes("{'"), m).toBe(false)
      }
    }
  })
})
