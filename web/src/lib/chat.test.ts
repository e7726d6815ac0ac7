import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activeRun, Conversation, DEFAULT_MAX_QUESTION_CHARS, forgetActive, maxQuestionChars, questionChars, questionCounter, questionTooLong, rememberActive, turnError } from './chat'
import { ApiError } from './stream'

describe('Conversation.loadMessages', () => {
  it('rebuilds the turns from the history, a plan still waiting for approval last', () => {
    const c = new Conversation({ key: () => 'k', agentId: 'default', threadId: 'thr_1', local: false })
    const plan = { steps: [{ step_num: 1, tool: 'execute_sql', purpose: '各渠道销售额' }] }
    c.loadMessages([
      { role: 'user', text: '2024年各地区的销售额', thread_id: 'thr_1' },
      { role: 'assistant', text: '华东最高。', thread_id: 'thr_1', run: { outcome: 'ok', route: 'engine', sql: 'SELECT 1 FROM orders' } },
      { role: 'user', text: '做一份全面的销售分析报告', thread_id: 'thr_1' },
      {
        role: 'assistant',
        text: '',
        thread_id: 'thr_1',
        run: { outcome: 'interrupted', route: 'none', interrupt: 'plan_approval', interrupt_payload: { plan, title: '销售分析' } },
      },
    ])
    const turns = c.state.turns
    expect(turns).toHaveLength(2)
    expect(turns[0]).toMatchObject({ question: '2024年各地区的销售额', status: 'done', answer: '华东最高。', tables: ['orders'] })
    expect(turns[1].status).toBe('waiting')
    expect(turns[1].interrupt?.kind).toBe('plan_approval')
    expect(turns[1].interrupt?.payload.plan.steps[0].purpose).toBe('各渠道销售额')
  })

  it('shows how a reopened follow-up was read, as the live turn did', () => {
    const c = new Conversation({ key: () => 'k', agentId: 'default', threadId: 'thr_5', local: false })
    c.loadMessages([
      { role: 'user', text: '2024年各大区的销售额', thread_id: 'thr_5' },
      { role: 'assistant', text: '华东最高。', run: { outcome: 'ok', route: 'engine' } },
      { role: 'user', text: '那华东呢', thread_id: 'thr_5' },
      {
        role: 'assistant',
        text: '21,326,540.62',
        run: { outcome: 'ok', route: 'engine', follow_up: { question: '2024年华东的销售额', change: '各大区 → 华东' } },
      },
    ])
    expect(c.state.turns[0].followUp).toBeUndefined()
    expect(c.state.turns[1].followUp).toEqual({ question: '2024年华东的销售额', change: '各大区 → 华东' })
  })

  it("shows each turn's recorded cost", () => {
    const c = new Conversation({ key: () => 'k', agentId: 'default', threadId: 'thr_3', local: false })
    c.loadMessages([
      { role: 'user', text: '每个门店的复购率', thread_id: 'thr_3' },
      {
        role: 'assistant',
        text: '门店 3 最高。',
        run: { outcome: 'ok', route: 'llm', llm_calls: 2, prompt_tokens: 812, completion_tokens: 64, duration_ms: 2530 },
      },
    ])
    expect(c.state.turns[0].usage).toEqual({ llm_calls: 2, prompt_tokens: 812, completion_tokens: 64 })
    expect(c.state.turns[0].elapsedMs).toBe(2530)
  })

  it("keeps a reopened analysis's steps, rows and narrative, so its report is drawn again", () => {
    const c = new Conversation({ key: () => 'k', agentId: 'default', threadId: 'thr_4', local: false })
    const steps = [
      {
        step_num: 1,
        tool: 'execute_sql',
        purpose: '各地区销售额',
        sql: 'SELECT region, SUM(amount) FROM orders GROUP BY region',
        success: true,
        skipped: false,
        error: '',
        note: '',
        text: '',
        result: { columns: [{ name: 'region' }, { name: 'sales' }], rows: [['华东', 120.5], ['华南', 80]], truncated: false },
      },
      { step_num: 2, tool: 'execute_sql', purpose: '月度趋势', sql: '', success: false, skipped: true, error: '', note: 'skipped', text: '', result: null },
    ]
    c.loadMessages([
      { role: 'user', text: 'approve', thread_id: 'thr_4' },
      {
        role: 'assistant',
        text: '报告',
        run: {
          outcome: 'ok',
          route: 'analysis',
          steps,
          plan: { steps: [{ step_num: 1, tool: 'execute_sql', purpose: '各地区销售额' }] },
          plan_title: '销售分析',
          report_narrative: { title: '销售分析报告', summary: '华东领先' },
        },
      },
    ])
    const turn = c.state.turns[0]
    expect(turn.analysisSteps).toHaveLength(2)
    expect(turn.analysisSteps[0].result?.rows).toEqual([['华东', 120.5], ['华南', 80]])
    expect(turn.analysisSteps[1].result).toBeNull()
    expect(turn.narrative?.title).toBe('销售分析报告')
    expect(turn.plan?.title).toBe('销售分析')
  })

  it('marks resumes and settles earlier interrupts', () => {
    const c = new Conversation({ key: () => 'k', agentId: 'default', threadId: 'thr_2', local: false })
    c.loadMessages([
      { role: 'user', text: '分析', thread_id: 'thr_2' },
      { role: 'assistant', text: '', run: { outcome: 'interrupted', interrupt: 'plan_approval' } },
      { role: 'user', text: 'approve', thread_id: 'thr_2' },
      { role: 'assistant', text: '报告', run: { outcome: 'ok', route: 'analysis' } },
    ])
    expect(c.state.turns.map((t) => [t.kind, t.status])).toEqual([
      ['ask', 'done'],
      ['resume', 'done'],
    ])
  })
})

