import type { PublicRoomAgreement, PublicRoomDocument, PublicRoomInvoice, PublicSalesroom, RoomEvent } from '@closeroom/shared'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import {
  actionSteps,
  dealLines,
  deals,
  files,
  organizations,
  products,
  publicHandles,
  salesroomDocuments,
  salesroomLinkOpens,
  salesroomLinks,
  salesrooms,
  salesroomVisits,
  users,
} from '../../db/schema/index.ts'
import { Forbidden, Invalid, NotFound, Unauthorized } from '../../http/errors.ts'
import type { AutomationsModule } from '../automations/module.ts'
import type { DealsModule } from '../deals/module.ts'
import type { Mailer } from '../mail/module.ts'
import { layout } from '../mail/module.ts'
import type { Notifications } from '../notifications/module.ts'
import { publicRecordings } from '../recordings/module.ts'
import type { WebhookEmit } from '../webhooks/module.ts'
import type { RoomAccessPasses } from './access.ts'
import type { RoomChat } from './chat.ts'
import type { RoomNews } from './news.ts'
import { presentStep, ROOM_NOT_FOUND, type RoomRow } from './rooms.ts'

export const PRIVATE_ROOM = 'This room is private: enter your invited email to receive a code'
/** A heartbeat counts at most this much time: a tab asleep for an hour is not an hour of reading. */
const MAX_HEARTBEAT_SECONDS = 30

export type Visitor = { room: RoomRow; email: string | null }

type Deps = {
  db: Db
  access: RoomAccessPasses
  chat: RoomChat
  mailer: Mailer
  notifications: Pick<Notifications, 'send'>
  news: RoomNews
  automations: Pick<AutomationsModule, 'fire'>
  deals: Pick<DealsModule, 'recordActivity'>
  /** The deal's agreements once sent, with their status (the agreements module, above this one, passed in by app.ts). */
  agreements: { roomAgreements(dealId: string): Promise<PublicRoomAgreement[]> }
  /** The deal's sent and paid invoices (the invoices module, above this one, passed in by app.ts). */
  invoices: { roomInvoices(dealId: string): Promise<PublicRoomInvoice[]> }
  emit: WebhookEmit
}

/** The documents the buyer sees in a room, oldest first (the order the seller added them). */
async function publicDocuments(db: Db, dealId: string): Promise<PublicRoomDocument[]> {
  return db
    .select({ id: salesroomDocuments.id, title: salesroomDocuments.title, contentType: files.contentType, size: files.size })
    .from(salesroomDocuments)
    .innerJoin(files, eq(files.id, salesroomDocuments.fileId))
    .where(eq(salesroomDocuments.dealId, dealId))
    .orderBy(asc(salesroomDocuments.createdAt), asc(salesroomDocuments.id))
}

/**
 * The buyer's side of a room, reached only through its public id: what the page shows, private-room
 * codes, engagement events, buyer-side steps and the chat. Nothing here reads by an internal id the
 * visitor chose.
 */
