import { randomUUID } from 'node:crypto'
import type { PipelineStage } from '@closeroom/shared'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildEventType } from '../../testing/booking.ts'
import { buildDeal, buildProduct, stagesOf } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client, request } from '../../testing/factories.ts'

// A small organization whose every figure is counted by hand below. Times are Tokyo's (UTC+9, no DST): the
// figures are asked for in Asia/Tokyo unless a test says otherwise. March 2026 is the period; its previous
// period is the 31 days before, 29 January to 28 February.

const tokyo = (local: string) => new Date(`${local}+09:00`)
const MARCH = 'from=2026-03-01&to=2026-03-31&tz=Asia/Tokyo'

let app: TestApp
let olivia: Client
let sam: Client
let mia: Client
let other: Client
let stage: Record<string, PipelineStage>
let team: { id: string }
const deal: Record<string, string> = {}
let seat: { id: string }
let support: { id: string }

async function insertDeal(
  name: string,
  owner: Client,
  fields: {
    amount: number
    currency: string
    stays: [string, string][]
    closed?: string
    reason?: string
    expected?: string
    origin?: string
  },
) {
  const [first] = fields.stays
  const last = fields.stays[fields.stays.length - 1] as [string, string]
  const db = app.database.db
  const result = (await db.execute(sql`
    insert into deals (organization_id, name, owner_id, stage_id, amount, currency, expected_close_date, position, created_at, updated_at,
      closed_at, lost_reason, origin_product_id)
    values (${owner.user.organizationId}, ${name}, ${owner.user.id}, ${stage[last[0]]?.id}, ${fields.amount}, ${fields.currency},
      ${fields.expected ?? null}, 0, ${tokyo(first?.[1] as string)}, ${tokyo(last[1])},
      ${fields.closed ? tokyo(fields.closed) : null}, ${fields.reason ?? null}, ${fields.origin ?? null})
    returning id`)) as unknown as { rows: { id: string }[] }
  const id = result.rows[0]?.id as string
  // The trigger wrote one stay from the creation; the past is written as it happened.
  await db.execute(sql`delete from deal_stage_history where deal_id = ${id}`)
  for (const [i, [stageName, entered]] of fields.stays.entries()) {
    const next = fields.stays[i + 1]
    await db.execute(sql`insert into deal_stage_history (organization_id, deal_id, stage_id, entered_at, left_at)
      values (${owner.user.organizationId}, ${id}, ${stage[stageName]?.id}, ${tokyo(entered)}, ${next ? tokyo(next[1]) : null})`)
  }
  deal[name] = id
  return id
}

async function line(dealName: string, product: { id: string }, quantity: number, unitPrice: number) {
  await app.database.db.execute(sql`insert into deal_lines (deal_id, product_id, organization_id, quantity, unit_price)
    values (${deal[dealName]}, ${product.id}, ${olivia.user.organizationId}, ${quantity}, ${unitPrice})`)
}

async function insertBooking(
  host: Client,
  eventTypeId: string,
  fields: { status: string; created: string; start: string; noShow?: boolean; events?: [string, string][]; formId?: string },
) {
  const id = randomUUID()
  const db = app.database.db
  const start = tokyo(fields.start)
  await db.execute(sql`insert into bookings (id, uid, organization_id, event_type_id, status, title, start_at, end_at, attendee_name,
      attendee_email, attendee_time_zone, location_kind, no_show, created_at)
    values (${id}, ${randomUUID()}, ${host.user.organizationId}, ${eventTypeId}, ${fields.status}, ${`Meeting ${fields.start}`}, ${start},
      ${new Date(start.getTime() + 30 * 60_000)}, 'Bea Buyer', 'bea@example.com', 'Asia/Tokyo', 'meeting', ${fields.noShow ?? false},
      ${tokyo(fields.created)})`)
  await db.execute(sql`insert into booking_participants (booking_id, user_id) values (${id}, ${host.user.id})`)
  await db.execute(
    sql`insert into booking_events (booking_id, action, by, created_at) values (${id}, 'created', 'attendee', ${tokyo(fields.created)})`,
  )
  for (const [action, at] of fields.events ?? [])
    await db.execute(
      sql`insert into booking_events (booking_id, action, by, created_at) values (${id}, ${action}, 'attendee', ${tokyo(at)})`,
    )
  if (fields.formId)
    await db.execute(sql`insert into routing_responses (organization_id, form_id, answers, decision, fingerprint, booking_id)
      values (${host.user.organizationId}, ${fields.formId}, '{}'::jsonb, '{}'::jsonb, ${randomUUID()}, ${id})`)
  return id
}

const get = async (client: Client, url: string) => {
  const res = await request(app, client, 'GET', url)
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
  return res.json()
}
const amounts = (list: { currency: string; amount: number }[]) => Object.fromEntries(list.map((a) => [a.currency, a.amount]))

