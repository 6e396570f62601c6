import { randomUUID } from 'node:crypto'
import type { PipelineStage } from '@closeroom/shared'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildEventType } from '../../testing/booking.ts'
import { buildDeal, stagesOf } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client, request } from '../../testing/factories.ts'

// The home page is about now, so its data is placed around the real clock, in a zone where it is midday: an
// hour before and after are both today whenever the test runs.

const HOUR = 3_600_000
const DAY = 24 * HOUR
let app: TestApp
let olivia: Client
let sam: Client
let stage: Record<string, PipelineStage>
let zone: string

function middayZone(now: number): string {
  const offset = 12 - new Date(now).getUTCHours()
  // Etc/GMT-N is UTC+N.
  return offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`
}

async function insertDeal(
  owner: Client,
  fields: { stage: string; amount: number; currency?: string; created: number; closed?: number; expected?: string },
) {
  const result = (await app.database.db.execute(sql`
    insert into deals (organization_id, name, owner_id, stage_id, amount, currency, expected_close_date, position, created_at, updated_at, closed_at)
    values (${owner.user.organizationId}, ${`Deal ${randomUUID().slice(0, 6)}`}, ${owner.user.id}, ${stage[fields.stage]?.id}, ${fields.amount},
      ${fields.currency ?? 'EUR'}, ${fields.expected ?? null}, 0, ${new Date(fields.created)}, ${new Date(fields.created)},
      ${fields.closed ? new Date(fields.closed) : null})
    returning id`)) as unknown as { rows: { id: string }[] }
  return result.rows[0]?.id as string
}

async function insertBooking(host: Client, eventTypeId: string, status: string, start: number, created: number) {
  const id = randomUUID()
  await app.database.db.execute(sql`insert into bookings (id, uid, organization_id, event_type_id, status, title, start_at, end_at,
      attendee_name, attendee_email, attendee_time_zone, location_kind, created_at)
    values (${id}, ${randomUUID()}, ${host.user.organizationId}, ${eventTypeId}, ${status}, 'Call', ${new Date(start)},
      ${new Date(start + HOUR / 2)}, 'Bea Buyer', 'bea@example.com', 'UTC', 'meeting', ${new Date(created)})`)
  await app.database.db.execute(sql`insert into booking_participants (booking_id, user_id) values (${id}, ${host.user.id})`)
  return id
}

const ids: Record<string, string> = {}

beforeAll(async () => {
  app = await buildTestApp()
  olivia = await buildOwner(app, { name: 'Olivia Owner' })
  sam = await buildMember(app, olivia, { name: 'Sam Seller' })
  stage = Object.fromEntries((await stagesOf(app, olivia)).map((s) => [s.name, s]))
  const now = Date.now()
  zone = middayZone(now)
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(now))
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - DAY).toISOString().slice(0, 10)

  // Stale (no activity for 30 days), overdue (expected yesterday), and one with a room visit an hour ago.
  ids.stale = await insertDeal(sam, { stage: 'Lead', amount: 100_00, created: now - 30 * DAY })
  ids.overdue = await insertDeal(sam, { stage: 'Negotiation', amount: 1000_00, created: now - HOUR, expected: yesterday })
  ids.visited = await insertDeal(sam, { stage: 'Proposal', amount: 50_00, currency: 'USD', created: now - HOUR })
  await app.database.db.execute(sql`insert into salesroom_visits (deal_id, started_at) values (${ids.visited}, ${new Date(now - HOUR)})`)
  ids.won = await insertDeal(sam, { stage: 'Won', amount: 300_00, created: now - 10 * DAY, closed: now - HOUR })
  ids.oldWon = await insertDeal(sam, { stage: 'Won', amount: 700_00, created: now - 10 * DAY, closed: now - 5 * DAY })
  // Olivia's deal is not Sam's business on his home page.
  await insertDeal(olivia, { stage: 'Lead', amount: 999_00, created: now - 40 * DAY })

  const type = await buildEventType(app, sam)
  await insertBooking(sam, type.id, 'accepted', now - HOUR, now - 2 * DAY)
  ids.next = await insertBooking(sam, type.id, 'accepted', now + HOUR, now - HOUR)
  await insertBooking(sam, type.id, 'cancelled', now + 2 * HOUR, now - 2 * DAY)
  await insertBooking(sam, type.id, 'accepted', now + 20 * DAY, now - 20 * DAY)
}, 120_000)

afterAll(async () => {
  await app?.close()
})

describe('home: the week of the person signed in', () => {
  it('counts their meetings, the deals that need them, their pipeline and what changed since yesterday', async () => {
    const res = await request(app, sam, 'GET', `/api/insights/home?tz=${encodeURIComponent(zone)}`)
    expect(res.statusCode).toBe(200)
    const home = res.json()
    expect(home.timeZone).toBe(zone)
    expect([home.meetings.today.count, home.meetings.week.count]).toEqual([2, 2])
    expect(home.meetings.upcoming.map((b: { id: string }) => b.id)).toEqual([ids.next])
    expect([home.attention.stale.count, home.attention.overdue.count, home.attention.visited.count, home.attention.staleDays]).toEqual([
      1, 1, 1, 14,
    ])
    expect(
      Object.fromEntries(home.attention.deals.map((d: { deal: { id: string }; reasons: string[] }) => [d.deal.id, d.reasons])),
    ).toEqual({ [ids.stale as string]: ['stale'], [ids.overdue as string]: ['overdue'], [ids.visited as string]: ['visited'] })
    // Open: 100 € at 10 %, 1000 € at 80 %, 50 $ at 60 %.
    expect(home.pipeline.open.count).toBe(3)
    expect(home.pipeline.open.value.amounts).toEqual([
      { currency: 'EUR', amount: 1100_00 },
      { currency: 'USD', amount: 50_00 },
    ])
    expect(home.pipeline.weighted.amounts).toEqual([
      { currency: 'EUR', amount: 810_00 },
      { currency: 'USD', amount: 30_00 },
    ])
    expect(home.changes.dealsWon.count).toBe(1)
    expect(home.changes.dealsWon.value.amounts).toEqual([{ currency: 'EUR', amount: 300_00 }])
    expect([
      home.changes.dealsCreated.count,
      home.changes.dealsLost.count,
      home.changes.bookingsMade.count,
      home.changes.roomVisits.count,
    ]).toEqual([2, 0, 1, 1])
    const records = await request(app, sam, 'GET', `/api/insights/records?key=${home.attention.overdue.drill}`)
    expect(records.json().records.map((r: { id: string }) => r.id)).toEqual([ids.overdue])
  })

  it('drops a visited room from the list once the person has opened the deal', async () => {
    expect((await request(app, sam, 'GET', `/api/deals/${ids.visited}`)).statusCode).toBe(200)
    const home = (await request(app, sam, 'GET', `/api/insights/home?tz=${encodeURIComponent(zone)}`)).json()
    expect(home.attention.visited.count).toBe(0)
  })

  it("shows an admin their own week, not the organization's", async () => {
    const home = (await request(app, olivia, 'GET', '/api/insights/home')).json()
    expect([home.meetings.today.count, home.pipeline.open.count, home.attention.stale.count]).toEqual([0, 1, 1])
  })
})

describe('what the dashboards need of deals and bookings', () => {
  it('keeps closed_at, the lost reason and the stage history through moves and updates', async () => {
    const deal = await buildDeal(app, sam, { name: 'Moves' })
    const moved = await request(app, sam, 'POST', `/api/deals/${deal.id}/move`, {
      stageId: stage.Lost?.id,
      lostReason: 'Went with a competitor',
    })
    expect(moved.statusCode).toBe(200)
    expect(moved.json()).toMatchObject({ lostReason: 'Went with a competitor' })
    expect(moved.json().closedAt).not.toBeNull()
    const reopened = await request(app, sam, 'PATCH', `/api/deals/${deal.id}`, { stageId: stage.Qualified?.id })
    expect(reopened.json()).toMatchObject({ closedAt: null, lostReason: null })
    const won = await request(app, sam, 'POST', `/api/deals/${deal.id}/move`, { stageId: stage.Won?.id, lostReason: 'ignored' })
    expect(won.json()).toMatchObject({ lostReason: null })
    expect(won.json().closedAt).not.toBeNull()
    const history = (await app.database.db.execute(sql`select s.name, h.left_at is null as current from deal_stage_history h
      join pipeline_stages s on s.id = h.stage_id where h.deal_id = ${deal.id} order by h.entered_at, h.left_at nulls last`)) as unknown as {
      rows: { name: string; current: boolean }[]
    }
    expect(history.rows).toEqual([
      { name: 'Lead', current: false },
      { name: 'Lost', current: false },
      { name: 'Qualified', current: false },
      { name: 'Won', current: true },
    ])
  })

  it('lets an admin set a stage probability, and refuses a member or a value past 100', async () => {
    const id = stage.Lead?.id
    expect((await request(app, sam, 'PATCH', `/api/pipeline-stages/${id}`, { probability: 20 })).statusCode).toBe(403)
    expect((await request(app, olivia, 'PATCH', `/api/pipeline-stages/${id}`, { probability: 101 })).statusCode).toBe(400)
    expect((await request(app, olivia, 'PATCH', `/api/pipeline-stages/${id}`, { probability: 20 })).json()).toMatchObject({
      probability: 20,
    })
    await request(app, olivia, 'PATCH', `/api/pipeline-stages/${id}`, { probability: 10 })
  })

  it('lets the host mark a past accepted booking as a no-show, not a future one', async () => {
    const type = await buildEventType(app, sam, { title: 'No-show check' })
    const past = await insertBooking(sam, type.id, 'accepted', Date.now() - 50 * DAY, Date.now() - 60 * DAY)
    const future = await insertBooking(sam, type.id, 'accepted', Date.now() + 50 * DAY, Date.now() - DAY)
    const marked = await request(app, sam, 'POST', `/api/bookings/${past}/no-show`, { noShow: true })
    expect([marked.statusCode, marked.json().noShow]).toEqual([200, true])
    const early = await request(app, sam, 'POST', `/api/bookings/${future}/no-show`, { noShow: true })
    expect([early.statusCode, early.json().message]).toEqual([409, 'A meeting can be marked as a no-show once it has started'])
    const other = await buildOwner(app)
    expect((await request(app, other, 'POST', `/api/bookings/${past}/no-show`, { noShow: false })).statusCode).toBe(404)
    expect((await request(app, olivia, 'POST', `/api/bookings/${past}/no-show`, { noShow: false })).json().noShow).toBe(false)
  })
})
