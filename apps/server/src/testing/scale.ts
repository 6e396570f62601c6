import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { PASSWORD, sessionCookie } from './factories.ts'
import type { ServerProcess } from './process.ts'

/**
 * A throwaway database on the PostgreSQL server of TEST_DATABASE_URL that several server processes share, and
 * the TEST_REDIS_URL they share it with: what the scale suites start their processes on.
 */
export async function sharedServices(prefix: string) {
  const serverUrl = process.env.TEST_DATABASE_URL
  const redisUrl = process.env.TEST_REDIS_URL
  if (!serverUrl || !redisUrl) {
    throw new Error(
      'TEST_DATABASE_URL and TEST_REDIS_URL must be set: run `npm run test:postgres` after `source scripts/services.sh && start_services`',
    )
  }
  const name = `closeroom_${prefix}_${randomBytes(6).toString('hex')}`
  await query(serverUrl, `create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const databaseUrl = url.toString()
  return {
    databaseUrl,
    redisUrl,
    /** The text of the newest email sent to an address, as the outbox keeps it. */
    async lastEmail(to: string) {
      const rows = await query<{ text: string }>(databaseUrl, 'select text from outbox_emails where "to" = $1 order by created_at desc', [
        to,
      ])
      return rows[0]?.text ?? ''
    },
    drop: () => query(serverUrl, `drop database if exists ${name} with (force)`),
  }
}

async function query<Row extends pg.QueryResultRow>(connectionString: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString })
  await client.connect()
  try {
    return (await client.query<Row>(text, values)).rows
  } finally {
    await client.end()
  }
}

export type Member = { id: string; cookie: string }

/** Registers through a server's API, as an owner or with an invitation, and returns the session's cookie. */
export async function registerOn(server: ServerProcess, fields: { email: string; name: string; invitation?: string }): Promise<Member> {
  const res = await fetch(`${server.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...fields, password: PASSWORD }),
  })
  if (res.status !== 201) throw new Error(`register on ${server.url}: ${res.status} ${await res.text()}`)
  const { user } = (await res.json()) as { user: { id: string } }
  return { id: user.id, cookie: sessionCookie(res.headers.getSetCookie()) }
}
