import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildEventType, nextMonday } from '../apps/server/src/testing/booking.ts'
import { buildProduct } from '../apps/server/src/testing/deals.ts'
import { buildMember, buildOwner, type Client, request } from '../apps/server/src/testing/factories.ts'
import { buildForm, rule } from '../apps/server/src/testing/routing.ts'
import { violations } from './axe.ts'
import { revealPart, signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

// A buyer answers a routing form signed out, on its own page /f/{slug} and on the organization's landing page,
// and goes straight where the answers lead: the booking page with the answers filled in, or the form's message.

let harness: Harness
let owner: Client
let form: { id: string; slug: string }
let eventType: { id: string; slug: string }
let handle: string
const monday = nextMonday(3)

const THANKS = 'Thanks! Our partner team will write to you within a day.'

beforeAll(async () => {
  harness = await startHarness()
  const app = harness.server.app
  owner = await buildOwner(app, { name: 'Olivia Owner' })
  await request(app, owner, 'PATCH', '/api/organization', { name: 'Acme Sales' })
  handle = (await request(app, owner, 'GET', '/api/booking-profile')).json().handle
  // Working hours are Monday to Friday, 09:00–17:00 UTC (the owner's default schedule).
  eventType = await buildEventType(app, owner, {
    title: 'Discovery call',
    questions: [{ id: 'company', label: 'Company', type: 'text', required: true }],
  })
  form = await buildForm(app, owner, {
    name: 'Find the right person',
    description: 'A few questions, then a time with the right seller.',
    fields: [
      { identifier: 'name', label: 'Your name', type: 'short_text', required: true, options: [] },
      { identifier: 'email', label: 'Work email', type: 'email', required: true, options: [] },
      { identifier: 'phone', label: 'Phone', type: 'phone', required: false, options: [] },
      { identifier: 'company', label: 'Company', type: 'short_text', required: false, options: [] },
      { identifier: 'region', label: 'Region', type: 'select', required: true, options: ['Europe', 'Asia'] },
      { identifier: 'needs', label: 'Needs', type: 'multi_select', required: false, options: ['Meetings', 'Deals'] },
    ],
  })
  const europe = await request(app, owner, 'POST', `/api/routings/${form.id}/outcomes`, {
    name: 'Europe books a call',
    conditions: { combinator: 'and', rules: [rule('region', 'equals', 'Europe')] },
    action: { type: 'event-type', eventTypeId: eventType.id },
  })
  expect(europe.statusCode, europe.body).toBe(201)
  const fallback = (await request(app, owner, 'GET', `/api/routings/${form.id}`)).json().outcomes.at(-1)
  const message = await request(app, owner, 'PATCH', `/api/routings/${form.id}/outcomes/${fallback.id}`, {
    action: { type: 'message', message: THANKS },
  })
  expect(message.statusCode, message.body).toBe(200)
})
afterAll(() => harness?.close())

/** Answers the form on `page` as a European buyer and sends it. */
async function answerForEurope(page: Page) {
  await page.getByLabel('Your name').fill('Bea Buyer')
  await page.getByLabel('Work email').fill('bea@buyer.example')
  await page.getByTestId('phone-country').waitFor()
  await page.getByLabel('Phone').fill('+33 6 12 34 56 78')
  await page.getByLabel('Company', { exact: true }).fill('Northwind')
  await page.getByLabel('Region').selectOption('Europe')
  await page.getByRole('checkbox', { name: 'Deals' }).check()
  await page.getByRole('button', { name: 'Continue' }).click()
}

/** On the booking page the buyer was sent to: picks `time` (UTC) on Monday and reaches the form. */
async function pickMonday(page: Page, time: string, title = 'Discovery call') {
  await page.getByRole('heading', { level: 1, name: title }).waitFor()
  const day = page.locator(`[data-date="${monday}"]`)
  await page.locator('[data-date]').first().waitFor()
  if (!(await day.isVisible())) await page.getByRole('button', { name: 'Next month' }).click()
  await day.and(page.locator('[aria-disabled=false]')).click()
  await page.getByRole('button', { name: time, exact: true }).click()
  await page.getByRole('heading', { name: 'Your details' }).waitFor()
}

it('asks for what is required next to each field, then sends a European buyer to the booking page with the answers filled in', async () => {
  const page = await harness.newPage()
  await page.goto(`/f/${form.slug}`)
  await page.getByRole('heading', { level: 1, name: 'Find the right person' }).waitFor()
  await page.getByText('Acme Sales').waitFor()
  await page.getByText('A few questions, then a time with the right seller.').waitFor()

  await page.getByRole('button', { name: 'Continue' }).click()
  // The answer rules load when the form is first touched (here by this click): the messages follow a moment later.
  await expect.poll(() => page.getByText('This field is required').count()).toBe(3)
  // The first field at fault has the focus; a wrong email says so once the name is there.
  expect(await page.getByLabel('Your name').evaluate((input) => input === document.activeElement)).toBe(true)
  await page.getByLabel('Work email').fill('bea@')
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByText('Must be a valid email address').waitFor()

  await answerForEurope(page)
  await page.waitForURL((url) => url.pathname === `/u/${handle}`)
  const address = new URL(page.url()).searchParams
  expect(address.get('type')).toBe(eventType.slug)
  expect(address.get('routing')).toMatch(/^[0-9a-f-]{36}$/)
  await pickMonday(page, '10:00 AM')
  expect(await page.getByLabel('Your name').inputValue()).toBe('Bea Buyer')
  expect(await page.getByLabel('Email address').inputValue()).toBe('bea@buyer.example')
  expect(await page.getByLabel('Company').inputValue()).toBe('Northwind')
  await page.getByRole('button', { name: 'Confirm' }).click()
  await page.getByRole('status').getByText('This meeting is booked').waitFor()

  // The booking carried the response along: the seller's report links the two, with the host routed to.
  const { responses } = (await request(harness.server.app, owner, 'GET', `/api/routings/${form.id}/responses`)).json() as {
    responses: { id: string; bookingId: string | null; routedTo: { name: string } | null }[]
  }
  const routed = responses.find((r) => r.id === address.get('routing'))
  expect(routed?.bookingId).toMatch(/^[0-9a-f-]{36}$/)
  expect(routed?.routedTo?.name).toBe('Olivia Owner')
})

it('shows the fallback’s message in place to a buyer no outcome matches, as plain text', async () => {
  const page = await harness.newPage()
  await page.goto(`/f/${form.slug}`)
  await page.getByLabel('Your name').fill('Ann Asia')
  await page.getByLabel('Work email').fill('ann@buyer.example')
  await page.getByLabel('Region').selectOption('Asia')
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('status').getByText(THANKS).waitFor()
  expect(new URL(page.url()).pathname).toBe(`/f/${form.slug}`)
})

it('sends the buyer to an outcome’s web address with the answers', async () => {
  const app = harness.server.app
  const partners = await buildForm(app, owner, {
    name: 'Partners',
    fields: [{ identifier: 'company', label: 'Company', type: 'short_text', required: true, options: [] }],
  })
  const fallback = (await request(app, owner, 'GET', `/api/routings/${partners.id}`)).json().outcomes.at(-1)
  const redirect = await request(app, owner, 'PATCH', `/api/routings/${partners.id}/outcomes/${fallback.id}`, {
    action: { type: 'url', url: `${harness.server.url}/about-us` },
  })
  expect(redirect.statusCode, redirect.body).toBe(200)
  const page = await harness.newPage()
  await page.goto(`/f/${partners.slug}`)
  await page.getByLabel('Company').fill('Northwind')
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.waitForURL((url) => url.pathname === '/about-us')
  expect(new URL(page.url()).searchParams.get('company')).toBe('Northwind')
})

it('answers the form on the landing page that shows it, and goes to the booking page the same way', async () => {
  const app = harness.server.app
  const landing = await request(app, owner, 'POST', '/api/landing-pages', { title: 'Acme', published: true, routingFormId: form.id })
  expect(landing.statusCode, landing.body).toBe(201)
  const page = await harness.newPage()
  await page.goto(`/l/${landing.json().publicId}`)
  // The hero's first button, named after the form, leads to it.
  await page.getByRole('link', { name: 'Find the right person' }).click()
  await page.waitForURL((url) => url.hash === '#questions')
  await page.getByRole('heading', { level: 2, name: 'Find the right person' }).waitFor()
  await page.getByTestId('phone-country').waitFor()
  expect(await violations(page), 'landing page with its form').toEqual([])
  await answerForEurope(page)
  await page.waitForURL((url) => url.pathname === `/u/${handle}`)
  await pickMonday(page, '11:00 AM')
  expect(await page.getByLabel('Your name').inputValue()).toBe('Bea Buyer')
})

it('the seller chooses the form in the product room settings and the landing page editor; buyers see it in the room', async () => {
  const product = await buildProduct(harness.server.app, owner, { name: 'Platform' })
  const editor = await harness.newPage()
  await signIn(editor, owner.user.email, 'Olivia Owner')
  await editor.goto(`/products/${product.id}`)
  await editor.getByRole('heading', { name: 'Product room' }).waitFor()
  await editor.getByLabel('Published').check()
  await editor.getByText('The product room is saved').waitFor()
  await editor.getByRole('combobox', { name: 'Routing form' }).click()
  await editor.getByRole('option', { name: 'Find the right person' }).click()
  // The select shows the form once the server has saved it.
  await editor.getByRole('combobox', { name: 'Routing form' }).filter({ hasText: 'Find the right person' }).waitFor()
  const room = new URL(await editor.getByTestId('product-room-url').inputValue()).pathname

  await editor.goto('/landing-pages/new')
  await editor.getByLabel('Title').fill('Acme with questions')
  await editor.getByRole('combobox', { name: 'Routing form' }).click()
  await editor.getByRole('option', { name: 'Find the right person' }).click()
  await editor.getByRole('button', { name: 'Create page' }).click()
  await editor.getByText('Landing page saved').waitFor()
  await editor.waitForURL(/\/landing-pages\/[0-9a-f-]{36}$/)
  const pageId = new URL(editor.url()).pathname.split('/').at(-1)
  const saved = await request(harness.server.app, owner, 'GET', `/api/landing-pages/${pageId}`)
  expect(saved.json().routingFormId).toBe(form.id)

  const buyer = await harness.newPage()
  await buyer.goto(room)
  await revealPart(buyer, 'Find the right person')
  await buyer.getByText('A few questions, then a time with the right seller.').waitFor()
  await buyer.getByRole('button', { name: 'Continue' }).click()
  await expect.poll(() => buyer.getByText('This field is required').count()).toBe(3)
})

it('routes a buyer from the landing page to the team member whose attributes match, who books them; the seller reads why and that it is booked', async () => {
  const app = harness.server.app
  const maya = await buildMember(app, owner, { name: 'Maya Martin' })
  const sam = await buildMember(app, owner, { name: 'Sam Sato' })
  for (const [member, region] of [
    [maya, 'Europe'],
    [sam, 'Asia'],
  ] as const)
    expect((await request(app, owner, 'PATCH', `/api/users/${member.user.id}`, { attributes: { region: [region] } })).statusCode).toBe(200)
  const team = await request(app, owner, 'POST', '/api/teams', { name: 'Field sales', memberIds: [maya.user.id, sam.user.id] })
  expect(team.statusCode, team.body).toBe(201)
  const demo = await buildEventType(app, owner, { title: 'Team demo', kind: 'round_robin', teamId: team.json().id })
  const byRegion = await buildForm(app, owner, {
    name: 'Meet the right seller',
    fields: [
      { identifier: 'name', label: 'Your name', type: 'short_text', required: true, options: [] },
      { identifier: 'email', label: 'Work email', type: 'email', required: true, options: [] },
      { identifier: 'region', label: 'Region', type: 'select', required: true, options: ['Europe', 'Asia'] },
    ],
  })
  const outcome = await request(app, owner, 'POST', `/api/routings/${byRegion.id}/outcomes`, {
    name: 'Regional seller',
    conditions: { combinator: 'and', rules: [rule('region', 'is_not_empty')] },
    action: { type: 'members', eventTypeId: demo.id, match: [{ attribute: 'region', field: 'region' }] },
  })
  expect(outcome.statusCode, outcome.body).toBe(201)
  const landing = await request(app, owner, 'POST', '/api/landing-pages', {
    title: 'Acme teams',
    published: true,
    routingFormId: byRegion.id,
  })
  expect(landing.statusCode, landing.body).toBe(201)

  const buyer = await harness.newPage()
  await buyer.goto(`/l/${landing.json().publicId}`)
  await buyer.getByRole('link', { name: 'Meet the right seller' }).click()
  await buyer.getByRole('heading', { level: 2, name: 'Meet the right seller' }).waitFor()
  await buyer.getByLabel('Your name').fill('Elena Euro')
  await buyer.getByLabel('Work email').fill('elena@buyer.example')
  await buyer.getByLabel('Region').selectOption('Europe')
  await buyer.getByRole('button', { name: 'Continue' }).click()
  await buyer.waitForURL((url) => url.searchParams.get('type') === demo.slug)
  await pickMonday(buyer, '2:00 PM', 'Team demo')
  expect(await buyer.getByLabel('Your name').inputValue()).toBe('Elena Euro')
  await buyer.getByRole('button', { name: 'Confirm' }).click()
  await buyer.getByRole('status').getByText('This meeting is booked').waitFor()

  // The meeting is Maya's, the member whose region is the buyer's.
  const { responses } = (await request(app, owner, 'GET', `/api/routings/${byRegion.id}/responses`)).json() as {
    responses: { bookingId: string | null; routedTo: { id: string } | null }[]
  }
  expect(responses).toEqual([
    expect.objectContaining({ bookingId: expect.any(String), routedTo: expect.objectContaining({ id: maya.user.id }) }),
  ])

  const seller = await harness.newPage({ viewport: { width: 1400, height: 1000 } })
  await signIn(seller, owner.user.email, 'Olivia Owner')
  await seller.goto(`/routings/${byRegion.id}?tab=responses`)
  const row = seller.getByRole('table', { name: 'Responses' }).getByRole('row').filter({ hasText: 'Elena Euro' })
  await row.waitFor()
  const why = await row.innerText()
  expect(why).toContain('Regional seller')
  expect(why).toContain('Attributes matched')
  expect(why).toContain('Matched: Region is not empty')
  expect(why).toContain('Maya Martin')
  expect(why).toContain('Booked')
  expect(await violations(seller)).toEqual([])
})

it("shows the server's refusal of an answer beside its field in the reader's language, when the form changed after the page read it", async () => {
  const app = harness.server.app
  const changing = await buildForm(app, owner, {
    name: 'Changing form',
    fields: [
      { identifier: 'name', label: 'Your name', type: 'short_text', required: true, options: [] },
      { identifier: 'company', label: 'Company', type: 'short_text', required: false, options: [] },
    ],
  })
  const page = await harness.newPage()
  await page.context().addInitScript(() => localStorage.setItem('i18nextLng', 'fr'))
  await page.goto(`/f/${changing.slug}`)
  await page.getByLabel('Your name').fill('Bea Buyer')
  // Meanwhile the seller makes the company required: the page's own check still lets it go.
  const required = changing.fields.map((field) => (field.identifier === 'company' ? { ...field, required: true } : field))
  expect((await request(app, owner, 'PATCH', `/api/routings/${changing.id}`, { fields: required })).statusCode).toBe(200)
  await page.getByRole('button', { name: 'Continuer' }).click()
  const company = page.getByLabel('Company')
  await expect.poll(() => company.getAttribute('aria-invalid')).toBe('true')
  const described = await company.getAttribute('aria-describedby')
  expect(await page.locator(`[id="${described}"]`).innerText()).toBe('Ce champ est obligatoire')
  expect(await company.evaluate((input) => input === document.activeElement)).toBe(true)
})

it('shows the not-found page for an unknown or unpublished form', async () => {
  const hidden = await buildForm(harness.server.app, owner, { published: false })
  const page = await harness.newPage()
  for (const slug of ['no-such-form', hidden.slug]) {
    await page.goto(`/f/${slug}`)
    await page.getByRole('heading', { name: 'Page not found' }).waitFor()
  }
})

it('passes axe-core in light and dark mode, and reads right to left in Arabic', async () => {
  for (const mode of ['light', 'dark'] as const) {
    const page = await harness.newPage({ colorScheme: mode })
    await page.context().addCookies([{ name: 'themeMode', value: mode, domain: new URL(harness.server.url).hostname, path: '/' }])
    await page.goto(`/f/${form.slug}`)
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByText('This field is required').first().waitFor()
    expect(await violations(page), mode).toEqual([])
  }
  const page = await harness.newPage()
  await page.context().addInitScript(() => localStorage.setItem('i18nextLng', 'ar'))
  await page.goto(`/f/${form.slug}`)
  await page.getByRole('button', { name: 'متابعة' }).click()
  await page.getByText('هذا الحقل مطلوب').first().waitFor()
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
  expect(await violations(page), 'Arabic').toEqual([])
})
