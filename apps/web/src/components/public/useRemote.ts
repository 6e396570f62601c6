import { useCallback, useEffect, useState } from 'react'
import { ApiError } from '../../lib/api'

// Public pages load through this hook, not TanStack Query: they keep their first download small, and a public
// page has a few requests to make, not a cache to keep.

export type Remote<T> = { data: T | undefined; error: ApiError | undefined; loading: boolean; reload(): void; set(data: T): void }

/** The answer of `load` for `key` (null: nothing to load); a new key aborts the previous request. */
export function useRemote<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Remote<T> {
  const [state, setState] = useState<{ key: string | null; data?: T; error?: ApiError }>({ key: null })
  const [version, setVersion] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is a new function each render; the key names what it loads.
  useEffect(() => {
    if (key === null) return
    const controller = new AbortController()
    load(controller.signal).then(
      (data) => setState({ key, data }),
      (error: unknown) => {
        if (controller.signal.aborted) return
        setState({ key, error: error instanceof ApiError ? error : new ApiError(0) })
      },
    )
    return () => controller.abort()
  }, [key, version])
  const current = state.key === key
  const reload = useCallback(() => setVersion((v) => v + 1), [])
  const set = useCallback((data: T) => setState({ key, data }), [key])
  return {
    data: current ? state.data : undefined,
    error: current ? state.error : undefined,
    loading: key !== null && (!current || (state.data === undefined && state.error === undefined)),
    reload,
    set,
  }
}
