import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { SocketEvents } from '@closeroom/shared'
import { io as connectClient, type Socket } from 'socket.io-client'
import { type ServerProcess, startServerProcess } from '../apps/server/src/testing/process.ts'
import { PROBE_PREFIX, type ProbeReading } from './memory-probe.ts'
import { type Result, result } from './report.ts'
import { SERVE_ENV, SERVE_NODE_OPTIONS } from './server.ts'

// Sustained load, no leaks: the real server as a user starts it (`node apps/server/src/main.ts`, `npm run
// serve`'s V8 flags, PGlite in a fresh DATA_DIR, the demo seeded) takes a mixed public workload at a fixed
// rate for 60 s: buyers opening the demo's booking page and its slots, booking free times, and visiting the
// demo sales room with its chat over socket.io. Reported: every request kind's p50 and p99 next to
// GET /api/health sent at the same rate (the baseline: what a request that does nothing costs under the same
// load), and the server's heap and RSS after a forced full GC before and after the 60 s (the baseline is the
// start). Any error (a non-2xx answer, a socket that fails, a message not heard) fails the run.

const BENCH = 'soak'
// SOAK_SECONDS and SOAK_RATE change the length and the rate, e.g. a short run while editing, or a lower rate on
// a machine so loaded that the server cannot keep up with 10 buyers a second (requests then time out).
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60)
const WARM_UP_SECONDS = 10
const SETTLE_MS = 5_000
/** Buyers arriving per second, whatever the server's speed (an open loop: a slow answer does not slow arrivals). */
const ARRIVALS_PER_SECOND = Number(process.env.SOAK_RATE ?? 10)
/** Every tenth arrival books, four visit the sales room, five only look at the booking page. */
const MIX = ['page', 'room', 'page', 'room', 'page', 'book', 'page', 'room', 'page', 'room'] as const
const DEADLINE_MS = 10_000
const HANDLE = 'demo'
const ROOM = 'demo'
const BUYER_ZONE = 'Europe/Paris'

type Kind =
  | 'GET /api/health'
  | 'GET booking page'
  | 'GET slots (28 days)'
  | 'POST booking'
  | 'GET sales room'
  | 'POST room visit'
  | 'GET room messages'
  | 'socket connect + join room'
  | 'POST chat message'
  | 'chat message heard on the socket'

class Load {
  readonly times = new Map<Kind, number[]>()
  readonly errors: string[] = []
  recording = false
  readonly url: string

  constructor(url: string) {
    this.url = url
  }

  private record(kind: Kind, since: number) {
    if (!this.recording) return
    const list = this.times.get(kind) ?? []
    list.push(performance.now() - since)
    this.times.set(kind, list)
  }

  async timed<T>(kind: Kind, work: () => Promise<T>): Promise<T> {
    const start = performance.now()
    const value = await work()
    this.record(kind, start)
    return value
  }

  async request<T>(kind: Kind, method: string, path: string, body?: unknown): Promise<T> {
    return this.timed(kind, async () => {
      const res = await fetch(`${this.url}${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(DEADLINE_MS),
      })
      const text = await res.text()
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`)
      return (text ? JSON.parse(text) : undefined) as T
    })
  }

  /** The booking page as a buyer opens it: the profile, then the next four weeks of its first event type. */
  async page(): Promise<{ eventTypeId: string; slots: Record<string, string[]> }> {
    const profile = await this.request<{ eventTypes: { id: string }[] }>('GET booking page', 'GET', `/api/public/users/${HANDLE}`)
    const eventTypeId = profile.eventTypes[0]?.id
    if (!eventTypeId) throw new Error(`the demo handle ${HANDLE} has no event type`)
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
    const query = new URLSearchParams({ from: day(1), to: day(28), timeZone: BUYER_ZONE })
    const { slots } = await this.request<{ slots: Record<string, string[]> }>(
      'GET slots (28 days)',
      'GET',
      `/api/public/event-types/${eventTypeId}/slots?${query}`,
    )
    return { eventTypeId, slots }
  }

