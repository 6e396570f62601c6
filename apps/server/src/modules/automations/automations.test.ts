import { type AutomationRun, ProductSocketEvents, SocketEvents } from '@closeroom/shared'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildTestApp, listenOnFreePort, type TestApp } from '../../testing/app.ts'
import { buildDeal, buildProduct, stagesOf } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client, invalidField, request } from '../../testing/factories.ts'
import { connectSocket, nextEvent } from '../../testing/sockets.ts'

let app: TestApp
let url: string
beforeAll(async () => {
  app = await buildTestApp()
  url = await listenOnFreePort(app)
})
afterAll(() => app.close())

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT'
const call = (client: Client | null, method: Method, path: string, payload?: object) => request(app, client, method as 'GET', path, payload)

/** An organization with a product, its stages and a team of the owner and two members. */
async function buildShop() {
  const owner = await buildOwner(app, { name: 'Olivia Owner' })
  const ana = await buildMember(app, owner, { name: 'Ana Seller' })
  const ben = await buildMember(app, owner, { name: 'Ben Seller' })
  const product = await buildProduct(app, owner, { name: 'Platform', price: 1_200_00, currency: 'EUR' })
  const stages = await stagesOf(app, owner)
  const qualified = stages.find((s) => s.name === 'Qualified')
  if (!qualified) throw new Error('no Qualified stage')
  const team = (
    await call(owner, 'POST', '/api/teams', { name: 'Enterprise', memberIds: [owner.user.id, ana.user.id, ben.user.id] })
  ).json()
  return { owner, ana, ben, product, qualified, team, rules: `/api/products/${product.id}/automations` }
}

async function buildRule(client: Client, path: string, fields: Record<string, unknown> = {}) {
  const res = await call(client, 'POST', path, { name: 'New inquiry', trigger: 'product_form_submitted', ...fields })
  if (res.statusCode !== 201) throw new Error(`rule failed: ${res.statusCode} ${res.body}`)
  return res.json()
}

/** The product's runs once `count` of them have ended, newest first: waits on the real queue, not on a clock. */
async function finishedRuns(client: Client, path: string, count = 1): Promise<AutomationRun[]> {
  return vi.waitFor(
    async () => {
      const { runs } = (await call(client, 'GET', `${path}/runs`)).json() as { runs: AutomationRun[] }
      const ended = runs.filter((r) => r.status === 'succeeded' || r.status === 'failed')
      if (ended.length < count) throw new Error(`${ended.length} of ${count} runs ended`)
      return runs
    },
    { timeout: 15_000, interval: 100 },
  )
}

const inquiry = (owner: Client, productId: string, event: Record<string, string> = {}) =>
  app.automations.fire({
    organizationId: owner.user.organizationId,
    productId,
    trigger: 'product_form_submitted',
    event: { name: 'Bea Buyer', email: 'bea@acme.example', company: 'Acme', ...event },
  })

