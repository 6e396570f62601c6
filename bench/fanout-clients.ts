import { isMainThread, parentPort, workerData } from 'node:worker_threads'
import { SocketEvents } from '@closeroom/shared'
import { io as connectClient, type Socket } from 'socket.io-client'

// The client side of bench/fanout.ts, in a worker thread of its own (and a module of its own, so the worker
// loads socket.io-client only, not the server): 1,000 sockets that join one room, then one message at a time
// on command, each delivery timed from just before the POST that sends it.

export const SOCKETS = 1_000
const CONNECT_BATCH = 100
export const DELIVERY_DEADLINE_MS = 15_000

export type Target = { url: string; postUrl: string; cookies: string[]; join: { event: string; payload: unknown } }
export type Command = { round: number } | { stop: true }
export type Answer = { ready: number } | { latencies: number[] } | { stopped: true } | { error: string }

async function connectAll(target: Target): Promise<Socket[]> {
  const sockets: Socket[] = []
  for (let i = 0; i < SOCKETS; i += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, SOCKETS - i) }, (_, j) => {
      const cookie = target.cookies[(i + j) % target.cookies.length] ?? ''
      const socket = connectClient(target.url, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false })
      sockets.push(socket)
      return new Promise<void>((resolve, reject) => {
        socket.once('connect', () => {
          socket
            .timeout(DELIVERY_DEADLINE_MS)
            .emitWithAck(target.join.event, target.join.payload)
            .then(
              (ack: { ok: boolean; message?: string }) => (ack.ok ? resolve() : reject(new Error(`join refused: ${ack.message}`))),
              reject,
            )
        })
        socket.once('connect_error', reject)
      })
    })
    await Promise.all(batch)
  }
  return sockets
}

/** One message: the time from just before its POST to its arrival at each socket. */
async function round(target: Target, sockets: Socket[], n: number): Promise<number[]> {
  const times: number[] = []
  const all = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`message ${n}: ${times.length} of ${SOCKETS} deliveries in ${DELIVERY_DEADLINE_MS} ms`)),
      DELIVERY_DEADLINE_MS,
    )
    for (const socket of sockets) {
      socket.once(SocketEvents.dealsNewMessage, () => {
        times.push(performance.now())
        if (times.length === SOCKETS) {
          clearTimeout(timer)
          resolve()
        }
      })
    }
  })
  const sent = performance.now()
  const res = await fetch(target.postUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: target.cookies[0] ?? '' },
    body: JSON.stringify({ body: `Fan-out message ${n}` }),
  })
  if (res.status !== 201) throw new Error(`POST ${target.postUrl}: ${res.status} ${await res.text()}`)
  await all
  return times.map((t) => t - sent)
}

if (!isMainThread && (workerData as { fanout?: Target } | null)?.fanout) {
  const target = (workerData as { fanout: Target }).fanout
  const port = parentPort
  const reply = (answer: Answer) => port?.postMessage(answer)
  const fail = (error: Error) => reply({ error: error.stack ?? error.message })
  const started = performance.now()
  connectAll(target).then((sockets) => {
    reply({ ready: performance.now() - started })
    port?.on('message', (command: Command) => {
      if ('stop' in command) {
        for (const socket of sockets) socket.disconnect()
        reply({ stopped: true })
      } else round(target, sockets, command.round).then((latencies) => reply({ latencies }), fail)
    })
  }, fail)
}
