import { afterAll, beforeAll, expect, it } from 'vitest'
import { uniqueEmail } from '../../testing/factories.ts'
import { type ServerProcess, startServerProcess } from '../../testing/process.ts'
import { type Member, registerOn, sharedServices } from '../../testing/scale.ts'

// Each process answers API keys from memory, like sessions: a key revoked on process A, or the key of a member
// deactivated there, must stop working on process B before B's next request.

let services: Awaited<ReturnType<typeof sharedServices>>
let a: ServerProcess
let b: ServerProcess
let owner: Member

async function call(server: ServerProcess, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

async function newKey(member: Member) {
  const res = await call(a, 'POST', '/api/auth/api-keys', { cookie: member.cookie }, { name: 'Sync', expiresInDays: 30, scope: 'read' })
  expect(res.status).toBe(201)
  return (await res.json()) as { key: { id: string }; secret: string }
}

const meWith = async (server: ServerProcess, secret: string) =>
  (await call(server, 'GET', '/api/auth/me', { authorization: `Bearer ${secret}` })).status

beforeAll(async () => {
  services = await sharedServices('api_keys_scale')
  const env = { DATABASE_URL: services.databaseUrl, REDIS_URL: services.redisUrl, SEED_DEMO: 'false', LOG_LEVEL: 'warn' }
  a = await startServerProcess(env)
  b = await startServerProcess(env)
  owner = await registerOn(a, { email: uniqueEmail('owner'), name: 'Olivia Owner' })
})

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
  await services?.drop()
})

it('stops a key on every process as soon as it is revoked on one', async () => {
  const { key, secret } = await newKey(owner)
  expect(await meWith(b, secret)).toBe(200)
  expect((await call(a, 'DELETE', `/api/auth/api-keys/${key.id}`, { cookie: owner.cookie })).status).toBe(200)
  expect(await meWith(b, secret)).toBe(401)
  expect(await meWith(a, secret)).toBe(401)
})

it("stops a member's keys on every process as soon as the member is deactivated", async () => {
  const email = uniqueEmail('member')
  expect((await call(a, 'POST', '/api/users', { cookie: owner.cookie }, { email, role: 'member' })).status).toBe(201)
  const invitation = (await services.lastEmail(email)).match(/invitation=([\w-]+)/)?.[1] ?? ''
  const member = await registerOn(b, { email, name: 'Maya Member', invitation })
  const { secret } = await newKey(member)
  expect(await meWith(b, secret)).toBe(200)
  expect((await call(a, 'DELETE', `/api/users/${member.id}`, { cookie: owner.cookie })).status).toBe(200)
  expect(await meWith(b, secret)).toBe(401)
})
