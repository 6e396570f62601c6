import type { CancelBooking, CreateBooking, RescheduleBooking } from '@closeroom/shared'
import { useCallback, useEffect, useState } from 'react'
import { ApiError, client, unwrap } from '../../lib/api'

// The buyer's side talks to the public API only. No TanStack Query here: these pages keep their first
// download small, and a booking page has three requests to make, not a cache to keep.

export const bookingApi = {
  profile: (handle: string, signal?: AbortSignal) => unwrap(client.GET('/public/users/{id}', { params: { path: { id: handle } }, signal })),
  slots: (eventTypeId: string, query: { from: string; to: string; timeZone: string; duration?: number }, signal?: AbortSignal) =>
    unwrap(client.GET('/public/event-types/{id}/slots', { params: { path: { id: eventTypeId }, query }, signal })),
  book: (body: CreateBooking) => unwrap(client.POST('/public/bookings', { body })),
  booking: (uid: string, signal?: AbortSignal) => unwrap(client.GET('/public/bookings/{uid}', { params: { path: { uid } }, signal })),
  reschedule: (uid: string, body: RescheduleBooking) =>
    unwrap(client.POST('/public/bookings/{uid}/reschedule', { params: { path: { uid } }, body })),
  cancel: (uid: string, body: CancelBooking) => unwrap(client.POST('/public/bookings/{uid}/cancel', { params: { path: { uid } }, body })),
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
