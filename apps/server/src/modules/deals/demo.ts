import { inArray } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import {
  clients,
  dealActivities,
  dealContacts,
  dealLines,
  dealStageHistory,
  deals,
  pipelineStages,
  products,
} from '../../db/schema/index.ts'
import { POSITION_GAP } from './positions.ts'
import { DEFAULT_STAGES } from './stages.ts'

type Person = { id: string; name: string }

const DAY = 86_400_000
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10)

/**
 * The demo pipeline: the default stages, three products in euros, a few buyer contacts and a dozen deals in
 * every stage, owned by the demo people, some with product lines and contacts, each with its 'created' line.
 */
export async function seedPipeline(tx: Tx, organizationId: string, people: Person[]) {
  const stages = await tx
    .insert(pipelineStages)
    .values(DEFAULT_STAGES.map((s, i) => ({ ...s, organizationId, position: i })))
    .returning()
  const catalogue = await tx
    .insert(products)
    .values([
      { organizationId, name: 'Closeroom Team', description: 'Per seat and month, billed yearly.', price: 29_00, currency: 'EUR' },
      {
        organizationId,
        name: 'Closeroom Enterprise',
        description: 'Per seat and month, with a named engineer and urgent incidents answered within 4 business hours.',
        price: 59_00,
        currency: 'EUR',
      },
      {
        organizationId,
        name: 'Onboarding package',
        description: 'Three guided sessions and a data import.',
        price: 2_500_00,
        currency: 'EUR',
      },
    ])
    .returning()
  const contacts = await tx
    .insert(clients)
    .values([
      { organizationId, name: 'Bea Buyer', email: 'bea@northwind.example', company: 'Northwind', title: 'Head of Sales' },
      { organizationId, name: 'Carlos Ruiz', email: 'carlos@globex.example', company: 'Globex', title: 'CFO' },
      { organizationId, name: 'Dana Kim', email: 'dana@initech.example', company: 'Initech', title: 'VP Operations' },
      { organizationId, name: 'Emeka Obi', email: 'emeka@umbrella.example', company: 'Umbrella', title: 'Procurement' },
    ])
    .returning()

  // [name, company, stage index, owner index, amount in euros, close in days, contact index, lines as [product index, quantity]]
  const plan: [string, string, number, number, number, number | null, number | null, [number, number][]][] = [
    ['Northwind pilot', 'Northwind', 0, 0, 3_480, 45, 0, [[0, 10]]],
    ['Hooli discovery', 'Hooli', 0, 1, 0, null, null, []],
    ['Globex sales team', 'Globex', 1, 2, 17_400, 30, 1, [[0, 50]]],
    ['Initech expansion', 'Initech', 1, 0, 7_080, 60, 2, [[1, 10]]],
    [
      'Umbrella rollout',
      'Umbrella',
      2,
      1,
      38_900,
      21,
      3,
      [
        [1, 50],
        [2, 1],
      ],
    ],
    ['Stark Industries', 'Stark Industries', 2, 2, 12_000, 40, null, []],
    [
      'Wayne Enterprises',
      'Wayne Enterprises',
      3,
      0,
      73_300,
      10,
      null,
      [
        [1, 100],
        [2, 1],
      ],
    ],
    ['Cyberdyne renewal', 'Cyberdyne', 3, 1, 20_880, 14, null, [[0, 60]]],
    ['Acme onboarding', 'Acme', 4, 2, 2_500, -5, 0, [[2, 1]]],
    ['Soylent team plan', 'Soylent', 4, 0, 8_700, -20, null, [[0, 25]]],
    ['Tyrell trial', 'Tyrell', 5, 1, 5_000, -12, 2, []],
    ['Vandelay imports', 'Vandelay', 5, 2, 1_200, -30, null, []],
  ]
  for (const [i, [name, company, stageIndex, ownerIndex, euros, closeIn, contactIndex, lines]] of plan.entries()) {
    const stage = stages[stageIndex]
    const owner = people[ownerIndex % people.length]
    if (!stage || !owner) throw new Error('demo pipeline: missing stage or owner')
    const [deal] = await tx
      .insert(deals)
      .values({
        organizationId,
        name,
        company,
        ownerId: owner.id,
        stageId: stage.id,
        amount: euros * 100,
        currency: 'EUR',
        expectedCloseDate: closeIn === null ? null : inDays(closeIn),
        // A closed deal closed on its expected date (in the past for all of them); the lost ones say why.
        closedAt: stage.kind !== 'open' && closeIn !== null ? new Date(Date.now() + closeIn * DAY) : null,
        lostReason: stage.kind === 'lost' ? (LOST_REASONS[i % LOST_REASONS.length] as string) : null,
        position: (i + 1) * POSITION_GAP,
      })
      .returning({ id: deals.id })
    if (!deal) throw new Error('demo deal insert returned nothing')
    const contact = contactIndex === null ? undefined : contacts[contactIndex]
    if (contact) await tx.insert(dealContacts).values({ dealId: deal.id, clientId: contact.id, organizationId })
    const rows = lines.flatMap(([productIndex, quantity], position) => {
      const product = catalogue[productIndex]
      return product ? [{ dealId: deal.id, productId: product.id, organizationId, quantity, unitPrice: product.price, position }] : []
    })
    if (rows.length > 0) await tx.insert(dealLines).values(rows)
    await tx.insert(dealActivities).values({ dealId: deal.id, kind: 'created', actorId: owner.id, data: { stage: stage.name } })
  }
  await seedPipelineHistory(tx, organizationId, people, stages, catalogue)
}

