import { createServer } from 'node:http'
import { ProductSocketEvents, SocketEvents } from '@closeroom/shared'
import { Server } from 'socket.io'
import { type Answer, type Command, SOCKETS, type Target } from './presence-clients.ts'
import { type Result, result } from './report.ts'
import { clientWorker, signUpTeam, startBenchApp } from './server.ts'

// Presence and signalling with 2,000 sockets connected to one process. Presence: a user who had no socket
// opens one (user-online to the organization: all 2,000 sockets and a watcher) and closes it (user-offline),
// timed at the watcher. Signalling: one caller of a meeting sends the other an ICE candidate (meeting-signal),
// timed until it arrives. Baseline: a bare socket.io server measured in the same run, with no session, no
// database and no Redis: it counts a user's sockets in a Map, announces the first and the last to one room,
// and relays a signal to the socket it names.

const BENCH = 'presence'
const REGULAR_USERS = 20
const CHURN_USERS = 20
const WARM_UP = 5
const ROUNDS = 60
const SIGNALS = 200

type Served = { target: Target; close: () => Promise<void> }

/** 2,000 clients of one server in a worker thread, driven one round at a time. */
async function clients(target: Target) {
  const worker = await clientWorker<Command, Answer>(new URL('./presence-clients.ts', import.meta.url), { presence: target })
  return {
    connectMs: worker.connectMs,
    round: async (n: number) => (await worker.ask({ round: n })) as { online: number; offline: number },
    signal: async (n: number) => ((await worker.ask({ signal: n })) as { signal: number }).signal,
    stop: worker.stop,
  }
}

/** Who a bare socket is: its cookie is `u=<user id>`. */
async function bareSocketIo(): Promise<Served> {
  const http = createServer()
  const io = new Server(http, { serveClient: false })
  const open = new Map<string, number>()
  io.on('connection', (socket) => {
    const userId = /u=([\w-]+)/.exec(socket.handshake.headers.cookie ?? '')?.[1] ?? socket.id
    void socket.join('org')
    open.set(userId, (open.get(userId) ?? 0) + 1)
    if (open.get(userId) === 1) io.to('org').emit(SocketEvents.userOnline, { userId })
    socket.on('disconnect', () => {
      const left = (open.get(userId) ?? 1) - 1
      open.set(userId, left)
      if (left === 0) io.to('org').emit(SocketEvents.userOffline, { userId })
    })
    socket.on(ProductSocketEvents.meetingSignal, ({ to, ...rest }: { to: string }) =>
      socket.to(to).emit(ProductSocketEvents.meetingSignal, { from: socket.id, ...rest }),
    )
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const address = http.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  const id = (n: number) => `user-${n}`
  return {
    target: {
      url: `http://127.0.0.1:${address.port}`,
      cookies: Array.from({ length: REGULAR_USERS + 1 }, (_, n) => `u=${id(n)}`),
      churn: Array.from({ length: CHURN_USERS }, (_, n) => ({ userId: id(1000 + n), cookie: `u=${id(1000 + n)}` })),
    },
    close: () => io.close(),
  }
}

async function closeroom(): Promise<Served> {
  const { app, database, close } = await startBenchApp()
  try {
    const team = await signUpTeam(app, database, 1 + REGULAR_USERS + CHURN_USERS, 'presence.example')
    const owner = team[0]?.cookie ?? ''
    const deal = await app.inject({ method: 'POST', url: '/api/deals', headers: { cookie: owner }, payload: { name: 'Bench call' } })
    const meeting = await app.inject({ method: 'POST', url: `/api/deals/${deal.json().id}/meeting`, headers: { cookie: owner } })
    if (meeting.statusCode >= 400) throw new Error(`meeting failed: ${meeting.statusCode} ${meeting.body}`)
    const meetingId = new URL(String(meeting.json().url)).pathname.split('/').at(-1) ?? ''
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    if (!address || typeof address === 'string') throw new Error('no port')
    return {
      target: {
        url: `http://127.0.0.1:${address.port}`,
        cookies: team.slice(0, REGULAR_USERS + 1).map((member) => member.cookie),
        churn: team.slice(REGULAR_USERS + 1),
        meetingId,
      },
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

export async function presenceBench(): Promise<Result[]> {
  console.log(
    `${BENCH}: ${SOCKETS} sockets of ${REGULAR_USERS} users connected, ${ROUNDS} online/offline rounds and ${SIGNALS} signals after ${WARM_UP} each, PGlite`,
  )
  const servers = [await bareSocketIo()]
  try {
    servers.push(await closeroom())
    const [bare, real] = servers.map((s) => s.target) as [Target, Target]
    const bareClients = await clients(bare)
    const realClients = await clients(real).catch(async (error) => {
      await bareClients.stop()
      throw error
    })
    const times = {
      bare: { online: [] as number[], offline: [] as number[], signal: [] as number[] },
      real: { online: [] as number[], offline: [] as number[], signal: [] as number[] },
    }
    try {
      // Alternating, so both see the same machine.
      for (let n = 0; n < WARM_UP + ROUNDS; n++) {
        const b = await bareClients.round(n)
        const r = await realClients.round(n)
        if (n < WARM_UP) continue
        times.bare.online.push(b.online)
        times.bare.offline.push(b.offline)
        times.real.online.push(r.online)
        times.real.offline.push(r.offline)
      }
      for (let n = 0; n < WARM_UP + SIGNALS; n++) {
        const b = await bareClients.signal(n)
        const r = await realClients.signal(n)
        if (n < WARM_UP) continue
        times.bare.signal.push(b)
        times.real.signal.push(r)
      }
    } finally {
      await Promise.all([bareClients.stop(), realClients.stop()])
    }
    // The 2,000 sockets and the two callers.
    const connectRate = (ms: number) => (SOCKETS + 2) / (ms / 1000)
    const results = [
      // A rate: the ratio is the share of the bare server's, so higher is better.
      result({
        bench: BENCH,
        metric: `sockets connected per second (${SOCKETS}, session + presence)`,
        value: connectRate(realClients.connectMs),
        unit: '/s',
        baseline: connectRate(bareClients.connectMs),
      }),
    ]
    const metrics = { online: 'user-online to the watcher', offline: 'user-offline to the watcher', signal: 'meeting-signal to the callee' }
    for (const event of ['online', 'offline', 'signal'] as const) {
      const [b, r] = [times.bare[event].toSorted((x, y) => x - y), times.real[event].toSorted((x, y) => x - y)]
      for (const p of [50, 99])
        results.push(
          // A latency: the ratio is how many times the bare server's, so lower is better.
          result({ bench: BENCH, metric: `${metrics[event]}, p${p}`, value: percentile(r, p), unit: 'ms', baseline: percentile(b, p) }),
        )
    }
    const perSecond = (list: number[]) => 1000 / (list.reduce((sum, ms) => sum + ms, 0) / list.length)
    results.push(
      // One signal at a time: the round trips a second that makes; a rate, so higher is better.
      result({
        bench: BENCH,
        metric: 'meeting-signal deliveries per second, one at a time',
        value: perSecond(times.real.signal),
        unit: '/s',
        baseline: perSecond(times.bare.signal),
      }),
    )
    return results
  } finally {
    for (const server of servers) await server.close()
  }
}
