import type { CreateDeal, Deal, DealSummary, UpdateDeal } from '@closeroom/shared'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db, Tx } from '../../db/client.ts'
import { clients, dealContacts, dealLines, deals, dealViews, pipelineStages, products, users } from '../../db/schema/index.ts'
import { Invalid, NotFound } from '../../http/errors.ts'
import { authorize } from '../../permissions.ts'
import type { AuthContext } from '../auth/module.ts'
import { writeActivity, writeStageChange } from './activities.ts'
import { endOfColumn, lockStage } from './placement.ts'
import { DEAL_NOT_FOUND, presentSummary, selectSummaries, summaryOf } from './present.ts'
import { ensureStages } from './stages.ts'

type CreateInput = z.output<typeof CreateDeal>
type LineInput = { productId: string; quantity: number; unitPrice?: number }
export type DealEvents = {
  changed(organizationId: string, deal: DealSummary): Promise<void>
  deleted(organizationId: string, id: string): void
  /** After the commit, for the webhooks: a new deal, and a deal that left `fromStageId`. */
  created(organizationId: string, deal: DealSummary): Promise<void>
  stageChanged(organizationId: string, deal: DealSummary, fromStageId: string): Promise<void>
}

/** Deals: any member of the organization creates and edits them; their owner and admins delete them. */
export function createDealService({ db, events }: { db: Db; events: DealEvents }) {
  async function row(tx: Db | Tx, organizationId: string, id: string, forUpdate = false) {
    const query = tx
      .select()
      .from(deals)
      .where(and(eq(deals.id, id), eq(deals.organizationId, organizationId)))
    const [found] = forUpdate ? await query.for('update') : await query
    if (!found) throw NotFound(DEAL_NOT_FOUND)
    return found
  }

  async function activeOwner(tx: Tx, organizationId: string, ownerId: string) {
    const [owner] = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.id, ownerId), eq(users.organizationId, organizationId), eq(users.status, 'active')))
    if (!owner) throw Invalid('ownerId: The owner must be an active member of the organization')
    return owner
  }

  async function assertContacts(tx: Tx, organizationId: string, contactIds: string[]) {
    if (contactIds.length === 0) return
    const found = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.organizationId, organizationId), inArray(clients.id, contactIds)))
    if (found.length !== contactIds.length) throw Invalid("contactIds: Every contact must be one of the organization's clients")
  }

  /** Lines as stored: the product's price unless another is given, each in the deal's currency. */
  async function resolveLines(tx: Tx, organizationId: string, lines: LineInput[], currency: string, keptProductIds: Set<string>) {
    if (lines.length === 0) return []
    const found = await tx
      .select()
      .from(products)
      .where(
        and(
          eq(products.organizationId, organizationId),
          inArray(
            products.id,
            lines.map((l) => l.productId),
          ),
        ),
      )
    const byId = new Map(found.map((p) => [p.id, p]))
    return lines.map((line, position) => {
      const product = byId.get(line.productId)
      if (!product) throw Invalid("lines: Every product must be one of the organization's products")
      if (!product.active && !keptProductIds.has(product.id)) throw Invalid(`lines: ${product.name} is inactive`)
      if (product.currency !== currency)
        throw Invalid(
          `lines: ${product.name} is priced in ${product.currency}, the deal in ${currency}: a line's currency must be the deal's`,
        )
      return { productId: product.id, quantity: line.quantity, unitPrice: line.unitPrice ?? product.price, position }
    })
  }

  async function stageIn(tx: Tx, organizationId: string, stageId: string) {
    const [stage] = await tx
      .select()
      .from(pipelineStages)
      .where(and(eq(pipelineStages.id, stageId), eq(pipelineStages.organizationId, organizationId)))
    if (!stage) throw Invalid('stageId: Choose a stage of this pipeline')
    return stage
  }

  /** A member opening a deal: remembered, so the home page lists the deals whose room was visited since. */
  async function get(auth: AuthContext, id: string): Promise<Deal> {
    const deal = await detail(db, auth.user.organizationId, id)
    await db
      .insert(dealViews)
      .values({ dealId: id, userId: auth.user.id })
      .onConflictDoUpdate({ target: [dealViews.dealId, dealViews.userId], set: { viewedAt: sql`now()` } })
    return deal
  }

  async function detail(tx: Db | Tx, organizationId: string, id: string): Promise<Deal> {
    const [summaryRow] = await selectSummaries(tx, organizationId, eq(deals.id, id))
    if (!summaryRow) throw NotFound(DEAL_NOT_FOUND)
    const [notes] = await tx.select({ notes: deals.notes }).from(deals).where(eq(deals.id, id))
    const contacts = await tx
      .select({
        id: clients.id,
        name: clients.name,
        email: clients.email,
        phone: clients.phone,
        company: clients.company,
        title: clients.title,
        createdAt: clients.createdAt,
      })
      .from(dealContacts)
      .innerJoin(clients, eq(clients.id, dealContacts.clientId))
      .where(eq(dealContacts.dealId, id))
      .orderBy(asc(clients.name), asc(clients.id))
    const lines = await tx
      .select({
        productId: dealLines.productId,
        name: products.name,
        quantity: dealLines.quantity,
        unitPrice: dealLines.unitPrice,
        currency: products.currency,
      })
      .from(dealLines)
      .innerJoin(products, eq(products.id, dealLines.productId))
      .where(eq(dealLines.dealId, id))
      .orderBy(asc(dealLines.position))
    return {
      ...presentSummary(summaryRow),
      notes: notes?.notes ?? '',
      contacts: contacts.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
      lines,
    }
  }

  async function create(auth: AuthContext, input: CreateInput): Promise<Deal> {
    const { organizationId } = auth.user
    const stages = await ensureStages(db, organizationId)
    const deal = await db.transaction(async (tx) => {
      const owner = input.ownerId ? await activeOwner(tx, organizationId, input.ownerId) : auth.user
      const stage = input.stageId ? await stageIn(tx, organizationId, input.stageId) : stages.find((s) => s.kind === 'open')
      if (!stage) throw Invalid('stageId: The pipeline has no open stage')
      await assertContacts(tx, organizationId, input.contactIds)
      const lines = await resolveLines(tx, organizationId, input.lines, input.currency, new Set())
      await lockStage(tx, stage.id)
      const [created] = await tx
        .insert(deals)
        .values({
          organizationId,
          name: input.name,
          company: input.company,
          ownerId: owner.id,
          stageId: stage.id,
          amount: input.amount,
          currency: input.currency,
          expectedCloseDate: input.expectedCloseDate,
          notes: input.notes,
          position: await endOfColumn(tx, stage.id),
        })
        .returning({ id: deals.id })
      if (!created) throw new Error('deal insert returned nothing')
      await replaceContactsAndLines(tx, organizationId, created.id, input.contactIds, lines)
      await writeActivity(tx, created.id, 'created', auth.user.id, { stage: stage.name })
      return detail(tx, organizationId, created.id)
    })
    await events.changed(organizationId, deal)
    await events.created(organizationId, deal)
    return deal
  }

  async function replaceContactsAndLines(
    tx: Tx,
    organizationId: string,
    dealId: string,
    contactIds: string[] | undefined,
    lines: { productId: string; quantity: number; unitPrice: number; position: number }[] | undefined,
  ) {
    if (contactIds) {
      await tx.delete(dealContacts).where(eq(dealContacts.dealId, dealId))
      if (contactIds.length > 0) await tx.insert(dealContacts).values(contactIds.map((clientId) => ({ dealId, clientId, organizationId })))
    }
    if (lines) {
      await tx.delete(dealLines).where(eq(dealLines.dealId, dealId))
      if (lines.length > 0) await tx.insert(dealLines).values(lines.map((l) => ({ ...l, dealId, organizationId })))
    }
  }

  async function update(auth: AuthContext, id: string, input: UpdateDeal): Promise<Deal> {
    const { organizationId } = auth.user
    let leftStageId: string | undefined
    const deal = await db.transaction(async (tx) => {
      // A stage change takes the target column's lock before the deal's row, in the same order as a board move.
      const target = input.stageId ? await stageIn(tx, organizationId, input.stageId) : undefined
      if (target) await lockStage(tx, target.id)
      const current = await row(tx, organizationId, id, true)
      const changes: Partial<typeof deals.$inferInsert> = {}
      for (const key of ['name', 'company', 'amount', 'currency', 'expectedCloseDate', 'notes'] as const) {
        if (input[key] !== undefined) Object.assign(changes, { [key]: input[key] })
      }
      const currency = input.currency ?? current.currency
      const existingLines = await tx.select({ productId: dealLines.productId }).from(dealLines).where(eq(dealLines.dealId, id))
      const kept = new Set(existingLines.map((l) => l.productId))
      // A currency change must still match every line: the new ones, or the ones already on the deal.
      const lines = input.lines
        ? await resolveLines(tx, organizationId, input.lines, currency, kept)
        : currency !== current.currency
          ? await assertLinesIn(tx, id, currency)
          : undefined
      if (input.contactIds) await assertContacts(tx, organizationId, input.contactIds)

      if (input.ownerId && input.ownerId !== current.ownerId) {
        const owner = await activeOwner(tx, organizationId, input.ownerId)
        const [previous] = await tx.select({ name: users.name }).from(users).where(eq(users.id, current.ownerId))
        changes.ownerId = owner.id
        await writeActivity(tx, id, 'owner_changed', auth.user.id, { from: previous?.name ?? null, to: owner.name })
      }
      // A lost reason is kept only on a deal that ends up in a lost stage (the trigger clears it when reopened).
      if (input.lostReason !== undefined) {
        const [stage] = await tx
          .select({ kind: pipelineStages.kind })
          .from(pipelineStages)
          .where(eq(pipelineStages.id, target?.id ?? current.stageId))
        if (stage?.kind === 'lost') changes.lostReason = input.lostReason || null
      }
      if (target && target.id !== current.stageId) {
        changes.stageId = target.id
        changes.position = await endOfColumn(tx, target.id)
        await writeStageChange(tx, id, current.stageId, target, auth.user.id)
        leftStageId = current.stageId
      }
      await tx
        .update(deals)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(deals.id, id))
      await replaceContactsAndLines(tx, organizationId, id, input.contactIds, Array.isArray(lines) ? lines : undefined)
      return detail(tx, organizationId, id)
    })
    await events.changed(organizationId, deal)
    if (leftStageId) await events.stageChanged(organizationId, deal, leftStageId)
    return deal
  }

  /** Checks the deal's current lines against a new currency; returns undefined as there is nothing to replace. */
  async function assertLinesIn(tx: Tx, dealId: string, currency: string): Promise<undefined> {
    const [other] = await tx
      .select({ name: products.name, currency: products.currency })
      .from(dealLines)
      .innerJoin(products, eq(products.id, dealLines.productId))
      .where(and(eq(dealLines.dealId, dealId), sql`${products.currency} <> ${currency}`))
      .limit(1)
    if (other) throw Invalid(`currency: ${other.name} on this deal is priced in ${other.currency}: a line's currency must be the deal's`)
    return undefined
  }

  async function remove(auth: AuthContext, id: string): Promise<void> {
    const { organizationId } = auth.user
    const current = await row(db, organizationId, id)
    authorize(auth.user, 'deals.delete', current)
    await db.delete(deals).where(and(eq(deals.id, id), eq(deals.organizationId, organizationId)))
    events.deleted(organizationId, id)
  }

  return { get, create, update, remove, summary: (auth: AuthContext, id: string) => summaryOf(db, auth.user.organizationId, id) }
}

export type DealService = ReturnType<typeof createDealService>
