import { createServer } from 'node:http'
import { SocketEvents } from '@closeroom/shared'
import { Server } from 'socket.io'
import { type Answer, type Command, SOCKETS, type Target } from './fanout-clients.ts'
import { type Result, result } from './report.ts'
import { clientWorker, signUpTeam, startBenchApp } from './server.ts'

// A deal message fanned out to 1,000 sockets in the deal's room. The clients run in a worker thread, so
// the server keeps the main thread; the worker times each delivery from just before the POST that sends the
// message. Baseline: a bare socket.io server whose POST handler broadcasts the same payload to a room of
// 1,000 sockets, measured in the same run. Loopback only; every wait is bounded.

const BENCH = 'fanout'
const USERS = 4
const WARM_UP = 3
const MESSAGES = 20

type Served = { target: Target; close: () => Promise<void> }

/** 1,000 clients of one server in a worker thread, driven one message at a time. */
async function clients(target: Target) {
  const worker = await clientWorker<Command, Answer>(new URL('./fanout-clients.ts', import.meta.url), { fanout: target })
  return {
    connectMs: worker.connectMs,
    round: async (n: number) => ((await worker.ask({ round: n })) as { latencies: number[] }).latencies,
    stop: worker.stop,
  }
}

// ---------- the servers ----------

async function bareSocketIo(): Promise<Served> {
  const room = 'deal:bench'
  const message = {
    id: crypto.randomUUID(),
    author: { id: crypto.randomUUID(), name: 'Bench Owner', avatarUrl: null },
    createdAt: new Date().toISOString(),
    editedAt: null,
  }
  const http = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString()
    })
    req.on('end', () => {
      const { body } = JSON.parse(raw) as { body: string }
      io.to(room).emit(SocketEvents.dealsNewMessage, { dealId: 'bench', message: { ...message, body } })
      res.writeHead(201, { 'content-type': 'application/json' }).end('{}')
    })
  })
  const io = new Server(http, { serveClient: false })
  io.on('connection', (socket) => {
    socket.on(SocketEvents.dealsJoinRoom, async (_payload: unknown, ack: (answer: { ok: true }) => void) => {
      await socket.join(room)
      ack({ ok: true })
    })
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const address = http.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  const url = `http://127.0.0.1:${address.port}`
  return {
    target: { url, postUrl: `${url}/`, cookies: [''], join: { event: SocketEvents.dealsJoinRoom, payload: {} } },
    close: () => io.close(),
  }
}

async function closeroom(): Promise<Served> {
  const { app, database, close } = await startBenchApp()
  try {
    // A few teammates share the 1,000 connections, as a team's open tabs would.
    const cookies = (await signUpTeam(app, database, USERS, 'fanout.example')).map((member) => member.cookie)
    const deal = await app.inject({ method: 'POST', url: '/api/deals', headers: { cookie: cookies[0] }, payload: { name: 'Fan-out deal' } })
    if (deal.statusCode !== 201) throw new Error(`deal failed: ${deal.statusCode} ${deal.body}`)
    const dealId = (deal.json() as { id: string }).id

    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    if (!address || typeof address === 'string') throw new Error('no port')
    const url = `http://127.0.0.1:${address.port}`
    return {
      target: {
        url,
        postUrl: `${url}/api/deals/${dealId}/messages`,
        cookies,
        join: { event: SocketEvents.dealsJoinRoom, payload: { dealId } },
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

export async function fanoutBench(): Promise<Result[]> {
  console.log(`${BENCH}: ${SOCKETS} sockets in one deal room (${USERS} users), ${MESSAGES} messages after ${WARM_UP} warm-up, PGlite`)
  const servers = [await bareSocketIo()]
  try {
    servers.push(await closeroom())
    const [bare, real] = servers.map((s) => s.target) as [Target, Target]
    const bareClients = await clients(bare)
    const realClients = await clients(real).catch(async (error) => {
      await bareClients.stop()
      throw error
    })
    const latencies = { bare: [] as number[], real: [] as number[] }
    try {
      // Alternating messages, so both see the same machine: a shared 2-core box swings by whole factors.
      for (let n = 0; n < WARM_UP + MESSAGES; n++) {
        const [b, r] = n % 2 === 0 ? [await bareClients.round(n), await realClients.round(n)] : [[], []]
        const [r2, b2] = n % 2 === 1 ? [await realClients.round(n), await bareClients.round(n)] : [[], []]
        if (n < WARM_UP) continue
        latencies.bare.push(...b, ...b2)
        latencies.real.push(...r, ...r2)
      }
    } finally {
      await Promise.all([bareClients.stop(), realClients.stop()])
    }
    console.log(
      `${BENCH}: connecting and joining ${SOCKETS} sockets took ${Math.round(realClients.connectMs)} ms (bare: ${Math.round(bareClients.connectMs)} ms)`,
    )
    const [b, r] = [latencies.bare.toSorted((x, y) => x - y), latencies.real.toSorted((x, y) => x - y)]
    return [50, 99].map((p) =>
      // A latency: the ratio is how many times the bare broadcast's, so lower is better.
      result({
        bench: BENCH,
        metric: `deals-new-message to ${SOCKETS} sockets, p${p}`,
        value: percentile(r, p),
        unit: 'ms',
        baseline: percentile(b, p),
      }),
    )
  } finally {
    for (const server of servers) await server.close()
  }
}