beforeAll(async () => {
  app = await buildTestApp()
  olivia = await buildOwner(app, { name: 'Olivia Owner' })
  sam = await buildMember(app, olivia, { name: 'Sam Seller' })
  mia = await buildMember(app, olivia, { name: 'Mia Member' })
  const teamRes = await request(app, olivia, 'POST', '/api/teams', { name: 'East', memberIds: [sam.user.id, mia.user.id] })
  team = teamRes.json()
  const stages = await stagesOf(app, olivia)
  stage = Object.fromEntries(stages.map((s) => [s.name, s]))
  // The forecast's probabilities: the defaults, but Proposal raised to 70 (into the commit) by an admin.
  const raised = await request(app, olivia, 'PATCH', `/api/pipeline-stages/${stage.Proposal?.id}`, { probability: 70 })
  expect(raised.json()).toMatchObject({ name: 'Proposal', probability: 70 })
  stage.Proposal = raised.json()
  seat = await buildProduct(app, olivia, { name: 'Seat', price: 100_00, currency: 'EUR' })
  support = await buildProduct(app, olivia, { name: 'Support', price: 200_00, currency: 'EUR' })

  await insertDeal('S1', sam, {
    amount: 1000_00,
    currency: 'EUR',
    stays: [
      ['Lead', '2026-03-02T09:00'],
      ['Proposal', '2026-03-04T09:00'],
      ['Won', '2026-03-10T12:00'],
    ],
    closed: '2026-03-10T12:00',
    origin: seat.id,
  })
  // Won at 23:30 on 31 March in Tokyo: March for a Tokyo manager, 1 April east of UTC+10:30.
  await insertDeal('S2', sam, {
    amount: 500_000,
    currency: 'JPY',
    stays: [
      ['Lead', '2026-02-25T09:00'],
      ['Negotiation', '2026-03-20T09:00'],
      ['Won', '2026-03-31T23:30'],
    ],
    closed: '2026-03-31T23:30',
  })
  await insertDeal('S3', sam, {
    amount: 300_00,
    currency: 'EUR',
    stays: [
      ['Lead', '2026-03-03T09:00'],
      ['Lost', '2026-03-20T10:00'],
    ],
    closed: '2026-03-20T10:00',
    reason: 'Price',
  })
  await insertDeal('S4', sam, {
    amount: 500_00,
    currency: 'EUR',
    stays: [
      ['Lead', '2026-03-05T09:00'],
      ['Proposal', '2026-03-06T09:00'],
    ],
    expected: '2026-03-25',
  })
  await insertDeal('S5', sam, { amount: 200_00, currency: 'EUR', stays: [['Lead', '2026-01-10T09:00']] })
  // Won at 00:30 on 1 March in Tokyo: still 28 February in UTC.
  await insertDeal('M1', mia, {
    amount: 400_00,
    currency: 'EUR',
    stays: [
      ['Lead', '2026-02-01T09:00'],
      ['Won', '2026-03-01T00:30'],
    ],
    closed: '2026-03-01T00:30',
  })
  await insertDeal('M2', mia, {
    amount: 250_00,
    currency: 'USD',
    stays: [
      ['Lead', '2026-02-10T09:00'],
      ['Lost', '2026-02-15T10:00'],
    ],
    closed: '2026-02-15T10:00',
  })
  await insertDeal('M3', mia, {
    amount: 1000_00,
    currency: 'USD',
    stays: [
      ['Lead', '2026-02-20T09:00'],
      ['Negotiation', '2026-02-25T09:00'],
    ],
    expected: '2026-03-15',
  })
  await insertDeal('O1', olivia, {
    amount: 600_00,
    currency: 'EUR',
    stays: [
      ['Lead', '2026-02-05T09:00'],
      ['Won', '2026-02-20T10:00'],
    ],
    closed: '2026-02-20T10:00',
  })
  await insertDeal('O2', olivia, {
    amount: 1000_00,
    currency: 'EUR',
    stays: [['Qualified', '2026-03-15T09:00']],
    expected: '2026-04-10',
    origin: seat.id,
  })
  await line('S1', seat, 10, 100_00)
  await line('M1', seat, 2, 100_00)
  await line('M1', support, 1, 200_00)
  await line('O1', seat, 6, 100_00)
  // Seat's room books with Sam, Support's with Mia: each room's visits are its owner's.
  const visits: [{ id: string }, Client, string][] = [
    [seat, sam, '2026-03-02T10:00'],
    [seat, sam, '2026-03-09T10:00'],
    [seat, sam, '2026-03-30T10:00'],
    [seat, sam, '2026-02-10T10:00'],
    [support, mia, '2026-03-31T23:30'],
  ]
  for (const [product, owner, at] of visits)
    await app.database.db.execute(
      sql`insert into product_room_visits (organization_id, product_id, owner_id, visited_at)
        values (${olivia.user.organizationId}, ${product.id}, ${owner.user.id}, ${tokyo(at)})`,
    )

  const intro = await buildEventType(app, sam, { title: 'Intro call' })
  const demo = await buildEventType(app, mia, { title: 'Demo' })
  const form = (await app.database.db.execute(sql`insert into routing_forms (organization_id, owner_id, name, slug, fields)
    values (${olivia.user.organizationId}, ${olivia.user.id}, 'Inbound', ${`inbound-${randomUUID()}`}, '[]'::jsonb) returning id`)) as unknown as {
    rows: { id: string }[]
  }
  const formId = form.rows[0]?.id as string
  await insertBooking(sam, intro.id, { status: 'accepted', created: '2026-03-02T10:00', start: '2026-03-03T10:00' })
  await insertBooking(sam, intro.id, {
    status: 'cancelled',
    created: '2026-03-05T10:00',
    start: '2026-03-12T10:00',
    events: [['cancelled', '2026-03-06T10:00']],
  })
  await insertBooking(sam, intro.id, {
    status: 'accepted',
    created: '2026-03-10T09:00',
    start: '2026-03-10T15:00',
    events: [['rescheduled', '2026-03-10T10:00']],
  })
  await insertBooking(sam, intro.id, { status: 'accepted', created: '2026-02-20T10:00', start: '2026-03-17T10:00', noShow: true })
  await insertBooking(mia, demo.id, { status: 'accepted', created: '2026-03-15T10:00', start: '2026-04-20T10:00', formId })
  await insertBooking(mia, demo.id, { status: 'declined', created: '2026-03-20T10:00', start: '2026-03-21T10:00' })
  await insertBooking(mia, demo.id, { status: 'accepted', created: '2026-02-10T10:00', start: '2026-02-12T10:00' })

  await request(app, olivia, 'POST', '/api/insights/quotas', {
    userId: sam.user.id,
    period: 'month',
    start: '2026-03-01',
    amount: 2000_00,
    currency: 'EUR',
  })
  await request(app, olivia, 'POST', '/api/insights/quotas', {
    userId: mia.user.id,
    period: 'month',
    start: '2026-03-01',
    amount: 500_00,
    currency: 'USD',
  })
  await request(app, olivia, 'POST', '/api/insights/quotas', {
    teamId: team.id,
    period: 'quarter',
    start: '2026-01-01',
    amount: 5000_00,
    currency: 'EUR',
  })

  // Another organization's March, never counted in Olivia's.
  other = await buildOwner(app, { name: 'Otto Other' })
  const otherStages = await stagesOf(app, other)
  await app.database.db.execute(sql`insert into deals (organization_id, name, owner_id, stage_id, amount, currency, position, created_at, closed_at)
    values (${other.user.organizationId}, 'Elsewhere', ${other.user.id}, ${otherStages.find((s) => s.kind === 'won')?.id}, 99999, 'EUR', 0,
      ${tokyo('2026-03-05T09:00')}, ${tokyo('2026-03-06T09:00')})`)
  const otherType = await buildEventType(app, other, { title: 'Other call' })
  await insertBooking(other, otherType.id, { status: 'accepted', created: '2026-03-02T10:00', start: '2026-03-03T10:00' })
}, 120_000)

