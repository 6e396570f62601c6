import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { sessionCookie } from '../../testing/factories.ts'
import { DEMO_OWNER_EMAIL, DEMO_PASSWORD, seedDemo } from '../demo/module.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

it('gives the demo organization a pipeline with deals in every stage, products and contacts', async () => {
  expect(await seedDemo(app.database.db, app.fileStore)).not.toBeNull()
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: DEMO_OWNER_EMAIL, password: DEMO_PASSWORD } })
  const headers = { cookie: sessionCookie(login.headers['set-cookie']) }
  const board = (await app.inject({ method: 'GET', url: '/api/deals/board', headers })).json()
  expect(board.columns).toHaveLength(6)
  for (const column of board.columns) expect(column.count).toBeGreaterThan(0)
  const owners = new Set(board.columns.flatMap((c: { deals: { owner: { name: string } }[] }) => c.deals.map((d) => d.owner.name)))
  expect(owners).toEqual(new Set(['Olivia Owner', 'Maya Member', 'Sam Seller']))
  const products = (await app.inject({ method: 'GET', url: '/api/products', headers })).json().products
  expect(products).toHaveLength(3)
  const list = (await app.inject({ method: 'GET', url: '/api/deals?limit=100', headers })).json()
  // A dozen in progress, and six months of closed ones for the dashboards (seedPipelineHistory).
  expect(list.total).toBe(84)
  const withLines = list.deals.find((d: { contactCount: number }) => d.contactCount > 0)
  const deal = (await app.inject({ method: 'GET', url: `/api/deals/${withLines.id}`, headers })).json()
  expect(deal.contacts.length).toBeGreaterThan(0)
})
