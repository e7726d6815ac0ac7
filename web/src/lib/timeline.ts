// The state of one run (a "turn" of a chat) as the UI shows it, built from the stream's
// frames by a pure reducer: reduceTurn(turn, frame) returns the next turn. Pages render a
// TurnState; they never look at frames themselves. A replayed stream (reconnect with
// Last-Event-ID 0, or a reload) rebuilds the same state: frames already applied (by id) are
// skipped.

import type { Frame } from './stream'
import type { NumberKind } from './table'

export type TurnStatus = 'connecting' | 'running' | 'waiting' | 'done' | 'error' | 'cancelled'

export interface Stage {
  node: string
  status: 'running' | 'done' | 'interrupt' | 'error'
  durationMs?: number
}

export interface PlanStep {
  step_num: number
  tool: string
  purpose: string
  [k: string]: unknown
}

export interface PlanView {
  title: string
  steps: PlanStep[]
  text: string
  by?: string
  /** Every plan warning, technical corrections included (for logs, not shown). */
  warnings: string[]
  /** The plan's notes for the person (a dropped analysis and why), shown under the plan. */
  notes: string[]
  /** The plan's schema level (a step may name its own). */
  schemaLevel?: string
}

export interface StepProgress {
  step_num: number
  tool: string
  purpose: string
  success: boolean
  skipped: boolean
  completed: number
  total: number
  error?: string
  sql?: string
  row_count?: number
  /** Tries the step took (more than 1: it was retried) and its time. */
  attempts?: number
  duration_ms?: number
}

export interface SqlView {
  sql: string
  source: string
  rejected?: string
}

export interface ResultView {
  // kind: how the column's numbers read (the server's analysis/number_kind.h), when it said.
  columns: { name: string; type?: string; kind?: NumberKind }[]
  rows: unknown[][]
  truncated: boolean
  elapsed_ms?: number
}

export interface ChartView {
  kind: string
  title?: string
  reason?: string
  option?: Record<string, unknown> | null
  kpi?: { value: number; label: string; formatted: string }
  /** Why the chart the request named was not drawn ("A pie chart was asked for, but …"). */
  note?: string
}

export interface Usage {
  llm_calls: number
  prompt_tokens: number
  completion_tokens: number
}

export interface InterruptView {
  kind: 'plan_approval' | 'clarification' | string
  node?: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  payload: any
}

export interface AnalysisStep {
  step_num: number
  tool: string
  purpose: string
  sql: string
  success: boolean
  skipped: boolean
  error: string
  note: string
  text: string
  result: ResultView | null
  attempts?: number
  duration_ms?: number
}

export interface Narrative {
  title?: string
  summary?: string
  findings?: string[]
  recommendations?: string[]
}

export interface TurnState {
  /** The question (or the feedback that resumed the thread). */
  question: string
  kind: 'ask' | 'resume'
  threadId?: string
  agentId?: string
  status: TurnStatus
  /** The id of the last frame applied; a reconnect sends it as Last-Event-ID. */
  lastEventId: number
  stages: Stage[]
  classification?: { type: string; confidence: number; by?: string; language?: string }
  /** How a follow-up was read: the question run and what changed ("北京 → 上海"). */
  followUp?: { question: string; change: string }
  plan?: PlanView
  steps: StepProgress[]
  sqls: SqlView[]
  /** Evidence recall's hits (the `evidence` event). */
  evidence?: EvidenceView[]
  /** Tables the final SQL reads (schema recall's outcome, as the query uses it). */
  tables: string[]
  rowsMeta?: { row_count: number; columns: string[]; truncated: boolean }
  result?: ResultView
  chart?: ChartView
  answer: string
  /** The data permissions the answer was computed under, in words ("you see rows …"). */
  permissions?: string
  route?: string
  usage: Usage
  interrupt?: InterruptView
  /** What the person should know that did not stop the run (a plan deviation). */
  warnings: WarningView[]
  error?: { code: string; message: string }
  replayGap: boolean
  elapsedMs: number
  analysisSteps: AnalysisStep[]
  narrative?: Narrative
  language?: string
}

/** What evidence recall found for the question (business terms, documents, Q&A). */
export interface EvidenceView {
  kind: string
  source: string
  text: string
  score: number
}

export interface WarningView {
  kind: string
  message: string
  /** The plan deviation score (0..1) when the warning is about the plan. */
  score?: number
}

export function newTurn(question: string, kind: 'ask' | 'resume' = 'ask'): TurnState {
  return {
    question,
    kind,
    status: 'connecting',
    lastEventId: 0,
    stages: [],
    steps: [],
    sqls: [],
    tables: [],
    answer: '',
    usage: { llm_calls: 0, prompt_tokens: 0, completion_tokens: 0 },
    warnings: [],
    replayGap: false,
    elapsedMs: 0,
    analysisSteps: [],
  }
}

