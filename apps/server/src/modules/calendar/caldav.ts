import { type Outbound, OutboundRefused } from '../../lib/outbound.ts'
import { busyIntervals, type Interval } from './busy.ts'

/**
 * What it takes to talk to a CalDAV server; the password only ever lives here in memory. `fetch` is the
 * server's outbound one, which refuses private addresses the operator did not allow.
 */
/** tsdav, imported when a calendar server is first reached: most servers have none connected. */
const dav = () => import('tsdav')

export type CalDavAccount = { serverUrl: string; username: string; password: string; fetch: Outbound['fetch'] }
export type RemoteCalendar = { url: string; name: string }

/** Why a CalDAV call failed, in words a user can act on. */
export class CalDavError extends Error {
  readonly kind: 'auth' | 'unreachable' | 'private' | 'server'
  constructor(kind: CalDavError['kind'], message: string) {
    super(message)
    this.kind = kind
  }
}

export const SIGN_IN_FAILED = 'Could not sign in to this calendar server: check the address, username and password'

/** Slower than this, a calendar server counts as down: a buyer waiting on slots should not wait longer. */
const TIMEOUT_MS = { read: 5_000, write: 15_000 }

function authHeaders(account: CalDavAccount) {
  return { authorization: `Basic ${Buffer.from(`${account.username}:${account.password}`).toString('base64')}` }
}

/**
 * fetch for tsdav with a deadline, and with refusals turned into errors: tsdav reads a 401 multistatus
 * as an empty answer, which would make a wrong password look like an empty calendar.
 */
function guardedFetch(account: CalDavAccount, timeoutMs: number): typeof fetch {
  return async (input, init) => {
    let res: Response
    try {
      const url = input instanceof Request ? input.url : input
      res = await account.fetch(url, { ...init, redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) })
    } catch (error) {
      if (error instanceof OutboundRefused)
        throw new CalDavError(
          'private',
          'Could not connect to this calendar server: its address is on a private or local network, which this Closeroom is not allowed to reach. Ask your administrator.',
        )
      const reason = (error as Error).name === 'TimeoutError' ? 'it did not answer in time' : 'it could not be reached'
      throw new CalDavError('unreachable', `Could not connect to this calendar server: ${reason}`)
    }
    if (res.status === 401 || res.status === 403) throw new CalDavError('auth', SIGN_IN_FAILED)
    if (res.status >= 500) throw new CalDavError('server', `The calendar server answered ${res.status} ${res.statusText}`.trim())
    return res
  }
}

/** Normalizes any failure inside tsdav to a CalDavError. */
async function calling<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof CalDavError) throw error
    const message = (error as Error).message ?? String(error)
    if (/401|unauthori[sz]ed|invalid credentials/i.test(message)) throw new CalDavError('auth', SIGN_IN_FAILED)
    throw new CalDavError('server', `The calendar server gave an unexpected answer: ${message.slice(0, 200)}`)
  }
}

/** Signs in and lists the calendars that hold events: this is also how credentials are checked. */
export async function discoverCalendars(account: CalDavAccount): Promise<RemoteCalendar[]> {
  return calling(async () => {
    const { createDAVClient } = await dav()
    const client = await createDAVClient({
      serverUrl: account.serverUrl,
      credentials: { username: account.username, password: account.password },
      authMethod: 'Basic',
      defaultAccountType: 'caldav',
      fetch: guardedFetch(account, TIMEOUT_MS.write),
    })
    const calendars = await client.fetchCalendars()
    return calendars
      .filter((c) => !c.components || c.components.length === 0 || c.components.includes('VEVENT'))
      .map((c) => ({ url: c.url, name: typeof c.displayName === 'string' && c.displayName ? c.displayName : c.url }))
  })
}

/** The calendar-data of every event object overlapping [from, to) in one calendar (the server filters). */
async function eventTexts(account: CalDavAccount, calendarUrl: string, from: number, to: number): Promise<string[]> {
  const stamp = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`
  const { calendarQuery } = await dav()
  const responses = await calendarQuery({
    url: calendarUrl,
    props: { 'd:getetag': {}, 'c:calendar-data': {} },
    filters: {
      'comp-filter': {
        _attributes: { name: 'VCALENDAR' },
        'comp-filter': { _attributes: { name: 'VEVENT' }, 'time-range': { _attributes: { start: stamp(from), end: stamp(to) } } },
      },
    },
    depth: '1',
    headers: authHeaders(account),
    fetch: guardedFetch(account, TIMEOUT_MS.read),
  })
  const texts: string[] = []
  for (const response of responses) {
    const data = response.props?.calendarData
    const text = typeof data === 'string' ? data : (data as { _cdata?: string } | undefined)?._cdata
    if (text) texts.push(text)
  }
  return texts
}

/**
 * Busy intervals of the given calendars within [from, to): events neither transparent nor cancelled,
 * recurrences expanded, all-day events in `defaultZone` (the owner's) when they carry no zone.
 * `skip` drops events by UID (the ones Closeroom wrote itself).
 */
export async function busyTimes(
  account: CalDavAccount,
  calendarUrls: string[],
  from: number,
  to: number,
  options: { defaultZone?: string; skip?: (uid: string) => boolean } = {},
): Promise<Interval[]> {
  return calling(async () => {
    const perCalendar = await Promise.all(calendarUrls.map((url) => eventTexts(account, url, from, to)))
    return perCalendar.flat().flatMap((text) => {
      try {
        return busyIntervals(text, from, to, options)
      } catch {
        // One unreadable object must not hide the others.
        return []
      }
    })
  })
}

export type WrittenEvent = { objectUrl: string; etag: string | null }

/** Creates or replaces the object at a URL: the same call serves a first write, a retry and a move. */
async function put(account: CalDavAccount, objectUrl: string, ics: string): Promise<WrittenEvent> {
  return calling(async () => {
    const { updateObject } = await dav()
    const res = await updateObject({
      url: objectUrl,
      data: ics,
      headers: { ...authHeaders(account), 'content-type': 'text/calendar; charset=utf-8' },
      fetch: guardedFetch(account, TIMEOUT_MS.write),
    })
    if (!res.ok) throw new CalDavError('server', `The calendar server refused the event: ${res.status} ${res.statusText}`.trim())
    return { objectUrl, etag: res.headers.get('etag') }
  })
}

/** Writes a new event into a calendar, named after its UID so a repeated write lands on the same object. */
export function writeEvent(account: CalDavAccount, calendarUrl: string, uid: string, ics: string): Promise<WrittenEvent> {
  const base = calendarUrl.endsWith('/') ? calendarUrl : `${calendarUrl}/`
  return put(account, new URL(`${encodeURIComponent(uid)}.ics`, base).toString(), ics)
}

/** Replaces an event we wrote (a move, a confirmation); recreates it if someone deleted it meanwhile. */
export function updateEvent(account: CalDavAccount, objectUrl: string, ics: string): Promise<WrittenEvent> {
  return put(account, objectUrl, ics)
}

/** Deletes an event we wrote; one already gone counts as deleted. */
export async function deleteEvent(account: CalDavAccount, objectUrl: string): Promise<void> {
  await calling(async () => {
    const { deleteObject } = await dav()
    const res = await deleteObject({ url: objectUrl, headers: authHeaders(account), fetch: guardedFetch(account, TIMEOUT_MS.write) })
    if (!res.ok && res.status !== 404 && res.status !== 410)
      throw new CalDavError('server', `The calendar server refused to delete the event: ${res.status} ${res.statusText}`.trim())
  })
}
