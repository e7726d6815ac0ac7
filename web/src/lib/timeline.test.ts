import { describe, expect, it } from 'vitest'
import { isReactive, reactive } from 'vue'
import { applyResult, hasCost, newTurn, notAnswered, reduceTurn, tablesInSql, type TurnState } from './timeline'
import type { Frame } from './stream'

const ev = (id: number, event: string, node: string, payload: unknown): Frame => ({
  id,
  event,
  data: { type: event, seq: id, thread_id: 'thr_1', run_id: 'thr_1#1', node, elapsed_ms: id * 10, payload },
})

const dataRun: Frame[] = [
  { event: 'accepted', data: { thread_id: 'thr_1', kind: 'ask', agent_id: 'default' } },
  ev(1, 'stage_started', 'classify', { step: 1 }),
  ev(2, 'classification', 'classify', { request_type: 'data_query', confidence: 0.9, by: 'rules', language: 'zh' }),
  ev(3, 'stage_finished', 'classify', { duration_ms: 2, outcome: 'continue', next: 'engine' }),
  ev(4, 'sql', 'execute', { sql: 'SELECT r.name, SUM(o.amount) FROM orders o JOIN regions r ON r.id = o.region_id GROUP BY 1', source: 'engine' }),
  ev(5, 'rows', 'execute', { row_count: 2, columns: ['name', 'sales'], truncated: false }),
  ev(6, 'chart', 'chart', { kind: 'bar', title: 't', option: { series: [] } }),
  ev(7, 'text_delta', 'answer', { text: '华东最高' }),
  ev(8, 'done', '', { status: 'completed' }),
  {
    id: 9,
    event: 'result',
    data: {
      thread_id: 'thr_1',
      route: 'engine',
      answer: '华东最高。',
      sql: 'SELECT r.name, SUM(o.amount) FROM orders o JOIN regions r ON r.id = o.region_id GROUP BY 1',
      result: { columns: [{ name: 'name', type: 'TEXT' }, { name: 'sales', type: 'REAL' }], rows: [['华东', 10], ['华南', 5]], truncated: false },
      chart: { kind: 'bar', option: {} },
      llm_calls: 0,
      prompt_tokens: 0,
      completion_tokens: 0,
    },
  },
]

const run = (frames: Frame[], start: TurnState = newTurn('2024年各地区的销售额')) => frames.reduce(reduceTurn, start)

describe('notAnswered', () => {
  const ended = (data: Record<string, unknown>) => run([{ id: 1, event: 'result', data: { thread_id: 'thr_1', ...data } }])

  it('marks an abstention, a failed query and a declined follow-up, keeping their explanation', () => {
    const abstained = ended({ route: 'not_answered', answer: '未能理解的词：“工资”。\n要得到答案：换个说法' })
    expect(notAnswered(abstained)).toBe(true)
    expect(abstained.answer).toContain('要得到答案')
    // A query that failed has an error and still its explanation: it stays a turn, not answered.
    const failed = ended({ route: 'not_answered', answer: 'The query failed: no such column.', error: 'sql_error' })
    expect(failed.status).toBe('done')
    expect(notAnswered(failed)).toBe(true)
  })

  it('leaves answers, a turn still running and one waiting for a person alone', () => {
    expect(notAnswered(run(dataRun))).toBe(false)
    expect(notAnswered(ended({ route: 'quick_path', answer: '42' }))).toBe(false)
    expect(notAnswered(run(dataRun.slice(0, 4)))).toBe(false)
    const waiting = ended({ route: 'not_answered', interrupt: { kind: 'clarification', node: 'llm_sql', payload: {} } })
    expect(notAnswered(waiting)).toBe(false)
  })

  it('reads the route of a conversation reopened from the history', () => {
    const t = newTurn('每个员工的工资是多少')
    applyResult(t, { thread_id: 'thr_1', route: 'not_answered', answer: '无法按“员工”分组' })
    expect(notAnswered(t)).toBe(true)
  })
})

