import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bookingBody, buildEventType, nextMonday } from '../apps/server/src/testing/booking.ts'
import { buildOwner, type Client, request } from '../apps/server/src/testing/factories.ts'
import { violations } from './axe.ts'
import { signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

// The seller reads why each buyer went where they went: a routing form's report and responses, filtered by
// clicking an outcome's bar and exported as CSV, and the test panel that routes answers without storing them.

let harness: Harness
let owner: Client
let form: { id: string; outcomes: { id: string; name: string; fallback: boolean }[] }

beforeAll(async () => {
  harness = await startHarness()
  owner = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
  const eventType = await buildEventType(harness.server.app, owner, { title: 'Discovery call', durations: [30] })
  const created = await api<{ id: string }>('POST', '/routings', {
    name: 'Inbound demo',
    fields: [
      { identifier: 'name', label: 'Your name', type: 'short_text', required: true },
      { identifier: 'email', label: 'Work email', type: 'email', required: true },
      { identifier: 'region', label: 'Region', type: 'select', required: true, options: ['EU', 'US', 'APAC'] },
      { identifier: 'seats', label: 'Seats', type: 'number' },
    ],
  })
  await api('POST', `/routings/${created.id}/outcomes`, {
    name: 'Europe sales',
    conditions: {
      combinator: 'and',
      rules: [
        { field: 'region', operator: 'equals', value: 'EU' },
        { field: 'seats', operator: 'greater_than', value: 10 },
      ],
    },
    action: { type: 'event-type', eventTypeId: eventType.id },
  })
  await api('POST', `/routings/${created.id}/outcomes`, {
    name: 'Americas page',
    conditions: {
      combinator: 'or',
      rules: [
        { field: 'region', operator: 'equals', value: 'US' },
        { field: 'seats', operator: 'greater_than', value: 500 },
      ],
    },
    action: { type: 'url', url: 'https://example.com/americas' },
  })
  form = await api('GET', `/routings/${created.id}`)

  // Four buyers: two to Europe (one of whom books), one to the Americas, one to the fallback.
  const ana = await respond({ name: 'Ana Alves', email: 'ana@acme.example', region: 'EU', seats: 50 })
  await respond({ name: 'Ben Brun', email: 'ben@globex.example', region: 'EU', seats: 20 })
  await respond({ name: 'Cy Cole', email: 'cy@initech.example', region: 'US', seats: 3 })
  await respond({ name: 'Dee Dune', email: 'dee@umbrella.example', region: 'APAC' })
  const booked = await request(harness.server.app, null, 'POST', '/api/public/bookings', {
    ...bookingBody(eventType.id, `${nextMonday(3)}T10:00:00.000Z`, { name: 'Ana Alves', email: 'ana@acme.example' }),
    routingResponseId: ana.responseId,
  })
  expect(booked.statusCode, booked.body).toBe(201)
})
afterAll(() => harness?.close())

async function api<T = Record<string, unknown>>(method: 'GET' | 'POST', url: string, body?: object): Promise<T> {
  const response = await request(harness.server.app, owner, method, `/api${url}`, body)
  if (response.statusCode >= 400) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`)
  return response.json() as T
}

async function respond(answers: Record<string, string | number>) {
  const response = await request(harness.server.app, null, 'POST', `/api/public/routings/${form.id}/responses`, { answers })
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as { responseId: string }
}

const outcomeId = (name: string) => form.outcomes.find((outcome) => outcome.name === name)?.id
const table = (page: Page) => page.getByRole('table', { name: 'Responses' })
const rows = (page: Page) => table(page).getByRole('row')
const rowOf = (page: Page, buyer: string) => rows(page).filter({ hasText: buyer })
const stat = (page: Page, label: string) => page.locator('p', { hasText: label }).locator('xpath=..')

/** What the reader sees, for a person to look at: the whole page, or the window when a drawer covers it. */
async function screenshot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: `/tmp/routing-insights-${name}.png`, fullPage })
}

it('shows the period’s responses per day and by outcome, filters the table by clicking an outcome’s bar, exports that filter as CSV and opens a response', async () => {
  const page = await harness.newPage({ viewport: { width: 1400, height: 1000 } })
  await signIn(page, owner.user.email, 'Olivia Owner')
  await page.goto(`/routings/${form.id}?tab=responses`)

  // The report: four responses, one booked.
  await expect.poll(() => stat(page, 'Booked rate').innerText()).toContain('25%')
  expect(await stat(page, 'Booked rate').innerText()).toContain('1 of 4 responses booked')
  await rows(page).filter({ hasText: 'Dee Dune' }).waitFor()
  expect(await rows(page).count()).toBe(5)
  await page.getByRole('status').getByText('4 responses').waitFor()

  // Each chart reads as a table too: today holds all four, Europe two of them, one booked.
  const perDay = page.getByRole('region', { name: 'Responses per day' })
  await perDay.getByRole('button', { name: 'Table' }).click()
  const today = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date())
  expect(await perDay.getByRole('row', { name: today }).getByRole('cell').allInnerTexts()).toEqual(['4', '1', '3'])
  const byOutcome = page.getByRole('region', { name: 'Responses by outcome' })
  await byOutcome.getByRole('button', { name: 'Table' }).click()
  expect(
    await byOutcome
      .getByRole('row', { name: /Europe sales/ })
      .getByRole('cell')
      .allInnerTexts(),
  ).toEqual(['2', '1', '1'])
  expect(await violations(page)).toEqual([])
  await screenshot(page, 'responses-light')

  // Why each buyer went where they went.
  const ana = rowOf(page, 'Ana Alves')
  expect(await ana.innerText()).toContain('Matched: Region equals EU; Seats is greater than 10')
  expect(await ana.innerText()).toContain('Olivia Owner')
  expect(await ana.innerText()).toContain('Booked')
  expect(await rowOf(page, 'Dee Dune').innerText()).toContain('No outcome matched: the fallback took it')
  expect(await rowOf(page, 'Cy Cole').innerText()).toContain('Matched: Region equals US')

  // Clicking Europe's bar shows its responses only, the filter kept in the address.
  await byOutcome.getByRole('button', { name: 'Chart' }).click()
  await byOutcome.locator('.apexcharts-bar-area[j="0"]').last().click()
  await expect.poll(() => new URL(page.url()).searchParams.get('outcomeId')).toBe(outcomeId('Europe sales'))
  await page.getByRole('status').getByText('2 responses').waitFor()
  expect(await rows(page).count()).toBe(3)
  expect(await page.getByRole('combobox', { name: 'Outcome' }).innerText()).toBe('Europe sales')
  expect(await violations(page)).toEqual([])

  // The CSV holds the same two responses.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()])
  const csv = await readFile(await download.path(), 'utf8')
  const lines = csv.trim().split(/\r?\n/)
  expect(lines).toHaveLength(3)
  expect(csv).toContain('ana@acme.example')
  expect(csv).toContain('ben@globex.example')
  expect(csv).not.toContain('cy@initech.example')

  // Not booked, in the address too: Ben alone.
  await page.goto(`/routings/${form.id}?tab=responses&outcomeId=${outcomeId('Europe sales')}&booked=no`)
  await page.getByRole('status').getByText('1 response').waitFor()
  await rowOf(page, 'Ben Brun').waitFor()

  // A response opens with every answer.
  await page.getByRole('button', { name: 'Ben Brun' }).click()
  const drawer = page.getByRole('dialog', { name: 'Ben Brun' })
  await drawer.getByText('ben@globex.example').waitFor()
  expect(await drawer.innerText()).toMatch(/Region\s+EU/)
  expect(await drawer.innerText()).toMatch(/Seats\s+20/)
  expect(await violations(page)).toEqual([])
  await screenshot(page, 'drawer-light', false)
})

it('tries the form: the outcome, its rules held or not, who would take the meeting, and nothing stored', async () => {
  const page = await harness.newPage({ viewport: { width: 1400, height: 1000 } })
  await signIn(page, owner.user.email, 'Olivia Owner')
  await page.goto(`/routings/${form.id}?tab=test`)
  await page.getByText('Nothing is stored').waitFor()

  // An answer must suit its question, as a buyer's must; a required one may be left out here.
  await page.getByLabel('Work email').fill('tess@')
  await page.getByRole('button', { name: 'Route' }).click()
  await page.getByText('Must be a valid email address').waitFor()
  await page.getByLabel('Work email').fill('tess@example.com')
  await page.getByLabel('Region').selectOption('EU')
  await page.getByLabel('Seats').fill('40')
  await page.getByRole('button', { name: 'Route' }).click()
  const result = page.getByRole('region', { name: 'Where this buyer goes' })
  await result.getByText('Europe sales').waitFor()
  expect(await result.getByRole('listitem').allInnerTexts()).toEqual([
    expect.stringMatching(/Held\s*Region equals EU/),
    expect.stringMatching(/Held\s*Seats is greater than 10/),
    expect.stringMatching(/Olivia Owner\s*First in line/),
  ])
  expect(await violations(page)).toEqual([])
  await screenshot(page, 'test-light')

  // The Americas' OR: one rule held, one did not; the buyer would be sent to its address.
  await page.getByLabel('Region').selectOption('US')
  await page.getByLabel('Seats').fill('3')
  await page.getByRole('button', { name: 'Route' }).click()
  await result.getByText('Americas page').waitFor()
  expect(await result.getByRole('listitem').allInnerTexts()).toEqual([
    expect.stringMatching(/^Held\s*Region equals US$/),
    expect.stringMatching(/^Did not hold\s*Seats is greater than 500$/),
  ])
  await result.getByRole('link', { name: 'https://example.com/americas' }).waitFor()

  // Nothing was stored.
  expect((await api<{ total: number }>('GET', `/routings/${form.id}/responses`)).total).toBe(4)
})

for (const [mode, language] of [
  ['dark', 'en'],
  ['light', 'ar'],
] as const)
  it(`reads the report and tries the form in ${mode} mode, ${language === 'ar' ? 'in Arabic, right to left' : 'in English'}, with no accessibility problem`, async () => {
    const page = await harness.newPage({ viewport: { width: 1400, height: 1000 }, colorScheme: mode })
    await signIn(page, owner.user.email, 'Olivia Owner')
    await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language)
    await page.goto(`/routings/${form.id}?tab=responses`)
    await page.getByRole('row').filter({ hasText: 'Dee Dune' }).waitFor()
    expect(await page.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr')
    expect(await violations(page)).toEqual([])
    await screenshot(page, `responses-${mode}-${language}`)
    await page.goto(`/routings/${form.id}?tab=test`)
    await page.getByRole('button', { name: language === 'ar' ? 'توجيه' : 'Route' }).waitFor()
    expect(await violations(page)).toEqual([])
    await screenshot(page, `test-${mode}-${language}`)
  })
