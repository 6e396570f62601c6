import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { DEMO_OWNER_EMAIL, DEMO_PASSWORD } from './modules/demo/seed.ts'
import { freePort, startServerProcess, stopServerProcesses } from './testing/process.ts'

// The quick start as a user runs it: `node apps/server/src/main.ts` on embedded PGlite under DATA_DIR.

const dataDir = mkdtempSync(join(tmpdir(), 'closeroom-data-'))
const scratch = mkdtempSync(join(tmpdir(), 'closeroom-pdf-'))
afterAll(async () => {
  await stopServerProcesses()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(scratch, { recursive: true, force: true })
})

/** Debian's poppler-utils on the bytes, as any PDF reader would see them: pdfinfo's page count, pdftotext's text. */
function readPdf(bytes: ArrayBuffer) {
  const file = join(scratch, 'read.pdf')
  writeFileSync(file, new Uint8Array(bytes))
  const pages = Number(/^Pages:\s+(\d+)$/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1])
  return { pages, text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }) }
}

const login = (url: string) =>
  fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_OWNER_EMAIL, password: DEMO_PASSWORD }),
  })

const port = await freePort()
let cookie = ''

// A cold start creating and migrating a database on disk, and a tour of the demo: slow on a busy machine.
it('starts on PORT with data under DATA_DIR and seeds the demo', async () => {
  const first = await startServerProcess({ PORT: String(port), DATA_DIR: dataDir })
  expect(first.url).toBe(`http://127.0.0.1:${port}`)
  expect(first.output()).toContain(`Sign in at http://localhost:${port}/login as ${DEMO_OWNER_EMAIL} with the password ${DEMO_PASSWORD}`)
  expect(readdirSync(dataDir)).toContain('pglite')

  expect(await (await fetch(`${first.url}/api/health`)).json()).toEqual({ status: 'ok' })
  const signedIn = await login(first.url)
  expect(signedIn.status).toBe(200)
  cookie = signedIn.headers.get('set-cookie')?.split(';')[0] ?? ''
  const users = (await (await fetch(`${first.url}/api/users`, { headers: { cookie } })).json()) as { users: { role: string }[] }
  expect(users.users.map((u) => u.role).sort()).toEqual(['member', 'member', 'owner'])
  const teams = (await (await fetch(`${first.url}/api/teams`, { headers: { cookie } })).json()) as { teams: unknown[] }
  expect(teams.teams).toHaveLength(1)
  // A newcomer can book the demo seller and the demo team at once, Monday to Friday.
  type Page = { eventTypes: { id: string; title: string; kind: string }[] }
  const seller = (await (await fetch(`${first.url}/api/public/users/demo`)).json()) as Page
  expect(seller.eventTypes.map((e) => e.title)).toEqual(['Intro call', 'Product demo'])
  const team = (await (await fetch(`${first.url}/api/public/users/enterprise`)).json()) as Page
  expect(team.eventTypes.map((e) => [e.title, e.kind])).toEqual([['Talk to sales', 'round_robin']])
  const from = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)
  const to = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10)
  const slots = (await (
    await fetch(`${first.url}/api/public/event-types/${team.eventTypes[0]?.id}/slots?from=${from}&to=${to}&timeZone=UTC`)
  ).json()) as {
    slots: Record<string, string[]>
  }
  expect(Object.keys(slots.slots).length).toBeGreaterThanOrEqual(5)
  // The library: pricing and a security overview in folders, each PDF with its real page count.
  const get = async <T>(path: string) => {
    const res = await fetch(`${first.url}/api${path}`, { headers: { cookie } })
    expect(res.status, path).toBe(200)
    return (await res.json()) as T
  }
  type Listing = {
    folders: { id: string; name: string }[]
    files: { name: string; pages: number | null; url: string; usages: { kind: string }[] }[]
  }
  const top = await get<Listing>('/library')
  expect(top.folders.map((f) => f.name)).toEqual(['Sales collateral', 'Security and compliance'])
  const library = (await Promise.all(top.folders.map((f) => get<Listing>(`/library?folderId=${f.id}`)))).flatMap((l) => l.files)
  expect(library.map((f) => [f.name, f.pages, f.usages.map((u) => u.kind)])).toEqual([
    ['Closeroom – pricing 2027.pdf', 2, ['salesroom']],
    ['Security overview.pdf', 1, []],
  ])
  for (const file of library) {
    const bytes = await (await fetch(`${first.url}${file.url}`, { headers: { cookie } })).arrayBuffer()
    expect(readPdf(bytes).pages, file.name).toBe(file.pages)
  }
  // /file: the Northwind buyers' past reading of the shared pricing.
  const views = await get<{ totals: { documents: number; opens: number; visitors: number; ms: number } }>('/salesrooms/document-views')
  expect(views.totals).toMatchObject({ documents: 1, opens: 3, visitors: 2 })
  expect(views.totals.ms).toBeGreaterThan(60_000)

  // And the demo deal's published sales room, where the buyer reads the pricing shared from the library.
  const room = (await (await fetch(`${first.url}/api/public/salesrooms/demo`)).json()) as {
    title: string
    welcome: string
    lines: unknown[]
    steps: unknown[]
    documents: { id: string; title: string; contentType: string }[]
  }
  expect(room.title).toBe('Northwind × Acme Sales')
  expect(room.documents.map((d) => [d.title, d.contentType])).toEqual([['Closeroom – pricing 2027', 'application/pdf']])
  expect(room.welcome).toMatch(/documents/)
  const opened = await fetch(`${first.url}/api/public/salesrooms/demo/documents/${room.documents[0]?.id}`)
  expect(opened.headers.get('content-type')).toBe('application/pdf')
  const { text } = readPdf(await opened.arrayBuffer())
  expect(text).toContain('Closeroom pricing 2027')
  expect(text).toContain('Volume, pilots and terms')
  expect(room.lines.length).toBeGreaterThan(0)
  expect(room.steps).toHaveLength(4)
  await first.stop()
}, 150_000)

// The second start, on the first one's data.
it('seeds the demo once and keeps data across restarts', async () => {
  expect(cookie).not.toBe('')
  const second = await startServerProcess({ PORT: String(port), DATA_DIR: dataDir })
  expect(second.output()).not.toContain('Demo organization created')
  // The session and its signing key live in the database: a restart does not sign anyone out.
  const me = await fetch(`${second.url}/api/auth/me`, { headers: { cookie } })
  expect(me.status).toBe(200)
  expect(((await me.json()) as { user: { email: string } }).user.email).toBe(DEMO_OWNER_EMAIL)
}, 90_000)
