import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildMember, buildOwner, type Client, PASSWORD, request } from '../apps/server/src/testing/factories.ts'
import { LANGUAGES, type Language } from '../packages/shared/src/constants.ts'
import { CONTEXT_DEFAULTS, type Harness, startHarness } from './harness.ts'
import { goInApp, loadApp, walkable } from './in-app.ts'

// The product's own screens are translated in all five languages: walking the main screens in each one
// finds no raw translation key and no line left in English. The walk goes from screen to screen inside the app
// (its router, as its links do), signed in once per language, and reads each screen once it has settled
// (e2e/in-app.ts): a page load per screen cost five minutes a run.

let harness: Harness
let owner: Client
beforeAll(async () => {
  harness = await startHarness()
  owner = await buildOwner(harness.server.app, { name: 'Wanda Walker' })
  await buildMember(harness.server.app, owner, { name: 'Lee Later' })
  // Deals in every kind of stage, so the dashboards walk their charts, tables and legends, not their empty states.
  const { stages } = (await request(harness.server.app, owner, 'GET', '/api/pipeline-stages')).json() as {
    stages: { id: string; kind: string }[]
  }
  for (const [i, stage] of stages.entries()) {
    const created = await request(harness.server.app, owner, 'POST', '/api/deals', {
      name: `Walk ${i + 1}`,
      stageId: stage.id,
      amount: 125_000 * (i + 1),
      currency: 'EUR',
      expectedCloseDate: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
    })
    if (created.statusCode !== 201) throw new Error(`deal: ${created.statusCode} ${created.body}`)
  }
})
afterAll(() => harness?.close())

const signedOutScreens = [
  '/login',
  '/register',
  '/forgot-password',
  '/signup',
  '/auth/verify',
  '/somewhere-else',
  '/u/nobody',
  '/pricing',
  '/payment',
  '/about-us',
  '/contact-us',
  '/faqs',
  '/coming-soon',
  '/maintenance',
]
const signedInScreens = [
  '/',
  '/users',
  '/users/new',
  '/teams',
  '/teams/new',
  '/deals',
  '/kanban',
  '/clients',
  '/products',
  '/landing-pages',
  '/recordings',
  '/agreements',
  '/invoice',
  '/invoice/new',
  '/analytics',
  '/booking',
  '/ecommerce',
  '/banking',
  '/calendar',
  '/chat',
  '/chat/new',
  '/mail',
  '/files-manager',
  '/file',
  '/blog/posts',
  '/blog/new',
  '/settings/general',
  '/settings/connected-apps',
  '/settings/change-password',
  '/settings/notifications',
  '/settings/api-keys',
  '/admin-settings/account',
  '/admin-settings/deal',
  '/admin-settings/crm-integrations',
  '/403',
]

// (/components is left out: the gallery shows design tokens and sample people by their names, the same in
// every language; its own labels are translated like every other screen's.)
// Lines that are the same in every language: people's and places' names, the brand, language names.
const sameEverywhere = [
  /^FAQ$/,
  /Wanda Walker/,
  /Lee Later/,
  /@example\.com/,
  /^Closeroom$/,
  /^(English|Français|Tiếng Việt|中文|العربية)$/,
  /^UTC$/,
  // ISO currency codes (the reporting currency and its rates on /admin-settings/deal).
  /^[A-Z]{3}$/,
  /·/,
  // The organization's pipeline stages are its own data, named when it was made (here, in English).
  /^(Lead|Qualified|Proposal|Negotiation|Won|Lost)$/,
  // The deals made above, and amounts (digits, currency signs and separators differ, letters only in codes).
  /^Walk \d$/,
]
// Words a language shares with English (the FAQ's count, "13 questions", too).
const cognates: Partial<Record<Language, RegExp>> = {
  fr: /^(Notifications|Pipeline|Webhooks|Clients|Total|Contact|CONTACT|Message|Support|Open source|Notes|Description|Port|\d+ questions?)$/,
  vi: /^Email$/,
}

/** Each visible line of text on the page, as the reader sees it. */
async function linesOf(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText)
  return [...new Set(text.split('\n').map((line) => line.trim()))].filter((line) => /\p{L}{2,}/u.test(line))
}

/**
 * Each screen's lines in `language`, opened one after the other inside the app. The page already shows the app
 * (walkable, see e2e/in-app.ts); the language is set here and the page loaded once in it.
 */
async function walk(page: Page, language: Language, screens: string[]): Promise<Map<string, string[]>> {
  const seen = new Map<string, string[]>()
  await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language)
  await loadApp(page)
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(language)
  for (const screen of screens) {
    await goInApp(page, screen)
    expect(new URL(page.url()).pathname).toBe(screen)
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    seen.set(screen, await linesOf(page))
  }
  return seen
}

function untranslated(language: Language, english: Map<string, string[]>, translated: Map<string, string[]>): string[] {
  const problems: string[] = []
  for (const [screen, lines] of translated) {
    const englishLines = new Set(english.get(screen))
    for (const line of lines) {
      if (/^[a-z]+(\.[\w-]+)+$/i.test(line)) problems.push(`${screen}: raw key "${line}"`)
      else if (englishLines.has(line) && !sameEverywhere.some((p) => p.test(line)) && !cognates[language]?.test(line)) {
        problems.push(`${screen}: still English "${line}"`)
      }
    }
  }
  return problems
}

const others = LANGUAGES.filter((language) => language !== 'en')

async function signIn(page: Page): Promise<Page> {
  await page.goto('/login')
  await page.getByLabel('Email address').fill(owner.user.email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('heading', { name: 'Welcome, Wanda Walker' }).waitFor()
  return page
}

/** A page that walks (e2e/in-app.ts), showing the sign-in screen. */
async function walker(page: Page): Promise<Page> {
  await walkable(page)
  await loadApp(page, '/login')
  return page
}

// The English walk happens once; each language then gets a test (and a time budget) of its own.
let english: { signedOut: Map<string, string[]>; signedIn: Map<string, string[]> }
beforeAll(async () => {
  const context = await harness.browser.newContext({ ...CONTEXT_DEFAULTS, baseURL: harness.server.url })
  const page = await walker(await context.newPage())
  english = { signedOut: await walk(page, 'en', signedOutScreens), signedIn: new Map() }
  english.signedIn = await walk(await signIn(page), 'en', signedInScreens)
  await context.close()
}, 120_000)

it.each(others)('translates every signed-out screen in %s', async (language) => {
  const page = await walker(await harness.newPage())
  expect(untranslated(language, english.signedOut, await walk(page, language, signedOutScreens))).toEqual([])
})

// Some forty screens: twenty seconds on a machine busy with other tests, more under heavier load.
it.each(others)(
  'translates every signed-in screen in %s',
  async (language) => {
    const page = await signIn(await walker(await harness.newPage()))
    expect(untranslated(language, english.signedIn, await walk(page, language, signedInScreens))).toEqual([])
  },
  120_000,
)
