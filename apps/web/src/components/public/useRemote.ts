import { useCallback, useEffect, useState } from 'react'
import { ApiError } from '../../lib/api'
import { forgetPreloaded, preloaded } from './preloaded'

// Public pages load through this hook, not TanStack Query: they keep their first download small, and a public
// page has a few requests to make, not a cache to keep.

export type Remote<T> = { data: T | undefined; error: ApiError | undefined; loading: boolean; reload(): void; set(data: T): void }

/**
 * The answer of `load` for `key` (null: nothing to load); a new key aborts the previous request. `path`, the
 * public API path `load` reads, lets a page the server rendered start from the answer it was rendered with
 * (./preloaded) instead of fetching it again.
 */
export function useRemote<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>, path?: string): Remote<T> {
  const [state, setState] = useState<{ key: string | null; data?: T; error?: ApiError; preloaded?: boolean }>(() => {
    const data = key !== null && path ? preloaded<T>(path) : undefined
    return data === undefined ? { key: null } : { key, data, preloaded: true }
  })
  const [version, setVersion] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is a new function each render; the key names what it loads.
  useEffect(() => {
    if (key === null) return
    if (version === 0 && state.key === key && state.preloaded) {
      if (path) forgetPreloaded(path)
      return
    }
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
