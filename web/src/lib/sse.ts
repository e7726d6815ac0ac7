// An incremental parser of the text/event-stream format (the WHATWG HTML "server-sent
// events" rules): feed it decoded text in chunks of any size, it returns whole frames.
// Used with fetch + ReadableStream instead of EventSource, so that the API key travels in a
// header and Last-Event-ID can be sent on a reconnect.

export interface SseFrame {
  /** The frame's `id:` field, or undefined when it had none. */
  id?: string
  /** `event:` field; "message" when absent. */
  event: string
  /** The `data:` lines joined with "\n". */
  data: string
  /** `retry:` in milliseconds, when given. */
  retry?: number
}

export class SseParser {
  private buffer = ''
  private dataLines: string[] = []
  private eventName = ''
  private id: string | undefined
  private retry: number | undefined
  private sawField = false
  // The stream's last event id (kept across frames, as the spec says).
  lastEventId = ''

  /** Parses `chunk`; returns the frames it completed. */
  push(chunk: string): SseFrame[] {
    this.buffer += chunk
    const frames: SseFrame[] = []
    for (;;) {
      const cr = this.buffer.indexOf('\r')
      const lf = this.buffer.indexOf('\n')
      if (cr < 0 && lf < 0) break
      let end: number
      let next: number
      if (cr >= 0 && (lf < 0 || cr < lf)) {
        // A lone CR ends a line; CRLF counts once. A CR at the very end may be half a CRLF.
        if (cr === this.buffer.length - 1) break
        end = cr
        next = this.buffer[cr + 1] === '\n' ? cr + 2 : cr + 1
      } else {
        end = lf
        next = lf + 1
      }
      const line = this.buffer.slice(0, end)
      this.buffer = this.buffer.slice(next)
      const frame = this.line(line)
      if (frame) frames.push(frame)
    }
    return frames
  }

  /** At the end of the stream: a frame without its closing blank line is dropped (spec). */
  finish(): SseFrame[] {
    this.buffer = ''
    this.reset()
    return []
  }

  private line(line: string): SseFrame | undefined {
    if (line === '') return this.dispatch()
    if (line.startsWith(':')) return undefined // comment (heartbeats: ": ping")
    const colon = line.indexOf(':')
    const field = colon < 0 ? line : line.slice(0, colon)
    let value = colon < 0 ? '' : line.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    switch (field) {
      case 'data':
        this.dataLines.push(value)
        this.sawField = true
        break
      case 'event':
        this.eventName = value
        this.sawField = true
        break
      case 'id':
        if (!value.includes('\0')) {
          this.id = value
          this.lastEventId = value
        }
        this.sawField = true
        break
      case 'retry':
        if (/^\d+$/.test(value)) this.retry = Number(value)
        break
      default:
        break // unknown fields are ignored
    }
    return undefined
  }

  private dispatch(): SseFrame | undefined {
    if (!this.sawField || this.dataLines.length === 0) {
      this.reset()
      return undefined
    }
    const frame: SseFrame = {
      event: this.eventName || 'message',
      data: this.dataLines.join('\n'),
    }
    if (this.id !== undefined) frame.id = this.id
    if (this.retry !== undefined) frame.retry = this.retry
    this.reset()
    return frame
  }

  private reset() {
    this.dataLines = []
    this.eventName = ''
    this.id = undefined
    this.retry = undefined
    this.sawField = false
  }
}