  /** The page, then one of its free times booked. */
  async book(n: number) {
    const { eventTypeId, slots } = await this.page()
    const free = Object.values(slots).flat()
    const start = free[(n * 7919) % free.length]
    if (!start) throw new Error('no free time left to book')
    await this.request('POST booking', 'POST', '/api/public/bookings', {
      eventTypeId,
      start,
      timeZone: BUYER_ZONE,
      name: `Soak buyer ${n}`,
      email: `buyer${n}@soak.example`,
    })
  }

  /** The sales room as a buyer's page uses it: read, a visit recorded, the chat read, joined live, one message sent and heard. */
  async room(n: number) {
    await this.request('GET sales room', 'GET', `/api/public/salesrooms/${ROOM}`)
    await this.request('POST room visit', 'POST', `/api/public/salesrooms/${ROOM}/events`, { kind: 'visit' })
    await this.request('GET room messages', 'GET', `/api/public/salesrooms/${ROOM}/messages`)
    const socket = await this.timed('socket connect + join room', () => this.joinRoom())
    try {
      const body = `Soak message ${n}`
      const heard = this.heard(socket, body)
      // Awaited below; a POST that fails first must not leave its rejection unhandled.
      heard.catch(() => undefined)
      // Timed from the POST, as the buyer sees it: their message comes back on the socket.
      const sent = performance.now()
      await this.request('POST chat message', 'POST', `/api/public/salesrooms/${ROOM}/messages`, { body, name: `Soak buyer ${n}` })
      await heard
      this.record('chat message heard on the socket', sent)
    } finally {
      socket.disconnect()
    }
  }

  private joinRoom(): Promise<Socket> {
    const socket = connectClient(this.url, { transports: ['websocket'], reconnection: false, timeout: DEADLINE_MS })
    return new Promise((resolve, reject) => {
      // A socket that failed is closed too, or its engine would keep trying in the background.
      const fail = (what: string) => (error: Error) => {
        socket.disconnect()
        reject(new Error(`socket ${what}: ${error.message}`))
      }
      socket.once('connect_error', fail('connect'))
      socket.once('connect', () => {
        socket
          .timeout(DEADLINE_MS)
          .emitWithAck(SocketEvents.dealsJoinPublicRoom, { publicId: ROOM })
          .then(
            (ack: { ok: boolean; message?: string }) => (ack.ok ? resolve(socket) : fail('join')(new Error(`refused: ${ack.message}`))),
            fail('join'),
          )
      })
    })
  }

  private heard(socket: Socket, body: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`chat message '${body}' not heard in ${DEADLINE_MS} ms`)), DEADLINE_MS)
      socket.on(SocketEvents.dealsNewPublicMessage, (payload: { message?: { body?: string } }) => {
        if (payload.message?.body !== body) return
        clearTimeout(timer)
        resolve()
      })
    })
  }
}

/** Arrivals at the fixed rate for `seconds`; resolves once every one of them has finished. */
async function drive(load: Load, seconds: number, first: number) {
  const running = new Set<Promise<void>>()
  // Bookings go one after another, each from slots read after the last one: two at once could pick the same
  // time, and the 409 would be the benchmark's doing, not the server's.
  let bookings = Promise.resolve()
  const started = performance.now()
  const total = seconds * ARRIVALS_PER_SECOND
  for (let i = 0; i < total; i++) {
    const n = first + i
    const at = started + (i * 1000) / ARRIVALS_PER_SECOND
    await sleep(Math.max(0, at - performance.now()))
    const scenario = MIX[n % MIX.length]
    let work: Promise<unknown>
    if (scenario === 'book') {
      // Its own error is counted below; the next booking still runs.
      const book = () => load.book(n)
      bookings = bookings.then(book, book)
      work = bookings
    } else work = scenario === 'room' ? load.room(n) : load.page()
    const all = Promise.all([work, load.request('GET /api/health', 'GET', '/api/health')]).then(
      () => undefined,
      (error: unknown) => void load.errors.push(error instanceof Error ? error.message : String(error)),
    )
    running.add(all)
    void all.finally(() => running.delete(all))
  }
  await Promise.all(running)
  return first + total
}

