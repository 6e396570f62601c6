import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import {
  actionSteps,
  dealActivities,
  deals,
  salesroomDocumentEvents,
  salesroomDocuments,
  salesroomLinks,
  salesroomMessages,
  salesroomPageViews,
  salesrooms,
  salesroomVisits,
} from '../../db/schema/index.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000)

/** A library file the seller shares into the room, by reference, as the room's "From the library" does. */
export type SharedDocument = { fileId: string; title: string; pages: number }

/**
 * The demo's published room at /d/demo, for the Northwind pilot: a welcome, two links, a mutual action
 * plan with steps on both sides, pricing from the deal's lines, a document from the library the buyers have
 * read, and a first message from the buyer.
 */
export async function seedSalesroom(tx: Tx, organizationId: string, shared: SharedDocument) {
  const [deal] = await tx
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.organizationId, organizationId), eq(deals.name, 'Northwind pilot')))
  if (!deal) return
  await tx.insert(salesrooms).values({
    dealId: deal.id,
    organizationId,
    publicId: 'demo',
    title: 'Northwind × Acme Sales',
    welcome:
      'Hello Northwind team,\n\nEverything for your pilot lives here: the plan we agreed, pricing, our documents and a chat with us. Book a call whenever it suits you.',
    published: true,
  })
  await tx.insert(salesroomLinks).values([
    { dealId: deal.id, title: 'Security and data protection overview', url: 'https://closeroom.example/security' },
    { dealId: deal.id, title: 'Pilot success criteria', url: 'https://closeroom.example/pilot' },
  ])
  await tx.insert(actionSteps).values([
    { dealId: deal.id, title: 'Kick-off call', side: 'seller', ownerName: 'Olivia Owner', dueDate: inDays(-3), done: true },
    { dealId: deal.id, title: 'Share success criteria', side: 'buyer', ownerName: 'Bea Buyer', dueDate: inDays(4), done: false },
    { dealId: deal.id, title: 'Security review', side: 'buyer', ownerName: 'Northwind IT', dueDate: inDays(14), done: false },
    { dealId: deal.id, title: 'Send the order form', side: 'seller', ownerName: 'Olivia Owner', dueDate: inDays(21), done: false },
  ])
  await seedReading(tx, deal.id, shared)
  await tx.insert(salesroomMessages).values({
    dealId: deal.id,
    side: 'buyer',
    authorName: 'Bea Buyer',
    visitorEmail: 'bea@northwind.example',
    body: 'Thanks! Could the pilot start with ten seats?',
  })
}

/**
 * The shared document and the buyers' past reading of it, written as the room records it: a visit per sitting
 * (its length from heartbeats), an "opened" event each time the viewer showed the document, time per page
 * summed over the viewer's reports, and the deal's timeline saying once per visitor that they looked at it.
 * Bea read pricing closely twice and saved a copy; Northwind's IT lead skimmed it once.
 */
async function seedReading(tx: Tx, dealId: string, shared: SharedDocument) {
  const [document] = await tx
    .insert(salesroomDocuments)
    .values({ dealId, fileId: shared.fileId, title: shared.title, createdAt: hoursAgo(120) })
    .returning({ id: salesroomDocuments.id })
  if (!document) throw new Error('demo document insert returned nothing')
  const sittings = [
    { visitor: 'bea@northwind.example', startedHoursAgo: 70, seconds: 540, downloaded: false, pages: [95_000, 212_000] },
    { visitor: 'raj@northwind.example', startedHoursAgo: 46, seconds: 180, downloaded: false, pages: [41_000, 18_500] },
    { visitor: 'bea@northwind.example', startedHoursAgo: 20, seconds: 300, downloaded: true, pages: [12_000, 147_000] },
  ]
  for (const sitting of sittings) {
    const startedAt = hoursAgo(sitting.startedHoursAgo)
    const at = (seconds: number) => new Date(startedAt.getTime() + seconds * 1000)
    const [visit] = await tx
      .insert(salesroomVisits)
      .values({ dealId, visitorEmail: sitting.visitor, startedAt, lastSeenAt: at(sitting.seconds), seconds: sitting.seconds })
      .returning({ id: salesroomVisits.id })
    if (!visit) throw new Error('demo visit insert returned nothing')
    const openedAt = at(25)
    await tx
      .insert(salesroomDocumentEvents)
      .values([
        { visitId: visit.id, documentId: document.id, kind: 'opened' as const, at: openedAt },
        ...(sitting.downloaded
          ? [{ visitId: visit.id, documentId: document.id, kind: 'downloaded' as const, at: at(sitting.seconds - 20) }]
          : []),
      ])
    const pages = sitting.pages.slice(0, shared.pages)
    await tx
      .insert(salesroomPageViews)
      .values(pages.map((ms, i) => ({ visitId: visit.id, documentId: document.id, page: i + 1, ms, updatedAt: at(sitting.seconds - 30) })))
    const first = sittings.find((s) => s.visitor === sitting.visitor) === sitting
    if (first)
      await tx.insert(dealActivities).values([
        { dealId, kind: 'salesroom_visit' as const, data: { visitor: sitting.visitor, first: true }, createdAt: startedAt },
        { dealId, kind: 'salesroom_visit' as const, data: { visitor: sitting.visitor, document: shared.title }, createdAt: openedAt },
      ])
  }
}
