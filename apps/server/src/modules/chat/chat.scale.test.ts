import { ProductSocketEvents } from '@closeroom/shared'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { uniqueEmail } from '../../testing/factories.ts'
import { type ServerProcess, startServerProcess } from '../../testing/process.ts'
import { type Member, registerOn, sharedServices } from '../../testing/scale.ts'
import { connectSocket, nextEvent } from '../../testing/sockets.ts'

// Two server processes sharing PostgreSQL and Redis: a chat message sent through one reaches the participants
// connected to the other, and a read receipt travels back.

const servers: ServerProcess[] = []
const sockets: Socket[] = []
let services: Awaited<ReturnType<typeof sharedServices>> | undefined

async function send(server: ServerProcess, path: string, body: unknown, cookie?: string, status = 201) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  })
  if (res.status !== status) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`)
  return res
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
  services = await sharedServices('chat_scale')
  const shared = services
  const env = { DATABASE_URL: shared.databaseUrl, REDIS_URL: shared.redisUrl, SEED_DEMO: 'false', LOG_LEVEL: 'warn' }
  // The first process migrates; the second starts on a ready schema.
  a = await startServerProcess(env)
  servers.push(a)
  b = await startServerProcess(env)
  servers.push(b)

  owner = await registerOn(a, { email: uniqueEmail('owner'), name: 'Olivia Owner' })
  const invite = async (name: string) => {
    const email = uniqueEmail('member')
    await send(a, '/api/users', { email, role: 'member' }, owner.cookie)
    const invitation = (await shared.lastEmail(email)).match(/invitation=([\w-]+)/)?.[1]
    if (!invitation) throw new Error(`no invitation in the email to ${email}`)
    return registerOn(b, { email, name, invitation })
  }
  member = await invite('Maya Member')
  teammate = await invite('Tom Teammate')
})

afterAll(async () => {
  for (const socket of sockets) socket.disconnect()
  await Promise.all(servers.map((s) => s.stop()))
  await services?.drop()
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
