import type { CancelBooking, CreateBooking, PublicBooking, PublicProfile, RescheduleBooking, Slots } from '@closeroom/shared'
import { useCallback, useEffect, useState } from 'react'
import { ApiError, api } from '../../lib/api'

// The buyer's side talks to the public API only. No TanStack Query here: these pages keep their first
// download small, and a booking page has three requests to make, not a cache to keep.

export const bookingApi = {
  profile: (handle: string, signal?: AbortSignal) => api<PublicProfile>(`/public/users/${encodeURIComponent(handle)}`, { signal }),
  slots: (eventTypeId: string, query: { from: string; to: string; timeZone: string; duration?: number }, signal?: AbortSignal) => {
    const params = new URLSearchParams({ from: query.from, to: query.to, timeZone: query.timeZone })
    if (query.duration) params.set('duration', String(query.duration))
    return api<Slots>(`/public/event-types/${encodeURIComponent(eventTypeId)}/slots?${params}`, { signal })
  },
  book: (body: CreateBooking) => api<PublicBooking>('/public/bookings', { method: 'POST', body }),
  booking: (uid: string, signal?: AbortSignal) => api<PublicBooking>(`/public/bookings/${encodeURIComponent(uid)}`, { signal }),
  reschedule: (uid: string, body: RescheduleBooking) =>
    api<PublicBooking>(`/public/bookings/${encodeURIComponent(uid)}/reschedule`, { method: 'POST', body }),
  cancel: (uid: string, body: CancelBooking) =>
    api<PublicBooking>(`/public/bookings/${encodeURIComponent(uid)}/cancel`, { method: 'POST', body }),
}

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
