import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { sessionCookie } from '../../testing/factories.ts'
import { DEMO_OWNER_EMAIL, DEMO_PASSWORD, seedDemo } from '../demo/module.ts'

let app: TestApp
let cookie: string
beforeAll(async () => {
  app = await buildTestApp()
  await seedDemo(app.database.db, app.fileStore)
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: DEMO_OWNER_EMAIL, password: DEMO_PASSWORD } })
  cookie = sessionCookie(login.headers['set-cookie'])
})
afterAll(() => app.close())

const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url, headers: { cookie } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

it('gives every dashboard of the demo organization a past to show', async () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  const period = `from=${day(-180)}&to=${day(0)}&tz=Europe/Paris`
  const pipeline = await get(`/api/insights/pipeline?${period}`)
  expect(pipeline.current.won.count).toBeGreaterThan(20)
  expect(pipeline.current.lost.count).toBeGreaterThan(10)
  expect(pipeline.current.lostByReason.length).toBeGreaterThan(2)
  expect(pipeline.current.byOwner).toHaveLength(3)
  expect(pipeline.current.conversion.some((c: { averageDays: number | null }) => c.averageDays !== null)).toBe(true)
  // Maya's dollar deals are counted apart, and converted into euros with the demo's rate.
  expect(pipeline.current.won.value.amounts.map((a: { currency: string }) => a.currency).sort()).toEqual(['EUR', 'USD'])
  expect(pipeline.current.won.value.converted).toMatchObject({ currency: 'EUR', converted: true, missingRates: [] })

  const bookings = await get(`/api/insights/bookings?from=${day(-56)}&to=${day(0)}&tz=Europe/Paris`)
  for (const figure of ['created', 'rescheduled', 'cancelled', 'noShow', 'held']) expect(bookings.current[figure].count).toBeGreaterThan(0)
  expect(bookings.current.heatmap.length).toBeGreaterThan(5)

  const products = await get(`/api/insights/products?${period}`)
  const enterprise = products.current.products.find((p: { name: string }) => p.name === 'Closeroom Enterprise')
  expect(enterprise.roomVisits).toBeGreaterThan(0)
  expect(enterprise.inquiries.count).toBeGreaterThan(0)

  const revenue = await get(`/api/insights/revenue?${period}`)
  expect(revenue.months.length).toBeGreaterThanOrEqual(6)
  expect(revenue.quotas.length).toBeGreaterThan(10)
  expect(revenue.months.filter((m: { won: { count: number } }) => m.won.count > 0).length).toBeGreaterThanOrEqual(5)

  const home = await get('/api/insights/home')
  expect(home.pipeline.open.count).toBeGreaterThan(0)
})
