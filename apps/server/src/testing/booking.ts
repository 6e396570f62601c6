import type { TestApp } from './app.ts'
import { type Client, request } from './factories.ts'

/** 'YYYY-MM-DD' of the next Monday at least `minDays` ahead (UTC): a working day well past any notice. */
export function nextMonday(minDays = 3): string {
  return nextDay(minDays, (day) => day.getUTCDay() === 1)
}

/**
 * 'YYYY-MM-DD' of the first day at least `minDays` ahead (UTC) that `fits`. Tests that care where a day falls
 * (the last of its month, a day whose next day is in the same month) ask for it here, so they behave the same
 * whatever today is.
 */
export function nextDay(minDays: number, fits: (day: Date) => boolean): string {
  const day = new Date(Date.now() + minDays * 86_400_000)
  while (!fits(day)) day.setUTCDate(day.getUTCDate() + 1)
  return day.toISOString().slice(0, 10)
}

/** 'YYYY-MM-DD' of the day after `date`. */
export function dayAfter(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
}

/** Creates an event type for the client (personal unless told otherwise); every test makes its own. */
export async function buildEventType(app: TestApp, owner: Client, fields: Record<string, unknown> = {}) {
  const res = await request(app, owner, 'POST', '/api/event-types', {
    title: 'Intro call',
    slug: `intro-${Math.random().toString(36).slice(2, 8)}`,
    durations: [30],
    ...fields,
  })
  if (res.statusCode !== 201) throw new Error(`event type failed: ${res.statusCode} ${res.body}`)
  return res.json() as { id: string; slug: string; bookingUrl: string; hosts: { userId: string }[] }
}

/** The free starts of one day (UTC) of an event type, as the public API gives them. */
export async function freeSlots(app: TestApp, eventTypeId: string, date: string, extra = '') {
  const res = await request(app, null, 'GET', `/api/public/event-types/${eventTypeId}/slots?from=${date}&to=${date}&timeZone=UTC${extra}`)
  if (res.statusCode !== 200) throw new Error(`slots failed: ${res.statusCode} ${res.body}`)
  return (res.json().slots[date] ?? []) as string[]
}

export function bookingBody(eventTypeId: string, start: string, fields: Record<string, unknown> = {}) {
  return { eventTypeId, start, timeZone: 'Europe/Paris', name: 'Bea Buyer', email: 'bea@buyer.example', ...fields }
}
