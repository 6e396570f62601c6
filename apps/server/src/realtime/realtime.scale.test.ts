import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { ProductSocketEvents, SocketEvents } from '@closeroom/shared'
import pg from 'pg'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { PASSWORD, sessionCookie, uniqueEmail } from '../testing/factories.ts'
import { freePort } from '../testing/process.ts'
import { connectSocket, nextEvent } from '../testing/sockets.ts'

// Scale-out is configuration: two real server processes sharing Redis act as one, so a teammate connected
// to the other process still hears a user's events. A process without REDIS_URL hears only its own.

const databaseServerUrl = process.env.TEST_DATABASE_URL
const redisUrl = process.env.TEST_REDIS_URL
const mainPath = fileURLToPath(new URL('../main.ts', import.meta.url))
const databaseName = `closeroom_scale_${randomBytes(6).toString('hex')}`
const STARTUP_DEADLINE_MS = 45_000

type Server = { name: string; url: string; child: ChildProcess; output: () => string }
const servers: Server[] = []
const sockets: Socket[] = []
let databaseCreated = false

/** Runs queries on one connection to the given database: the server's own by default, or the test's. */
async function withClient<T>(run: (client: pg.Client) => Promise<T>, connectionString = databaseServerUrl): Promise<T> {
  const client = new pg.Client({ connectionString })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

function databaseUrl() {
  const url = new URL(databaseServerUrl ?? '')
  url.pathname = `/${databaseName}`
  return url.toString()
}

/** `node apps/server/src/main.ts` with only the settings given: nothing leaks in from the test's environment. */
async function startServer(name: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort()
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^(PORT|HOST|DATA_DIR|DATABASE_URL|REDIS_URL|SMTP_URL|MAIL_FROM|APP_URL|TRUSTED_ORIGINS|TRUST_PROXY)$/.test(key),
    ),
  )
  const child = spawn(process.execPath, [mainPath], {
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl(),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const server: Server = { name, url: `http://127.0.0.1:${port}`, child, output: () => output }
  servers.push(server)

  // The banner comes right after listen(): wait for it, or for the process to die, or for the deadline.
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => fail(`did not start within ${STARTUP_DEADLINE_MS} ms`), STARTUP_DEADLINE_MS)
    const onExit = (code: number | null) => fail(`exited with ${code} before listening`)
    function fail(why: string) {
      cleanup()
      reject(new Error(`server ${name} ${why}:\n${output}`))
    }
    function onData(chunk: Buffer) {
      output += chunk.toString()
      if (output.includes('Closeroom is running')) {
        cleanup()
        resolve()
      }
    }
    function cleanup() {
      clearTimeout(timer)
      child.off('exit', onExit)
      child.stdout?.off('data', onData)
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.once('exit', onExit)
  })

  // Listening already: the health check answers at once or the server is broken, so a few tries suffice.
  let health: Response | undefined
  for (let attempt = 0; attempt < 5 && health?.status !== 200; attempt++) {
    health = await fetch(`${server.url}/api/health`).catch(() => undefined)
  }
  if (health?.status !== 200) throw new Error(`server ${name} does not answer /api/health:\n${output}`)
  return server
}

async function stopServer(server: Server) {
  const { child } = server
  if (child.exitCode !== null || child.signalCode !== null) return
  await new Promise<void>((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000)
    child.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

async function post(server: Server, path: string, body: unknown, cookie?: string) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  })
  if (res.status !== 201) throw new Error(`POST ${path} on server ${server.name}: ${res.status} ${await res.text()}`)
  return res
}

type Member = { id: string; cookie: string }

async function register(server: Server, fields: { email: string; name: string; invitation?: string }): Promise<Member> {
  const res = await post(server, '/api/register', { ...fields, password: PASSWORD })
  const { user } = (await res.json()) as { user: { id: string } }
  return { id: user.id, cookie: sessionCookie(res.headers.getSetCookie()) }
}

async function connect(server: Server, member: Member): Promise<Socket> {
  const socket = await connectSocket(server.url, member.cookie)
  sockets.push(socket)
  return socket
}

let a: Server
let b: Server
let alone: Server
let owner: Member
let member: Member

beforeAll(async () => {
  if (!databaseServerUrl || !redisUrl) {
    throw new Error(
      'TEST_DATABASE_URL and TEST_REDIS_URL must be set: run this suite through `npm run test:postgres` after `source scripts/services.sh && start_services`',
    )
  }
  await withClient((c) => c.query(`create database ${databaseName}`))
  databaseCreated = true

  // The first process migrates the new database; the others then start on a schema that is ready.
  a = await startServer('A', { REDIS_URL: redisUrl })
  ;[b, alone] = await Promise.all([startServer('B', { REDIS_URL: redisUrl }), startServer('C (no Redis)', {})])

  owner = await register(a, { email: uniqueEmail('owner'), name: 'Olivia Owner' })
  const email = uniqueEmail('member')
  await post(a, '/api/users', { email, role: 'member' }, owner.cookie)
  const { rows } = await withClient(
    (c) => c.query<{ text: string }>('select text from outbox_emails where "to" = $1', [email]),
    databaseUrl(),
  )
  const invitation = rows[0]?.text.match(/invitation=([\w-]+)/)?.[1]
  if (!invitation) throw new Error(`no invitation link in the email to ${email}: ${JSON.stringify(rows)}`)
  member = await register(b, { email, name: 'Maya Member', invitation })
})

