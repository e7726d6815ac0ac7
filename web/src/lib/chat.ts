// One conversation (a thread) in the browser: its turns, the live run, and the actions a
// person takes (ask, stop, approve or reject a plan, answer a clarifying question). Every
// action streams a run with followRun and folds its frames into a TurnState (timeline.ts).
// The live run is remembered in localStorage, one per thread (two tabs each keep their
// own), so that a reload reconnects to it (Last-Event-ID 0: the server replays the run) and
// a plan waiting for approval is shown again. Agent-scoped keys cannot read sessions from
// the server (admin routes), so their conversations are kept in this browser (local
// sessions).
import { reactive } from 'vue'
import { ApiError, followRun, type FollowEnd, type RunParams } from './stream'
import { applyResult, isLive, newTurn, reduceTurn, type TurnState } from './timeline'

const ACTIVE = 'askdb.active'
const LOCAL = 'askdb.local-sessions'
const MAX_LOCAL_SESSIONS = 50
const MAX_LOCAL_ROWS = 200
// Live runs remembered at most (a detached run's entry stays until its thread is opened again).
const MAX_ACTIVE = 20

export interface ActiveRun {
  threadId: string
  agentId: string
  question: string
  kind: 'ask' | 'resume'
  /** When it was remembered (ms since the epoch): the oldest go first past MAX_ACTIVE. */
  at?: number
  /**
   * How many earlier turns of the thread asked the same question: one more in the loaded
   * history means this run finished and was recorded (a question asked twice is not taken
   * for its earlier answer).
   */
  asked?: number
}

export interface LocalSession {
  id: string
  agent_id: string
  title: string
  /** The person renamed it: later turns keep the title. */
  renamed?: boolean
  updated_at: string
  turns: TurnState[]
}

export function loadLocalSessions(): LocalSession[] {
  try {
    return JSON.parse(localStorage.getItem(LOCAL) ?? '[]') as LocalSession[]
  } catch {
    return []
  }
}

function compact(turn: TurnState): TurnState {
  const t = { ...turn }
  if (t.result && t.result.rows.length > MAX_LOCAL_ROWS) {
    t.result = { ...t.result, rows: t.result.rows.slice(0, MAX_LOCAL_ROWS), truncated: true }
  }
  t.analysisSteps = t.analysisSteps.map((s) =>
    s.result && s.result.rows.length > MAX_LOCAL_ROWS
      ? { ...s, result: { ...s.result, rows: s.result.rows.slice(0, MAX_LOCAL_ROWS), truncated: true } }
      : s,
  )
  return t
}

export function saveLocalSession(session: LocalSession) {
  const all = loadLocalSessions().filter((s) => s.id !== session.id)
  all.unshift({ ...session, turns: session.turns.map(compact) })
  try {
    localStorage.setItem(LOCAL, JSON.stringify(all.slice(0, MAX_LOCAL_SESSIONS)))
  } catch {
    /* storage full: keep what is there */
  }
}

/**
 * The longest question the server accepts, in characters (code points), when GET /api/v1/me
 * does not say (an older server): the server's `limits.max_question_chars` is the one source,
 * agent/ask/question_check.h kMaxQuestionChars, which the API, MCP and the engine apply too.
 */
export const DEFAULT_MAX_QUESTION_CHARS = 4000

/** The limit the signed-in server states, else the default. */
export function maxQuestionChars(limits?: { max_question_chars?: number }): number {
  const n = limits?.max_question_chars
  return typeof n === 'number' && n > 0 ? n : DEFAULT_MAX_QUESTION_CHARS
}

/** A question's length as the server counts it: code points ("销" is one, an emoji one). */
export function questionChars(text: string): number {
  let n = 0
  for (const _ of text) n++
  return n
}

export function questionTooLong(text: string, max: number): boolean {
  // Code points never outnumber UTF-16 units: a short text needs no count.
  return text.length > max && questionChars(text) > max
}

/** The counter under the box, once the question nears the limit ("3,600 / 4,000"); '' before. */
export function questionCounter(text: string, max: number): string {
  const from = Math.floor(max * 0.8)
  if (text.length < from) return ''
  const chars = questionChars(text)
  return chars >= from ? `${chars.toLocaleString('en-US')} / ${max.toLocaleString('en-US')}` : ''
}

/**
 * A failed question's error for its turn. The server's refusals keep their code and words; a
 * request that reached no server (down, restarting) is code 'unreachable' with no message, so
 * the page says it in its own language instead of the browser's "Failed to fetch".
 */
export function turnError(e: unknown): { code: string; message: string } {
  if (e instanceof ApiError) return { code: e.code, message: e.message }
  if (e instanceof TypeError) return { code: 'unreachable', message: '' }
  return { code: 'error', message: e instanceof Error ? e.message : String(e) }
}

/** The server's limit on a session's title (store::kMaxSessionTitleBytes). */
export const MAX_TITLE_BYTES = 200

export function renameLocalSession(id: string, title: string) {
  const all = loadLocalSessions()
  const session = all.find((s) => s.id === id)
  if (!session) return
  session.title = title
  session.renamed = true
  localStorage.setItem(LOCAL, JSON.stringify(all))
}