afterAll(async () => {
  await app?.close()
})

describe('pipeline dashboard (/analytics)', () => {
  it("counts everyone's March for an admin, by hand", async () => {
    const body = await get(olivia, `/api/insights/pipeline?${MARCH}`)
    expect(body).toMatchObject({
      timeZone: 'Asia/Tokyo',
      period: { from: '2026-03-01', to: '2026-03-31' },
      previousPeriod: { from: '2026-01-29', to: '2026-02-28' },
      scope: { ownerId: null, teamId: null },
      reportingCurrency: null,
    })
    const now = body.current
    expect([now.created.count, amounts(now.created.value.amounts)]).toEqual([4, { EUR: 2800_00 }])
    expect([now.won.count, amounts(now.won.value.amounts)]).toEqual([3, { EUR: 1400_00, JPY: 500_000 }])
    expect([now.lost.count, amounts(now.lost.value.amounts)]).toEqual([1, { EUR: 300_00 }])
    expect(now.won.value.converted).toBeNull()
    expect(now.winRate).toBe(0.75)
    expect(amounts(now.averageDealSize.amounts)).toEqual({ EUR: 700_00, JPY: 500_000 })
    // S1 8.125 days, S2 34 days 14.5 hours, M1 27 days 15.5 hours.
    expect(now.salesCycleDays).toBeCloseTo(70.375 / 3, 6)
    expect(
      now.byStage.map((s: { name: string; probability: number; count: number; value: { amounts: [] }; weighted: { amounts: [] } }) => [
        s.name,
        s.probability,
        s.count,
        amounts(s.value.amounts),
        amounts(s.weighted.amounts),
      ]),
    ).toEqual([
      ['Lead', 10, 1, { EUR: 200_00 }, { EUR: 20_00 }],
      ['Qualified', 30, 1, { EUR: 1000_00 }, { EUR: 300_00 }],
      ['Proposal', 70, 1, { EUR: 500_00 }, { EUR: 350_00 }],
      ['Negotiation', 80, 1, { USD: 1000_00 }, { USD: 800_00 }],
      ['Won', 100, 4, { EUR: 2000_00, JPY: 500_000 }, { EUR: 2000_00, JPY: 500_000 }],
      ['Lost', 0, 2, { EUR: 300_00, USD: 250_00 }, {}],
    ])
    const conversion = Object.fromEntries(
      now.conversion.map((c: { name: string; entered: number; advanced: number; rate: number | null; averageDays: number | null }) => [
        c.name,
        [c.entered, c.advanced, c.rate, c.averageDays === null ? null : Number(c.averageDays.toFixed(6))],
      ]),
    )
    expect(conversion).toEqual({
      // Entered: S1, S3, S4; on: S1, S4. Stays ended in March: S1 2 d, S3 17 d 1 h, S4 1 d, S2 23 d, M1 27 d 15.5 h.
      Lead: [3, 2, 2 / 3, Number((70.6875 / 5).toFixed(6))],
      Qualified: [1, 0, 0, null],
      Proposal: [2, 1, 0.5, 6.125],
      Negotiation: [1, 1, 1, Number((11 + 14.5 / 24).toFixed(6))],
    })
    expect(now.lostByReason.map((r: { reason: string | null; count: number }) => [r.reason, r.count])).toEqual([['Price', 1]])
    expect(
      now.byOwner.map(
        (o: {
          owner: { name: string }
          won: { count: number }
          lost: { count: number }
          open: { count: number }
          winRate: number | null
        }) => [o.owner.name, o.won.count, o.lost.count, o.open.count, o.winRate],
      ),
    ).toEqual([
      ['Sam Seller', 2, 1, 2, 2 / 3],
      ['Mia Member', 1, 0, 1, 1],
      ['Olivia Owner', 0, 0, 1, null],
    ])
    expect(now.byTeam).toHaveLength(1)
    expect(now.byTeam[0]).toMatchObject({
      team: { name: 'East' },
      won: { count: 3 },
      lost: { count: 1 },
      open: { count: 3 },
      winRate: 0.75,
    })
    expect(amounts(now.byTeam[0].open.value.amounts)).toEqual({ EUR: 700_00, USD: 1000_00 })
  })

  it('counts the previous period (29 January to 28 February) the same way', async () => {
    const { previous } = await get(olivia, `/api/insights/pipeline?${MARCH}`)
    expect([previous.created.count, amounts(previous.created.value.amounts)]).toEqual([5, { EUR: 1000_00, USD: 1250_00, JPY: 500_000 }])
    expect([previous.won.count, amounts(previous.won.value.amounts)]).toEqual([1, { EUR: 600_00 }])
    expect([previous.lost.count, amounts(previous.lost.value.amounts)]).toEqual([1, { USD: 250_00 }])
    expect(previous.winRate).toBe(0.5)
    expect(previous.salesCycleDays).toBeCloseTo(15 + 1 / 24, 6)
    expect(previous.byStage.map((s: { name: string; count: number }) => [s.name, s.count])).toEqual([
      ['Lead', 3],
      ['Qualified', 0],
      ['Proposal', 0],
      ['Negotiation', 1],
      ['Won', 1],
      ['Lost', 1],
    ])
  })

  it("gives a member their own figures only, and refuses them someone else's or a team's", async () => {
    const mine = await get(sam, `/api/insights/pipeline?${MARCH}`)
    expect(mine.scope).toEqual({ ownerId: sam.user.id, teamId: null })
    expect([mine.current.created.count, mine.current.won.count, mine.current.lost.count]).toEqual([3, 2, 1])
    expect(mine.current.byOwner.map((o: { owner: { name: string } }) => o.owner.name)).toEqual(['Sam Seller'])
    expect(mine.current.byTeam).toEqual([])
    expect((await get(sam, `/api/insights/pipeline?${MARCH}&ownerId=${sam.user.id}`)).current.won.count).toBe(2)
    for (const asked of [`ownerId=${mia.user.id}`, `teamId=${team.id}`]) {
      const refused = await request(app, sam, 'GET', `/api/insights/pipeline?${MARCH}&${asked}`)
      expect(refused.statusCode).toBe(403)
      expect(refused.json().message).toMatch(/owners and admins/)
    }
  })

  it("gives an admin one member's or one team's figures", async () => {
    const mias = await get(olivia, `/api/insights/pipeline?${MARCH}&ownerId=${mia.user.id}`)
    expect([mias.current.won.count, mias.current.lost.count, mias.previous.lost.count]).toEqual([1, 0, 1])
    const east = await get(olivia, `/api/insights/pipeline?${MARCH}&teamId=${team.id}`)
    expect([east.current.created.count, east.current.won.count, east.current.lost.count]).toEqual([3, 3, 1])
    expect(east.current.byTeam.map((t: { team: { name: string } }) => t.team.name)).toEqual(['East'])
  })

  it('counts days in the viewer’s zone: a deal won at 00:30 in Tokyo is February in UTC', async () => {
    const utc = await get(olivia, '/api/insights/pipeline?from=2026-03-01&to=2026-03-31&tz=UTC')
    expect([utc.current.won.count, utc.previous.won.count]).toEqual([2, 2])
    // S2, won at 23:30 on 31 March in Tokyo, is that Tokyo day, and 1 April on Kiritimati (UTC+14).
    const lastDay = await get(olivia, '/api/insights/pipeline?from=2026-03-31&to=2026-03-31&tz=Asia/Tokyo')
    expect(amounts(lastDay.current.won.value.amounts)).toEqual({ JPY: 500_000 })
    const kiritimati = await get(olivia, '/api/insights/pipeline?from=2026-04-01&to=2026-04-01&tz=Pacific/Kiritimati')
    expect(amounts(kiritimati.current.won.value.amounts)).toEqual({ JPY: 500_000 })
    expect((await get(olivia, '/api/insights/pipeline?from=2026-03-31&to=2026-03-31&tz=Pacific/Kiritimati')).current.won.count).toBe(0)
  })
})

