import type { Tx } from '../../db/client.ts'
import { clients, dealActivities, dealContacts, dealLines, deals, pipelineStages, products } from '../../db/schema/index.ts'
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
}
