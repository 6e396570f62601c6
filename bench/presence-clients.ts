import { isMainThread, parentPort, workerData } from 'node:worker_threads'
import { ProductSocketEvents, SocketEvents } from '@closeroom/shared'
import { io as connectClient, type Socket } from 'socket.io-client'

// The client side of bench/presence.ts, in a worker thread of its own (it loads socket.io-client only): 2,000
// sockets of the organization's regular users stay connected and a watcher listens. On command, a user who
// had no socket opens one and closes it (each presence event timed at the watcher), or one caller sends
// the other a WebRTC signal through the server (timed until it arrives).

export const SOCKETS = 2_000
const CONNECT_BATCH = 100
const DEADLINE_MS = 15_000

/**
 * `cookies[0]` is the watcher's (and the first caller's), `cookies[1]` the second caller's; the regular users
 * share the 2,000 sockets; `churn` users come and go. Callers join `meetingId` first when there is one, and
 * address each other by the participant id it gives, or else by socket id.
 */
export type Target = { url: string; cookies: string[]; churn: { userId: string; cookie: string }[]; meetingId?: string }
export type Command = { round: number } | { signal: number } | { stop: true }
export type Answer = { ready: number } | { online: number; offline: number } | { signal: number } | { stopped: true } | { error: string }

function open(url: string, cookie: string): Promise<Socket> {
  const socket = connectClient(url, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false })
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket))
    socket.once('connect_error', reject)
  })
}

async function connectAll(target: Target): Promise<Socket[]> {
  const sockets: Socket[] = []
  const regular = target.cookies.slice(1)
  for (let i = 0; i < SOCKETS; i += CONNECT_BATCH) {
    const size = Math.min(CONNECT_BATCH, SOCKETS - i)
    sockets.push(...(await Promise.all(Array.from({ length: size }, (_, j) => open(target.url, regular[(i + j) % regular.length] ?? '')))))
  }
  return sockets
}

/** The watcher's next `event` about `userId`, as a time. */
function heard(watcher: Socket, event: string, userId: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${event} for ${userId} not heard in ${DEADLINE_MS} ms`)), DEADLINE_MS)
    const listener = (payload: { userId?: string }) => {
      if (payload?.userId !== userId) return
      clearTimeout(timer)
      watcher.off(event, listener)
      resolve(performance.now())
    }
    watcher.on(event, listener)
  })
}

type Caller = { socket: Socket; id: string }

async function caller(target: Target, cookie: string): Promise<Caller> {
  const socket = await open(target.url, cookie)
  if (!target.meetingId) return { socket, id: socket.id ?? '' }
  const ack = (await socket
    .timeout(DEADLINE_MS)
    .emitWithAck(SocketEvents.meetingJoin, { meetingId: target.meetingId, name: 'Bench caller' })) as {
    ok: boolean
    self?: { id: string }
    message?: string
  }
  if (!ack.ok || !ack.self) throw new Error(`meeting-join refused: ${ack.message}`)
  return { socket, id: ack.self.id }
}

/** One ICE candidate from one caller to the other, through the server. */
function signal(from: Caller, to: Caller, n: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`signal ${n} not delivered in ${DEADLINE_MS} ms`)), DEADLINE_MS)
    const listener = (payload: { candidate?: { candidate?: string } }) => {
      if (payload?.candidate?.candidate !== `candidate:${n}`) return
      clearTimeout(timer)
      to.socket.off(ProductSocketEvents.meetingSignal, listener)
      resolve(performance.now() - sent)
    }
    to.socket.on(ProductSocketEvents.meetingSignal, listener)
    const sent = performance.now()
    from.socket.emit(ProductSocketEvents.meetingSignal, { to: to.id, candidate: { candidate: `candidate:${n}`, sdpMid: '0' } })
  })
}

/** One user comes online (first socket) and goes offline (last socket): both latencies at the watcher. */
async function round(target: Target, watcher: Socket, n: number) {
  const user = target.churn[n % target.churn.length]
  if (!user) throw new Error('no churn user')
  const online = heard(watcher, SocketEvents.userOnline, user.userId)
  const opened = performance.now()
  const socket = await open(target.url, user.cookie)
  const onlineAt = await online
  const offline = heard(watcher, SocketEvents.userOffline, user.userId)
  const closed = performance.now()
  socket.disconnect()
  const offlineAt = await offline
  return { online: onlineAt - opened, offline: offlineAt - closed }
}

if (!isMainThread && (workerData as { presence?: Target } | null)?.presence) {
  const target = (workerData as { presence: Target }).presence
  const port = parentPort
  const reply = (answer: Answer) => port?.postMessage(answer)
  const fail = (error: Error) => reply({ error: error.stack ?? error.message })
  const started = performance.now()
  Promise.all([connectAll(target), caller(target, target.cookies[0] ?? ''), caller(target, target.cookies[1] ?? '')]).then(
    ([sockets, first, second]) => {
      reply({ ready: performance.now() - started })
      port?.on('message', (command: Command) => {
        if ('stop' in command) {
          for (const socket of [first.socket, second.socket, ...sockets]) socket.disconnect()
          reply({ stopped: true })
        } else if ('signal' in command) signal(first, second, command.signal).then((ms) => reply({ signal: ms }), fail)
        else round(target, first.socket, command.round).then(reply, fail)
      })
    },
    fail,
  )
}
