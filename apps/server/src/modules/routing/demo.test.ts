import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { sessionCookie } from '../../testing/factories.ts'
import { DEMO_OWNER_EMAIL, DEMO_PASSWORD, seedDemo } from '../demo/module.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

it("routes the demo form's buyers by team size and region: larger teams to their region's seller with a deal, smaller to the product demo", async () => {
  expect(await seedDemo(app.database.db, app.fileStore)).not.toBeNull()
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: DEMO_OWNER_EMAIL, password: DEMO_PASSWORD } })
  const headers = { cookie: sessionCookie(login.headers['set-cookie']) }
  const form = (await app.inject({ method: 'GET', url: '/api/public/routings/demo' })).json()
  expect(form).toMatchObject({ name: 'Talk to Acme Sales', organization: { name: 'Acme Sales' } })
  expect(form.fields.map((f: { identifier: string }) => f.identifier)).toEqual(['email', 'company', 'team_size', 'region'])

  const submit = async (answers: object) => {
    const res = await app.inject({ method: 'POST', url: '/api/public/routings/demo/responses', payload: { answers } })
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }
  const large = await submit({ email: 'lena@globex.example', company: 'Globex', team_size: '200+', region: 'Americas' })
  const small = await submit({ email: 'kai@initech.example', company: 'Initech', team_size: '1-10', region: 'Europe' })
  // Booking addresses carry the answers the booking form asks for: the product demo asks for company and team size.
  expect(large.outcome).toMatchObject({ type: 'booking', bookingUrl: expect.stringMatching(/^\/u\/enterprise\?type=sales&routing=/) })
  const prefill = new URL(small.outcome.bookingUrl, 'http://x').searchParams
  expect(small.outcome.bookingUrl).toMatch(/^\/u\/demo\?type=demo&/)
  expect([prefill.get('company'), prefill.get('team_size')]).toEqual(['Initech', '1-10'])

  const { responses } = (await app.inject({ method: 'GET', url: `/api/routings/${form.id}/responses`, headers })).json()
  const of = (id: string) => responses.find((r: { id: string }) => r.id === id)
  expect(of(large.responseId)).toMatchObject({
    decision: { outcomeName: 'Larger teams: their region’s seller', reason: 'attributes', members: [{ name: 'Maya Member' }] },
    routedTo: { name: 'Maya Member' },
    dealId: expect.any(String),
  })
  const deal = (await app.inject({ method: 'GET', url: `/api/deals/${of(large.responseId).dealId}`, headers })).json()
  const { stages } = (await app.inject({ method: 'GET', url: '/api/pipeline-stages', headers })).json()
  const qualified = stages.find((stage: { name: string }) => stage.name === 'Qualified')
  expect(deal).toMatchObject({ stageId: qualified.id, owner: { name: 'Maya Member' } })
  expect(of(small.responseId)).toMatchObject({
    decision: { outcomeName: 'Smaller teams: a product demo', reason: 'hosts', members: [{ name: 'Olivia Owner' }] },
    dealId: null,
  })
})
