// The one HTTP client: base address from configuration, cookies always sent, errors carry the server's message.

export const API_URL = (import.meta.env.VITE_API_URL as string | undefined) ?? '/api'

export const FALLBACK_ERROR = 'Something went wrong'

export class ApiError extends Error {
  readonly status: number
  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

type Options = { method?: string; body?: unknown; signal?: AbortSignal }

export async function api<T>(path: string, { method = 'GET', body, signal }: Options = {}): Promise<T> {
  let response: Response
  try {
    response = await fetch(`${API_URL}${path}`, {
      method,
      credentials: 'include',
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new ApiError(0, FALLBACK_ERROR)
  }
  const text = await response.text()
  const data = text ? safeJson(text) : undefined
  if (!response.ok) {
    const message =
      typeof data === 'object' && data && 'message' in data && typeof data.message === 'string' ? data.message : FALLBACK_ERROR
    throw new ApiError(response.status, message)
  }
  return data as T
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
