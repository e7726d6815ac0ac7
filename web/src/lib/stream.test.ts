import { describe, expect, it } from 'vitest'
import { ApiError, followRun, streamRequest, streamUrl, type Frame } from './stream'

function sse(frames: string[], { close = true } = {}): ReadableStream<Uint8Array> {
  const enc = new TextEncoder()
  let i = 0
  return new ReadableStream({
    pull(controller) {
      if (i < frames.length) controller.enqueue(enc.encode(frames[i++]))
      else if (close) controller.close()
      else controller.error(new Error('network down'))
    },
  })
}

const frame = (id: number | null, event: string, data: unknown) =>
  `${id === null ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`

interface Call {
  url: string
  headers: Record<string, string>
  method?: string
  body?: string
}

function fakeFetch(responses: (() => Response)[]) {
  const calls: Call[] = []
  const impl = (async (url: string, init?: RequestInit) => {
    calls.push({ url, headers: (init?.headers ?? {}) as Record<string, string>, method: init?.method, body: init?.body as string | undefined })
    const next = responses.shift()
    if (!next) throw new Error('no more responses')
    return next()
  }) as unknown as typeof fetch
  return { impl, calls }
}

describe('streamUrl', () => {
  it('puts only the given parameters in the query, never the key', () => {
    const url = streamUrl('', { query: '2024年各地区的销售额', agent: 'default', detached: false })
    expect(url).toBe(
      '/api/v1/stream/search?query=2024%E5%B9%B4%E5%90%84%E5%9C%B0%E5%8C%BA%E7%9A%84%E9%94%80%E5%94%AE%E9%A2%9D&agent=default',
    )
  })
})

describe('streamRequest', () => {
  it('keeps a question in the URL while it fits', () => {
    expect(streamRequest('', { query: '2024年各地区的销售额' })).toEqual({ url: streamUrl('', { query: '2024年各地区的销售额' }), method: 'GET' })
  })

  it('sends a question too long for a URL in a JSON body (the server answered 414 from 8,192 bytes)', () => {
    const query = '销'.repeat(1000) // 9,000 characters percent-encoded, within the 4,000-character limit
    const r = streamRequest('', { query, agent: 'default', detached: false })
    expect(r.method).toBe('POST')
    expect(r.url).toBe('/api/v1/stream/search')
    expect(JSON.parse(r.body!)).toEqual({ query, agent: 'default' })
  })
})

