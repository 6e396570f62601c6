import { randomUUID } from 'node:crypto'
import { ErrorBody } from '@closeroom/shared'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../testing/app.ts'
import { buildMember, buildOwner, type Client } from '../testing/factories.ts'

// Every route the OpenAPI document lists, fed malformed input, signed out, as a member and as an owner:
// none may answer 500. New routes are covered as soon as they exist.

let app: TestApp
let owner: Client
let member: Client
beforeAll(async () => {
  app = await buildTestApp()
  owner = await buildOwner(app)
  member = await buildMember(app, owner)
})
afterAll(() => app.close())

const bodies: unknown[] = [
  undefined,
  {},
  [],
  'text',
  42,
  null,
  { email: 1, password: [], name: {} },
  { name: 'x'.repeat(10_000) },
  { memberIds: ['x'] },
  // Valid partial updates that set no column of their own.
  { memberIds: [] },
  { active: false },
  { role: 'god' },
]
const ids = ['not-a-uuid', randomUUID(), "1' or '1'='1", '%00']

// Thousands of requests, more with every route: minutes on PostgreSQL, so a timeout of its own.
it('never answers 500, whatever the input', async () => {
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> }
  const failures: string[] = []
  // Signing out ends the sessions the walk uses, so those routes go last; otherwise everything after them
  // would quietly run signed out.
  const endsSession = (path: string) => path === '/api/auth/logout' || path === '/api/auth/sessions'
  const paths = Object.entries(doc.paths).sort(([a], [b]) => Number(endsSession(a)) - Number(endsSession(b)))
  for (const [path, methods] of paths) {
    for (const method of Object.keys(methods)) {
      for (const id of path.includes('{') ? ids : ['']) {
        const url = path.replace(/\{[^}]+\}/g, encodeURIComponent(id))
        for (const cookie of ['', member.cookie, owner.cookie]) {
          for (const body of method === 'get' || method === 'delete' ? [undefined] : bodies) {
            const res = await app.inject({
              method: method.toUpperCase() as 'GET',
              url,
              headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
              payload: body === undefined ? undefined : JSON.stringify(body),
            })
            if (res.statusCode >= 500)
              failures.push(`${method.toUpperCase()} ${url} ${JSON.stringify(body)} → ${res.statusCode} ${res.body}`)
            else if (res.statusCode >= 400) expect(ErrorBody.parse(res.json())).toEqual(res.json())
          }
        }
      }
    }
  }
  expect(failures).toEqual([])
}, 300_000)
