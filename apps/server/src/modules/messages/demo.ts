import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { clientMessages, clients, dealActivities, dealMessages, deals } from '../../db/schema/index.ts'
import { excerpt } from './threads.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
type Person = { id: string; name: string }

/**
 * Conversations on a fresh start, after the demo pipeline: three more buyer contacts (with international
 * phones), the team's notes on two clients and an internal chat on two deals, each deal message on its
 * timeline. Messages a few milliseconds apart, so their order is the one written here.
 */
export async function seedConversations(tx: Tx, organizationId: string, people: Person[]) {
  const [olivia, maya, sam] = people
  if (!olivia || !maya || !sam) throw new Error('demo conversations: three people expected')
  let clock = Date.now()
  const next = () => {
    clock += 10
    return new Date(clock)
  }

  await tx.insert(clients).values([
    { organizationId, name: 'Fatima Zahra', email: 'fatima@atlas.example', phone: '+212612345678', company: 'Atlas', title: 'COO' },
    { organizationId, name: 'Nguyễn Lan', email: 'lan@mekong.example', phone: '+84912345678', company: 'Mekong Trading', title: 'CEO' },
    { organizationId, name: 'Li Wei', email: 'li.wei@dragon.example', phone: '+8613812345678', company: 'Dragon Tech', title: 'CTO' },
  ])
  const byName = async (names: string[]) =>
    tx
      .select({ id: clients.id, name: clients.name })
      .from(clients)
      .where(and(eq(clients.organizationId, organizationId), inArray(clients.name, names)))
  const threadPlan: [string, Person, string][] = [
    ['Bea Buyer', olivia, 'Met Bea at the SaaS summit: she runs a 40-person sales team and hates their current booking tool.'],
    ['Bea Buyer', maya, 'She prefers calls after 3 pm Paris time. Sent her the pilot pricing.'],
    ['Fatima Zahra', sam, 'Intro through Bea. Interested in sales rooms for their distributors.'],
  ]
  const found = await byName([...new Set(threadPlan.map(([name]) => name))])
  for (const [name, author, body] of threadPlan) {
    const client = found.find((c) => c.name === name)
    if (client) await tx.insert(clientMessages).values({ clientId: client.id, authorId: author.id, body, createdAt: next() })
  }

  const dealPlan: [string, Person, string][] = [
    ['Umbrella rollout', maya, 'Procurement wants the onboarding package split over two quarters.'],
    ['Umbrella rollout', olivia, 'Fine by me if they sign the 50 seats this month.'],
    ['Umbrella rollout', maya, 'Sending the updated proposal today.'],
    ['Northwind pilot', olivia, 'Bea confirmed the pilot team: 10 seats, starting next Monday.'],
  ]
  const dealRows = await tx
    .select({ id: deals.id, name: deals.name })
    .from(deals)
    .where(and(eq(deals.organizationId, organizationId), inArray(deals.name, [...new Set(dealPlan.map(([name]) => name))])))
  for (const [name, author, body] of dealPlan) {
    const deal = dealRows.find((d) => d.name === name)
    if (!deal) continue
    const createdAt = next()
    const [message] = await tx
      .insert(dealMessages)
      .values({ dealId: deal.id, authorId: author.id, body, createdAt })
      .returning({ id: dealMessages.id })
    if (!message) throw new Error('demo message insert returned nothing')
    await tx.insert(dealActivities).values({
      dealId: deal.id,
      kind: 'message',
      actorId: author.id,
      data: { messageId: message.id, excerpt: excerpt(body) },
      createdAt,
    })
  }
}