/** Forces full collections in the server (bench/memory-probe.ts) and reads its memory. */
async function probe(server: ServerProcess): Promise<ProbeReading> {
  const before = server.output().length
  server.child.kill('SIGUSR2')
  for (let waited = 0; waited < DEADLINE_MS; waited += 50) {
    const line = server
      .output()
      .slice(before)
      .split('\n')
      .find((l) => l.startsWith(PROBE_PREFIX))
    if (line) return JSON.parse(line.slice(PROBE_PREFIX.length)) as ProbeReading
    await sleep(50)
  }
  throw new Error('the server did not answer the memory probe (started without --expose-gc?)')
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN

export async function soakBench(): Promise<Result[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'closeroom-bench-soak-'))
  const probeFile = fileURLToPath(new URL('./memory-probe.ts', import.meta.url))
  const server = await startServerProcess({
    ...SERVE_ENV,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // One machine plays every buyer from one address: the public pages' per-address limits would refuse it.
    RATE_LIMIT_MULTIPLIER: '1000',
    // BENCH_SERVER_FLAGS: more V8 flags to compare, e.g. --liftoff-only.
    NODE_OPTIONS: `${SERVE_NODE_OPTIONS} ${process.env.BENCH_SERVER_FLAGS ?? ''} --import ${probeFile}`,
  })
  try {
    console.log(
      `${BENCH}: ${ARRIVALS_PER_SECOND} buyers a second for ${SECONDS} s after ${WARM_UP_SECONDS} s of warm-up, PGlite, demo data`,
    )
    // As bench memory does: the start's own work (jobs starting, the full GC, WebAssembly compiled in the
    // background) finishes before buyers arrive.
    await sleep(SETTLE_MS)
    const load = new Load(server.url)
    // Warm up the same way (code compiled, caches filled, pools sized) before the first reading.
    const next = await drive(load, WARM_UP_SECONDS, 0)
    if (load.errors.length > 0) throw new Error(`soak warm-up: ${load.errors.length} errors, first: ${load.errors[0]}`)
    const start = await probe(server)
    load.recording = true
    await drive(load, SECONDS, next)
    load.recording = false
    const end = await probe(server)
    console.log(`soak: memory after a full GC, start ${JSON.stringify(start)}, end ${JSON.stringify(end)} (MB)`)
    if (load.errors.length > 0) {
      throw new Error(`soak: ${load.errors.length} errors in ${SECONDS} s, the first ones:\n${load.errors.slice(0, 5).join('\n')}`)
    }

    const health = [...(load.times.get('GET /api/health') ?? [])].sort((a, b) => a - b)
    const results: Result[] = []
    for (const [kind, times] of load.times) {
      if (kind === 'GET /api/health') continue
      const sorted = [...times].sort((a, b) => a - b)
      for (const p of [50, 99]) {
        results.push(
          result({
            bench: BENCH,
            metric: `${kind}, p${p} (${sorted.length})`,
            value: percentile(sorted, p),
            unit: 'ms',
            baseline: percentile(health, p),
          }),
        )
      }
    }
    results.push(
      result({
        bench: BENCH,
        metric: `server RSS after GC, end of ${SECONDS} s vs start`,
        value: end.rss,
        unit: 'MB',
        baseline: start.rss,
      }),
      result({
        bench: BENCH,
        metric: `server heap used after GC, end vs start`,
        value: end.heapUsed,
        unit: 'MB',
        baseline: start.heapUsed,
      }),
      result({ bench: BENCH, metric: `server external after GC, end vs start`, value: end.external, unit: 'MB', baseline: start.external }),
    )
    for (const [what, ratio] of [
      ['RSS', end.rss / start.rss],
      ['heap', end.heapUsed / start.heapUsed],
    ] as const) {
      if (ratio > 1.1) console.warn(`soak: ${what} grew by ${Math.round((ratio - 1) * 100)}% over ${SECONDS} s (the target is at most 10%)`)
    }
    if (end.rss > 400) console.warn(`soak: RSS at the end is ${end.rss} MB (the target is at most 400 MB)`)
    return results
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