describe('reduceTurn', () => {
  it('builds the timeline of a data question', () => {
    const t = run(dataRun)
    expect(t.threadId).toBe('thr_1')
    expect(t.status).toBe('done')
    expect(t.classification).toMatchObject({ type: 'data_query', confidence: 0.9 })
    expect(t.stages).toEqual([{ node: 'classify', status: 'done', durationMs: 2 }])
    expect(t.sqls).toHaveLength(1)
    expect(t.tables).toEqual(['orders', 'regions'])
    expect(t.rowsMeta?.row_count).toBe(2)
    expect(t.result?.rows).toEqual([['华东', 10], ['华南', 5]])
    expect(t.chart?.kind).toBe('bar')
    expect(t.answer).toBe('华东最高。')
    expect(t.lastEventId).toBe(9)
  })

  it('keeps how a follow-up was read, and only for a follow-up', () => {
    expect(run(dataRun).followUp).toBeUndefined()
    const followUp = ev(2, 'classification', 'classify', {
      request_type: 'data_query',
      confidence: 0.8,
      by: 'rules',
      language: 'en',
      follow_up: { question: 'average freight by category', change: 'by ship country → by category' },
    })
    const t = run([dataRun[0], dataRun[1], followUp], newTurn('and by category?'))
    expect(t.followUp).toEqual({ question: 'average freight by category', change: 'by ship country → by category' })
  })

  it('keeps a result out of Vue reactivity (its rows are not wrapped in proxies)', () => {
    const state = reactive({ turn: run(dataRun) })
    expect(Object.isFrozen(state.turn.result)).toBe(true)
    expect(isReactive(state.turn.result)).toBe(false)
    expect(isReactive(state.turn.result?.rows[0])).toBe(false)
    expect(state.turn.result?.rows[0]).toEqual(['华东', 10])
  })

  it('is pure: the input turn is not changed', () => {
    const start = newTurn('q')
    const copy = JSON.stringify(start)
    run(dataRun, start)
    expect(JSON.stringify(start)).toBe(copy)
  })

  it('skips frames already applied, so a replay gives the same state', () => {
    const half = run(dataRun.slice(0, 6))
    const replayed = run(dataRun, half)
    expect(replayed).toEqual(run(dataRun))
  })

  it('shows a plan waiting for approval', () => {
    const plan = { steps: [{ step_num: 1, tool: 'execute_sql', purpose: '每月销售额' }] }
    const t = run([
      ev(1, 'plan', 'plan', { plan, title: '销售分析', text: '1. 每月销售额', by: 'rules', notes: ['只能回答一项与金额有关的分析'], warnings: ['只能回答一项与金额有关的分析', 'step 2 (execute_sql) had no query_type'] }),
      ev(2, 'stage_finished', 'review_plan', { outcome: 'interrupt' }),
      ev(3, 'interrupt', 'review_plan', { kind: 'plan_approval', node: 'review_plan', payload: { plan, rejections: 0, max_rejections: 3 } }),
      ev(4, 'done', '', { status: 'interrupted' }),
      { id: 5, event: 'result', data: { thread_id: 'thr_1', route: 'interrupted', answer: '', interrupt: { kind: 'plan_approval', node: 'review_plan', payload: { plan, max_rejections: 3 } } } },
    ])
    expect(t.status).toBe('waiting')
    expect(t.plan?.title).toBe('销售分析')
    expect(t.plan?.steps[0].purpose).toBe('每月销售额')
    // The person's notes only; the validator's repair stays among the warnings.
    expect(t.plan?.notes).toEqual(['只能回答一项与金额有关的分析'])
    expect(t.interrupt?.kind).toBe('plan_approval')
    expect(t.interrupt?.payload.max_rejections).toBe(3)
  })

  it('tracks step progress and the analysis report', () => {
    const t = run([
      ev(1, 'step', 'run_steps', { step_num: 2, tool: 'execute_sql', purpose: 'b', success: true, skipped: false, completed: 1, total: 2 }),
      ev(2, 'step', 'run_steps', { step_num: 1, tool: 'execute_sql', purpose: 'a', success: false, skipped: false, completed: 2, total: 2, error: 'x' }),
      {
        id: 3,
        event: 'result',
        data: {
          answer: 'report',
          report_narrative: { title: 'T', summary: 'S', findings: ['f'], recommendations: ['r'] },
          steps: [{ step_num: 1, tool: 'execute_sql', purpose: 'a', sql: 'SELECT 1', success: true, skipped: false, error: '', note: '', text: '', result: { columns: [{ name: 'x' }], rows: [[1]] } }],
        },
      },
    ])
    expect(t.steps.map((s) => s.step_num)).toEqual([1, 2])
    expect(t.narrative?.summary).toBe('S')
    expect(t.analysisSteps[0].result?.rows).toEqual([[1]])
  })

  it('records errors, usage, cancellation and replay gaps', () => {
    const t = run([
      ev(1, 'usage', 'llm', { llm_calls: 1, prompt_tokens: 100, completion_tokens: 20 }),
      { event: 'replay_gap', data: { dropped: 3 } },
      { event: 'cancelled', data: { code: 'cancelled', message: 'the run was cancelled' } },
    ])
    expect(t.usage).toEqual({ llm_calls: 1, prompt_tokens: 100, completion_tokens: 20 })
    expect(t.replayGap).toBe(true)
    expect(t.status).toBe('cancelled')
    const e = run([{ event: 'run_error', data: { code: 'unavailable', message: 'db down' } }])
    expect(e.status).toBe('error')
    expect(e.error).toEqual({ code: 'unavailable', message: 'db down' })
  })
})

