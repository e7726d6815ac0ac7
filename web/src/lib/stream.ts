// Follows one run of `askdb serve` over GET /api/v1/stream/search (POST with a JSON body for
// a question too long for a URL) with fetch + a
// ReadableStream (never EventSource: the key goes in the Authorization header, never in the
// URL). Frames are handed to `onFrame` in order; when the connection drops before the run's
// terminal frame (result, run_error, cancelled) it reconnects with the thread id and
// Last-Event-ID, so the server replays only what was missed.

import { SseParser } from './sse'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** 401: the key is missing, wrong or revoked. */
export function isAuthError(e: unknown): boolean {
  return e instanceof ApiError && e.status === 401
}

export interface RunParams {
  query?: string
  threadId?: string
  agent?: string
  humanFeedback?: boolean
  feedbackContent?: string
  rejectedPlan?: boolean
  nl2sqlOnly?: boolean
  detached?: boolean
}

export interface Frame {
  /** The SSE id (events are numbered from 1; the `accepted` frame may have none). */
  id?: number
  event: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any
}

export type FollowEnd = 'result' | 'run_error' | 'cancelled' | 'gone' | 'aborted'

export const TERMINAL_FRAMES = new Set(['result', 'run_error', 'cancelled'])

export interface FollowOptions {
  /** '' for the same origin. */
  baseUrl?: string
  key?: string | null
  params: RunParams
  /** Resume an existing run's stream after this event id (0: replay from the start). */
  lastEventId?: number
  onFrame: (frame: Frame) => void
  /** Told the thread id as soon as it is known (accepted frame or X-Thread-Id). */
  onThread?: (threadId: string) => void
  signal?: AbortSignal
  fetchImpl?: typeof fetch
  maxReconnects?: number
  reconnectDelayMs?: (attempt: number) => number
}

export function streamUrl(baseUrl: string, params: RunParams): string {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === '' || v === false) continue
    q.set(k, String(v))
  }
  return `${baseUrl}/api/v1/stream/search?${q.toString()}`
}

/**
 * The server's HTTP library answers 414 to a request line over 8,192 bytes: a question of
 * about 900 Chinese characters, percent-encoded, is that long. A URL over this goes as
 * POST /api/v1/stream/search with the same parameters in a JSON body instead.
 */
export const MAX_STREAM_URL = 6000

/** How to start following a run: GET with the parameters in the URL, or POST when too long. */
export function streamRequest(baseUrl: string, params: RunParams): { url: string; method: 'GET' | 'POST'; body?: string } {
  const url = streamUrl(baseUrl, params)
  if (url.length <= MAX_STREAM_URL) return { url, method: 'GET' }
  const body: Record<string, string | boolean> = {}
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === '' || v === false) continue
    body[k] = v
  }
  return { url: `${baseUrl}/api/v1/stream/search`, method: 'POST', body: JSON.stringify(body) }
}

export function authHeaders(key?: string | null): Record<string, string> {
  return key ? { Authorization: `Bearer ${key}` } : {}
}

/** Reads a JSON error body {"error": {"code", "message"}} into an ApiError. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  let code = `http_${response.status}`
  let message = response.statusText || `HTTP ${response.status}`
  try {
    const body = await response.json()
    if (body?.error) {
      code = body.error.code ?? code
      message = body.error.message ?? message
    }
  } catch {
    /* not JSON */
  }
  return new ApiError(response.status, code, message)
}

function parseFrame(raw: { id?: string; event: string; data: string }): Frame {
  let data: unknown = raw.data
  try {
    data = JSON.parse(raw.data)
  } catch {
    /* keep the text */
  }
  const frame: Frame = { event: raw.event, data }
  if (raw.id !== undefined && /^\d+$/.test(raw.id)) frame.id = Number(raw.id)
  return frame
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => {
      clearTimeout(t)
      resolve()
    })
  })

/**
 * Follows the run until its terminal frame. Resolves with how it ended; rejects with an
 * ApiError when the server refuses the request (401 bad key, 404 unknown thread, 409 busy,
 * 429, ...), except that a 404 on a reconnect resolves 'gone' (the run is no longer kept).
 */
export async function followRun(options: FollowOptions): Promise<FollowEnd> {
  const fetchImpl = options.fetchImpl ?? fetch.bind(globalThis)
  const base = options.baseUrl ?? ''
  const maxReconnects = options.maxReconnects ?? 8
  const delay = options.reconnectDelayMs ?? ((n: number) => Math.min(500 * 2 ** n, 5000))
  let lastId: number | undefined = options.lastEventId
  let threadId = options.params.threadId
  let attempt = 0
  let first = options.lastEventId === undefined
  // The thread is told once the server confirms it, even when it is the one asked for: a
  // follow-up in a known thread is a new live run the caller must remember (a reload rejoins
  // it); then again only if it changes.
  let told = false
  const tell = (id: string | null | undefined) => {
    if (!id || (told && id === threadId)) return
    threadId = id
    told = true
    options.onThread?.(id)
  }

  for (;;) {
    if (options.signal?.aborted) return 'aborted'
    const headers: Record<string, string> = {
      Accept: 'text/event-stream',
      ...authHeaders(options.key),
    }
    let params: RunParams
    if (first) {
      params = options.params
    } else {
      // Rejoin the run: only its thread (and agent), and where we stopped.
      params = { threadId, agent: options.params.agent }
      headers['Last-Event-ID'] = String(lastId ?? 0)
    }
    let response: Response
    try {
      const request = streamRequest(base, params)
      if (request.body) headers['Content-Type'] = 'application/json'
      response = await fetchImpl(request.url, {
        method: request.method,
        headers,
        body: request.body,
        signal: options.signal,
        cache: 'no-store',
      })
    } catch (e) {
      if (options.signal?.aborted) return 'aborted'
      if (first || attempt >= maxReconnects || !threadId) throw e
      await sleep(delay(attempt++), options.signal)
      continue
    }
    if (!response.ok) {
      const error = await errorFromResponse(response)
      if (!first && error.status === 404) return 'gone'
      if (!first && error.status >= 500 && attempt < maxReconnects) {
        await sleep(delay(attempt++), options.signal)
        continue
      }
      throw error
    }
    first = false
    tell(response.headers.get('X-Thread-Id'))
    const end = await readFrames(response, options, (frame) => {
      if (frame.id !== undefined) lastId = frame.id
      if (frame.event === 'accepted') tell(frame.data?.thread_id)
    })
    if (end) return end
    if (options.signal?.aborted) return 'aborted'
    if (!threadId || attempt >= maxReconnects) {
      throw new ApiError(0, 'stream_lost', 'the connection to the server was lost')
    }
    await sleep(delay(attempt++), options.signal)
  }
}

// Reads one response body; returns the terminal frame's name, or undefined when the body
// ended (or failed) before it.
async function readFrames(
  response: Response,
  options: FollowOptions,
  track: (frame: Frame) => void,
): Promise<FollowEnd | undefined> {
  if (!response.body) return undefined
  const reader = response.body.getReader()
  const decoder = new TextDecoder('utf-8')
  const parser = new SseParser()
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      for (const raw of parser.push(decoder.decode(value, { stream: true }))) {
        const frame = parseFrame(raw)
        track(frame)
        options.onFrame(frame)
        if (TERMINAL_FRAMES.has(frame.event)) {
          reader.cancel().catch(() => {})
          return frame.event as FollowEnd
        }
      }
    }
  } catch {
    if (options.signal?.aborted) return 'aborted'
    return undefined
  }
  return undefined
}