afterAll(async () => {
  for (const socket of sockets) socket.disconnect()
  await Promise.all(servers.map(stopServer))
  if (databaseCreated) await withClient((c) => c.query(`drop database if exists ${databaseName} with (force)`))
})

it('delivers a user-active event from a socket on one process to a teammate on another through Redis', async () => {
  const [onA, onB] = await Promise.all([connect(a, owner), connect(b, member)])
  const heard = nextEvent(onB, SocketEvents.userActive)
  onA.emit(SocketEvents.userActive)
  expect(await heard).toEqual({ userId: owner.id })
})

it('keeps the event on its own process when that process has no Redis', async () => {
  // On the process without Redis: the owner (who would hear their own event from A if it crossed) and
  // the member, whose marker event arrives there locally.
  const [onA, onB, ownerAlone, memberAlone] = await Promise.all([
    connect(a, owner),
    connect(b, member),
    connect(alone, owner),
    connect(alone, member),
  ])
  const ownerAloneHeard: unknown[] = []
  ownerAlone.on(SocketEvents.userActive, (payload) => ownerAloneHeard.push(payload))

  const crossed = nextEvent(onB, SocketEvents.userActive)
  onA.emit(SocketEvents.userActive)
  expect(await crossed).toEqual({ userId: owner.id })

  // The Redis fan-out reached B already, so anything bound for the lone process would be there by now;
  // the marker, sent after, is the first and only thing it delivers.
  const marker = nextEvent(ownerAlone, SocketEvents.userActive)
  memberAlone.emit(SocketEvents.userActive)
  expect(await marker).toEqual({ userId: member.id })
  expect(ownerAloneHeard).toEqual([{ userId: member.id }])
})

it('counts a user online across processes: one user-online for tabs on two processes, user-offline when the last closes', async () => {
  const watcher = await connect(b, member)
  const onlineOn = async (server: Server) => {
    const res = await fetch(`${server.url}/api/users/online`, { headers: { cookie: member.cookie } })
    return ((await res.json()) as { online: { userId: string }[] }).online.map((entry) => entry.userId)
  }
  // Earlier tests' sockets go. If the owner was online through them, their user-offline comes once the last
  // closes, after the presence store has dropped them: wait for the event itself, or it could arrive late,
  // in the middle of what this test counts.
  const heard: string[] = []
  watcher.on(SocketEvents.userOnline, ({ userId }: { userId: string }) => userId === owner.id && heard.push('online'))
  watcher.on(SocketEvents.userOffline, ({ userId }: { userId: string }) => userId === owner.id && heard.push('offline'))
  const ownerWasOnline = (await onlineOn(b)).includes(owner.id)
  for (const socket of sockets.splice(0)) if (socket !== watcher) socket.disconnect()
  sockets.push(watcher)
  if (ownerWasOnline) await expect.poll(() => heard).toEqual(['offline'])
  await expect.poll(() => onlineOn(b)).toEqual([member.id])
  heard.length = 0

  const cameOnline = nextEvent(watcher, SocketEvents.userOnline)
  const onA = await connect(a, owner)
  expect(await cameOnline).toEqual({ userId: owner.id })
  const onB = await connect(b, owner)
  // Both processes see the owner, wherever the request lands.
  expect((await onlineOn(a)).sort()).toEqual([owner.id, member.id].sort())
  expect((await onlineOn(b)).sort()).toEqual([owner.id, member.id].sort())

  onA.disconnect()
  // Still online through the tab on B.
  await expect.poll(() => onlineOn(a)).toContain(owner.id)
  const wentOffline = nextEvent(watcher, SocketEvents.userOffline)
  onB.disconnect()
  expect(await wentOffline).toEqual({ userId: owner.id })
  expect(await onlineOn(a)).toEqual([member.id])
  expect(heard).toEqual(['online', 'offline'])
})

it('holds one meeting across processes: a participant on B sees the one on A, and signals cross between them', async () => {
  const deal = (await (await post(a, '/api/deals', { name: 'Scale call' }, owner.cookie)).json()) as { id: string }
  // The deal's meeting answers 200 (the same room on every call), so not through post(), which expects 201.
  const opened = await fetch(`${a.url}/api/deals/${deal.id}/meeting`, { method: 'POST', headers: { cookie: owner.cookie } })
  expect(opened.status).toBe(200)
  const link = (await opened.json()) as { publicId: string }
  const [onA, onB] = await Promise.all([connect(a, owner), connect(b, member)])
  type Ack = { ok: boolean; self: { id: string; name: string }; participants: { id: string; name: string }[] }
  const first = (await onA.emitWithAck(SocketEvents.meetingJoin, { meetingId: link.publicId })) as Ack
  expect(first.ok).toBe(true)

  const arrived = nextEvent<{ participant: { name: string } }>(onA, SocketEvents.meetingNewParticipant)
  const second = (await onB.emitWithAck(SocketEvents.meetingJoin, { meetingId: link.publicId })) as Ack
  // B's process lists who is in the call on A's, and A hears of the newcomer through Redis.
  expect(second.participants.map((p) => p.name)).toEqual(['Olivia Owner'])
  expect((await arrived).participant.name).toBe('Maya Member')

  const signal = nextEvent<{ from: string; candidate: { candidate: string } }>(onB, ProductSocketEvents.meetingSignal)
  onA.emit(ProductSocketEvents.meetingSignal, { to: second.self.id, candidate: { candidate: 'candidate:scale', sdpMid: '0' } })
  expect(await signal).toMatchObject({ from: first.self.id, candidate: { candidate: 'candidate:scale' } })
})
