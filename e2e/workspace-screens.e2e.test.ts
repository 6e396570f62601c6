import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildDeal } from '../apps/server/src/testing/deals.ts'
import { buildMember, buildOwner, type Client, PASSWORD, request } from '../apps/server/src/testing/factories.ts'
import { form, pdfOfPages } from '../apps/server/src/testing/files.ts'
import { LANGUAGES, type Language } from '../packages/shared/src/constants.ts'
import { violations } from './axe.ts'
import { CONTEXT_DEFAULTS, type Harness, startHarness } from './harness.ts'
import { goInApp, loadApp, walkable } from './in-app.ts'

// The seller's workspace (issue 19: chat, mail, files, posts) with something in it, in the five languages and
// in light and dark: an open conversation, a group, a deal's thread, everyone's mail, the library with files,
// document views with a buyer's reading, the posts, a post and its editor. The languages walk
// (e2e/languages.e2e.test.ts) reads these areas' empty screens; this file reads them full, which is where most
// of their words are. No line may stay in English (but the data, the same in every language) and no raw key
// show; axe finds nothing serious or critical.

let harness: Harness
let owner: Client
let screens: string[] = []

/** What the test wrote: the same in every language. */
const data = [
  /Wanda Walker/,
  /Lee Later/,
  /@example\.com/,
  /^Closeroom$/,
  /^(English|Français|Tiếng Việt|中文|العربية)$/,
  /Acme rollout/,
  /^Deal team$/,
  /^Proposal(\.pdf)?$/,
  /^Archive$/,
  /Can you send the proposal today\?/,
  /^Sent it this morning\.$/,
  /^Kick-off at ten\.$/,
  /Procurement wants two quarters\./,
  /^How Northwind closed in three weeks$/,
  /Northwind closed three weeks early\./,
  /^Acme landing$/,
  /\/l\/[\w-]+\/posts\//,
  /^PDF$/,
  /^(H2|H3)$/,
  /·/,
]
/** Words French shares with English, as in e2e/languages.e2e.test.ts. */
const cognates: Partial<Record<Language, RegExp>> = { fr: /^(Clients|Pipeline|Message|Actions)$/ }

beforeAll(async () => {
  harness = await startHarness()
  const app = harness.server.app
  owner = await buildOwner(app, { name: 'Wanda Walker' })
  const lee = await buildMember(app, owner, { name: 'Lee Later' })
  const call = async (who: Client, method: 'POST' | 'PUT', url: string, payload: object | FormData, status: number) => {
    const answer = await request(app, who, method, url, payload as object)
    if (answer.statusCode !== status) throw new Error(`${method} ${url}: ${answer.statusCode} ${answer.body}`)
    return answer.json()
  }

  // Chat: a direct conversation with an answer, a named group, a deal's thread.
  const direct = await call(owner, 'POST', '/api/chat/conversations', { participantIds: [lee.user.id] }, 201)
  await call(owner, 'POST', `/api/chat/conversations/${direct.id}/messages`, { body: 'Can you send the proposal today?' }, 201)
  await call(lee, 'POST', `/api/chat/conversations/${direct.id}/messages`, { body: 'Sent it this morning.' }, 201)
  const group = await call(owner, 'POST', '/api/chat/conversations', { participantIds: [lee.user.id], name: 'Deal team' }, 201)
  await call(lee, 'POST', `/api/chat/conversations/${group.id}/messages`, { body: 'Kick-off at ten.' }, 201)
  const deal = await buildDeal(app, owner, { name: 'Acme rollout' })
  await call(lee, 'POST', `/api/deals/${deal.id}/messages`, { body: 'Procurement wants two quarters.' }, 201)

  // Files: a folder and a PDF in the library, shown in a room where a buyer read it.
  await call(owner, 'POST', '/api/library/folders', { name: 'Archive' }, 201)
  const file = await call(owner, 'POST', '/api/library/files', form({ name: 'Proposal.pdf', bytes: await pdfOfPages(2) }), 201)
  const room = await call(owner, 'PUT', `/api/deals/${deal.id}/salesroom`, { title: 'Acme rollout', published: true }, 200)
  const document = await call(owner, 'POST', `/api/deals/${deal.id}/salesroom/documents/library`, { fileId: file.id }, 201)
  const pub = `/api/public/salesrooms/${room.publicId}`
  const visit = (await app.inject({ method: 'POST', url: `${pub}/events`, payload: { kind: 'visit' } })).json().visitId
  await app.inject({ method: 'GET', url: `${pub}/documents/${document.id}?visit=${visit}` })
  await app.inject({
    method: 'POST',
    url: `${pub}/documents/${document.id}/pages`,
    payload: { visitId: visit, pages: [{ page: 1, ms: 4000 }] },
  })

  // Posts: a published one, shown on a landing page.
  await call(owner, 'POST', '/api/landing-pages', { title: 'Acme landing', published: true }, 201)
  const post = await call(
    owner,
    'POST',
    '/api/posts',
    { title: 'How Northwind closed in three weeks', body: '<p>Northwind closed three weeks early.</p>', status: 'published' },
    201,
  )

  screens = [
    '/chat',
    `/chat/${direct.id}`,
    `/chat/${group.id}`,
    `/chat/deal/${deal.id}`,
    '/mail/all',
    '/files-manager',
    '/file',
    '/blog/posts',
    `/blog/post/${post.id}`,
    `/blog/post/${post.id}/edit`,
  ]
})
afterAll(() => harness?.close())

