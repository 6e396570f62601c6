import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest'
import { buildEventType } from '../apps/server/src/testing/booking.ts'
import { buildProduct } from '../apps/server/src/testing/deals.ts'
import { buildMember, buildOwner, type Client, request } from '../apps/server/src/testing/factories.ts'
import { violations } from './axe.ts'
import { signIn } from './flows.ts'
import { CONTEXT_DEFAULTS, type Harness, startHarness } from './harness.ts'

// The organization's landing page: the owner builds it in the editor (words, products, booking links, in
// order), publishes it, and a visitor opens /l/:id signed out and follows a product and a booking link.

let harness: Harness
let owner: Client
let roomId: string
let handle: string

beforeAll(async () => {
  harness = await startHarness()
  const app = harness.server.app
  owner = await buildOwner(app, { name: 'Olivia Owner' })
  await request(app, owner, 'PATCH', '/api/organization', { name: 'Acme Sales' })
  const platform = await buildProduct(app, owner, { name: 'Platform', price: 120_000, currency: 'EUR', description: 'Per seat' })
  await buildProduct(app, owner, { name: 'Onboarding', price: 250_000, currency: 'EUR' })
  const room = await app.inject({
    method: 'PUT',
    url: `/api/products/${platform.id}/room`,
    headers: { cookie: owner.cookie },
    payload: { published: true, eventTypeId: null },
  })
  expect(room.statusCode, room.body).toBe(200)
  roomId = room.json().roomId
  await buildEventType(app, owner, { title: 'Intro call' })
  handle = (await request(app, owner, 'GET', '/api/booking-profile')).json().handle
})
afterAll(() => harness?.close())

/** A signed-out visitor: a browser context of its own, no cookies, in `mode`. */
async function visitor(mode: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await harness.browser.newContext({ ...CONTEXT_DEFAULTS, baseURL: harness.server.url })
  await context.addCookies([{ name: 'themeMode', value: mode, domain: new URL(harness.server.url).hostname, path: '/' }])
  onTestFinished(() => context.close())
  return context.newPage()
}

/** Picks an option of one of the editor's pickers by typing part of its name. */
async function pick(page: Page, picker: string, option: string) {
  await page.getByRole('combobox', { name: picker }).fill(option.slice(0, 4))
  await page.getByRole('option', { name: new RegExp(`^${option}`) }).click()
}

it('the owner builds and publishes a page; a visitor opens it, follows a product and a booking link; a draft is gone', async () => {
  const editor = await harness.newPage()
  await signIn(editor, owner.user.email, 'Olivia Owner')
  await editor.getByRole('link', { name: 'Landing pages' }).click()
  await editor.getByText('No landing pages yet').waitFor()
  await editor.getByRole('link', { name: 'New page' }).click()
  await editor.getByRole('heading', { level: 1, name: 'New landing page' }).waitFor()

  // Saving without a title says so under the field.
  await editor.getByRole('button', { name: 'Create page' }).click()
  await editor.getByText('Title is required').waitFor()

  await editor.getByLabel('Title').fill('Acme for sales teams')
  await editor.getByLabel('Headline').fill('Close deals in one room')
  await editor.getByLabel('Introduction').fill('Everything your buyers need.\nIn one place.')
  await pick(editor, 'Add a product', 'Onboarding')
  await pick(editor, 'Add a product', 'Platform')
  // Platform first: the order is the visitor's.
  await editor.getByRole('button', { name: 'Move Platform up' }).click()
  await pick(editor, 'Add a person or team', 'Olivia Owner')
  await editor.getByLabel('Published').check()
  await editor.getByRole('button', { name: 'Create page' }).click()
  await editor.getByText('Landing page saved').waitFor()
  await editor.waitForURL(/\/landing-pages\/[0-9a-f-]{36}$/)
  const url = await editor.getByTestId('landing-url').inputValue()
  expect(url).toMatch(/\/l\/[A-Za-z0-9_-]{22}$/)
  // The toast fades in (its colours mid-animation are not the toast's): check the page once it is gone.
  await editor.getByText('Landing page saved').waitFor({ state: 'detached' })
  expect(await violations(editor), 'editor').toEqual([])

  // A visitor, signed out, sees the page in the order chosen.
  const page = await visitor()
  await page.goto(url)
  await page.getByRole('heading', { level: 1, name: 'Close deals in one room' }).waitFor()
  await expect.poll(() => page.title()).toBe('Acme for sales teams · Acme Sales')
  expect(await page.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Platform', 'Onboarding', 'Olivia Owner'])
  await page.getByText('€1,200.00').waitFor()
  await page.getByText('€2,500.00').waitFor()
  await page.getByText('Intro call').waitFor()
  // Only the product with a published room links to it.
  expect(await page.getByRole('link', { name: /^See product/ }).count()).toBe(1)
  expect(await violations(page), 'light').toEqual([])

  await page.getByRole('link', { name: 'See product: Platform' }).click()
  await page.waitForURL(`**/p/${roomId}`)
  await page.getByRole('heading', { level: 1, name: 'Platform' }).waitFor()
  await page.goBack()
  await page.getByRole('link', { name: 'Book a meeting: Olivia Owner' }).click()
  await page.waitForURL(`**/u/${handle}`)
  await page.getByRole('heading', { level: 1, name: 'Olivia Owner' }).waitFor()
  await page.getByRole('link', { name: /Intro call/ }).waitFor()

  // Dark mode reads as well.
  const dark = await visitor('dark')
  await dark.goto(url)
  await dark.getByRole('heading', { level: 1, name: 'Close deals in one room' }).waitFor()
  expect(await violations(dark), 'dark').toEqual([])

  // Back to a draft: the link answers "not found".
  await editor.getByLabel('Published').uncheck()
  await editor.getByRole('button', { name: 'Save' }).click()
  await editor.getByText('This page is a draft').waitFor()
  await dark.reload()
  await dark.getByRole('heading', { name: /not found/i }).waitFor()
})

it('shows a member the landing pages without the button to make one, and the editor only says who may', async () => {
  const member = await buildMember(harness.server.app, owner, { name: 'Mo Member' })
  const page = await harness.newPage()
  await signIn(page, member.user.email, 'Mo Member')
  await page.goto('/landing-pages')
  await page.getByRole('heading', { name: 'Landing pages' }).waitFor()
  expect(await page.getByRole('link', { name: 'New page' }).count()).toBe(0)
  await page.goto('/landing-pages/new')
  await page.getByText('Only owners and admins can edit landing pages.').waitFor()
})

it('a <script> in the page text shows as text', async () => {
  const app = harness.server.app
  const payload = '<script>window.__pwned = true</script>'
  const created = await request(app, owner, 'POST', '/api/landing-pages', {
    title: 'X',
    headline: payload,
    intro: payload,
    published: true,
  })
  expect(created.statusCode).toBe(201)
  const page = await visitor()
  await page.goto(`/l/${created.json().publicId}`)
  await page.getByRole('heading', { level: 1, name: payload }).waitFor()
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined()
})