const LOST_REASONS = ['Price', 'Went with a competitor', 'No budget this year', 'No decision']

/** A small deterministic generator, so every fresh demo tells the same story. */
function random(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
}

type StageRow = typeof pipelineStages.$inferSelect
type ProductRow = typeof products.$inferSelect

/**
 * Six months of closed deals for the dashboards: won and lost ones (with reasons) spread over the past 180
 * days, each having walked Lead → … → its last open stage before closing, some in dollars (Maya sells in the
 * Americas), some opened by the Enterprise product room. Three statements whatever the count, so the seed stays
 * fast: the deals, their product lines, and their stage history (the trigger's one-stay history replaced).
 */
async function seedPipelineHistory(tx: Tx, organizationId: string, people: Person[], stages: StageRow[], catalogue: ProductRow[]) {
  const next = random(18)
  const open = stages.filter((s) => s.kind === 'open')
  const won = stages.find((s) => s.kind === 'won')
  const lost = stages.find((s) => s.kind === 'lost')
  if (!won || !lost || open.length === 0) throw new Error('demo pipeline: missing stages')
  const companies = [
    'Aperture',
    'Massive Dynamic',
    'Oscorp',
    'Gringotts',
    'Monarch',
    'Pied Piper',
    'Blue Sun',
    'Virtucon',
    'Duff',
    'Krusty',
  ]
  const now = Date.now()
  const plans = Array.from({ length: 72 }, (_, i) => {
    const owner = people[i % people.length] as Person
    const isWon = next() < 0.6
    const closedAt = new Date(now - (2 + next() * 178) * DAY - next() * 8 * 3_600_000)
    const createdAt = new Date(closedAt.getTime() - (7 + next() * 60) * DAY)
    const reached = 1 + Math.floor(next() * open.length)
    const product = catalogue[Math.floor(next() * catalogue.length)] as ProductRow
    const quantity = product.price > 1_000_00 ? 1 : 5 + Math.floor(next() * 60)
    const dollars = i % people.length === 1 && next() < 0.5
    return {
      name: `${companies[i % companies.length]} ${['pilot', 'expansion', 'renewal', 'team plan'][i % 4]} ${Math.floor(i / 10) + 1}`,
      company: companies[i % companies.length] as string,
      owner,
      stage: isWon ? won : lost,
      createdAt,
      closedAt,
      // Stays: created in Lead, then one open stage after another up to `reached`, closing at the end.
      stays: open
        .slice(0, reached)
        .map((s, k) => ({ stage: s, at: new Date(createdAt.getTime() + ((closedAt.getTime() - createdAt.getTime()) * k) / reached) })),
      product,
      quantity,
      currency: dollars ? 'USD' : 'EUR',
      amount: dollars ? Math.round((product.price * quantity * 1.08) / 100) * 100 : product.price * quantity,
      lostReason: isWon ? null : (LOST_REASONS[Math.floor(next() * LOST_REASONS.length)] as string),
      fromRoom: product.name === 'Closeroom Enterprise' && next() < 0.4,
    }
  })
  const inserted = await tx
    .insert(deals)
    .values(
      plans.map((p, i) => ({
        organizationId,
        name: p.name,
        company: p.company,
        ownerId: p.owner.id,
        stageId: p.stage.id,
        amount: p.amount,
        currency: p.currency,
        expectedCloseDate: p.closedAt.toISOString().slice(0, 10),
        closedAt: p.closedAt,
        lostReason: p.lostReason,
        originProductId: p.fromRoom ? p.product.id : null,
        position: (100 + i) * POSITION_GAP,
        createdAt: p.createdAt,
        updatedAt: p.closedAt,
      })),
    )
    .returning({ id: deals.id })
  const lines = plans.flatMap((p, i) => {
    const dealId = inserted[i]?.id
    // A dollar deal is priced by hand: its lines would have to be in its currency.
    return dealId && p.currency === 'EUR'
      ? [{ dealId, productId: p.product.id, organizationId, quantity: p.quantity, unitPrice: p.product.price, position: 0 }]
      : []
  })
  if (lines.length > 0) await tx.insert(dealLines).values(lines)
  const ids = inserted.map((d) => d.id)
  await tx.delete(dealStageHistory).where(inArray(dealStageHistory.dealId, ids))
  await tx.insert(dealStageHistory).values(
    plans.flatMap((p, i) => {
      const dealId = inserted[i]?.id as string
      const stays = [...p.stays.map((s) => ({ stageId: s.stage.id, at: s.at })), { stageId: p.stage.id, at: p.closedAt }]
      return stays.map((s, k) => ({ organizationId, dealId, stageId: s.stageId, enteredAt: s.at, leftAt: stays[k + 1]?.at ?? null }))
    }),
  )
}
