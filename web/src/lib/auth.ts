// Who is signed in: the API key (sessionStorage, or localStorage with "keep me signed in")
// and what GET /api/v1/me said about it (scope, the agents it may run). The key is only
// ever sent in the Authorization header.
import { reactive } from 'vue'
import { takeEarlyMe } from './earlyMe'
import { ApiError, authHeaders, errorFromResponse } from './stream'

export interface AgentInfo {
  id: string
  name: string
  language: string
  preset_questions: string[]
}

/** Who the request acts as (issue 18): a signed-in user, or an API key acting as one. */
export interface Principal {
  name: string
  role: 'admin' | 'editor' | 'analyst'
  kind: 'user' | 'api_key' | 'none'
  via: string
  attributes: Record<string, string>
  agents: string[]
}

export interface Me {
  scope: string
  admin: boolean
  editor?: boolean
  auth: boolean
  users?: boolean
  principal?: Principal
  agents: AgentInfo[]
  /** What the server accepts (agent/ask/question_check.h): the question box checks it. */
  limits?: { max_question_chars?: number }
}

const KEY = 'askdb.key'

export const auth = reactive({
  key: (sessionStorage.getItem(KEY) ?? localStorage.getItem(KEY) ?? '') as string,
  me: null as Me | null,
  /** Why the user was sent back to sign-in (an i18n key), shown there once. */
  reason: '' as string,
})

export async function fetchMe(key: string, started?: Promise<Response>): Promise<Me> {
  let response: Response | undefined
  if (started) response = await started.catch(() => undefined)
  response ??= await fetch('/api/v1/me', { headers: authHeaders(key), cache: 'no-store' })
  if (!response.ok) throw await errorFromResponse(response)
  return (await response.json()) as Me
}

export async function signIn(key: string, remember: boolean): Promise<Me> {
  const me = await fetchMe(key)
  auth.key = key
  auth.me = me
  auth.reason = ''
  sessionStorage.removeItem(KEY)
  localStorage.removeItem(KEY)
  if (key) (remember ? localStorage : sessionStorage).setItem(KEY, key)
  return me
}

/**
 * Signs in with a user name and password: the server sets the session cookie (HttpOnly,
 * SameSite=Strict), which every later same-origin request carries; no key is stored.
 */
export async function signInWithPassword(name: string, password: string): Promise<Me> {
  const response = await fetch('/api/v1/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, password }),
    cache: 'no-store',
  })
  if (!response.ok) throw await errorFromResponse(response)
  return signIn('', false)
}

export function signOut(reason = '') {
  // Ends the cookie session on the server too (a no-op for key sign-in).
  if (auth.me?.principal?.kind === 'user') void fetch('/api/v1/auth/logout', { method: 'POST' }).catch(() => {})
  auth.key = ''
  auth.me = null
  auth.reason = reason
  sessionStorage.removeItem(KEY)
  localStorage.removeItem(KEY)
}

/** Restores the session on load: true when the stored key (or no key at all) still works. */
export async function restore(): Promise<boolean> {
  if (auth.me) return true
  try {
    auth.me = await fetchMe(auth.key, takeEarlyMe(auth.key))
    return true
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) {
      if (auth.key) signOut('signin.expired')
      return false
    }
    throw e
  }
}
