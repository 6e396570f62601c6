import { randomUUID } from 'node:crypto'
import type { ErrorCode, User } from '@closeroom/shared'
import type { TestApp } from './app.ts'

let counter = 0

export function uniqueEmail(prefix = 'user') {
  counter += 1
  return `${prefix}-${counter}-${randomUUID().slice(0, 8)}@example.com`
}

export const PASSWORD = 'correct horse battery'

/** The answer to a request refused for one of its inputs: "email: Must be…" names the field `email`. */
export function invalidField(message: string, code: ErrorCode = 'invalid') {
  return { message, code, field: message.slice(0, message.indexOf(': ')) }
}

/** A signed-in client: the user and the cookie header that carries their session. */
export type Client = { user: User; cookie: string }

export function sessionCookie(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie.join('; ') : (setCookie ?? '')
  const match = header.match(/closeroom_session=([^;]+)/)
  if (!match) throw new Error('no session cookie was set')
  return `closeroom_session=${match[1]}`
}

/** Registers a new owner of a new organization. */
export async function buildOwner(app: TestApp, fields: { email?: string; name?: string } = {}): Promise<Client> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { email: fields.email ?? uniqueEmail('owner'), password: PASSWORD, name: fields.name ?? 'Olivia Owner' },
  })
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`)
  return { user: res.json().user, cookie: sessionCookie(res.headers['set-cookie']) }
}

/** Invites a user into the owner's organization and accepts the invitation, as the emailed link would. */
export async function buildMember(app: TestApp, owner: Client, fields: { role?: 'admin' | 'member'; name?: string } = {}): Promise<Client> {
  const email = uniqueEmail(fields.role ?? 'member')
  const invited = await app.inject({
    method: 'POST',
    url: '/api/users',
    headers: { cookie: owner.cookie },
    payload: { email, role: fields.role ?? 'member' },
  })
  if (invited.statusCode !== 201) throw new Error(`invite failed: ${invited.statusCode} ${invited.body}`)
  const [mail] = await app.outbox(email)
  const invitation = mail?.text.match(/invitation=([\w-]+)/)?.[1]
  if (!invitation) throw new Error('no invitation link in the email')
  const res = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { email, password: PASSWORD, name: fields.name ?? 'Maya Member', invitation },
  })
  if (res.statusCode !== 201) throw new Error(`accepting the invitation failed: ${res.statusCode} ${res.body}`)
  return { user: res.json().user, cookie: sessionCookie(res.headers['set-cookie']) }
}

/** An API call as a signed-in client (or signed out with null). */
export function request(
  app: TestApp,
  client: Client | null,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return app.inject({ method, url, headers: client ? { cookie: client.cookie } : {}, payload })
}
