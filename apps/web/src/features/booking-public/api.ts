import type { CancelBooking, CreateBooking, RescheduleBooking } from '@closeroom/shared'
import { client, unwrap } from '../../lib/api'

// The buyer's side talks to the public API only. No TanStack Query here: these pages keep their first
// download small, and a booking page has three requests to make, not a cache to keep.

/** The API paths whose answers a server-rendered page embeds (components/public/preloaded.ts). */
export const bookingPaths = {
  profile: (handle: string) => `/public/users/${encodeURIComponent(handle)}`,
}

export const bookingApi = {
  profile: (handle: string, signal?: AbortSignal) => unwrap(client.GET('/public/users/{id}', { params: { path: { id: handle } }, signal })),
  slots: (
    eventTypeId: string,
    query: { from: string; to: string; timeZone: string; duration?: number; routing?: string },
    signal?: AbortSignal,
  ) => unwrap(client.GET('/public/event-types/{id}/slots', { params: { path: { id: eventTypeId }, query }, signal })),
  book: (body: CreateBooking) => unwrap(client.POST('/public/bookings', { body })),
  booking: (uid: string, signal?: AbortSignal) => unwrap(client.GET('/public/bookings/{uid}', { params: { path: { uid } }, signal })),
  reschedule: (uid: string, body: RescheduleBooking) =>
    unwrap(client.POST('/public/bookings/{uid}/reschedule', { params: { path: { uid } }, body })),
  cancel: (uid: string, body: CancelBooking) => unwrap(client.POST('/public/bookings/{uid}/cancel', { params: { path: { uid } }, body })),
}
