import type { AutomationRun } from '@closeroom/shared'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { sessionCookie } from '../../testing/factories.ts'
import { DEMO_OWNER_EMAIL, DEMO_PASSWORD, seedDemo } from '../demo/module.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

it("gives the demo's Closeroom Enterprise a working 'new inquiry' rule", async () => {
  expect(await seedDemo(app.database.db, app.fileStore)).not.toBeNull()
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: DEMO_OWNER_EMAIL, password: DEMO_PASSWORD } })
  const headers = { cookie: sessionCookie(login.headers['set-cookie']) }
  const get = async (url: string) => (await app.inject({ method: 'GET', url, headers })).json()
  const product = (await get('/api/products')).products.find((p: { name: string }) => p.name === 'Closeroom Enterprise')
  const { rules } = await get(`/api/products/${product.id}/automations`)
  expect(rules).toEqual([expect.objectContaining({ name: 'New inquiry', trigger: 'product_form_submitted', active: true })])
  expect(rules[0].actions.map((a: { type: string }) => a.type)).toEqual(['create_deal', 'assign_owner', 'send_email'])

  const me = await get('/api/auth/me')
  await app.automations.fire({
    organizationId: me.user.organizationId,
    productId: product.id,
    trigger: 'product_form_submitted',
    event: { name: 'Dana Buyer', email: 'dana@globex.example', company: 'Globex' },
  })
  const run = await vi.waitFor(
    async () => {
      const [latest] = (await get(`/api/products/${product.id}/automations/runs`)).runs as AutomationRun[]
      if (latest?.status !== 'succeeded' && latest?.status !== 'failed') throw new Error('the run has not ended')
      return latest
    },
    { timeout: 15_000, interval: 100 },
  )
  expect(run).toMatchObject({ status: 'succeeded' })
  expect(run.log[0]?.detail).toBe("Created deal 'Globex — Closeroom Enterprise' in Qualified")
  const [mail] = await app.outbox('dana@globex.example')
  expect(mail?.subject).toBe('Thank you, Dana Buyer')
})