describe('hasCost', () => {
  it('shows the cost of a run, finished or failed, and of a reopened turn', () => {
    expect(hasCost(run(dataRun))).toBe(true)
    const failed = run([
      { event: 'accepted', data: { thread_id: 'thr_1', kind: 'ask', agent_id: 'default' } },
      { event: 'run_error', data: { code: 'unavailable', message: 'db down' } },
    ])
    expect(failed.status).toBe('error')
    expect(hasCost(failed)).toBe(true)
    const reopened = newTurn('q')
    applyResult(reopened, { thread_id: 'thr_1', answer: '', error: 'the database was down' })
    reopened.status = 'error'
    expect(hasCost(reopened)).toBe(true)
  })

  it('shows none while the run goes on, nor for a request no server turned into a run', () => {
    expect(hasCost(newTurn('q'))).toBe(false)
    expect(hasCost(run(dataRun.slice(0, 3)))).toBe(false)
    // What chat.ts makes of a fetch that reached no server, or a 429 before any frame.
    for (const error of [
      { code: 'unreachable', message: '' },
      { code: 'queue_full', message: 'too many runs' },
    ]) {
      expect(hasCost({ ...newTurn('q'), status: 'error', error })).toBe(false)
    }
  })
})

describe('warning events', () => {
  it('keeps each plan deviation warning once, also when the run is replayed', () => {
    const frames: Frame[] = [
      ev(1, 'plan', 'plan', { title: '销售分析', plan: { steps: [{ step_num: 1, tool: 'execute_sql', purpose: '各渠道销售额' }] } }),
      ev(2, 'warning', 'execute_plan', { kind: 'plan_deviation', message: 'step 2 was skipped', deviation_score: 0.62 }),
      ev(3, 'warning', 'execute_plan', { kind: 'plan_deviation', message: 'a step was added', deviation_score: 0.62 }),
    ]
    const t = run(frames)
    expect(t.warnings).toEqual([
      { kind: 'plan_deviation', message: 'step 2 was skipped', score: 0.62 },
      { kind: 'plan_deviation', message: 'a step was added', score: 0.62 },
    ])
    // A reconnect replays from the start: nothing is shown twice.
    expect(run(frames, t).warnings).toHaveLength(2)
    expect(newTurn('q').warnings).toEqual([])
  })

  it('shows a warning whose message is not text, without a score', () => {
    const t = run([ev(1, 'warning', 'x', { message: { step: 2 } })])
    expect(t.warnings).toEqual([{ kind: 'warning', message: '{"step":2}', score: undefined }])
  })
})

describe('tablesInSql', () => {
  it('finds tables after FROM and JOIN, not CTE names or strings', () => {
    expect(tablesInSql('WITH t AS (SELECT * FROM orders) SELECT * FROM t JOIN "stores" s ON 1 WHERE x = \'from foo\'')).toEqual([
      'orders',
      'stores',
    ])
    expect(tablesInSql('select * from main.customers')).toEqual(['main.customers'])
  })
  it('keeps evidence recall hits with their source and fused score', () => {
    let t = newTurn('2024年的净销售额', 'ask')
    t = reduceTurn(t, ev(1, 'evidence', 'evidence', { hits: [{ kind: 'term', source: '净销售额', text: '已完成订单的实付金额', fused_score: 0.032 }] }))
    expect(t.evidence).toEqual([{ kind: 'term', source: '净销售额', text: '已完成订单的实付金额', score: 0.032 }])
  })
})
