import { readFileSync } from 'node:fs'
import { Worker } from 'node:worker_threads'
import { eq } from 'drizzle-orm'
import { type App, buildApp } from '../apps/server/src/app.ts'
import { loadConfig } from '../apps/server/src/config.ts'
import { type Database, openDatabase } from '../apps/server/src/db/client.ts'
import { outboxEmails } from '../apps/server/src/db/schema/index.ts'

/**
 * How `npm run serve` (package.json) starts the server, read from the script itself so the two cannot drift:
 * the environment before `node` (glibc's malloc settings) and the V8 flags after it. Benchmarks of the real
 * process start it the same way.
 */
const serveScript: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts.serve
const [serveEnvText = '', serveNodeText = ''] = serveScript.split(/\bnode\b/)
export const SERVE_ENV: Record<string, string> = Object.fromEntries(
  serveEnvText
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((assignment) => assignment.split('=') as [string, string]),
)
export const SERVE_NODE_OPTIONS = serveNodeText
  .trim()
  .split(/\s+/)
  .filter((word) => word.startsWith('--'))
  .join(' ')

/** The real server on an in-memory PGlite, quiet, with rate limits no benchmark reaches. */
export async function startBenchApp(): Promise<{ app: App; database: Database; close(): Promise<void> }> {
  const database = await openDatabase({ dataDir: 'memory://' })
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', SEED_DEMO: 'false' })
  const generous = { max: 100_000, windowMs: 60_000 }
  const app = await buildApp({
    config,
    database,
    logger: false,
    limits: { perIp: generous, perEmail: generous, publicReads: generous, publicWrites: generous },
  }).catch(async (error) => {
    await database.close()
    throw error
  })
  return {
    app,
    database,
    async close() {
      await app.close()
      await database.close()
    },
  }
}

export type Member = { userId: string; cookie: string }

const cookieOf = (setCookie: unknown) => String(setCookie ?? '').match(/closeroom_session=[^;]+/)?.[0] ?? ''

/**
 * One organization of `size` people signed in through the real API: the owner registers, invites the others
 * by email, and each joins through the invitation link in the outbox, as a team would.
 */
export async function signUpTeam(app: App, database: Database, size: number, domain: string): Promise<Member[]> {
  const password = 'correct horse battery'
  const join = async (payload: Record<string, string | undefined>): Promise<Member> => {
    const res = await app.inject({ method: 'POST', url: '/api/register', payload: { password, ...payload } })
    const member = { userId: String(res.json().user?.id ?? ''), cookie: cookieOf(res.headers['set-cookie']) }
    if (!member.userId || !member.cookie) throw new Error(`a bench user could not sign up: ${res.statusCode} ${res.body}`)
    return member
  }
  const owner = await join({ email: `owner@${domain}`, name: 'Bench Owner' })
  const team = [owner]
  for (let i = 1; i < size; i++) {
    const email = `member${i}@${domain}`
    await app.inject({ method: 'POST', url: '/api/users', headers: { cookie: owner.cookie }, payload: { email, role: 'member' } })
    const [mail] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.to, email))
    team.push(await join({ email, name: `Member ${i}`, invitation: mail?.text.match(/invitation=([\w-]+)/)?.[1] }))
  }
  return team
}

/**
 * A worker thread of socket.io clients (so the server under test keeps the main thread), driven by one command
 * at a time: its first answer says how long connecting took; an answer with `error` rejects.
 */
export async function clientWorker<Command extends object, Answer extends object>(file: URL, workerData: unknown) {
  const worker = new Worker(file, { workerData })
  let pending: { resolve: (answer: Answer) => void; reject: (error: Error) => void } | undefined
  worker.on('message', (answer: Answer | { error: string }) =>
    'error' in answer ? pending?.reject(new Error(answer.error)) : pending?.resolve(answer),
  )
  worker.on('error', (error: Error) => pending?.reject(error))
  const next = () =>
    new Promise<Answer>((resolve, reject) => {
      pending = { resolve, reject }
    })
  const ready = (await next()) as Answer & { ready: number }
  return {
    connectMs: ready.ready,
    async ask(command: Command): Promise<Answer> {
      worker.postMessage(command)
      return next()
    },
    async stop() {
      worker.postMessage({ stop: true })
      await next().catch(() => undefined)
      await worker.terminate()
    },
  }
}
