// JSON calls to the API with the signed-in key. A 401 signs out and sends the user to the
// sign-in page with a message (the router watches auth).
import { auth, signOut } from './auth'
import { ApiError, authHeaders, errorFromResponse } from './stream'

export async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { ...authHeaders(auth.key), Accept: 'application/json' }
  let payload: BodyInit | undefined
  if (body !== undefined) {
    if (body instanceof Blob) {
      // A file sent as it is (a knowledge document).
      payload = body
      headers['Content-Type'] = 'application/octet-stream'
    } else if (typeof body === 'string') {
      payload = body
      headers['Content-Type'] = 'text/csv'
    } else {
      payload = JSON.stringify(body)
      headers['Content-Type'] = 'application/json'
    }
  }
  const response = await fetch(path, { method, headers, body: payload, cache: 'no-store' })
  if (!response.ok) {
    const error = await errorFromResponse(response)
    if (error.status === 401) signOut('signin.expired')
    throw error
  }
  if (response.status === 204) return undefined as T
  const type = response.headers.get('Content-Type') ?? ''
  return (type.includes('json') ? await response.json() : await response.text()) as T
}

export function errorText(e: unknown): string {
  if (e instanceof ApiError) return e.message
  if (e instanceof Error) return e.message
  return String(e)
}