describe('followRun', () => {
  it('posts a long question with its content type, the key still in a header', async () => {
    const { impl, calls } = fakeFetch([
      () => new Response(sse([frame(1, 'result', { thread_id: 'thr_1', answer: 'ok' })]), { headers: { 'X-Thread-Id': 'thr_1' } }),
    ])
    const end = await followRun({ key: 'askdb_k', params: { query: '销'.repeat(1000) }, onFrame: () => {}, fetchImpl: impl })
    expect(end).toBe('result')
    expect(calls[0].method).toBe('POST')
    expect(calls[0].headers['Content-Type']).toBe('application/json')
    expect(calls[0].headers.Authorization).toBe('Bearer askdb_k')
    expect(calls[0].body).toContain('销销销')
  })

  it('sends the key in a header and delivers frames until the result', async () => {
    const { impl, calls } = fakeFetch([
      () =>
        new Response(
          sse([
            frame(null, 'accepted', { thread_id: 'thr_1', kind: 'ask' }),
            frame(1, 'stage_started', { node: 'classify', payload: {} }),
            frame(2, 'result', { thread_id: 'thr_1', answer: 'ok' }),
          ]),
          { headers: { 'X-Thread-Id': 'thr_1' } },
        ),
    ])
    const frames: Frame[] = []
    let thread = ''
    const end = await followRun({
      key: 'askdb_k',
      params: { query: 'q' },
      onFrame: (f) => frames.push(f),
      onThread: (t) => (thread = t),
      fetchImpl: impl,
    })
    expect(end).toBe('result')
    expect(frames.map((f) => f.event)).toEqual(['accepted', 'stage_started', 'result'])
    expect(frames[1].id).toBe(1)
    expect(thread).toBe('thr_1')
    expect(calls[0].headers.Authorization).toBe('Bearer askdb_k')
    expect(calls[0].url).not.toContain('askdb_k')
  })

  it('tells the thread of a follow-up asked in a known thread, once', async () => {
    // A second question in the same thread is a new live run: the chat remembers it from
    // onThread so that a reload rejoins it; told only for a change it would be forgotten.
    const { impl } = fakeFetch([
      () =>
        new Response(sse([frame(null, 'accepted', { thread_id: 'thr_9' }), frame(1, 'result', {})]), {
          headers: { 'X-Thread-Id': 'thr_9' },
        }),
    ])
    const told: string[] = []
    const end = await followRun({
      params: { query: '那上海呢', threadId: 'thr_9' },
      onFrame: () => {},
      onThread: (t) => told.push(t),
      fetchImpl: impl,
    })
    expect(end).toBe('result')
    expect(told).toEqual(['thr_9'])
  })

  it('reconnects with Last-Event-ID after the connection drops', async () => {
    const { impl, calls } = fakeFetch([
      () =>
        new Response(
          sse([frame(null, 'accepted', { thread_id: 'thr_2' }), frame(1, 'stage_started', {}), frame(2, 'sql', {})], {
            close: false,
          }),
        ),
      () => new Response(sse([frame(3, 'rows', {}), frame(4, 'result', {})])),
    ])
    const frames: Frame[] = []
    const end = await followRun({
      params: { query: 'q', agent: 'sales' },
      onFrame: (f) => frames.push(f),
      fetchImpl: impl,
      reconnectDelayMs: () => 0,
    })
    expect(end).toBe('result')
    expect(frames.map((f) => f.id ?? null)).toEqual([null, 1, 2, 3, 4])
    expect(calls[1].headers['Last-Event-ID']).toBe('2')
    expect(calls[1].url).toBe('/api/v1/stream/search?threadId=thr_2&agent=sales')
  })

  it('resumes a known run from a given event id (reload)', async () => {
    const { impl, calls } = fakeFetch([() => new Response(sse([frame(5, 'cancelled', {})]))])
    const end = await followRun({
      params: { threadId: 'thr_3' },
      lastEventId: 0,
      onFrame: () => {},
      fetchImpl: impl,
    })
    expect(end).toBe('cancelled')
    expect(calls[0].headers['Last-Event-ID']).toBe('0')
  })

  it('answers gone when a resumed run is no longer kept', async () => {
    const { impl } = fakeFetch([
      () => new Response(JSON.stringify({ error: { code: 'not_found', message: "no thread 'x'" } }), { status: 404 }),
    ])
    const end = await followRun({ params: { threadId: 'x' }, lastEventId: 3, onFrame: () => {}, fetchImpl: impl })
    expect(end).toBe('gone')
  })

  it('rejects with the server error on the first request (bad key)', async () => {
    const { impl } = fakeFetch([
      () =>
        new Response(JSON.stringify({ error: { code: 'unauthenticated', message: 'invalid API key' } }), {
          status: 401,
        }),
    ])
    const run = followRun({ key: 'bad', params: { query: 'q' }, onFrame: () => {}, fetchImpl: impl })
    await expect(run).rejects.toBeInstanceOf(ApiError)
    await expect(run).rejects.toMatchObject({ status: 401, code: 'unauthenticated' })
  })

  it('stops when aborted', async () => {
    const controller = new AbortController()
    controller.abort()
    const { impl } = fakeFetch([])
    const end = await followRun({ params: { query: 'q' }, onFrame: () => {}, fetchImpl: impl, signal: controller.signal })
    expect(end).toBe('aborted')
  })
})