describe('bookings dashboard (/booking)', () => {
  it("counts everyone's March for an admin, by hand", async () => {
    const { current, previous } = await get(olivia, `/api/insights/bookings?${MARCH}`)
    expect([current.created.count, current.rescheduled.count, current.cancelled.count, current.noShow.count, current.held.count]).toEqual([
      5, 1, 1, 1, 2,
    ])
    expect(current.byEventType.map((e: { name: string; count: number; cancelled: number }) => [e.name, e.count, e.cancelled])).toEqual([
      ['Intro call', 3, 1],
      ['Demo', 2, 0],
    ])
    expect(
      current.byMember.map((m: { member: { name: string }; count: number; cancelled: number; noShow: number }) => [
        m.member.name,
        m.count,
        m.cancelled,
        m.noShow,
      ]),
    ).toEqual([
      ['Sam Seller', 3, 1, 0],
      ['Mia Member', 2, 0, 0],
    ])
    expect(current.byRoutingForm.map((f: { name: string | null; count: number }) => [f.name, f.count])).toEqual([
      [null, 4],
      ['Inbound', 1],
    ])
    // Tuesdays 10:00 (3 and 17 March) and 15:00 (10 March), Tokyo time; the declined and cancelled ones hold no time.
    expect(current.heatmap.map(({ drill, ...cell }: { drill: string }) => cell)).toEqual([
      { weekday: 2, hour: 10, count: 2 },
      { weekday: 2, hour: 15, count: 1 },
    ])
    expect(current.popularTimes[0]).toMatchObject({ weekday: 2, hour: 10, count: 2 })
    // 24 h, 7 days, 6 h, 36 days, 24 h.
    expect(current.leadTime.averageHours).toBeCloseTo(1086 / 5, 6)
    expect(current.leadTime.medianHours).toBe(24)
    expect(Object.fromEntries(current.leadTime.buckets.map((b: { bucket: string; count: number }) => [b.bucket, b.count]))).toEqual({
      same_day: 1,
      next_day: 2,
      within_week: 1,
      within_month: 0,
      later: 1,
    })
    expect([previous.created.count, previous.noShow.count, previous.held.count, previous.cancelled.count]).toEqual([2, 0, 1, 0])
  })

  it('gives a member the bookings they host only', async () => {
    const { current } = await get(sam, `/api/insights/bookings?${MARCH}`)
    expect([current.created.count, current.rescheduled.count, current.cancelled.count, current.noShow.count, current.held.count]).toEqual([
      3, 1, 1, 1, 2,
    ])
    expect(current.byMember.map((m: { member: { name: string } }) => m.member.name)).toEqual(['Sam Seller'])
  })
})

