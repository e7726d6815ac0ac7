import { describe, expect, it } from 'vitest'
import { chunkText, itemLabel, parseScope, scoreText, scopeFields, searchBody, type KnowledgeItem } from './knowledge'

describe('knowledge page', () => {
  it('sends an agent or a datasource as the API names them, nothing for every scope', () => {
    expect(scopeFields({ kind: 'agent', id: 'sales' })).toEqual({ agent: 'sales' })
    expect(scopeFields({ kind: 'datasource', id: 'shop' })).toEqual({ datasource: 'shop' })
    expect(scopeFields({ kind: 'all', id: 'sales' })).toEqual({})
    expect(scopeFields({ kind: 'agent', id: '' })).toEqual({})
  })

  it('reads an item scope back, keeping colons in the id', () => {
    expect(parseScope('agent:default')).toEqual({ kind: 'agent', id: 'default' })
    expect(parseScope('datasource:pg:main')).toEqual({ kind: 'datasource', id: 'pg:main' })
    expect(parseScope('weird')).toEqual({ kind: 'all', id: 'weird' })
  })

  it('builds the search request with its filters', () => {
    const base = { query: '  退货  ', mode: 'keyword', topK: 5, kinds: [] as string[], scope: { kind: 'all' as const, id: '' } }
    expect(searchBody(base)).toEqual({ query: '退货', mode: 'keyword', top_k: 5 })
    expect(searchBody({ ...base, kinds: ['qa', 'faq'], scope: { kind: 'agent', id: 'default' } })).toEqual({
      query: '退货',
      mode: 'keyword',
      top_k: 5,
      agent: 'default',
      kinds: ['qa', 'faq'],
    })
  })

  it('names a hit by its item and shows a channel that did not find it as a dash', () => {
    const item = { id: 'kn_1', title: '', file_name: 'policy.md' } as KnowledgeItem
    expect(itemLabel(item)).toBe('policy.md')
    expect(itemLabel({ ...item, file_name: undefined, question: 'Refunds?' })).toBe('Refunds?')
    expect(itemLabel(undefined)).toBe('')
    expect(scoreText(1.83712, 1)).toBe('1.837')
    expect(scoreText(0, 0)).toBe('—')
    expect(scoreText(0, 2)).toBe('0.000')
    expect(chunkText('# 退货政策\n\n  门店售出的商品   可退。\n')).toBe('# 退货政策\n门店售出的商品 可退。')
  })
})
