import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { bookingBody, buildEventType, freeSlots, nextMonday } from '../../testing/booking.ts'
import { buildDeal, stagesOf } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client, request } from '../../testing/factories.ts'
import { buildForm } from '../../testing/routing.ts'

// Who a routed buyer goes to and why, and the booking narrowed to them, through the public form and booking API.

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const call = (client: Client | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  request(app, client, method, url, payload)
const always = { combinator: 'and', rules: [] }

/** An owner, three sellers with regions and languages, a team of the four and its round-robin event type. */
async function buildRoutedTeam() {
  const owner = await buildOwner(app, { name: 'Olivia' })
  const maya = await buildMember(app, owner, { name: 'Maya' })
  const sam = await buildMember(app, owner, { name: 'Sam' })
  const lea = await buildMember(app, owner, { name: 'Lea' })
  const attributes: [Client, object][] = [
    [owner, { region: ['Americas'] }],
    [maya, { region: ['Europe'], language: ['French', 'English'] }],
    [sam, { region: ['europe'], language: ['English'] }],
    [lea, { region: ['Asia'], segment: ['Enterprise'] }],
  ]
  for (const [who, set] of attributes) await call(owner, 'PATCH', `/api/users/${who.user.id}`, { attributes: set })
  const team = (await call(owner, 'POST', '/api/teams', { name: 'Sales', memberIds: [owner, maya, sam, lea].map((c) => c.user.id) })).json()
  const eventType = await buildEventType(app, owner, {
    kind: 'round_robin',
    teamId: team.id,
    questions: [{ id: 'company', label: 'Company', type: 'text', required: false }],
  })
  return { owner, maya, sam, lea, eventType }
}

/** A form whose outcome (matching every buyer) books with this action, and maybe puts a deal in a stage. */
async function formWith(owner: Client, action: object, deal: object | null = null) {
  const form = await buildForm(app, owner)
  const res = await call(owner, 'POST', `/api/routings/${form.id}/outcomes`, { name: 'Sales call', conditions: always, action, deal })
  if (res.statusCode !== 201) throw new Error(`outcome failed: ${res.statusCode} ${res.body}`)
  return form
}

const email = () => `bea-${Math.random().toString(36).slice(2, 8)}@buyer.example`

type StoredResponse = {
  id: string
  decision: { members: { id: string; name: string }[]; reason: string }
  routedTo: { id: string; name: string } | null
  bookingId: string | null
  dealId: string | null
}

/** A response as the form's owner reads it in the form's responses. */
async function responseOf(owner: Client, form: { id: string }, id: string): Promise<StoredResponse> {
  const responses = (await call(owner, 'GET', `/api/routings/${form.id}/responses`)).json().responses as StoredResponse[]
  const response = responses.find((r) => r.id === id)
  if (!response) throw new Error('response not listed')
  return response
}

/** Submits the answers (a new buyer's email unless given) and reads the stored response back. */
async function route(owner: Client, form: { id: string; slug: string }, answers: object) {
  const submitted = await call(null, 'POST', `/api/public/routings/${form.slug}/responses`, {
    answers: { name: 'Bea Buyer', email: email(), ...answers },
  })
  if (submitted.statusCode >= 300) throw new Error(`submit failed: ${submitted.statusCode} ${submitted.body}`)
  return responseOf(owner, form, submitted.json().responseId)
}

const names = (members: { name: string }[]) => members.map((m) => m.name)

describe('who a routed buyer goes to', () => {
  it("offers an event type's active hosts, reason 'hosts', never a deactivated one", async () => {
    const { owner, lea, eventType } = await buildRoutedTeam()
    await call(owner, 'DELETE', `/api/users/${lea.user.id}`)
    const form = await formWith(owner, { type: 'event-type', eventTypeId: eventType.id })
    const { decision } = await route(owner, form, {})
    expect(decision.reason).toBe('hosts')
    expect(names(decision.members).sort()).toEqual(['Maya', 'Olivia', 'Sam'])
  })

  it("sends a buyer to the hosts whose attributes match their answers (any choice, any case), reason 'attributes'", async () => {
    const { owner, eventType } = await buildRoutedTeam()
    const form = await formWith(owner, {
      type: 'members',
      eventTypeId: eventType.id,
      match: [
        { attribute: 'region', field: 'region' },
        { attribute: 'language', values: ['french'] },
      ],
    })
    const french = await route(owner, form, { region: 'Europe' })
    expect(french.decision).toMatchObject({ reason: 'attributes', members: [{ name: 'Maya' }] })

    const byChoices = await formWith(owner, {
      type: 'members',
      eventTypeId: eventType.id,
      match: [{ attribute: 'region', field: 'needs' }],
    })
    await call(owner, 'PATCH', `/api/users/${owner.user.id}`, { attributes: { region: ['Deals'] } })
    const { decision } = await route(owner, byChoices, { needs: ['Meetings', 'Deals'] })
    expect(decision).toMatchObject({ reason: 'attributes', members: [{ name: 'Olivia' }] })
  })

  it("falls back to the hosts matching the fallback, or to every host when it is empty, reason 'fallback'", async () => {
    const { owner, eventType } = await buildRoutedTeam()
    const match = [{ attribute: 'region', field: 'region' }]
    const withFallback = await formWith(owner, {
      type: 'members',
      eventTypeId: eventType.id,
      match,
      fallback: [{ attribute: 'segment', values: ['Enterprise'] }],
    })
    const nobody = await route(owner, withFallback, {})
    expect(nobody.decision).toMatchObject({ reason: 'fallback', members: [{ name: 'Lea' }] })

    const open = await formWith(owner, { type: 'members', eventTypeId: eventType.id, match })
    const everyone = await route(owner, open, { region: 'Americas', company: 'x' })
    expect(everyone.decision.reason).toBe('attributes')
    const { decision } = await route(owner, open, {})
    expect(decision.reason).toBe('fallback')
    expect(names(decision.members).sort()).toEqual(['Lea', 'Maya', 'Olivia', 'Sam'])
  })

  it("offers every host, reason 'fallback', when no host matches the fallback either, so the buyer has times", async () => {
    const { owner, eventType } = await buildRoutedTeam()
    const form = await formWith(owner, {
      type: 'members',
      eventTypeId: eventType.id,
      match: [{ attribute: 'language', values: ['German'] }],
      fallback: [{ attribute: 'segment', values: ['Public sector'] }],
    })
    const stranded = await route(owner, form, {})
    expect(stranded.decision.reason).toBe('fallback')
    expect(names(stranded.decision.members).sort()).toEqual(['Lea', 'Maya', 'Olivia', 'Sam'])
    const monday = nextMonday()
    expect(await freeSlots(app, eventType.id, monday, `&routing=${stranded.id}`)).toContain(`${monday}T09:00:00.000Z`)
  })

  it("gives a known buyer to their open deal's owner when they host it, reason 'owner', unless switched off", async () => {
    const { owner, sam, lea, eventType } = await buildRoutedTeam()
    const buyerEmail = email()
    const client = (await call(owner, 'POST', '/api/clients', { name: 'Bea Buyer', email: buyerEmail, company: 'Acme' })).json()
    await buildDeal(app, owner, { ownerId: sam.user.id, contactIds: [client.id] })
    const match = [{ attribute: 'region', values: ['Asia'] }]

    const first = await formWith(owner, { type: 'members', eventTypeId: eventType.id, match })
    const known = await route(owner, first, { email: buyerEmail.toUpperCase() })
    expect(known.decision).toMatchObject({ reason: 'owner', members: [{ id: sam.user.id, name: 'Sam' }] })

    const off = await formWith(owner, { type: 'members', eventTypeId: eventType.id, match, ownerFirst: false })
    expect((await route(owner, off, { email: buyerEmail })).decision).toMatchObject({ reason: 'attributes', members: [{ name: 'Lea' }] })

    // An owner who no longer hosts (deactivated) is passed over.
    await call(owner, 'DELETE', `/api/users/${sam.user.id}`)
    expect((await route(owner, first, { email: buyerEmail, company: 'again' })).decision).toMatchObject({
      reason: 'attributes',
      members: [{ id: lea.user.id }],
    })
  })

  it("gives a returning customer, whose deals are all closed, to their newest deal's owner; an open deal's owner comes first", async () => {
    const { owner, sam, lea, eventType } = await buildRoutedTeam()
    const buyerEmail = email()
    const client = (await call(owner, 'POST', '/api/clients', { name: 'Rita Returning', email: buyerEmail, company: 'Acme' })).json()
    const won = (await stagesOf(app, owner)).find((s) => s.kind === 'won')
    await buildDeal(app, owner, { ownerId: sam.user.id, contactIds: [client.id], stageId: won?.id })
    const form = await formWith(owner, { type: 'members', eventTypeId: eventType.id, match: [{ attribute: 'region', values: ['Asia'] }] })
    expect((await route(owner, form, { email: buyerEmail })).decision).toMatchObject({ reason: 'owner', members: [{ id: sam.user.id }] })

    await buildDeal(app, owner, { ownerId: lea.user.id, contactIds: [client.id] })
    expect((await route(owner, form, { email: buyerEmail, company: 'again' })).decision).toMatchObject({
      reason: 'owner',
      members: [{ id: lea.user.id }],
    })
  })

  it('orders the candidates by the round robin: the host with fewer recent meetings first', async () => {
    const { owner, maya, sam, eventType } = await buildRoutedTeam()
    const form = await formWith(owner, {
      type: 'members',
      eventTypeId: eventType.id,
      match: [{ attribute: 'language', values: ['English'] }],
    })
    const monday = nextMonday()
    const before = await route(owner, form, {})
    const first = before.decision.members[0]
    const booked = await call(null, 'POST', '/api/public/bookings', {
      ...bookingBody(eventType.id, `${monday}T09:00:00.000Z`),
      routingResponseId: before.id,
    })
    expect(booked.statusCode).toBe(201)
    const after = await route(owner, form, {})
    expect(names(after.decision.members)).toHaveLength(2)
    expect(after.decision.members[0]?.id).not.toBe(first?.id)
    expect([maya.user.id, sam.user.id]).toContain(after.decision.members[0]?.id)
  })
})

describe('booking after a routing form', () => {
  it("offers only the routed members' times and books them, with the answers, the response and the deal following", async () => {
    const { owner, maya, eventType } = await buildRoutedTeam()
    const [, stage] = await stagesOf(app, owner)
    const form = await formWith(
      owner,
      { type: 'members', eventTypeId: eventType.id, match: [{ attribute: 'language', values: ['French'] }] },
      { stageId: stage?.id },
    )
    const response = await route(owner, form, { company: 'Acme' })
    expect(response.decision.members).toEqual([{ id: maya.user.id, name: 'Maya' }])
    const monday = nextMonday()

    const booked = await call(null, 'POST', '/api/public/bookings', {
      ...bookingBody(eventType.id, `${monday}T09:00:00.000Z`),
      routingResponseId: response.id,
    })
    expect(booked.statusCode).toBe(201)
    const mine = (await call(maya, 'GET', '/api/bookings')).json().bookings as { uid: string; answers: object; dealId: string | null }[]
    const booking = mine.find((b) => b.uid === booked.json().uid)
    expect(booking?.answers).toEqual({ company: 'Acme' })

    // Maya is busy at 09:00 now: the routed buyer is no longer offered it, anyone else still is (another host is free).
    expect(await freeSlots(app, eventType.id, monday, `&routing=${response.id}`)).not.toContain(`${monday}T09:00:00.000Z`)
    expect(await freeSlots(app, eventType.id, monday)).toContain(`${monday}T09:00:00.000Z`)

    // A second routed booking goes to Maya again, though the round robin alone would now pick someone else.
    const again = await call(null, 'POST', '/api/public/bookings', {
      ...bookingBody(eventType.id, `${monday}T10:00:00.000Z`),
      routingResponseId: response.id,
    })
    expect(((await call(maya, 'GET', '/api/bookings')).json().bookings as { uid: string }[]).map((b) => b.uid)).toContain(again.json().uid)

    const stored = await responseOf(owner, form, response.id)
    expect(stored.routedTo).toEqual({ id: maya.user.id, name: 'Maya' })
    expect(stored.bookingId).not.toBeNull()
    expect((await call(owner, 'GET', `/api/deals/${stored.dealId}`)).json().owner.id).toBe(maya.user.id)
  })

  it('still books the routed members after the outcome that sent the buyer is changed or deleted', async () => {
    const { owner, maya, eventType } = await buildRoutedTeam()
    const form = await formWith(owner, {
      type: 'members',
      eventTypeId: eventType.id,
      match: [{ attribute: 'language', values: ['French'] }],
    })
    const response = await route(owner, form, {})
    const outcomes = (await call(owner, 'GET', `/api/routings/${form.id}`)).json().outcomes as { id: string; fallback: boolean }[]
    const sent = outcomes.find((o) => !o.fallback)
    expect((await call(owner, 'DELETE', `/api/routings/${form.id}/outcomes/${sent?.id}`)).statusCode).toBe(200)

    const monday = nextMonday()
    expect(await freeSlots(app, eventType.id, monday, `&routing=${response.id}`)).toContain(`${monday}T09:00:00.000Z`)
    const booked = await call(null, 'POST', '/api/public/bookings', {
      ...bookingBody(eventType.id, `${monday}T09:00:00.000Z`),
      routingResponseId: response.id,
    })
    expect(booked.statusCode, booked.body).toBe(201)
    expect((await responseOf(owner, form, response.id)).routedTo).toEqual({ id: maya.user.id, name: 'Maya' })
    // It still leads nowhere else: another event type refuses it.
    const other = await buildEventType(app, owner)
    const elsewhere = await call(null, 'POST', '/api/public/bookings', {
      ...bookingBody(other.id, `${monday}T11:00:00.000Z`),
      routingResponseId: response.id,
    })
    expect(elsewhere.statusCode).toBe(404)
  })

  it('gives the deal to the host who took the meeting when the provisional owner was busy', async () => {
    const { owner, maya, sam, eventType } = await buildRoutedTeam()
    const [, stage] = await stagesOf(app, owner)
    const form = await formWith(
      owner,
      { type: 'members', eventTypeId: eventType.id, match: [{ attribute: 'language', values: ['English'] }] },
      { stageId: stage?.id },
    )
    const response = await route(owner, form, {})
    const [provisional, other] = response.decision.members
    const busy = [maya, sam].find((c) => c.user.id === provisional?.id) as Client
    const monday = nextMonday()
    // The provisional owner's own meeting at 09:00 holds their time for the team's event type too.
    const personal = await buildEventType(app, busy)
    expect((await call(null, 'POST', '/api/public/bookings', bookingBody(personal.id, `${monday}T09:00:00.000Z`))).statusCode).toBe(201)

    const booked = await call(null, 'POST', '/api/public/bookings', {
      ...bookingBody(eventType.id, `${monday}T09:00:00.000Z`),
      routingResponseId: response.id,
    })
    expect(booked.statusCode).toBe(201)
    const stored = await responseOf(owner, form, response.id)
    expect(stored.routedTo?.id).toBe(other?.id)
    const deal = (await call(owner, 'GET', `/api/deals/${stored.dealId}`)).json()
    expect(deal.owner.id).toBe(other?.id)
  })

  it('refuses a response of another organization or of another event type with 404, for slots and booking', async () => {
    const { owner, eventType } = await buildRoutedTeam()
    const other = await buildEventType(app, owner)
    const form = await formWith(owner, { type: 'event-type', eventTypeId: other.id })
    const elsewhere = await route(owner, form, {})
    const stranger = await buildOwner(app)
    const strangerType = await buildEventType(app, stranger)
    const strangerForm = await formWith(stranger, { type: 'event-type', eventTypeId: strangerType.id })
    const foreign = await route(stranger, strangerForm, {})
    const monday = nextMonday()
    for (const responseId of [elsewhere.id, foreign.id]) {
      const slots = await call(
        null,
        'GET',
        `/api/public/event-types/${eventType.id}/slots?from=${monday}&to=${monday}&timeZone=UTC&routing=${responseId}`,
      )
      expect(slots.statusCode).toBe(404)
      expect(slots.json()).toMatchObject({ message: 'This routing answer does not lead to this meeting' })
      const booking = await call(null, 'POST', '/api/public/bookings', {
        ...bookingBody(eventType.id, `${monday}T09:00:00.000Z`),
        routingResponseId: responseId,
      })
      expect(booking.statusCode).toBe(404)
    }
  })
})