describe('products dashboard (/ecommerce)', () => {
  it('counts revenue, units, attach rate and the room funnel by hand', async () => {
    const { current, previous } = await get(olivia, `/api/insights/products?${MARCH}`)
    expect(current.wonDeals).toBe(3)
    expect(
      current.products.map(
        (p: {
          name: string
          revenue: { amounts: [] }
          units: number
          deals: { count: number }
          attachRate: number
          roomVisits: number
          inquiries: { count: number }
          inquiriesWon: { count: number }
        }) => [
          p.name,
          amounts(p.revenue.amounts),
          p.units,
          p.deals.count,
          p.attachRate,
          p.roomVisits,
          p.inquiries.count,
          p.inquiriesWon.count,
        ],
      ),
    ).toEqual([
      ['Seat', { EUR: 1200_00 }, 12, 2, 2 / 3, 3, 2, 1],
      // Visited at 23:30 on 31 March in Tokyo (14:30 UTC).
      ['Support', { EUR: 200_00 }, 1, 1, 1 / 3, 1, 0, 0],
    ])
    expect(previous.wonDeals).toBe(1)
    expect(previous.products.map((p: { name: string; units: number; roomVisits: number }) => [p.name, p.units, p.roomVisits])).toEqual([
      ['Seat', 6, 1],
    ])
  })

  it("gives a member their own rooms' visits and deals only; an admin sees one member's when asking", async () => {
    type Row = { name: string; units: number; roomVisits: number; inquiries: { count: number } }
    const figures = (list: Row[]) => list.map((p) => [p.name, p.units, p.roomVisits, p.inquiries.count])
    // Sam: S1 (10 seats, from the Seat room) and Seat's three March visits; nothing of Mia's Support room.
    const samMarch = await get(sam, `/api/insights/products?${MARCH}`)
    expect(samMarch.current.wonDeals).toBe(2)
    expect(figures(samMarch.current.products)).toEqual([['Seat', 10, 3, 1]])
    // Mia: M1 (won at 00:30 on 1 March in Tokyo: 2 seats and a support line) and her Support room's visit.
    const miaMarch = await get(mia, `/api/insights/products?${MARCH}`)
    expect(miaMarch.current.wonDeals).toBe(1)
    expect(figures(miaMarch.current.products)).toEqual([
      ['Seat', 2, 0, 0],
      ['Support', 1, 1, 0],
    ])
    // The same in UTC: M1 was won on 28 February and the Support visit was on 31 March (14:30 UTC).
    const miaUtc = await get(mia, '/api/insights/products?from=2026-03-01&to=2026-03-31&tz=UTC')
    expect(miaUtc.current.wonDeals).toBe(0)
    expect(figures(miaUtc.current.products)).toEqual([['Support', 0, 1, 0]])
    const asked = await get(olivia, `/api/insights/products?${MARCH}&ownerId=${mia.user.id}`)
    expect(figures(asked.current.products)).toEqual(figures(miaMarch.current.products))
  })
})