/** Table names a SELECT reads: identifiers after FROM and JOIN (CTE names excluded). */
export function tablesInSql(sql: string): string[] {
  const cleaned = sql.replace(/--[^\n]*/g, ' ').replace(/'(?:[^']|'')*'/g, "''")
  const ctes = new Set<string>()
  for (const m of cleaned.matchAll(/(?:\bWITH\b|,)\s*(?:RECURSIVE\s+)?([A-Za-z_][\w]*)\s+AS\s*\(/gi)) {
    ctes.add(m[1].toLowerCase())
  }
  const out: string[] = []
  const re = /\b(?:FROM|JOIN)\s+((?:"[^"]+"|`[^`]+`|\[[^\]]+\]|[A-Za-z_\u0080-\uffff][\w$\u0080-\uffff]*)(?:\.(?:"[^"]+"|`[^`]+`|[A-Za-z_][\w$]*))?)/gi
  for (const m of cleaned.matchAll(re)) {
    const name = m[1].replace(/["`[\]]/g, '')
    if (ctes.has(name.toLowerCase())) continue
    if (!out.includes(name)) out.push(name)
  }
  return out
}

function asResult(json: unknown): ResultView | undefined {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const r = json as any
  if (!r || !Array.isArray(r.columns) || !Array.isArray(r.rows)) return undefined
  // Frozen: a result never changes once received, and Vue does not make a frozen object
  // reactive, so its rows are not wrapped in a proxy each (1,000 rows: tens of ms).
  return Object.freeze({
    columns: r.columns.map((c: unknown) => (typeof c === 'string' ? { name: c } : (c as { name: string }))),
    rows: r.rows,
    truncated: !!r.truncated,
    elapsed_ms: r.elapsed_ms,
  })
}

function upsertStage(stages: Stage[], stage: Stage): Stage[] {
  const i = stages.findLastIndex((s) => s.node === stage.node && s.status === 'running')
  if (i >= 0) {
    const copy = stages.slice()
    copy[i] = { ...copy[i], ...stage }
    return copy
  }
  return [...stages, stage]
}

/** Applies one frame. Pure: returns a new object, `turn` is not changed. */
export function reduceTurn(turn: TurnState, frame: Frame): TurnState {
  if (frame.id !== undefined && frame.id <= turn.lastEventId && frame.event !== 'accepted') {
    return turn // already applied (replayed after a reconnect)
  }
  const t: TurnState = { ...turn }
  if (frame.id !== undefined) t.lastEventId = Math.max(t.lastEventId, frame.id)
  const d = frame.data ?? {}
  // Agent events carry the event JSON: {type, seq, thread_id, run_id, node, elapsed_ms, payload}.
  const p = d.payload ?? {}
  if (typeof d.elapsed_ms === 'number') t.elapsedMs = Math.max(t.elapsedMs, d.elapsed_ms)
  if (d.thread_id && !t.threadId) t.threadId = d.thread_id
  switch (frame.event) {
    case 'accepted':
      t.threadId = d.thread_id ?? t.threadId
      t.agentId = d.agent_id ?? t.agentId
      if (t.status === 'connecting') t.status = 'running'
      break
    case 'stage_started':
      t.status = 'running'
      t.stages = upsertStage(t.stages, { node: d.node, status: 'running' })
      break
    case 'stage_finished':
      t.stages = upsertStage(t.stages, {
        node: d.node,
        status: p.outcome === 'interrupt' ? 'interrupt' : 'done',
        durationMs: p.duration_ms,
      })
      break
    case 'classification':
      t.classification = {
        type: p.request_type,
        confidence: p.confidence,
        by: p.by,
        language: p.language,
      }
      t.language = p.language ?? t.language
      if (p.follow_up) t.followUp = { question: p.follow_up.question, change: p.follow_up.change }
      break
    case 'plan':
      t.plan = {
        title: p.title ?? '',
        steps: (p.plan?.steps ?? []) as PlanStep[],
        text: p.text ?? '',
        by: p.by,
        warnings: p.warnings ?? [],
        notes: p.notes ?? [],
        schemaLevel: p.plan?.schema_level,
      }
      t.steps = []
      break
    case 'step': {
      const step = p as StepProgress
      t.steps = [...t.steps.filter((s) => s.step_num !== step.step_num), step].sort(
        (a, b) => a.step_num - b.step_num,
      )
      break
    }
    case 'evidence':
      t.evidence = (Array.isArray(p.hits) ? p.hits : []).map((h: Record<string, unknown>) => ({
        kind: String(h.kind ?? ''),
        source: String(h.source ?? h.item_id ?? ''),
        text: String(h.text ?? ''),
        score: typeof h.fused_score === 'number' ? h.fused_score : 0,
      }))
      break
    case 'sql':
      t.sqls = [...t.sqls, { sql: p.sql ?? '', source: p.source ?? '', rejected: p.rejected }]
      if (!p.rejected && p.sql) t.tables = tablesInSql(p.sql)
      break
    case 'rows':
      t.rowsMeta = { row_count: p.row_count, columns: p.columns ?? [], truncated: !!p.truncated }
      break
    case 'chart':
      t.chart = p as ChartView
      break
    case 'text_delta':
      t.answer = (t.answer ?? '') + (p.text ?? '')
      break
    case 'usage':
      t.usage = {
        llm_calls: p.llm_calls ?? t.usage.llm_calls,
        prompt_tokens: p.prompt_tokens ?? t.usage.prompt_tokens,
        completion_tokens: p.completion_tokens ?? t.usage.completion_tokens,
      }
      break
    case 'warning':
      t.warnings = [
        ...(t.warnings ?? []),
        {
          kind: p.kind ?? 'warning',
          message: typeof p.message === 'string' ? p.message : JSON.stringify(p.message ?? ''),
          score: typeof p.deviation_score === 'number' ? p.deviation_score : undefined,
        },
      ]
      break
    case 'interrupt':
      t.interrupt = { kind: p.kind, node: p.node, payload: p.payload ?? {} }
      break
    case 'error':
      t.stages = upsertStage(t.stages, { node: d.node, status: 'error' })
      t.error = { code: 'error', message: p.message ?? '' }
      break
    case 'done':
      break
    case 'replay_gap':
      t.replayGap = true
      break
    case 'result':
      applyResult(t, d)
      break
    case 'run_error':
      t.status = 'error'
      t.error = { code: d.code ?? 'error', message: d.message ?? String(d) }
      break
    case 'cancelled':
      t.status = 'cancelled'
      break
    default:
      break
  }
  return t
}