export function deleteLocalSession(id: string) {
  localStorage.setItem(LOCAL, JSON.stringify(loadLocalSessions().filter((s) => s.id !== id)))
}

// The live runs by thread id. An older page kept one run ({threadId, ...}): read as a map of one.
function activeRuns(): Record<string, ActiveRun> {
  try {
    const v = JSON.parse(localStorage.getItem(ACTIVE) ?? 'null')
    if (!v || typeof v !== 'object') return {}
    if (typeof v.threadId === 'string') return { [v.threadId]: v as ActiveRun }
    return v as Record<string, ActiveRun>
  } catch {
    return {}
  }
}

function saveActiveRuns(runs: Record<string, ActiveRun>) {
  const kept = Object.values(runs)
    .sort((a, b) => (b.at ?? 0) - (a.at ?? 0))
    .slice(0, MAX_ACTIVE)
  try {
    if (kept.length === 0) localStorage.removeItem(ACTIVE)
    else localStorage.setItem(ACTIVE, JSON.stringify(Object.fromEntries(kept.map((r) => [r.threadId, r]))))
  } catch {
    /* storage full: a reload will not rejoin */
  }
}

/** The live run remembered for `threadId`, if any. */
export function activeRun(threadId: string): ActiveRun | null {
  return activeRuns()[threadId] ?? null
}

/** Remembers `run` as its thread's live run (another thread's, another tab's, stays). */
export function rememberActive(run: ActiveRun) {
  saveActiveRuns({ ...activeRuns(), [run.threadId]: { ...run, at: run.at ?? Date.now() } })
}

/** Forgets the live run of `threadId`. */
export function forgetActive(threadId: string) {
  const runs = activeRuns()
  if (!(threadId in runs)) return
  delete runs[threadId]
  saveActiveRuns(runs)
}

export interface ConversationOptions {
  key: () => string
  agentId: string
  threadId?: string
  /** Keep turns in localStorage (agent keys: no server-side history). */
  local: boolean
  onThread?: (threadId: string) => void
  onFinished?: (threadId: string) => void
  onAuthError?: (e: ApiError) => void
}

export class Conversation {
  readonly state = reactive({
    threadId: undefined as string | undefined,
    agentId: '',
    turns: [] as TurnState[],
    busy: false,
    notice: '',
    error: '',
  })
  private abort?: AbortController

  constructor(private readonly options: ConversationOptions) {
    this.state.threadId = options.threadId
    this.state.agentId = options.agentId
    if (options.local && options.threadId) {
      const saved = loadLocalSessions().find((s) => s.id === options.threadId)
      if (saved) this.state.turns = saved.turns
    }
  }

  /** The turn waiting for a person (plan approval or clarification), if the last one is. */
  get waiting(): TurnState | undefined {
    const last = this.state.turns[this.state.turns.length - 1]
    return last?.status === 'waiting' ? last : undefined
  }

  ask(question: string, nl2sqlOnly = false) {
    return this.run(newTurn(question, 'ask'), { query: question, nl2sqlOnly })
  }

  approve() {
    return this.run(newTurn('approve', 'resume'), { humanFeedback: true, feedbackContent: 'approve' })
  }

  reject(feedback: string) {
    return this.run(newTurn(`reject: ${feedback}`, 'resume'), {
      humanFeedback: true,
      rejectedPlan: true,
      feedbackContent: feedback,
    })
  }

  answer(text: string) {
    return this.run(newTurn(text, 'resume'), { humanFeedback: true, feedbackContent: text })
  }