describe('revenue dashboard (/banking) and the reporting currency', () => {
  it('forecasts, commits and measures quotas by hand, converted once rates are set', async () => {
    const before = await get(olivia, `/api/insights/revenue?${MARCH}`)
    expect(before.commitProbability).toBe(70)
    expect(before.months.map((m: { month: string }) => m.month)).toEqual(['2026-03'])
    const [march] = before.months
    expect([march.won.count, amounts(march.won.value.amounts)]).toEqual([3, { EUR: 1400_00, JPY: 500_000 }])
    // S4: 500 € at 70 %; M3: 1000 $ at 80 %. O2 is expected in April, S5 has no date.
    expect(amounts(march.forecast.amounts)).toEqual({ EUR: 350_00, USD: 800_00 })
    expect([march.commit.count, amounts(march.commit.value.amounts)]).toEqual([2, { EUR: 500_00, USD: 1000_00 }])
    expect(march.bestCase.count).toBe(2)
    expect(amounts(march.quota.amounts)).toEqual({ EUR: 2000_00, USD: 500_00 })
    expect([before.unscheduled.count, amounts(before.unscheduled.value.amounts)]).toEqual([1, { EUR: 200_00 }])
    expect([before.previousWon.count, amounts(before.previousWon.value.amounts)]).toEqual([1, { EUR: 600_00 }])
    expect(before.quotas.map((q: { subject: { name: string }; attainment: number | null }) => [q.subject.name, q.attainment])).toEqual([
      ['East', 1400_00 / 5000_00],
      ['Mia Member', 0],
      ['Sam Seller', 0.5],
    ])

    const refused = await request(app, sam, 'PUT', '/api/insights/currency', { reportingCurrency: 'EUR', rates: [] })
    expect(refused.statusCode).toBe(403)
    const saved = await request(app, olivia, 'PUT', '/api/insights/currency', {
      reportingCurrency: 'EUR',
      rates: [{ currency: 'USD', rate: '0.9' }],
    })
    expect(saved.json()).toEqual({ reportingCurrency: 'EUR', rates: [{ currency: 'USD', rate: '0.9' }] })
    const partly = await get(olivia, `/api/insights/revenue?${MARCH}`)
    expect(partly.totals.won.value.converted).toEqual({ currency: 'EUR', amount: 1400_00, converted: true, missingRates: ['JPY'] })
    // Without a yen rate, the average is over the two euro deals only.
    const partlyPipeline = await get(olivia, `/api/insights/pipeline?${MARCH}`)
    expect(partlyPipeline.current.averageDealSize.converted).toEqual({
      currency: 'EUR',
      amount: 700_00,
      converted: true,
      missingRates: ['JPY'],
    })

    await request(app, olivia, 'PUT', '/api/insights/currency', {
      reportingCurrency: 'EUR',
      rates: [
        { currency: 'USD', rate: '0.9' },
        { currency: 'JPY', rate: '0.0062' },
      ],
    })
    const after = await get(olivia, `/api/insights/revenue?${MARCH}`)
    // 1 400 € + 500 000 ¥ × 0.0062 = 4 500 €.
    expect(after.totals.won.value.converted).toEqual({ currency: 'EUR', amount: 4500_00, converted: true, missingRates: [] })
    expect(after.totals.forecast.converted).toEqual({ currency: 'EUR', amount: 350_00 + 720_00, converted: true, missingRates: [] })
    expect(
      after.quotas.map((q: { subject: { name: string }; attainment: number }) => [q.subject.name, Number(q.attainment.toFixed(6))]),
    ).toEqual([
      ['East', 0.9],
      ['Mia Member', Number((400_00 / 450_00).toFixed(6))],
      ['Sam Seller', 2.05],
    ])
    const pipeline = await get(olivia, `/api/insights/pipeline?${MARCH}`)
    expect(pipeline.reportingCurrency).toBe('EUR')
    expect(pipeline.current.won.value.converted).toEqual({ currency: 'EUR', amount: 4500_00, converted: true, missingRates: [] })
    // 4 500 € won in 3 deals: 1 500 € a deal, not 700 € + 3 100 € (the two currencies' averages added up).
    expect(pipeline.current.averageDealSize.converted).toEqual({ currency: 'EUR', amount: 1500_00, converted: true, missingRates: [] })
  })

  it('shows a member their own quota and revenue only', async () => {
    const mine = await get(sam, `/api/insights/revenue?${MARCH}`)
    expect(mine.quotas.map((q: { subject: { name: string } }) => q.subject.name)).toEqual(['Sam Seller'])
    expect(mine.totals.won.count).toBe(2)
    expect(amounts(mine.months[0].quota.amounts)).toEqual({ EUR: 2000_00 })
  })
})

