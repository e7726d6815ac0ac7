import { describe, expect, it } from 'vitest'
import { SseParser } from './sse'

describe('SseParser', () => {
  it('parses frames with id, event and data', () => {
    const p = new SseParser()
    const frames = p.push('id: 2\nevent: classification\ndata: {"a":1}\n\n')
    expect(frames).toEqual([{ id: '2', event: 'classification', data: '{"a":1}' }])
    expect(p.lastEventId).toBe('2')
  })

  it('joins data lines and defaults the event name to message', () => {
    const p = new SseParser()
    expect(p.push('data: a\ndata: b\n\n')).toEqual([{ event: 'message', data: 'a\nb' }])
  })

  it('handles chunks split anywhere, including inside CRLF and multi-byte text', () => {
    const text = 'id: 7\r\nevent: text_delta\r\ndata: {"text":"销售额"}\r\n\r\n: ping\n\n'
    for (let cut = 1; cut < text.length; cut++) {
      const p = new SseParser()
      const frames = [...p.push(text.slice(0, cut)), ...p.push(text.slice(cut))]
      expect(frames).toEqual([{ id: '7', event: 'text_delta', data: '{"text":"销售额"}' }])
    }
  })

  it('ignores comments (heartbeats) and blank frames', () => {
    const p = new SseParser()
    expect(p.push(': ping\n\n\n\n')).toEqual([])
  })

  it('accepts lone CR line endings and a field without a space', () => {
    const p = new SseParser()
    expect(p.push('event:done\rdata:{}\r\r\n')).toEqual([{ event: 'done', data: '{}' }])
  })

  it('reads retry and ignores unknown fields', () => {
    const p = new SseParser()
    expect(p.push('retry: 3000\nfoo: bar\ndata: x\n\n')).toEqual([
      { event: 'message', data: 'x', retry: 3000 },
    ])
  })

  it('drops an unfinished frame at the end of the stream', () => {
    const p = new SseParser()
    expect(p.push('data: half')).toEqual([])
    expect(p.finish()).toEqual([])
  })
})
