import { randomBytes } from 'node:crypto'
import { ProductSocketEvents } from '@closeroom/shared'
import pg from 'pg'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { PASSWORD, sessionCookie, uniqueEmail } from '../../testing/factories.ts'
import { type ServerProcess, startServerProcess } from '../../testing/process.ts'
import { connectSocket, nextEvent } from '../../testing/sockets.ts'

// Two server processes sharing PostgreSQL and Redis: a chat message sent through one reaches the participants
// connected to the other, and a read receipt travels back.

const databaseServerUrl = process.env.TEST_DATABASE_URL
const redisUrl = process.env.TEST_REDIS_URL
const databaseName = `closeroom_chat_scale_${randomBytes(6).toString('hex')}`
const servers: ServerProcess[] = []
const sockets: Socket[] = []
let databaseCreated = false

async function withClient<T>(connectionString: string | undefined, run: (client: pg.Client) => Promise<T>): Promise<T> {
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

async function send(server: ServerProcess, path: string, body: unknown, cookie?: string, status = 201) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  })
  if (res.status !== status) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`)
  return res
}

type Member = { id: string; cookie: string }
async function register(server: ServerProcess, fields: { email: string; name: string; invitation?: string }): Promise<Member> {
  const res = await send(server, '/api/register', { ...fields, password: PASSWORD })
  const { user } = (await res.json()) as { user: { id: string } }
  return { id: user.id, cookie: sessionCookie(res.headers.getSetCookie()) }
}

async function connect(server: ServerProcess, member: Member) {
  const socket = await connectSocket(server.url, member.cookie)
  sockets.push(socket)
  return socket
}

let a: ServerProcess
let b: ServerProcess
let owner: Member
let member: Member
let teammate: Member

beforeAll(async () => {
  if (!databaseServerUrl || !redisUrl) {
    throw new Error(
      'TEST_DATABASE_URL and TEST_REDIS_URL must be set: run `npm run test:postgres` after `source scripts/services.sh && start_services`',
    )
  }
  await withClient(databaseServerUrl, (c) => c.query(`create database ${databaseName}`))
  databaseCreated = true
  const env = { DATABASE_URL: databaseUrl(), REDIS_URL: redisUrl, SEED_DEMO: 'false', LOG_LEVEL: 'warn' }
  // The first process migrates; the second starts on a ready schema.
  a = await startServerProcess(env)
  servers.push(a)
  b = await startServerProcess(env)
  servers.push(b)

  owner = await register(a, { email: uniqueEmail('owner'), name: 'Olivia Owner' })
  const invite = async (name: string) => {
    const email = uniqueEmail('member')
    await send(a, '/api/users', { email, role: 'member' }, owner.cookie)
    const { rows } = await withClient(databaseUrl(), (c) =>
      c.query<{ text: string }>('select text from outbox_emails where "to" = $1', [email]),
    )
    const invitation = rows[0]?.text.match(/invitation=([\w-]+)/)?.[1]
    if (!invitation) throw new Error(`no invitation in the email to ${email}`)
    return register(b, { email, name, invitation })
  }
  member = await invite('Maya Member')
  teammate = await invite('Tom Teammate')
})

afterAll(async () => {
  for (const socket of sockets) socket.disconnect()
  await Promise.all(servers.map((s) => s.stop()))
  if (databaseCreated) await withClient(databaseServerUrl, (c) => c.query(`drop database if exists ${databaseName} with (force)`))
})

it('delivers a chat message sent on one process to the participants connected to another, and not to others', async () => {
  const group = (await (await send(a, '/api/chat/conversations', { participantIds: [member.id] }, owner.cookie)).json()) as { id: string }
  const [memberOnB, teammateOnB] = await Promise.all([connect(b, member), connect(b, teammate)])
  const overheard: unknown[] = []
  teammateOnB.on(ProductSocketEvents.chatMessage, (payload: unknown) => overheard.push(payload))

  const received = nextEvent(memberOnB, ProductSocketEvents.chatMessage)
  const message = await (await send(a, `/api/chat/conversations/${group.id}/messages`, { body: 'Across processes' }, owner.cookie)).json()
  expect(await received).toEqual({ message })

  // The read receipt goes back the other way, to the sender connected to A.
  const ownerOnA = await connect(a, owner)
  const receipt = nextEvent(ownerOnA, ProductSocketEvents.chatRead)
  const read = await send(b, `/api/chat/conversations/${group.id}/read`, {}, member.cookie, 200)
  expect(await receipt).toEqual({
    conversationId: group.id,
    userId: member.id,
    lastReadAt: ((await read.json()) as { lastReadAt: string }).lastReadAt,
  })
  // By now the teammate, on the same process as the member, would have heard the message if it were sent to them.
  expect(overheard).toEqual([])
})