// The terminal `result` frame: PipelineResult JSON (+ interrupt when the run waits).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function applyResult(t: TurnState, r: any) {
  t.threadId = r.thread_id ?? t.threadId
  t.route = r.route
  if (typeof r.answer === 'string' && r.answer) t.answer = r.answer
  if (typeof r.permissions === 'string' && r.permissions) t.permissions = r.permissions
  const result = asResult(r.result)
  if (result) t.result = result
  if (r.chart) t.chart = r.chart
  if (r.sql && t.sqls.every((s) => s.sql !== r.sql)) t.sqls = [...t.sqls, { sql: r.sql, source: '' }]
  if (r.sql) t.tables = tablesInSql(r.sql)
  if (r.request_type && !t.classification) t.classification = { type: r.request_type, confidence: 1 }
  // A reopened conversation has no classification frame: its history says how a follow-up was read.
  if (r.follow_up && !t.followUp) t.followUp = { question: r.follow_up.question, change: r.follow_up.change }
  t.language = r.language ?? t.language
  t.usage = {
    llm_calls: r.llm_calls ?? t.usage.llm_calls,
    prompt_tokens: r.prompt_tokens ?? t.usage.prompt_tokens,
    completion_tokens: r.completion_tokens ?? t.usage.completion_tokens,
  }
  if (Array.isArray(r.steps)) {
    t.analysisSteps = r.steps.map((s: AnalysisStep) => ({ ...s, result: asResult(s.result) ?? null }))
  }
  if (r.report_narrative) t.narrative = r.report_narrative
  if (r.plan && !t.plan) {
    t.plan = { title: r.plan_title ?? '', steps: r.plan.steps ?? [], text: '', warnings: r.plan_warnings ?? [], notes: r.plan_notes ?? [], schemaLevel: r.plan.schema_level }
  }
  if (r.interrupt) {
    t.interrupt = { kind: r.interrupt.kind, node: r.interrupt.node, payload: r.interrupt.payload ?? {} }
    t.status = 'waiting'
  } else {
    t.interrupt = undefined
    t.status = r.error && !r.answer ? 'error' : 'done'
    if (r.error) t.error = { code: 'error', message: r.error }
  }
}

/**
 * Whether the finished turn did not answer its question: the engine abstained with no model,
 * the query failed, a follow-up was declined (route `not_answered`). Its text explains why
 * and what to try, and must not read as an answer.
 */
export function notAnswered(t: TurnState): boolean {
  return (t.status === 'done' || t.status === 'error') && t.route === 'not_answered'
}

/** True while the run may still send frames. */
export function isLive(t: TurnState): boolean {
  return t.status === 'connecting' || t.status === 'running'
}

/**
 * Whether the turn has a cost line: not while it runs, and not when its request never became
 * a run — no server answered it (down, restarting) or it was refused before it started (401,
 * 413, 429): such a turn got no frame and no thread, and "0 calls · 0.0 s" would claim a run.
 */
export function hasCost(t: TurnState): boolean {
  if (isLive(t)) return false
  return !(t.status === 'error' && !t.threadId && t.lastEventId === 0)
}