describe('the question limit', () => {
  it('is the one the server states in GET /api/v1/me, else the default', () => {
    expect(maxQuestionChars({ max_question_chars: 1200 })).toBe(1200)
    expect(maxQuestionChars(undefined)).toBe(DEFAULT_MAX_QUESTION_CHARS)
    expect(maxQuestionChars({ max_question_chars: 0 })).toBe(DEFAULT_MAX_QUESTION_CHARS)
  })

  it('counts characters as the server does: a Chinese character or an emoji is one', () => {
    expect(questionChars('各地区的销售额')).toBe(7)
    expect(questionChars('sales 📈')).toBe(7)
    expect(questionTooLong('销'.repeat(4000), 4000)).toBe(false)
    expect(questionTooLong('销'.repeat(4001), 4000)).toBe(true)
    // 3,000 emoji are 6,000 UTF-16 units but 3,000 characters: within the limit.
    expect(questionTooLong('📈'.repeat(3000), 4000)).toBe(false)
  })

  it('shows a counter only near the limit, over it too', () => {
    expect(questionCounter('x'.repeat(3199), 4000)).toBe('')
    expect(questionCounter('x'.repeat(3200), 4000)).toBe('3,200 / 4,000')
    expect(questionCounter('销'.repeat(4100), 4000)).toBe('4,100 / 4,000')
    expect(questionCounter('📈'.repeat(1700), 4000)).toBe('')
  })
})

describe('turnError', () => {
  it("names a server that could not be reached by a code, not the browser's English words", () => {
    expect(turnError(new TypeError('Failed to fetch'))).toEqual({ code: 'unreachable', message: '' })
  })
  it("keeps the server's refusal as it came", () => {
    const refused = new ApiError(503, 'unavailable', 'the run executor is shutting down')
    expect(turnError(refused)).toEqual({ code: 'unavailable', message: 'the run executor is shutting down' })
  })
})

// localStorage in memory (the tests run in Node).
function memoryStorage(): Storage {
  const m = new Map<string, string>()
  return {
    get length() {
      return m.size
    },
    clear: () => m.clear(),
    getItem: (k: string) => m.get(k) ?? null,
    key: (i: number) => [...m.keys()][i] ?? null,
    removeItem: (k: string) => void m.delete(k),
    setItem: (k: string, v: string) => void m.set(k, String(v)),
  }
}

const sseFrame = (id: number | null, event: string, data: unknown) =>
  `${id === null ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`

// A stream that sends `frames` and then stays open until the request is aborted.
function openStream(frames: string[], signal?: AbortSignal | null): ReadableStream<Uint8Array> {
  const enc = new TextEncoder()
  return new ReadableStream({
    start(controller) {
      for (const f of frames) controller.enqueue(enc.encode(f))
      signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')))
    },
  })
}

const history = (...turns: [string, string][]) =>
  turns.flatMap(([q, a]) => [
    { role: 'user', text: q, thread_id: 'thr_7' },
    { role: 'assistant', text: a, thread_id: 'thr_7', run: { outcome: 'ok', route: 'engine' } },
  ])

