import { SLOT_TAKEN } from '@closeroom/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { bookingBody, buildEventType, freeSlots, nextMonday } from '../../testing/booking.ts'
import { buildMember, buildOwner, type Client, request } from '../../testing/factories.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const call = (client: Client | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  request(app, client, method, url, payload)

/** An owner, two members and a team of the three. */
async function buildSalesTeam() {
  const owner = await buildOwner(app, { name: 'Olivia' })
  const maya = await buildMember(app, owner, { name: 'Maya' })
  const sam = await buildMember(app, owner, { name: 'Sam' })
  const team = (await call(owner, 'POST', '/api/teams', { name: 'Sales', memberIds: [owner.user.id, maya.user.id, sam.user.id] })).json()
  return { owner, maya, sam, team }
}

/** Who hosts a booking, as the hosts' own calendars (GET /api/bookings) show it. */
const hostOf = async (hosts: Client[], uid: string) => {
  for (const host of hosts) {
    const all = (await call(host, 'GET', '/api/bookings')).json().bookings as { uid: string; hosts: { name: string }[] }[]
    const found = all.find((b) => b.uid === uid)
    if (found) return found.hosts.map((h) => h.name)
  }
  return undefined
}

describe('team event types', () => {
  it('spreads round-robin bookings by fewest recent bookings per weight', async () => {
    const { owner, maya, sam, team } = await buildSalesTeam()
    const eventType = await buildEventType(app, owner, {
      kind: 'round_robin',
      teamId: team.id,
      hosts: [
        { userId: maya.user.id, weight: 2 },
        { userId: sam.user.id, weight: 1 },
      ],
    })
    expect(eventType.hosts.map((h) => h.userId).sort()).toEqual([maya.user.id, sam.user.id].sort())
    const monday = nextMonday()
    const hosts: string[] = []
    for (const hour of ['09', '10', '11', '12', '13', '14']) {
      const res = await call(null, 'POST', '/api/public/bookings', bookingBody(eventType.id, `${monday}T${hour}:00:00.000Z`))
      expect(res.statusCode).toBe(201)
      hosts.push((await hostOf([maya, sam], res.json().uid))?.[0] ?? '')
    }
    // Weight 2 against 1: Maya takes two of every three.
    expect(hosts.filter((h) => h === 'Maya')).toHaveLength(4)
    expect(hosts.filter((h) => h === 'Sam')).toHaveLength(2)
  })

  it('offers a round-robin time while any host is free, and gives it to the free one', async () => {
    const { owner, maya, sam, team } = await buildSalesTeam()
    const rr = await buildEventType(app, owner, {
      kind: 'round_robin',
      teamId: team.id,
      hosts: [{ userId: maya.user.id }, { userId: sam.user.id }],
    })
    const mayas = await buildEventType(app, maya)
    const monday = nextMonday()
    const start = `${monday}T09:00:00.000Z`
    // Maya is booked at 9 on her own page: the team's 9 o'clock can only go to Sam.
    await call(null, 'POST', '/api/public/bookings', bookingBody(mayas.id, start))
    expect(await freeSlots(app, rr.id, monday)).toContain(start)
    const booked = (await call(null, 'POST', '/api/public/bookings', bookingBody(rr.id, start))).json()
    expect(await hostOf([maya, sam], booked.uid)).toEqual(['Sam'])
    expect(await freeSlots(app, rr.id, monday)).not.toContain(start)
    expect((await call(null, 'POST', '/api/public/bookings', bookingBody(rr.id, start))).json()).toEqual({
      message: SLOT_TAKEN,
      code: 'slot_taken',
    })
  })

  it('offers a collective time only when every host is free, and books them all', async () => {
    const { owner, maya, sam, team } = await buildSalesTeam()
    const collective = await buildEventType(app, owner, {
      kind: 'collective',
      teamId: team.id,
      hosts: [{ userId: maya.user.id }, { userId: sam.user.id }],
    })
    const sams = await buildEventType(app, sam)
    const monday = nextMonday()
    await call(null, 'POST', '/api/public/bookings', bookingBody(sams.id, `${monday}T10:00:00.000Z`))
    const slots = await freeSlots(app, collective.id, monday)
    expect(slots).not.toContain(`${monday}T10:00:00.000Z`)
    expect(slots).toContain(`${monday}T10:30:00.000Z`)
    const booked = (await call(null, 'POST', '/api/public/bookings', bookingBody(collective.id, `${monday}T11:00:00.000Z`))).json()
    expect(await hostOf([maya, sam], booked.uid)).toEqual(['Maya', 'Sam'])
    // Both hosts' own pages lose that hour.
    expect(await freeSlots(app, sams.id, monday)).not.toContain(`${monday}T11:00:00.000Z`)
  })

  it('skips a deactivated teammate', async () => {
    const { owner, maya, sam, team } = await buildSalesTeam()
    const rr = await buildEventType(app, owner, {
      kind: 'round_robin',
      teamId: team.id,
      hosts: [{ userId: maya.user.id }, { userId: sam.user.id }],
    })
    await call(owner, 'PATCH', `/api/users/${maya.user.id}`, { active: false })
    const monday = nextMonday()
    for (const hour of ['09', '10']) {
      const booked = (await call(null, 'POST', '/api/public/bookings', bookingBody(rr.id, `${monday}T${hour}:00:00.000Z`))).json()
      expect(await hostOf([sam], booked.uid)).toEqual(['Sam'])
    }
  })

  it('lets only owners and admins manage team event types, with hosts from the team', async () => {
    const { owner, maya, team } = await buildSalesTeam()
    const outsider = await buildMember(app, owner, { name: 'Olga' })
    const asMember = await call(maya, 'POST', '/api/event-types', {
      title: 'Team',
      slug: 'team',
      durations: [30],
      kind: 'round_robin',
      teamId: team.id,
    })
    expect(asMember.json()).toEqual({ message: 'Only owners and admins can manage team event types', code: 'forbidden' })
    const foreignHost = await call(owner, 'POST', '/api/event-types', {
      title: 'Team',
      slug: 'team',
      durations: [30],
      kind: 'round_robin',
      teamId: team.id,
      hosts: [{ userId: outsider.user.id }],
    })
    expect(foreignHost.json()).toEqual({
      message: 'hosts: Every host must be an active member of the team',
      code: 'invalid',
      field: 'hosts',
    })
    const noTeam = await call(owner, 'POST', '/api/event-types', { title: 'Team', slug: 'team', durations: [30], kind: 'collective' })
    expect(noTeam.json()).toEqual({
      message: 'teamId: A team event type needs a team, a personal one none',
      code: 'invalid',
      field: 'teamId',
    })
    // The team has a page of its own listing it.
    const created = await buildEventType(app, owner, { kind: 'round_robin', teamId: team.id, title: 'Talk to sales' })
    const page = (await call(null, 'GET', new URL(created.bookingUrl).pathname.replace('/u/', '/api/public/users/'))).json()
    expect(page).toMatchObject({ kind: 'team', name: 'Sales', eventTypes: [{ title: 'Talk to sales', kind: 'round_robin' }] })
    expect(page.members.map((m: { name: string }) => m.name)).toEqual(['Maya', 'Olivia', 'Sam'])
  })
})