  /** Cancels the live run on the server and stops reading it. */
  async stop() {
    const threadId = this.state.threadId
    if (threadId && this.state.busy) {
      try {
        await fetch(`/api/v1/runs/${encodeURIComponent(threadId)}/cancel`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${this.options.key()}`, 'Content-Type': 'application/json' },
          body: '{}',
        })
      } catch {
        /* the stream's end tells */
      }
    }
  }

  /** Closes the stream without cancelling the run (leaving the page). */
  detach() {
    this.abort?.abort()
  }

  /**
   * After a reload, or on coming back to the thread: rejoin the run remembered in
   * localStorage, replaying it. A run that finished while the page was away is already in
   * the loaded history (one more turn with its question than when it started): it is
   * forgotten, not replayed (the server keeps a finished run for 60 s, and its replay was the
   * same turn twice, then a "gone" notice).
   */
  async resumeActive(): Promise<boolean> {
    const threadId = this.state.threadId
    const active = threadId ? activeRun(threadId) : null
    if (!active) return false
    const last = this.state.turns[this.state.turns.length - 1]
    const recorded = this.state.turns.filter((t) => t.question === active.question).length
    const finished =
      active.asked !== undefined
        ? recorded > active.asked
        : last !== undefined && last.question === active.question && !isLive(last)
    if (finished) {
      forgetActive(active.threadId)
      return false
    }
    const turn = newTurn(active.question, active.kind)
    this.state.notice = 'chat.reconnecting'
    await this.follow(turn, { threadId: active.threadId, agent: active.agentId }, 0)
    return true
  }

  private async run(turn: TurnState, params: RunParams) {
    if (this.state.busy) return
    params.agent = this.state.agentId
    if (this.state.threadId) params.threadId = this.state.threadId
    // A resume answers the waiting turn: it is settled now.
    if (turn.kind === 'resume') {
      const waiting = this.waiting
      if (waiting) waiting.status = 'done'
    }
    await this.follow(turn, params, undefined)
  }

  private async follow(turn: TurnState, params: RunParams, lastEventId: number | undefined) {
    this.state.busy = true
    this.state.error = ''
    this.state.turns.push(turn)
    const index = this.state.turns.length - 1
    const set = (t: TurnState) => {
      this.state.turns[index] = t
    }
    this.abort = new AbortController()
    let end: FollowEnd | undefined
    try {
      end = await followRun({
        key: this.options.key(),
        params,
        lastEventId,
        signal: this.abort.signal,
        onThread: (threadId) => {
          const previous = this.state.threadId
          this.state.threadId = threadId
          if (previous && previous !== threadId) forgetActive(previous)
          const asked = this.state.turns.filter((t, i) => i !== index && t.question === turn.question).length
          rememberActive({ threadId, agentId: this.state.agentId, question: turn.question, kind: turn.kind, asked })
          if (!previous) this.options.onThread?.(threadId)
        },
        onFrame: (frame) => {
          if (this.state.notice === 'chat.reconnecting' && frame.id !== undefined) this.state.notice = ''
          set(reduceTurn(this.state.turns[index], frame))
        },
      })
      if (end === 'gone') {
        this.state.turns.splice(index, 1)
        this.state.notice = 'chat.gone'
      }
    } catch (e) {
      const t = { ...this.state.turns[index] }
      if (e instanceof ApiError && e.status === 401) {
        this.options.onAuthError?.(e)
      }
      if (e instanceof ApiError && e.status === 404 && lastEventId !== undefined) {
        this.state.turns.splice(index, 1)
        this.state.notice = 'chat.gone'
      } else {
        t.status = 'error'
        t.error = turnError(e)
        set(t)
      }
    } finally {
      this.state.busy = false
      this.abort = undefined
      if (end !== 'aborted' && this.state.threadId) forgetActive(this.state.threadId)
      if (this.state.notice === 'chat.reconnecting') this.state.notice = ''
      if (this.state.threadId && end !== 'aborted') {
        this.persist()
        this.options.onFinished?.(this.state.threadId)
      }
    }
  }

  private persist() {
    if (!this.options.local || !this.state.threadId) return
    const first = this.state.turns.find((t) => t.kind === 'ask')
    const kept = loadLocalSessions().find((s) => s.id === this.state.threadId && s.renamed)
    saveLocalSession({
      id: this.state.threadId,
      agent_id: this.state.agentId,
      title: kept?.title ?? first?.question ?? this.state.threadId,
      renamed: kept !== undefined,
      updated_at: new Date().toISOString(),
      turns: this.state.turns,
    })
  }

  /** Turns from the server's session messages (admin keys). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  loadMessages(messages: any[]) {
    const turns: TurnState[] = []
    let current: TurnState | undefined
    for (const m of messages) {
      if (m.role === 'user') {
        const resume = /^(approve|reject:)/i.test(m.text ?? '') && turns.length > 0
        current = newTurn(m.text ?? '', resume ? 'resume' : 'ask')
        turns.push(current)
      } else if (m.role === 'assistant') {
        if (!current) {
          current = newTurn('', 'ask')
          turns.push(current)
        }
        const run = m.run ?? {}
        applyResult(current, {
          thread_id: m.thread_id,
          route: run.route,
          answer: m.text,
          sql: run.sql,
          // The result rows kept with the turn (at most 1,000), so the table and chart show.
          result: run.result,
          chart: run.chart,
          // A multi-step analysis: its plan, each step's rows and the report's narrative.
          steps: run.steps,
          plan: run.plan,
          plan_title: run.plan_title,
          plan_notes: run.plan_notes,
          report_narrative: run.report_narrative,
          // How a follow-up was read, so the reopened turn shows its "read as" line.
          follow_up: run.follow_up,
          // The history names the interrupt's kind; its payload (the plan, the question)
          // comes beside it.
          interrupt: run.interrupt
            ? typeof run.interrupt === 'string'
              ? { kind: run.interrupt, payload: run.interrupt_payload ?? {} }
              : run.interrupt
            : undefined,
          error: run.error,
          // The turn's cost, as recorded with it.
          llm_calls: run.llm_calls,
          prompt_tokens: run.prompt_tokens,
          completion_tokens: run.completion_tokens,
        })
        if (typeof run.duration_ms === 'number') current.elapsedMs = run.duration_ms
        current.lastEventId = 0
        current = undefined
      }
    }
    // Only the last turn may still wait for a person.
    for (let i = 0; i < turns.length - 1; i++) if (turns[i].status === 'waiting') turns[i].status = 'done'
    this.state.turns = turns
  }
}