export function createVisitorService({
  db,
  access,
  chat,
  mailer,
  notifications,
  news,
  automations,
  deals: pipeline,
  agreements,
  invoices,
  emit,
}: Deps) {
  async function published(publicId: string): Promise<RoomRow> {
    const [room] = await db
      .select()
      .from(salesrooms)
      .where(and(eq(salesrooms.publicId, publicId), eq(salesrooms.published, true)))
    if (!room) throw NotFound(ROOM_NOT_FOUND)
    return room
  }

  /** Who is looking: anyone for a link room; for a private room, only a visitor with a valid pass (401). */
  async function visitor(publicId: string, passToken: string | undefined): Promise<Visitor> {
    const room = await published(publicId)
    const email = await access.visitorOf(publicId, passToken)
    if (room.access === 'invited' && !(email && room.invitedEmails.includes(email))) throw Unauthorized(PRIVATE_ROOM)
    return { room, email }
  }

  async function read({ room, email }: Visitor): Promise<PublicSalesroom> {
    const [row] = await db
      .select({
        amount: deals.amount,
        currency: deals.currency,
        ownerId: deals.ownerId,
        sellerName: users.name,
        sellerAvatar: users.avatarUrl,
        organization: organizations.name,
        logoUrl: organizations.logoUrl,
      })
      .from(deals)
      .innerJoin(users, eq(users.id, deals.ownerId))
      .innerJoin(organizations, eq(organizations.id, deals.organizationId))
      .where(eq(deals.id, room.dealId))
    if (!row) throw NotFound(ROOM_NOT_FOUND)
    const [links, documents, recordings, steps, lines, handle, agreementList, invoiceList] = await Promise.all([
      db.select().from(salesroomLinks).where(eq(salesroomLinks.dealId, room.dealId)).orderBy(asc(salesroomLinks.createdAt)),
      publicDocuments(db, room.dealId),
      publicRecordings(db, room.dealId),
      db.select().from(actionSteps).where(eq(actionSteps.dealId, room.dealId)).orderBy(asc(actionSteps.createdAt)),
      room.showPricing
        ? db
            .select({
              productId: dealLines.productId,
              name: products.name,
              quantity: dealLines.quantity,
              unitPrice: dealLines.unitPrice,
              currency: products.currency,
            })
            .from(dealLines)
            .innerJoin(products, eq(products.id, dealLines.productId))
            .where(eq(dealLines.dealId, room.dealId))
            .orderBy(asc(dealLines.position))
        : [],
      db.select({ handle: publicHandles.handle }).from(publicHandles).where(eq(publicHandles.userId, row.ownerId)),
      agreements.roomAgreements(room.dealId),
      invoices.roomInvoices(room.dealId),
    ])
    return {
      publicId: room.publicId,
      title: room.title,
      welcome: room.welcome,
      videoUrl: room.videoUrl,
      organization: { name: row.organization, logoUrl: row.logoUrl },
      seller: { name: row.sellerName, avatarUrl: row.sellerAvatar },
      links: links.map((l) => ({ id: l.id, title: l.title, url: l.url })),
      documents,
      recordings,
      steps: steps.map(presentStep),
      lines: lines.map((l) => ({ ...l, currency: row.currency })),
      // The total of the lines the buyer sees; a deal without lines shows its amount.
      total: room.showPricing
        ? { amount: lines.length > 0 ? lines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0) : row.amount, currency: row.currency }
        : null,
      bookingHandle: handle[0]?.handle ?? null,
      visitorEmail: email,
      agreements: agreementList,
      invoices: invoiceList,
    }
  }

  /** Emails a code to an invited address. Answers the same whether or not the address is invited. */
  async function requestCode(publicId: string, email: string): Promise<void> {
    const room = await published(publicId)
    if (room.access !== 'invited' || !room.invitedEmails.includes(email)) return
    const code = await access.issueCode(room.dealId, email)
    const lines = [`Your code to open “${room.title}” is ${code}.`, 'It works once, for 15 minutes.']
    await mailer.send({
      to: email,
      organizationId: room.organizationId,
      subject: `${code} opens ${room.title}`,
      text: `${lines.join('\n\n')}\n`,
      html: layout(lines),
    })
  }

  async function verifyCode(publicId: string, email: string, code: string) {
    const room = await published(publicId)
    if (room.access !== 'invited' || !room.invitedEmails.includes(email) || !(await access.spendCode(room.dealId, email, code)))
      throw Invalid('code: This code is wrong or has expired', { code: 'code_wrong' })
    return access.pass(publicId, email)
  }

  /** Engagement: a visit begins (the first one ever tells the deal's owner), time passes, a link is opened. */
  async function event({ room, email }: Visitor, input: z.output<typeof RoomEvent>): Promise<{ visitId: string }> {
    if (input.kind === 'visit') {
      const [visit] = await db
        .insert(salesroomVisits)
        .values({ dealId: room.dealId, visitorEmail: email })
        .returning({ id: salesroomVisits.id })
      if (!visit) throw new Error('visit insert returned nothing')
      const [{ visits } = { visits: 0 }] = await db
        .select({ visits: sql<number>`count(*)::int` })
        .from(salesroomVisits)
        .where(eq(salesroomVisits.dealId, room.dealId))
      if (Number(visits) === 1) await firstVisit(room, email)
      await emit(room.organizationId, 'salesroom.visited', {
        dealId: room.dealId,
        visitId: visit.id,
        visitor: { email },
        first: Number(visits) === 1,
      })
      news.engagement(room)
      return { visitId: visit.id }
    }
    const ours = and(eq(salesroomVisits.id, input.visitId), eq(salesroomVisits.dealId, room.dealId))
    if (input.kind === 'heartbeat') {
      const updated = await db
        .update(salesroomVisits)
        .set({
          seconds: sql`${salesroomVisits.seconds} + least(${MAX_HEARTBEAT_SECONDS}, greatest(0, extract(epoch from now() - ${salesroomVisits.lastSeenAt})))::int`,
          lastSeenAt: sql`now()`,
        })
        .where(ours)
        .returning({ id: salesroomVisits.id })
      if (updated.length === 0) throw NotFound('Visit not found')
      return { visitId: input.visitId }
    }
    const [link] = await db
      .select({ id: salesroomLinks.id })
      .from(salesroomLinks)
      .where(and(eq(salesroomLinks.id, input.linkId), eq(salesroomLinks.dealId, room.dealId)))
    const [visit] = await db.select({ id: salesroomVisits.id }).from(salesroomVisits).where(ours)
    if (!link || !visit) throw NotFound('Link not found')
    await db.insert(salesroomLinkOpens).values({ visitId: visit.id, linkId: link.id })
    news.engagement(room)
    return { visitId: visit.id }
  }

  async function firstVisit(room: RoomRow, email: string | null) {
    const [deal] = await db.select({ name: deals.name, ownerId: deals.ownerId }).from(deals).where(eq(deals.id, room.dealId))
    if (!deal) return
    await pipeline.recordActivity({
      organizationId: room.organizationId,
      dealId: room.dealId,
      kind: 'salesroom_visit',
      data: { visitor: email, first: true },
    })
    await notifications.send(
      {
        userId: deal.ownerId,
        kind: 'salesroom-first-visit',
        data: { name: email, deal: deal.name },
        url: `/deals/${room.dealId}/room`,
      },
      { dealId: room.dealId, dealName: deal.name, visitor: email },
    )
    // Each product on the deal's lines sets off its own 'room first visited' rules.
    const lines = await db.select({ productId: dealLines.productId }).from(dealLines).where(eq(dealLines.dealId, room.dealId))
    for (const productId of new Set(lines.map((l) => l.productId)))
      await automations.fire({
        organizationId: room.organizationId,
        productId,
        trigger: 'room_first_visited',
        event: { dealId: room.dealId, email: email ?? undefined },
      })
  }

  /** The buyer ticks or unticks a step on their side of the plan; the seller's steps are the seller's. */
  async function toggleStep({ room }: Visitor, stepId: string, done: boolean) {
    const [step] = await db
      .select()
      .from(actionSteps)
      .where(and(eq(actionSteps.id, stepId), eq(actionSteps.dealId, room.dealId)))
    if (!step) throw NotFound('Step not found')
    if (step.side !== 'buyer') throw Forbidden('Only the seller can change this step')
    const [updated] = await db.update(actionSteps).set({ done }).where(eq(actionSteps.id, stepId)).returning()
    if (!updated) throw NotFound('Step not found')
    news.content(room)
    return presentStep(updated)
  }

  async function postMessage({ room, email }: Visitor, body: string, name: string | undefined) {
    const authorName = name ?? (await chat.lastBuyerName(room.dealId, email))
    if (!authorName) throw Invalid('name: Tell the seller your name')
    const message = await chat.post(room.dealId, { side: 'buyer', authorName, visitorEmail: email, body })
    const [deal] = await db.select({ name: deals.name, ownerId: deals.ownerId }).from(deals).where(eq(deals.id, room.dealId))
    if (deal)
      await notifications.send(
        {
          userId: deal.ownerId,
          kind: 'salesroom-message',
          data: { name: authorName, deal: deal.name, message: body.slice(0, 200) },
          url: `/deals/${room.dealId}/room`,
        },
        { dealId: room.dealId, dealName: deal.name, message },
      )
    return message
  }

  return { visitor, read, requestCode, verifyCode, event, toggleStep, postMessage, published }
}

export type VisitorService = ReturnType<typeof createVisitorService>