describe('automation rules', () => {
  it('lets an admin create, pause, edit and delete a rule, and every member read them', async () => {
    const { owner, qualified, rules } = await buildShop()
    const admin = await buildMember(app, owner, { role: 'admin' })
    const member = await buildMember(app, owner)
    const rule = await buildRule(admin, rules, { actions: [{ type: 'create_deal', stageId: qualified.id }] })
    expect(rule).toMatchObject({ name: 'New inquiry', trigger: 'product_form_submitted', active: true })
    expect((await call(member, 'GET', rules)).json()).toEqual({ rules: [rule] })

    const paused = await call(admin, 'PATCH', `${rules}/${rule.id}`, { active: false })
    expect(paused.json()).toMatchObject({ active: false, name: 'New inquiry', actions: rule.actions })
    const renamed = await call(admin, 'PATCH', `${rules}/${rule.id}`, { name: 'Inquiry', trigger: 'booking_made' })
    expect(renamed.json()).toMatchObject({ active: false, name: 'Inquiry', trigger: 'booking_made' })

    expect((await call(admin, 'DELETE', `${rules}/${rule.id}`)).statusCode).toBe(200)
    expect((await call(member, 'GET', rules)).json()).toEqual({ rules: [] })
    expect((await call(admin, 'DELETE', `${rules}/${rule.id}`)).statusCode).toBe(404)
  })

  it('refuses a member who changes rules', async () => {
    const { owner, ana, qualified, rules } = await buildShop()
    const rule = await buildRule(owner, rules, { actions: [{ type: 'create_deal', stageId: qualified.id }] })
    for (const [method, path, body] of [
      ['POST', rules, { name: 'Mine', trigger: 'booking_made', actions: [{ type: 'create_deal', stageId: qualified.id }] }],
      ['PATCH', `${rules}/${rule.id}`, { active: false }],
      ['DELETE', `${rules}/${rule.id}`],
    ] as const) {
      const res = await call(ana, method, path, body)
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual({ message: 'Only owners and admins can manage products', code: 'forbidden' })
    }
  })

  it("should fail with status 400 naming the field when an action names another organization's stage, team or person", async () => {
    const { owner, qualified, team, rules } = await buildShop()
    const other = await buildShop()
    const cases: [unknown[], string][] = [
      [[{ type: 'create_deal', stageId: other.qualified.id }], 'actions.0.stageId: Choose a stage of this pipeline'],
      [
        [
          { type: 'create_deal', stageId: qualified.id },
          { type: 'assign_owner', teamId: other.team.id },
        ],
        'actions.1.teamId: Choose one of your teams',
      ],
      [[{ type: 'notify', userId: other.owner.user.id, message: 'Hi' }], 'actions.0.userId: Choose an active member of your organization'],
      [[], 'actions: Add at least one action'],
      [[{ type: 'send_email', subject: ' ', body: 'Hello' }], 'actions.0.subject: Subject is required'],
      [[{ type: 'call_me' }], 'actions.0.type: Invalid input'],
    ]
    for (const [actions, message] of cases) {
      const res = await call(owner, 'POST', rules, { name: 'Bad', trigger: 'booking_made', actions })
      expect(res.statusCode, JSON.stringify(actions)).toBe(400)
      expect(res.json().message).toContain(message.split(': ')[0])
      if (!message.endsWith('Invalid input')) expect(res.json()).toEqual(invalidField(message))
    }
    const rule = await buildRule(owner, rules, { actions: [{ type: 'assign_owner', teamId: team.id }] })
    const edit = await call(owner, 'PATCH', `${rules}/${rule.id}`, { actions: [{ type: 'assign_owner', teamId: other.team.id }] })
    expect(edit.json()).toEqual({ message: 'actions.0.teamId: Choose one of your teams', code: 'invalid', field: 'actions.0.teamId' })
    expect((await call(owner, 'POST', rules, { name: 'x', trigger: 'sometime', actions: [] })).statusCode).toBe(400)
  })

  it("keeps another organization's rules and runs out of reach", async () => {
    const { owner, qualified, rules } = await buildShop()
    const rule = await buildRule(owner, rules, { actions: [{ type: 'create_deal', stageId: qualified.id }] })
    const stranger = await buildShop()
    for (const [method, path, body] of [
      ['GET', rules],
      ['GET', `${rules}/runs`],
      ['POST', rules, { name: 'x', trigger: 'booking_made', actions: [{ type: 'create_deal', stageId: stranger.qualified.id }] }],
      // Their own product's address with our rule's id: the rule is not theirs either.
      ['PATCH', `${stranger.rules}/${rule.id}`, { active: false }],
      ['DELETE', `${stranger.rules}/${rule.id}`],
    ] as const) {
      expect((await call(stranger.owner, method, path, body)).statusCode, `${method} ${path}`).toBe(404)
    }
    expect((await call(owner, 'GET', rules)).json().rules).toEqual([rule])
  })
})

