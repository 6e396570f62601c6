import { SocketEvents } from '@closeroom/shared'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ROOM_SIGN_IN } from '../../realtime/threads.ts'
import { PASSWORD, sessionCookie, uniqueEmail } from '../../testing/factories.ts'
import { type ServerProcess, startServerProcess } from '../../testing/process.ts'
import { type Member, registerOn, sharedServices } from '../../testing/scale.ts'
import { connectSocket } from '../../testing/sockets.ts'

// Each process answers sessions from memory, so ending or changing one on process A must reach process B
// before B's next request: a signed-out laptop, a demoted admin or a changed password may not linger on B.

let services: Awaited<ReturnType<typeof sharedServices>>
let a: ServerProcess
let b: ServerProcess
let owner: Member
const sockets: Socket[] = []

async function call(server: ServerProcess, method: string, path: string, cookie: string, body?: unknown) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

async function me(server: ServerProcess, cookie: string) {
  const res = await call(server, 'GET', '/api/auth/me', cookie)
  return { status: res.status, user: res.status === 200 ? ((await res.json()) as { user: { role: string; name: string } }).user : null }
}

/** A new member of the owner's organization, invited through A and registered on B. */
async function newMember(name = 'Maya Member'): Promise<Member & { email: string }> {
  const email = uniqueEmail('member')
  expect((await call(a, 'POST', '/api/users', owner.cookie, { email, role: 'member' })).status).toBe(201)
  const invitation = (await services.lastEmail(email)).match(/invitation=([\w-]+)/)?.[1] ?? ''
  return { ...(await registerOn(b, { email, name, invitation })), email }
}

/** A second device of the same person: a new session through B's login. */
async function signInOn(server: ServerProcess, email: string) {
  const res = await call(server, 'POST', '/api/auth/login', '', { email, password: PASSWORD })
  expect(res.status).toBe(200)
  return sessionCookie(res.headers.getSetCookie())
}

beforeAll(async () => {
  services = await sharedServices('sessions_scale')
  const env = { DATABASE_URL: services.databaseUrl, REDIS_URL: services.redisUrl, SEED_DEMO: 'false', LOG_LEVEL: 'warn' }
  // The first process migrates; the second starts on a ready schema.
  a = await startServerProcess(env)
  b = await startServerProcess(env)
  owner = await registerOn(a, { email: uniqueEmail('owner'), name: 'Olivia Owner' })
})

afterAll(async () => {
  for (const socket of sockets) socket.disconnect()
  await Promise.all([a?.stop(), b?.stop()])
  await services?.drop()
})

it('answers 401 on B to the very next request after the user signs out on A', async () => {
  const member = await newMember()
  // B has answered for this session, so it holds it in memory.
  expect((await me(b, member.cookie)).status).toBe(200)
  expect((await call(a, 'DELETE', '/api/auth/logout', member.cookie)).status).toBe(200)
  expect((await me(b, member.cookie)).status).toBe(401)
})

it('shows a role change made on A on B at once, in what B answers and in what B allows', async () => {
  const member = await newMember()
  const invite = () => call(b, 'POST', '/api/users', member.cookie, { email: uniqueEmail('invitee'), role: 'member' })
  expect((await me(b, member.cookie)).user?.role).toBe('member')
  expect((await invite()).status).toBe(403)

  expect((await call(a, 'PATCH', `/api/users/${member.id}`, owner.cookie, { role: 'admin' })).status).toBe(200)
  expect((await me(b, member.cookie)).user?.role).toBe('admin')
  expect((await invite()).status).toBe(201)

  expect((await call(a, 'PATCH', `/api/users/${member.id}`, owner.cookie, { role: 'member' })).status).toBe(200)
  expect((await invite()).status).toBe(403)
})

it('ends every device on B when the user signs out everywhere on A', async () => {
  const member = await newMember()
  const phone = await signInOn(b, member.email)
  expect((await me(b, member.cookie)).status).toBe(200)
  expect((await me(b, phone)).status).toBe(200)
  expect((await call(a, 'DELETE', '/api/auth/sessions', phone)).status).toBe(200)
  expect((await me(b, member.cookie)).status).toBe(401)
  expect((await me(b, phone)).status).toBe(401)
})

it('signs the other devices out on B after a password change on A, and keeps the device that made it', async () => {
  const member = await newMember()
  const laptop = await signInOn(a, member.email)
  expect((await me(b, member.cookie)).status).toBe(200)
  expect((await me(b, laptop)).status).toBe(200)
  const changed = await call(a, 'POST', '/api/user/password', laptop, { oldPassword: PASSWORD, newPassword: 'another horse battery' })
  expect(changed.status).toBe(200)
  expect((await me(b, member.cookie)).status).toBe(401)
  expect((await me(b, laptop)).status).toBe(200)
  // B checks the old password against the new hash: a second change with the first password is refused.
  const again = await call(b, 'POST', '/api/user/password', laptop, { oldPassword: PASSWORD, newPassword: 'a third horse battery' })
  expect(again.status).toBe(400)
})

it('shows a name changed in the settings on A on B at once', async () => {
  const member = await newMember('Maya Member')
  expect((await me(b, member.cookie)).user?.name).toBe('Maya Member')
  expect((await call(a, 'POST', '/api/user/settings', member.cookie, { name: 'Maya Renamed' })).status).toBe(200)
  expect((await me(b, member.cookie)).user?.name).toBe('Maya Renamed')
})

it('turns a deactivated user away on B, for requests and for new sockets alike', async () => {
  const member = await newMember()
  const deal = (await (await call(a, 'POST', '/api/deals', owner.cookie, { name: 'Scale deal' })).json()) as { id: string }
  const join = async () => {
    const socket = await connectSocket(b.url, member.cookie)
    sockets.push(socket)
    return socket.timeout(5_000).emitWithAck(SocketEvents.dealsJoinRoom, { dealId: deal.id })
  }
  expect(await join()).toEqual({ ok: true })
  expect((await call(a, 'DELETE', `/api/users/${member.id}`, owner.cookie)).status).toBe(200)
  expect((await me(b, member.cookie)).status).toBe(401)
  expect(await join()).toEqual({ ok: false, message: ROOM_SIGN_IN })
})