describe('the live run remembered for a reload', () => {
  let fetchMock: ReturnType<typeof vi.fn>
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage())
    fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
  })
  afterEach(() => vi.unstubAllGlobals())

  it('is kept per thread: two tabs do not replace each other\'s run', () => {
    rememberActive({ threadId: 'thr_a', agentId: 'default', question: '甲', kind: 'ask' })
    rememberActive({ threadId: 'thr_b', agentId: 'default', question: '乙', kind: 'ask' })
    expect(activeRun('thr_a')?.question).toBe('甲')
    expect(activeRun('thr_b')?.question).toBe('乙')
    forgetActive('thr_a')
    expect(activeRun('thr_a')).toBeNull()
    expect(activeRun('thr_b')?.question).toBe('乙')
    // What an older page wrote (one run) is still read.
    localStorage.setItem('askdb.active', JSON.stringify({ threadId: 'thr_c', agentId: 'default', question: '丙', kind: 'ask' }))
    expect(activeRun('thr_c')?.question).toBe('丙')
  })

  it('is not replayed when the follow-up finished while the page was away: it is in the history', async () => {
    // A follow-up streams, the person leaves the thread (detach: the stream is closed, the
    // run goes on) and the run finishes; coming back, the history has its turn.
    fetchMock.mockImplementation(async (_url: string, init?: RequestInit) =>
      new Response(openStream([sseFrame(null, 'accepted', { thread_id: 'thr_7' }), sseFrame(1, 'stage_started', { node: 'classify' })], init?.signal), {
        headers: { 'X-Thread-Id': 'thr_7' },
      }),
    )
    const first = new Conversation({ key: () => 'k', agentId: 'default', threadId: 'thr_7', local: false })
    first.loadMessages(history(['2024年各地区的销售额', '华东最高。']))
    const asked = first.ask('那华东呢')
    await vi.waitFor(() => expect(activeRun('thr_7')?.question).toBe('那华东呢'))
    first.detach()
    await asked
    expect(activeRun('thr_7')).not.toBeNull()

    fetchMock.mockClear()
    const back = new Conversation({ key: () => 'k', agentId: 'default', threadId: 'thr_7', local: false })
    back.loadMessages(history(['2024年各地区的销售额', '华东最高。'], ['那华东呢', '21,326,540.62']))
    expect(await back.resumeActive()).toBe(false)
    expect(fetchMock).not.toHaveBeenCalled()
    expect(back.state.turns.map((t) => t.question)).toEqual(['2024年各地区的销售额', '那华东呢'])
    expect(back.state.notice).toBe('')
    expect(activeRun('thr_7')).toBeNull()
  })

  it('is replayed when it still runs, even when an earlier turn asked the same question', async () => {
    rememberActive({ threadId: 'thr_7', agentId: 'default', question: '每个门店的复购率', kind: 'ask', asked: 1 })
    fetchMock.mockImplementation(async () =>
      new Response(openStream([sseFrame(1, 'stage_started', { node: 'classify' }), sseFrame(2, 'result', { thread_id: 'thr_7', answer: '门店 3 最高。' })]), {
        headers: { 'X-Thread-Id': 'thr_7' },
      }),
    )
    const c = new Conversation({ key: () => 'k', agentId: 'default', threadId: 'thr_7', local: false })
    c.loadMessages(history(['每个门店的复购率', '门店 3 最高。']))
    expect(await c.resumeActive()).toBe(true)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect((fetchMock.mock.calls[0][1] as RequestInit).headers).toMatchObject({ 'Last-Event-ID': '0' })
    expect(c.state.turns).toHaveLength(2)
    expect(c.state.turns[1]).toMatchObject({ question: '每个门店的复购率', status: 'done' })
    expect(activeRun('thr_7')).toBeNull()
  })

  it("an older page's entry (no count) is dropped when the history's last turn is its question, finished", async () => {
    localStorage.setItem('askdb.active', JSON.stringify({ threadId: 'thr_7', agentId: 'default', question: '那华东呢', kind: 'ask' }))
    const c = new Conversation({ key: () => 'k', agentId: 'default', threadId: 'thr_7', local: false })
    c.loadMessages(history(['2024年各地区的销售额', '华东最高。'], ['那华东呢', '21,326,540.62']))
    expect(await c.resumeActive()).toBe(false)
    expect(fetchMock).not.toHaveBeenCalled()
    expect(activeRun('thr_7')).toBeNull()
  })
})