describe('automation runs', () => {
  it('creates a deal in the stage, hands it round robin, emails the buyer and tells a teammate, each logged', async () => {
    const { owner, ana, product, qualified, team, rules } = await buildShop()
    await buildRule(owner, rules, {
      actions: [
        { type: 'create_deal', stageId: qualified.id },
        { type: 'assign_owner', teamId: team.id },
        {
          type: 'send_email',
          subject: 'Thanks {{name}}',
          body: 'Hello {{name}} of {{company}}, about {{product}}: {{deal}}. Write to {{email}}.',
        },
        { type: 'notify', userId: ana.user.id, message: 'New inquiry from {{company}}' },
      ],
    })
    const sockets: Socket[] = []
    try {
      const board = await connectSocket(url, owner.cookie)
      const anaSocket = await connectSocket(url, ana.cookie)
      sockets.push(board, anaSocket)
      const changed = nextEvent<{ deal: { name: string; stageId: string } }>(board, ProductSocketEvents.dealsChanged)
      const told = nextEvent<Record<string, unknown>>(anaSocket, SocketEvents.userNewNotification)

      await inquiry(owner, product.id, { name: '<script>alert(1)</script>', email: 'bea@acme.example', company: 'Acme' })
      const [run] = await finishedRuns(owner, rules)
      expect(run).toMatchObject({
        ruleName: 'New inquiry',
        trigger: 'product_form_submitted',
        status: 'succeeded',
        error: null,
        summary: '<script>alert(1)</script> <bea@acme.example> · Acme',
      })
      expect(run?.log).toEqual([
        { action: 'create_deal', ok: true, detail: "Created deal 'Acme — Platform' in Qualified" },
        { action: 'assign_owner', ok: true, detail: "Assigned deal 'Acme — Platform' to Ana Seller (team Enterprise)" },
        { action: 'send_email', ok: true, detail: "Sent 'Thanks <script>alert(1)</script>' to bea@acme.example" },
        { action: 'notify', ok: true, detail: 'Notified Ana Seller' },
      ])
      expect((await changed).deal).toMatchObject({ name: 'Acme — Platform', stageId: qualified.id })
      expect(await told).toMatchObject({
        type: 'automation-notify',
        message: 'New inquiry from Acme',
        ruleName: 'New inquiry',
        productId: product.id,
        productName: 'Platform',
        dealId: run?.dealId,
      })

      const deal = (await call(owner, 'GET', `/api/deals/${run?.dealId}`)).json()
      expect(deal).toMatchObject({ name: 'Acme — Platform', company: 'Acme', stageId: qualified.id, amount: 1_200_00, currency: 'EUR' })
      expect(deal.lines).toEqual([expect.objectContaining({ productId: product.id, quantity: 1, unitPrice: 1_200_00 })])
      expect(deal.contacts).toEqual([expect.objectContaining({ name: '<script>alert(1)</script>', email: 'bea@acme.example' })])

      const [mail] = await app.outbox('bea@acme.example')
      expect(mail).toMatchObject({
        subject: 'Thanks <script>alert(1)</script>',
        text: 'Hello <script>alert(1)</script> of Acme, about Platform: Acme — Platform. Write to bea@acme.example.',
        html: null,
      })
    } finally {
      for (const socket of sockets) socket.disconnect()
    }
  })

  it("runs the product's rules when a buyer sends its room's talk-to-sales form, on the deal the form opened", async () => {
    const { owner, product, qualified, rules } = await buildShop()
    await buildRule(owner, rules, {
      actions: [
        { type: 'create_deal', stageId: qualified.id },
        { type: 'send_email', subject: 'Thanks {{name}}', body: 'About {{product}} for {{company}}' },
      ],
    })
    const room = (await call(owner, 'PUT', `/api/products/${product.id}/room`, { published: true, eventTypeId: null })).json()
    const sent = await call(null, 'POST', `/api/public/products/${room.roomId}/inquiries`, {
      name: 'Bea Buyer',
      email: 'bea@form.example',
      company: 'Acme',
    })
    expect(sent.statusCode, sent.body).toBe(201)
    const [run] = await finishedRuns(owner, rules)
    expect(run).toMatchObject({ status: 'succeeded', summary: 'Bea Buyer <bea@form.example> · Acme' })
    expect(run?.log[0]?.detail).toMatch(/^Moved deal '.+' to Qualified$/)
    const { deals } = (await call(owner, 'GET', '/api/deals')).json()
    expect(deals).toEqual([expect.objectContaining({ id: run?.dealId, stageId: qualified.id })])
    const [mail] = await app.outbox('bea@form.example')
    expect(mail?.text).toBe('About Platform for Acme')
  })

  it('moves the deal the form already made instead of making a second one', async () => {
    const { owner, product, qualified, rules } = await buildShop()
    await buildRule(owner, rules, { actions: [{ type: 'create_deal', stageId: qualified.id }] })
    const deal = await buildDeal(app, owner, { name: 'From the form' })
    await inquiry(owner, product.id, { dealId: deal.id })
    const [run] = await finishedRuns(owner, rules)
    expect(run).toMatchObject({
      status: 'succeeded',
      dealId: deal.id,
      log: [expect.objectContaining({ detail: "Moved deal 'From the form' to Qualified" })],
    })
    expect((await call(owner, 'GET', `/api/deals/${deal.id}`)).json().stageId).toBe(qualified.id)
    expect((await call(owner, 'GET', '/api/deals')).json().total).toBe(1)
  })

  it('hands deals to each active member of the team in turn, whatever the order the runs end in', async () => {
    const { owner, ana, ben, product, qualified, team, rules } = await buildShop()
    await buildRule(owner, rules, {
      actions: [
        { type: 'create_deal', stageId: qualified.id },
        { type: 'assign_owner', teamId: team.id },
      ],
    })
    await Promise.all([1, 2, 3].map((n) => inquiry(owner, product.id, { company: `Buyer ${n}`, email: `b${n}@example.com` })))
    const owners = async (runs: AutomationRun[]) =>
      Promise.all(runs.map(async (r) => (await call(owner, 'GET', `/api/deals/${r.dealId}`)).json().owner.id as string))
    const firstRound = await owners(await finishedRuns(owner, rules, 3))
    expect(firstRound.sort()).toEqual([owner.user.id, ana.user.id, ben.user.id].sort())

    // Ben leaves: the turn goes on among who is left.
    await call(owner, 'DELETE', `/api/users/${ben.user.id}`)
    await inquiry(owner, product.id, { company: 'Buyer 4', email: 'b4@example.com' })
    await inquiry(owner, product.id, { company: 'Buyer 5', email: 'b5@example.com' })
    const runs = await finishedRuns(owner, rules, 5)
    const secondRound = await owners(runs.slice(0, 2))
    expect(secondRound).not.toContain(ben.user.id)
    expect(runs.every((r) => r.status === 'succeeded')).toBe(true)
  })

  it('stops at an action that cannot work (team or stage deleted), logs why, and does the rest no more', async () => {
    const { owner, product, qualified, team, rules } = await buildShop()
    await buildRule(owner, rules, {
      actions: [
        { type: 'create_deal', stageId: qualified.id },
        { type: 'assign_owner', teamId: team.id },
        { type: 'send_email', subject: 'Hello', body: 'Hello' },
      ],
    })
    await call(owner, 'DELETE', `/api/teams/${team.id}`)
    await inquiry(owner, product.id, { email: 'lost@example.com' })
    const [run] = await finishedRuns(owner, rules)
    const error = 'The team of this action no longer exists: choose another one in the rule'
    expect(run).toMatchObject({ status: 'failed', error })
    expect(run?.log).toEqual([
      { action: 'create_deal', ok: true, detail: "Created deal 'Acme — Platform' in Qualified" },
      { action: 'assign_owner', ok: false, detail: error },
    ])
    expect(run?.finishedAt).not.toBeNull()
    expect(await app.outbox('lost@example.com')).toEqual([])

    const other = await buildShop()
    await buildRule(other.owner, other.rules, { actions: [{ type: 'create_deal', stageId: other.qualified.id }] })
    const moveTo = (await stagesOf(app, other.owner)).find((s) => s.name === 'Lead')
    expect((await call(other.owner, 'DELETE', `/api/pipeline-stages/${other.qualified.id}?moveTo=${moveTo?.id}`)).statusCode).toBe(200)
    await inquiry(other.owner, other.product.id)
    const [stageRun] = await finishedRuns(other.owner, other.rules)
    expect(stageRun).toMatchObject({ status: 'failed', error: 'The stage of this action no longer exists: choose another one in the rule' })
    expect((await call(other.owner, 'GET', '/api/deals')).json().total).toBe(0)
  })

  it('fails a run that has nothing to work on: no deal to assign, no address to write to', async () => {
    const { owner, product, team, rules } = await buildShop()
    await buildRule(owner, rules, { actions: [{ type: 'assign_owner', teamId: team.id }] })
    await buildRule(owner, rules, { name: 'Thanks', actions: [{ type: 'send_email', subject: 'Hi', body: 'Hi' }] })
    await app.automations.fire({
      organizationId: owner.user.organizationId,
      productId: product.id,
      trigger: 'product_form_submitted',
      event: {},
    })
    const runs = await finishedRuns(owner, rules, 2)
    expect(runs.map((r) => r.error).sort()).toEqual([
      "There is no deal to assign: put 'Create a deal' before this action",
      'This event has no email address to write to',
    ])
  })

  it('runs only the active rules of that product and trigger, and never throws at the caller', async () => {
    const { owner, product, qualified, rules } = await buildShop()
    const paused = await buildRule(owner, rules, { name: 'Paused', actions: [{ type: 'create_deal', stageId: qualified.id }] })
    await call(owner, 'PATCH', `${rules}/${paused.id}`, { active: false })
    await buildRule(owner, rules, {
      name: 'On booking',
      trigger: 'booking_made',
      actions: [{ type: 'create_deal', stageId: qualified.id }],
    })
    const otherProduct = await buildProduct(app, owner, { name: 'Other' })
    await buildRule(owner, `/api/products/${otherProduct.id}/automations`, {
      name: 'Other product',
      actions: [{ type: 'create_deal', stageId: qualified.id }],
    })

    await app.automations.fire({
      organizationId: owner.user.organizationId,
      productId: product.id,
      trigger: 'booking_made',
      event: { bookingUid: 'b-1', name: 'Bea', email: 'bea@example.com' },
    })
    const runs = await finishedRuns(owner, rules)
    expect(runs.map((r) => r.ruleName)).toEqual(['On booking'])
    // A product id that is no id at all makes the database refuse the query: fire() logs it and returns.
    await expect(
      app.automations.fire({ organizationId: owner.user.organizationId, productId: 'not-an-id', trigger: 'booking_made', event: {} }),
    ).resolves.toBeUndefined()
    // Nobody of another organization sets off this organization's rules.
    const stranger = await buildOwner(app)
    await app.automations.fire({ organizationId: stranger.user.organizationId, productId: product.id, trigger: 'booking_made', event: {} })
    expect((await call(owner, 'GET', `${rules}/runs`)).json().runs).toHaveLength(1)
  })

  it('lists runs newest first, a page at a time', async () => {
    const { owner, product, qualified, rules } = await buildShop()
    await buildRule(owner, rules, { actions: [{ type: 'create_deal', stageId: qualified.id }] })
    for (const company of ['First', 'Second', 'Third']) await inquiry(owner, product.id, { company })
    await finishedRuns(owner, rules, 3)
    const first = (await call(owner, 'GET', `${rules}/runs?limit=2`)).json()
    expect(first.runs.map((r: AutomationRun) => r.summary)).toEqual([
      'Bea Buyer <bea@acme.example> · Third',
      'Bea Buyer <bea@acme.example> · Second',
    ])
    const second = (await call(owner, 'GET', `${rules}/runs?limit=2&cursor=${first.nextCursor}`)).json()
    expect(second).toMatchObject({ runs: [expect.objectContaining({ summary: 'Bea Buyer <bea@acme.example> · First' })], nextCursor: null })
    expect((await call(owner, 'GET', `${rules}/runs?cursor=nonsense`)).json()).toEqual({
      message: 'cursor: Not a cursor of this list',
      code: 'invalid',
      field: 'cursor',
    })
  })

  it("sets off a product's 'room first visited' rules on the first visit of a deal's room, not on the next ones", async () => {
    const { owner, product, qualified, rules } = await buildShop()
    await buildRule(owner, rules, { trigger: 'room_first_visited', actions: [{ type: 'create_deal', stageId: qualified.id }] })
    const deal = await buildDeal(app, owner, { name: 'Acme rollout', currency: 'EUR', lines: [{ productId: product.id, quantity: 2 }] })
    const room = await call(owner, 'PUT', `/api/deals/${deal.id}/salesroom`, { title: 'Acme', published: true })
    const pub = `/api/public/salesrooms/${room.json().publicId}`
    expect((await call(null, 'POST', `${pub}/events`, { kind: 'visit' })).statusCode).toBe(200)
    const [run] = await finishedRuns(owner, rules)
    expect(run).toMatchObject({ trigger: 'room_first_visited', status: 'succeeded', dealId: deal.id })
    expect((await call(owner, 'GET', `/api/deals/${deal.id}`)).json().stageId).toBe(qualified.id)

    expect((await call(null, 'POST', `${pub}/events`, { kind: 'visit' })).statusCode).toBe(200)
    // The second visit queued nothing: a run it queued would be listed at once, before it ran.
    expect((await call(owner, 'GET', `${rules}/runs`)).json().runs).toHaveLength(1)
  })
})
