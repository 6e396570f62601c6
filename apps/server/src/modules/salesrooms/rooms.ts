import type { ActionStep, Engagement, Salesroom, SalesroomSettings } from '@closeroom/shared'
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import {
  actionSteps,
  deals,
  salesroomDocumentEvents,
  salesroomDocuments,
  salesroomLinkOpens,
  salesroomLinks,
  salesrooms,
  salesroomVisits,
} from '../../db/schema/index.ts'
import { NotFound } from '../../http/errors.ts'
import { newPublicId } from '../../lib/tokens.ts'
import type { AuthContext } from '../auth/module.ts'
import type { RoomNews } from './news.ts'

export const ROOM_NOT_FOUND = 'Sales room not found'
const DEAL_NOT_FOUND = 'Deal not found'

export type RoomRow = typeof salesrooms.$inferSelect
type StepRow = typeof actionSteps.$inferSelect
type Settings = z.output<typeof SalesroomSettings>

/** 128 bits, URL-safe: the room's address is its only key for link-access rooms. */
export function presentStep(row: StepRow): ActionStep {
  return { id: row.id, title: row.title, side: row.side, ownerName: row.ownerName, dueDate: row.dueDate, done: row.done }
}

/** Which documents were opened or downloaded during these visits, and when (the seller's engagement). */
async function documentEvents(db: Db, visitIds: string[]) {
  if (visitIds.length === 0) return []
  return db
    .select({
      visitId: salesroomDocumentEvents.visitId,
      documentId: salesroomDocumentEvents.documentId,
      title: salesroomDocuments.title,
      kind: salesroomDocumentEvents.kind,
      at: salesroomDocumentEvents.at,
    })
    .from(salesroomDocumentEvents)
    .innerJoin(salesroomDocuments, eq(salesroomDocuments.id, salesroomDocumentEvents.documentId))
    .where(inArray(salesroomDocumentEvents.visitId, visitIds))
    .orderBy(asc(salesroomDocumentEvents.at))
}

/**
 * The seller's side of a deal's sales room: its settings, links, action plan and the buyers' engagement.
 * Anyone in the organization who can see the deal can shape its room.
 */
export function createRoomService({ db, appUrl, news }: { db: Db; appUrl: string; news: RoomNews }) {
  async function dealOf(auth: AuthContext, dealId: string) {
    const [deal] = await db
      .select({ id: deals.id, name: deals.name, organizationId: deals.organizationId })
      .from(deals)
      .where(and(eq(deals.id, dealId), eq(deals.organizationId, auth.user.organizationId)))
    if (!deal) throw NotFound(DEAL_NOT_FOUND)
    return deal
  }

  async function roomOf(auth: AuthContext, dealId: string): Promise<RoomRow> {
    await dealOf(auth, dealId)
    const [room] = await db.select().from(salesrooms).where(eq(salesrooms.dealId, dealId))
    if (!room) throw NotFound(ROOM_NOT_FOUND)
    return room
  }

  async function present(room: RoomRow): Promise<Salesroom> {
    const [links, steps] = await Promise.all([
      db.select().from(salesroomLinks).where(eq(salesroomLinks.dealId, room.dealId)).orderBy(asc(salesroomLinks.createdAt)),
      db.select().from(actionSteps).where(eq(actionSteps.dealId, room.dealId)).orderBy(asc(actionSteps.createdAt)),
    ])
    return {
      dealId: room.dealId,
      publicId: room.publicId,
      url: `${appUrl}/d/${room.publicId}`,
      title: room.title,
      welcome: room.welcome,
      videoUrl: room.videoUrl,
      access: room.access,
      invitedEmails: room.invitedEmails,
      showPricing: room.showPricing,
      published: room.published,
      links: links.map((l) => ({ id: l.id, title: l.title, url: l.url })),
      steps: steps.map(presentStep),
      createdAt: room.createdAt.toISOString(),
    }
  }

  async function get(auth: AuthContext, dealId: string): Promise<Salesroom> {
    return present(await roomOf(auth, dealId))
  }

  /** Creates the room on first save, updates it after. */
  async function save(auth: AuthContext, dealId: string, settings: Settings): Promise<Salesroom> {
    const deal = await dealOf(auth, dealId)
    await db
      .insert(salesrooms)
      .values({ dealId, organizationId: deal.organizationId, publicId: newPublicId(), ...settings })
      .onConflictDoUpdate({ target: salesrooms.dealId, set: settings })
    const saved = await get(auth, dealId)
    news.content(saved)
    return saved
  }

  /** A new address: the old link, and every code-verified visitor's access through it, stop working. */
  async function rotate(auth: AuthContext, dealId: string): Promise<Salesroom> {
    const old = await roomOf(auth, dealId)
    await db.update(salesrooms).set({ publicId: newPublicId() }).where(eq(salesrooms.dealId, dealId))
    // Pages open at the old address read again, and find it gone.
    news.content(old)
    return get(auth, dealId)
  }

  async function engagement(auth: AuthContext, dealId: string): Promise<Engagement> {
    await roomOf(auth, dealId)
    const visits = await db
      .select()
      .from(salesroomVisits)
      .where(eq(salesroomVisits.dealId, dealId))
      .orderBy(desc(salesroomVisits.startedAt))
      .limit(200)
    const opens =
      visits.length > 0
        ? await db
            .select({
              visitId: salesroomLinkOpens.visitId,
              linkId: salesroomLinkOpens.linkId,
              title: salesroomLinks.title,
              at: salesroomLinkOpens.openedAt,
            })
            .from(salesroomLinkOpens)
            .innerJoin(salesroomLinks, eq(salesroomLinks.id, salesroomLinkOpens.linkId))
            .where(
              inArray(
                salesroomLinkOpens.visitId,
                visits.map((v) => v.id),
              ),
            )
            .orderBy(asc(salesroomLinkOpens.openedAt))
        : []
    const documents = await documentEvents(
      db,
      visits.map((v) => v.id),
    )
    const [totals] = await db
      .select({
        seconds: sql<number>`coalesce(sum(${salesroomVisits.seconds}), 0)::int`,
        first: sql<Date | null>`min(${salesroomVisits.startedAt})`,
      })
      .from(salesroomVisits)
      .where(eq(salesroomVisits.dealId, dealId))
    return {
      visits: visits.map((v) => ({
        id: v.id,
        visitor: v.visitorEmail,
        startedAt: v.startedAt.toISOString(),
        seconds: v.seconds,
        linksOpened: opens.filter((o) => o.visitId === v.id).map((o) => ({ linkId: o.linkId, title: o.title, at: o.at.toISOString() })),
        documentEvents: documents
          .filter((d) => d.visitId === v.id)
          .map((d) => ({ documentId: d.documentId, title: d.title, kind: d.kind, at: d.at.toISOString() })),
      })),
      totalSeconds: Number(totals?.seconds ?? 0),
      firstVisitAt: totals?.first ? new Date(totals.first).toISOString() : null,
    }
  }

  return { dealOf, roomOf, get, save, rotate, engagement, present }
}

export type RoomService = ReturnType<typeof createRoomService>
