import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DEMO_OWNER_EMAIL, DEMO_PASSWORD } from '../apps/server/src/modules/demo/seed.ts'
import { violations } from './axe.ts'
import { signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

// A sales manager runs the week on the dashboards: the demo owner opens each one on the demo's data, reads
// the figures the API computes, turns a chart into its table, downloads its CSV and clicks a bar to see the
// deals behind it. The figures are read from the API here, not retyped: the API's own tests count them by hand.

let harness: Harness
let cookie = ''

beforeAll(async () => {
  harness = await startHarness({ seedDemo: true })
  const login = await harness.server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: DEMO_OWNER_EMAIL, password: DEMO_PASSWORD },
  })
  expect(login.statusCode, login.body).toBe(200)
  const setCookie = login.headers['set-cookie']
  cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? '']).map((c) => c.split(';')[0]).join('; ')
})
afterAll(() => harness?.close())

async function api<T>(url: string): Promise<T> {
  const response = await harness.server.app.inject({ method: 'GET', url: `/api${url}`, headers: { cookie } })
  if (response.statusCode >= 400) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`)
  return response.json() as T
}

const DAY = 86_400_000
const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10)
// The last 90 days and the 90 ahead: the demo's deals close around today (the revenue page looks ahead too).
const period = { from: isoDate(Date.now() - 89 * DAY), to: isoDate(Date.now() + 90 * DAY) }
const search = `from=${period.from}&to=${period.to}`
const query = `${search}&tz=UTC`

const count = (value: number) => new Intl.NumberFormat('en-US').format(value)
const region = (page: Page, name: string) => page.getByRole('region', { name })

async function signInAsDemoOwner(page: Page) {
  await signIn(page, DEMO_OWNER_EMAIL, 'Olivia Owner', DEMO_PASSWORD)
}

type Figure = { count: number; drill: string }
type Stage = Figure & { name: string }

it('shows the week at a glance on / and /app, each figure opening its records', async () => {
  const home = await api<{
    meetings: { week: Figure; today: Figure }
    pipeline: { open: Figure }
    attention: { deals: { deal: { name: string; link: string } }[] }
  }>('/insights/home?tz=UTC')
  const page = await harness.newPage({ viewport: { width: 1280, height: 900 } })
  await signInAsDemoOwner(page)
  await page.goto('/app')
  await page
    .getByRole('button', { name: /^Meetings this week/ })
    .getByText(count(home.meetings.week.count), { exact: true })
    .waitFor()
  await page
    .getByRole('button', { name: /^Meetings today/ })
    .getByText(count(home.meetings.today.count), { exact: true })
    .waitFor()
  await page
    .getByRole('button', { name: /^Your open pipeline/ })
    .getByText(`${count(home.pipeline.open.count)} open deal`)
    .waitFor()
  // Each deal that needs the owner is a link to it.
  for (const { deal } of home.attention.deals.slice(0, 3))
    expect(await page.getByRole('link', { name: deal.name }).first().getAttribute('href')).toBe(deal.link)
  // The pipeline figure lists its open deals, each a link to its page.
  await page.getByRole('button', { name: /^Your open pipeline/ }).click()
  const drawer = page.getByRole('dialog', { name: 'Your open pipeline' })
  await drawer.getByText(`${count(home.pipeline.open.count)} record`).waitFor()
  expect(await drawer.getByRole('link').first().getAttribute('href')).toMatch(/^\/deals\//)
  expect(await violations(page)).toEqual([])
})

it('shows the pipeline on /analytics: stages as a chart and a table, a CSV of them, and a bar opening its deals', async () => {
  const pipeline = await api<{
    current: { byStage: Stage[]; won: Figure; winRate: number | null }
  }>(`/insights/pipeline?${query}`)
  const stages = pipeline.current.byStage
  const page = await harness.newPage({ viewport: { width: 1280, height: 900 } })
  await signInAsDemoOwner(page)
  await page.goto(`/analytics?${search}`)
  await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor()

  // The headline figures are the API's.
  const winRate = page.locator('div', { has: page.getByRole('heading', { name: 'Win rate', exact: true }) }).last()
  const rate = pipeline.current.winRate
  await winRate
    .getByText(rate === null ? '—' : new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 }).format(rate))
    .first()
    .waitFor()

  // The stages as a table: one row each with its count.
  const byStage = region(page, 'Pipeline by stage')
  await byStage.locator('.apexcharts-bar-area').first().waitFor()
  await byStage.getByRole('button', { name: 'Table' }).click()
  const table = byStage.getByRole('table', { name: 'Pipeline by stage' })
  for (const stage of stages) {
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: stage.name }) })
    expect((await row.getByRole('cell').allInnerTexts())[1]).toBe(count(stage.count))
  }

  // The CSV: a byte order mark, a header, one line per stage with raw numbers.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    byStage.getByRole('button', { name: 'Download Pipeline by stage as CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`pipeline-by-stage_${period.from}_${period.to}.csv`)
  const csv = await readFile(await download.path(), 'utf8')
  expect(csv.charCodeAt(0)).toBe(0xfeff)
  const lines = csv.slice(1).trim().split('\r\n')
  expect(lines[0]).toMatch(/^Stage,Probability,Deals,Value \(/)
  expect(lines).toHaveLength(stages.length + 1)
  for (const stage of stages)
    expect(lines.some((line) => line.startsWith(`${stage.name},`) && line.split(',')[2] === String(stage.count))).toBe(true)
  expect(await violations(page)).toEqual([])

  // A bar opens the deals behind it, each a link to its page: the busiest stage's.
  const busiest = stages.reduce((a, b) => (b.count > a.count ? b : a))
  const records = await api<{ total: number; records: { name: string; link: string }[] }>(
    `/insights/records?key=${encodeURIComponent(busiest.drill)}`,
  )
  await byStage.getByRole('button', { name: 'Chart' }).click()
  await byStage.locator(`.apexcharts-series[rel="1"] .apexcharts-bar-area[j="${stages.indexOf(busiest)}"]`).click()
  const drawer = page.getByRole('dialog', { name: 'Pipeline by stage' })
  await drawer.getByText(`${count(records.total)} record`).waitFor()
  const first = records.records[0]
  if (first) expect(await drawer.getByRole('link', { name: first.name }).first().getAttribute('href')).toBe(first.link)
  expect(await violations(page)).toEqual([])
  await drawer.getByRole('button', { name: 'Close' }).click()

  // Another period is kept in the address; the previous period's figures come with it.
  await page.getByLabel('Compare with the previous period').check()
  expect(new URL(page.url()).searchParams.get('from')).toBe(period.from)
})

it('shows bookings, products and revenue on /booking, /ecommerce and /banking with the API’s figures, axe-clean, and sets a quota in the admin deal settings', async () => {
  const bookings = await api<{ current: { created: Figure; cancelled: Figure } }>(`/insights/bookings?${query}`)
  const products = await api<{ current: { wonDeals: number; products: { units: number }[] } }>(`/insights/products?${query}`)
  const revenue = await api<{ totals: { won: Figure & { value: { amounts: { amount: number; currency: string }[] } } } }>(
    `/insights/revenue?${query}`,
  )
  const page = await harness.newPage({ viewport: { width: 1280, height: 900 } })
  await signInAsDemoOwner(page)

  await page.goto(`/booking?${search}`)
  // Each headline figure is a button to its records, named by what it opens.
  const made = page.getByRole('button', { name: 'Show the records behind Bookings made' })
  await made.getByText(count(bookings.current.created.count), { exact: true }).waitFor()
  await page
    .getByRole('button', { name: 'Show the records behind Cancelled' })
    .getByText(count(bookings.current.cancelled.count), { exact: true })
    .waitFor()
  expect(await violations(page)).toEqual([])
  // The busiest time opens the meetings counted in it.
  const busiest = region(page, 'Popular times').getByRole('button').first()
  const meetings = Number((((await busiest.textContent()) ?? '').match(/([\d,]+) meetings?$/)?.[1] ?? '').replace(/,/g, ''))
  expect(meetings).toBeGreaterThan(0)
  await busiest.click()
  await page
    .getByRole('dialog', { name: 'Popular times' })
    .getByText(`${count(meetings)} record`)
    .waitFor()
  await page.keyboard.press('Escape')

  await page.goto(`/ecommerce?${search}`)
  const units = products.current.products.reduce((sum, p) => sum + p.units, 0)
  await page
    .locator('div', { has: page.getByRole('heading', { name: 'Units sold' }) })
    .last()
    .getByText(count(units), { exact: true })
    .waitFor()
  await page
    .locator('div', { has: page.getByRole('heading', { name: 'Deals won' }) })
    .last()
    .getByText(count(products.current.wonDeals), { exact: true })
    .waitFor()
  expect(await violations(page)).toEqual([])

  await page.goto(`/banking?${search}`)
  const won = page.getByRole('button', { name: 'Show the records behind Won' })
  for (const amount of revenue.totals.won.value.amounts.filter((a) => a.amount !== 0)) {
    const shown = new Intl.NumberFormat('en-US', { style: 'currency', currency: amount.currency }).format(
      amount.amount /
        10 ** (new Intl.NumberFormat('en', { style: 'currency', currency: amount.currency }).resolvedOptions().maximumFractionDigits ?? 2),
    )
    await won.getByText(shown).waitFor()
  }
  await region(page, 'By month').waitFor()
  expect(await violations(page)).toEqual([])

  await page.goto('/admin-settings/deal')
  await page.getByRole('heading', { name: 'Probability per stage' }).waitFor()
  await page.getByRole('heading', { name: 'Quotas' }).waitFor()
  await page.getByRole('heading', { name: 'Reporting currency', level: 2 }).waitFor()
  expect(await violations(page)).toEqual([])

  // A quota without an amount is refused beside its field; with one, it is listed.
  const quotas = page.getByRole('region', { name: 'Quotas' })
  const before = await quotas.getByRole('row').count()
  await quotas.getByRole('combobox', { name: 'Member or team' }).click()
  await page.getByRole('option', { name: 'Maya Member' }).click()
  await quotas.getByRole('combobox', { name: 'Per' }).click()
  await page.getByRole('option', { name: 'Quarter' }).click()
  await quotas.getByRole('combobox', { name: 'Quarter' }).click()
  await page.getByRole('option', { name: 'Q1' }).click()
  await quotas.getByLabel('Year').fill('2031')
  await quotas.getByRole('button', { name: 'Add quota' }).click()
  await quotas.getByText('Enter an amount, such as 25000').waitFor()
  await quotas.getByLabel('Amount', { exact: true }).fill('25000')
  await quotas.getByRole('button', { name: 'Add quota' }).click()
  await quotas.getByRole('row').filter({ hasText: 'Maya Member' }).filter({ hasText: 'Q1 2031' }).waitFor()
  expect(await quotas.getByRole('row').count()).toBe(Math.max(before, 1) + 1)
  const saved = await api<{ quotas: { subject: { name: string }; start: string; amount: number; period: string }[] }>(
    '/insights/quotas?from=2031-01-01&to=2031-03-31',
  )
  expect(saved.quotas.map((q) => [q.subject.name, q.period, q.start, q.amount])).toContainEqual([
    'Maya Member',
    'quarter',
    '2031-01-01',
    2_500_000,
  ])
})