describe('records behind a figure', () => {
  it('lists the deals behind a figure, newest first, a page at a time', async () => {
    const { current } = await get(olivia, `/api/insights/pipeline?${MARCH}`)
    const first = await get(olivia, `/api/insights/records?key=${current.won.drill}&limit=2`)
    expect(first.kind).toBe('deals')
    expect(first.total).toBe(3)
    expect(first.records.map((r: { id: string }) => r.id)).toEqual([deal.S2, deal.S1])
    expect(first.records[0]).toMatchObject({
      kind: 'deal',
      name: 'S2',
      owner: { name: 'Sam Seller' },
      amount: 500_000,
      currency: 'JPY',
      date: '2026-03-31T14:30:00.000Z',
      status: 'Won',
      link: `/deals/${deal.S2}`,
    })
    const second = await get(olivia, `/api/insights/records?key=${current.won.drill}&limit=2&cursor=${first.nextCursor}`)
    expect([second.records.map((r: { id: string }) => r.id), second.nextCursor, second.total]).toEqual([[deal.M1], null, null])
    const lead = current.byStage.find((s: { name: string }) => s.name === 'Lead')
    expect((await get(olivia, `/api/insights/records?key=${lead.drill}`)).records.map((r: { id: string }) => r.id)).toEqual([deal.S5])
  })

  it('lists the bookings behind a figure', async () => {
    const { current } = await get(olivia, `/api/insights/bookings?${MARCH}`)
    const noShow = await get(olivia, `/api/insights/records?key=${current.noShow.drill}`)
    expect(noShow.kind).toBe('bookings')
    expect(noShow.records).toHaveLength(1)
    expect(noShow.records[0]).toMatchObject({ kind: 'booking', status: 'no_show', owner: { name: 'Sam Seller' }, amount: null })
    expect(noShow.records[0].link).toBe(`/calendar?booking=${noShow.records[0].id}`)
  })

  it('lists the bookings behind each heat map cell, popular time and lead time bucket, as many as counted', async () => {
    const total = async (client: Client, key: string) => (await get(client, `/api/insights/records?key=${key}`)).total
    // Everyone's, one member's, a team's (counted over the bookings), and a zone off the hour (Kolkata, UTC+5:30).
    for (const [client, query] of [
      [olivia, MARCH],
      [sam, MARCH],
      [olivia, `${MARCH}&teamId=${team.id}`],
      [olivia, 'from=2026-03-01&to=2026-03-31&tz=Asia/Kolkata'],
    ] as const) {
      const body = await get(client, `/api/insights/bookings?${query}`)
      for (const figures of [body.current, body.previous]) {
        const cells = [...figures.heatmap, ...figures.popularTimes, ...figures.leadTime.buckets] as { count: number; drill: string }[]
        for (const cell of cells) expect(await total(client, cell.drill)).toBe(cell.count)
      }
    }
    const { current } = await get(olivia, `/api/insights/bookings?${MARCH}`)
    // The two Tuesday 10:00 meetings: 3 March (held) and 17 March (no-show).
    const ten = await get(olivia, `/api/insights/records?key=${current.heatmap[0].drill}`)
    expect(ten.records.map((r: { date: string }) => r.date)).toEqual(['2026-03-17T01:00:00.000Z', '2026-03-03T01:00:00.000Z'])
    const later = current.leadTime.buckets.find((b: { bucket: string }) => b.bucket === 'later')
    const booked = await get(olivia, `/api/insights/records?key=${later.drill}`)
    expect(booked.records.map((r: { name: string }) => r.name)).toEqual(['Meeting 2026-04-20T10:00'])
  })

  it("lists the open deals a forecast is made of, and the deals a month's quotas are measured against", async () => {
    const body = await get(olivia, `/api/insights/revenue?${MARCH}`)
    const [march] = body.months
    expect([march.forecastDeals.count, body.totals.forecastDeals.count]).toEqual([2, 2])
    const behind = await get(olivia, `/api/insights/records?key=${march.forecastDeals.drill}`)
    expect(behind.records.map((r: { id: string }) => r.id).sort()).toEqual([deal.S4, deal.M3].sort())
    expect((await get(sam, `/api/insights/records?key=${march.forecastDeals.drill}`)).records.map((r: { id: string }) => r.id)).toEqual([
      deal.S4,
    ])
    // Sam's and Mia's monthly quotas, against what they won in March: S1, S2 and M1.
    expect(march.quotaWon.count).toBe(3)
    const quotaBehind = await get(olivia, `/api/insights/records?key=${march.quotaWon.drill}`)
    expect(quotaBehind.records.map((r: { id: string }) => r.id)).toEqual([deal.S2, deal.S1, deal.M1])
    const samMonth = (await get(sam, `/api/insights/revenue?${MARCH}`)).months[0]
    expect(samMonth.quotaWon.count).toBe(2)
    expect((await get(sam, `/api/insights/records?key=${samMonth.quotaWon.drill}`)).total).toBe(2)
  })

  it('keeps a member to their own records and another organization out', async () => {
    const { current } = await get(olivia, `/api/insights/pipeline?${MARCH}&ownerId=${mia.user.id}`)
    const refused = await request(app, sam, 'GET', `/api/insights/records?key=${current.won.drill}`)
    expect(refused.statusCode).toBe(403)
    const everyone = await get(olivia, `/api/insights/pipeline?${MARCH}`)
    // A key of everyone's figures gives a member their own share.
    expect((await get(sam, `/api/insights/records?key=${everyone.current.won.drill}`)).total).toBe(2)
    expect((await get(other, `/api/insights/records?key=${everyone.current.won.drill}`)).total).toBe(1)
    const bad = await request(app, olivia, 'GET', '/api/insights/records?key=not-a-key')
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'key: Not a key given by a dashboard'])
  })
})

describe('asking wrongly', () => {
  it.each([
    ['an unknown zone', 'from=2026-03-01&to=2026-03-31&tz=Mars/Olympus', /time zone/i],
    ['from after to', 'from=2026-03-31&to=2026-03-01', /from must be on or before to/],
    ['too long a period', 'from=2020-01-01&to=2026-03-31', /at most 731 days/],
    ['a malformed date', 'from=2026-13-01&to=2026-03-31', /date/i],
    ['a missing date', 'to=2026-03-31', /from/],
  ])('refuses %s with 400 and a message', async (_, query, message) => {
    for (const path of ['pipeline', 'bookings', 'products', 'revenue']) {
      const res = await request(app, olivia, 'GET', `/api/insights/${path}?${query}`)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toMatch(message)
    }
  })

  it('answers 404 for a member or team of another organization', async () => {
    expect((await request(app, olivia, 'GET', `/api/insights/pipeline?${MARCH}&ownerId=${other.user.id}`)).statusCode).toBe(404)
    expect((await request(app, other, 'GET', `/api/insights/pipeline?${MARCH}&teamId=${team.id}`)).statusCode).toBe(404)
  })

  it('refuses a member setting quotas, and a second quota for the same month', async () => {
    const body = { userId: sam.user.id, period: 'month', start: '2026-03-01', amount: 1_00, currency: 'EUR' }
    expect((await request(app, sam, 'POST', '/api/insights/quotas', body)).statusCode).toBe(403)
    expect((await request(app, olivia, 'POST', '/api/insights/quotas', body)).statusCode).toBe(409)
    const quarter = await request(app, olivia, 'POST', '/api/insights/quotas', { ...body, period: 'quarter', start: '2026-02-01' })
    expect([quarter.statusCode, quarter.json().message]).toEqual([400, 'start: A quarter starts in January, April, July or October'])
    expect((await request(app, other, 'POST', '/api/insights/quotas', body)).statusCode).toBe(400)
  })
})

