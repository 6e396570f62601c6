import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DEMO_OWNER_EMAIL, DEMO_PASSWORD } from '../apps/server/src/modules/demo/seed.ts'
import { violations } from './axe.ts'
import { signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

// The records drawer read in a browser far from UTC (Los Angeles, UTC−8 in winter, UTC−7 in summer): an instant (a
// deal's last change) is shown in the browser's zone, and an expected close date as the date it is, not as the
// evening before (it is kept as 00:00 UTC).

const ZONE = 'America/Los_Angeles'
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

type Records = { total: number; records: { name: string; date: string; dateOnly: boolean }[] }
const records = (drill: string) => api<Records>(`/insights/records?key=${encodeURIComponent(drill)}`)
const dateTime = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso))
/** The window with the drawer over it, for a person to look at. */
const screenshot = (page: Page, name: string) => page.screenshot({ path: `/tmp/insights-zones-${name}.png` })
const date = (iso: string, timeZone: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone }).format(new Date(iso))

it("shows a record's time in the browser's zone and an expected close date as its date", async () => {
  const page = await harness.newPage({ viewport: { width: 1280, height: 900 }, timezoneId: ZONE })
  await signIn(page, DEMO_OWNER_EMAIL, 'Olivia Owner', DEMO_PASSWORD)

  // The open pipeline's deals, by their last change: an instant, in Los Angeles time.
  const home = await api<{ pipeline: { open: { drill: string } } }>('/insights/home')
  const open = await records(home.pipeline.open.drill)
  const latest = open.records[0]
  if (!latest) throw new Error('the demo has open deals')
  expect(latest.dateOnly).toBe(false)
  await page.goto('/app')
  await page.getByRole('button', { name: /^Your open pipeline/ }).click()
  const pipeline = page.getByRole('dialog', { name: 'Your open pipeline' })
  const row = pipeline.getByRole('link', { name: latest.name }).first()
  await row.getByText(dateTime(latest.date, ZONE), { exact: false }).waitFor()
  expect(await row.innerText()).not.toContain(dateTime(latest.date, 'UTC'))
  expect(await violations(page)).toEqual([])
  await screenshot(page, 'pipeline-light')
  await pipeline.getByRole('button', { name: 'Close' }).click()

  // The best case's deals, by expected close date: the date itself, the same as in UTC, not the day before.
  const DAY = 86_400_000
  const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10)
  const search = `from=${isoDate(Date.now() - 89 * DAY)}&to=${isoDate(Date.now() + 90 * DAY)}`
  const revenue = await api<{ totals: { bestCase: { drill: string } } }>(`/insights/revenue?${search}&tz=UTC`)
  const expected = await records(revenue.totals.bestCase.drill)
  const first = expected.records.find((r) => r.dateOnly)
  if (!first) throw new Error('the demo has open deals with an expected close date in the period')
  await page.goto(`/banking?${search}&tz=UTC`)
  await page.getByRole('button', { name: 'Show the records behind Best case' }).click()
  const bestCase = page.getByRole('dialog', { name: 'Best case' })
  const expectedRow = bestCase.getByRole('link', { name: first.name }).first()
  await expectedRow.getByText(date(first.date, 'UTC'), { exact: false }).waitFor()
  expect(date(first.date, ZONE)).not.toBe(date(first.date, 'UTC'))
  expect(await expectedRow.innerText()).not.toContain(date(first.date, ZONE))
  await screenshot(page, 'best-case-light')

  // The same on a phone, in the dark theme.
  const phone = await harness.newPage({ viewport: { width: 390, height: 844 }, timezoneId: ZONE, isMobile: true, hasTouch: true })
  await phone.context().addCookies([{ name: 'themeMode', value: 'dark', url: harness.server.url }])
  await signIn(phone, DEMO_OWNER_EMAIL, 'Olivia Owner', DEMO_PASSWORD)
  await phone.goto(`/banking?${search}&tz=UTC`)
  await phone.getByRole('button', { name: 'Show the records behind Best case' }).click()
  const phoneRow = phone.getByRole('dialog', { name: 'Best case' }).getByRole('link', { name: first.name }).first()
  await phoneRow.getByText(date(first.date, 'UTC'), { exact: false }).waitFor()
  expect(await violations(phone)).toEqual([])
  await screenshot(phone, 'best-case-phone-dark')
})
