// Who is signed in: the API key (sessionStorage, or localStorage with "keep me signed in")
// and what GET /api/v1/me said about it (scope, the agents it may run). The key is only
// ever sent in the Authorization header.
import { reactive } from 'vue'
import { ApiError, authHeaders, errorFromResponse } from './stream'

export interface AgentInfo {
  id: string
  name: string
  language: string
  preset_questions: string[]
}

export interface Me {
  scope: string
  admin: boolean
  auth: boolean
  agents: AgentInfo[]
}

const KEY = 'askdb.key'

export const auth = reactive({
  key: (sessionStorage.getItem(KEY) ?? localStorage.getItem(KEY) ?? '') as string,
  me: null as Me | null,
  /** Why the user was sent back to sign-in (an i18n key), shown there once. */
  reason: '' as string,
})

export async function fetchMe(key: string): Promise<Me> {
  const response = await fetch('/api/v1/me', { headers: authHeaders(key), cache: 'no-store' })
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

export function signOut(reason = '') {
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
    auth.me = await fetchMe(auth.key)
    return true
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) {
      if (auth.key) signOut('signin.expired')
      return false
    }
    throw e
  }
}