describe('kept by the database', () => {
  const withoutKeys = (figures: unknown) => JSON.parse(JSON.stringify(figures, (k, v) => (k === 'drill' ? undefined : v)))

  it('keeps the bookings counts exact through moves, no-shows, co-hosts, cancellations and deletions', async () => {
    const db = app.database.db
    // The East team (Sam and Mia) hosts every booking of the organization: its figures, counted over the
    // bookings themselves, are everyone's, read from the counts the triggers keep.
    const same = async () => {
      const everyone = await get(olivia, `/api/insights/bookings?${MARCH}`)
      const east = await get(olivia, `/api/insights/bookings?${MARCH}&teamId=${team.id}`)
      expect(withoutKeys(everyone.current)).toEqual(withoutKeys(east.current))
      expect(withoutKeys(everyone.previous)).toEqual(withoutKeys(east.previous))
      return everyone.current
    }
    const before = await same()
    const org = olivia.user.organizationId
    await db.execute(sql`update bookings set start_at = start_at + interval '1 day 2 hours', end_at = end_at + interval '1 day 2 hours'
      where organization_id = ${org} and title = 'Meeting 2026-03-03T10:00'`)
    await db.execute(sql`update bookings set no_show = true where organization_id = ${org} and title = 'Meeting 2026-03-10T15:00'`)
    await db.execute(sql`update bookings set status = 'cancelled' where organization_id = ${org} and title = 'Meeting 2026-04-20T10:00'`)
    await db.execute(sql`insert into booking_events (booking_id, action, by, created_at)
      select id, 'cancelled', 'host', ${tokyo('2026-03-25T10:00')} from bookings where organization_id = ${org} and title = 'Meeting 2026-04-20T10:00'`)
    const after = await same()
    expect(after.heatmap.map((c: { weekday: number; hour: number; count: number }) => [c.weekday, c.hour, c.count])).toEqual([
      [2, 10, 1],
      [2, 15, 1],
      [3, 12, 1],
    ])
    expect([after.cancelled.count, after.noShow.count, after.held.count]).toEqual([2, 2, 1])
    // Sam co-hosts Mia's demo: it counts once for everyone, and now for Sam too.
    await db.execute(sql`insert into booking_participants (booking_id, user_id)
      select id, ${sam.user.id}::uuid from bookings where organization_id = ${org} and title = 'Meeting 2026-03-21T10:00'`)
    await same()
    const samNow = await get(sam, `/api/insights/bookings?${MARCH}`)
    expect(samNow.current.created.count).toBe(4)
    await db.execute(sql`delete from booking_participants where user_id = ${sam.user.id}
      and booking_id in (select id from bookings where organization_id = ${org} and title = 'Meeting 2026-03-21T10:00')`)
    expect((await get(sam, `/api/insights/bookings?${MARCH}`)).current.created.count).toBe(3)
    await db.execute(sql`delete from bookings where organization_id = ${org} and title = 'Meeting 2026-03-10T15:00'`)
    const deleted = await same()
    expect([deleted.created.count, deleted.rescheduled.count]).toEqual([before.created.count - 1, 0])
  })

  it("closes and reopens a stage's deals when its kind changes", async () => {
    const stages = await stagesOf(app, other)
    const open = stages.find((s) => s.name === 'Negotiation') as PipelineStage
    const made = await buildDeal(app, other, { name: 'Turning', stageId: open.id })
    const closedAt = async () =>
      (
        (await app.database.db.execute(sql`select closed_at from deals where id = ${made.id}`)) as unknown as {
          rows: { closed_at: unknown }[]
        }
      ).rows[0]?.closed_at
    expect(await closedAt()).toBeNull()
    expect((await request(app, other, 'PATCH', `/api/pipeline-stages/${open.id}`, { kind: 'won' })).statusCode).toBe(200)
    expect(await closedAt()).not.toBeNull()
    expect((await request(app, other, 'PATCH', `/api/pipeline-stages/${open.id}`, { kind: 'open' })).statusCode).toBe(200)
    expect(await closedAt()).toBeNull()
    // deal_owner_totals stays what counting the deals gives, through moves, new amounts and deletions.
    const won = stages.find((s) => s.kind === 'won') as PipelineStage
    expect((await request(app, other, 'PATCH', `/api/deals/${made.id}`, { stageId: won.id, amount: 123_45 })).statusCode).toBe(200)
    const totals = async () =>
      (
        (await app.database.db.execute(sql`select stage_id, owner_id, currency, count, amount from deal_owner_totals where count <> 0
          except select stage_id, owner_id, currency, count(*)::int, sum(amount) from deals group by 1, 2, 3`)) as unknown as {
          rows: unknown[]
        }
      ).rows
    expect(await totals()).toEqual([])
    expect((await request(app, other, 'DELETE', `/api/deals/${made.id}`)).statusCode).toBe(200)
    expect(await totals()).toEqual([])
  })
})