async function linesOf(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText)
  return [...new Set(text.split('\n').map((line) => line.trim()))].filter((line) => /\p{L}{2,}/u.test(line))
}

/** A signed-in page in `language` and `mode`, walkable from screen to screen inside the app. */
async function signedIn(language: Language, mode: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await harness.browser.newContext({ ...CONTEXT_DEFAULTS, baseURL: harness.server.url })
  await context.addCookies([
    { name: 'themeMode', value: mode, url: harness.server.url },
    { name: 'language', value: language, url: harness.server.url },
  ])
  const page = await context.newPage()
  await walkable(page)
  await page.goto('/login')
  await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language)
  const signedIn = await page.request.post('/api/auth/login', { data: { email: owner.user.email, password: PASSWORD } })
  expect(signedIn.status()).toBe(200)
  await loadApp(page, '/')
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(language)
  return page
}

async function walk(page: Page, each: (screen: string) => Promise<void>) {
  for (const screen of screens) {
    await goInApp(page, screen)
    expect(new URL(page.url()).pathname).toBe(screen)
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await each(screen)
  }
}

it('shows the workspace’s screens, full, in every language: no line left in English, no raw key', async () => {
  const english = new Map<string, Set<string>>()
  const enPage = await signedIn('en')
  await walk(enPage, async (screen) => void english.set(screen, new Set(await linesOf(enPage))))
  await enPage.context().close()
  // The screens show what the test wrote (the walk reads them full, not empty).
  expect([...(english.get(screens[1] ?? '') ?? [])]).toContain('Sent it this morning.')
  expect([...(english.get('/file') ?? [])].some((line) => /Proposal/.test(line))).toBe(true)

  const problems: string[] = []
  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    const page = await signedIn(language)
    await walk(page, async (screen) => {
      for (const line of await linesOf(page)) {
        if (data.some((pattern) => pattern.test(line)) || cognates[language]?.test(line)) continue
        if (/^[a-z]+(\.[\w-]+)+$/i.test(line)) problems.push(`${language} ${screen}: raw key "${line}"`)
        else if (english.get(screen)?.has(line)) {
          problems.push(`${language} ${screen}: still English "${line}"`)
        }
      }
    })
    await page.context().close()
  }
  expect(problems).toEqual([])
})

for (const mode of ['light', 'dark'] as const) {
  it(`has no serious or critical accessibility problem on the workspace’s screens, full, ${mode} mode`, async () => {
    const page = await signedIn('en', mode)
    const problems: string[] = []
    await walk(page, async (screen) => {
      problems.push(...(await violations(page)).map((v) => `${screen}: ${v}`))
    })
    expect(problems).toEqual([])
  })
}
