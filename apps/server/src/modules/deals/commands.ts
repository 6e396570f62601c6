import { DEFAULT_DEAL_CURRENCY, type DealSummary } from '@closeroom/shared'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { dealActivities, dealContacts, dealLines, deals, pipelineStages, users } from '../../db/schema/index.ts'
import { Invalid, NotFound } from '../../http/errors.ts'
import { type ActivityData, type ActivityEntry, addDealActivity, messageActivity, writeActivity, writeStageChange } from './activities.ts'
import type { DealEvents } from './deals.ts'
import { endOfColumn, lockStage, positionBefore } from './placement.ts'
import { DEAL_NOT_FOUND, summaryOf } from './present.ts'
import { ensureStages } from './stages.ts'

/** A deal no member typed in: a buyer's form, an automation. One client, one product line if any, nobody as its author. */
export type OpenDeal = {
  organizationId: string
  name: string
  company: string
  ownerId: string
  /** The pipeline's first open stage when absent. */
  stageId?: string
  clientId: string | null
  /** Absent (a routing form's deal): no line, an amount of 0 in the currency a typed-in deal starts with. */
  product?: { id: string; price: number; currency: string }
  notes?: string
  /** Where it came from, on its 'created' line beside the stage (a product room's form, a rule's name). */
  origin: ActivityData
  /** The product whose room's form opened it (the products dashboard's inquiries). */
  originProductId?: string
}

export type MoveDealToStage = {
  organizationId: string
  dealId: string
  stageId: string
  /** Before this deal of the column; at its end when absent. */
  beforeId?: string | null
  /** The member who moved it; null for the product's own doing (an automation). */
  actorId: string | null
  /** Why it was lost, kept on a move to a lost stage only. */
  lostReason?: string | null
}

/**
 * The writes other modules ask of the pipeline: every deal they open or move, every line they add to a
 * timeline, goes through here, and each change reaches the organization's boards through `events`.
 */
export function createDealCommands({ db, events }: { db: Db; events: DealEvents }) {
  /** The organization's stage with this id, if there is one. */
  async function stage(organizationId: string, stageId: string) {
    const [found] = await db
      .select({ id: pipelineStages.id, name: pipelineStages.name })
      .from(pipelineStages)
      .where(and(eq(pipelineStages.id, stageId), eq(pipelineStages.organizationId, organizationId)))
    return found
  }

  /** The client's newest deal still in an open stage, if they have one. */
  async function newestOpenDealOf(organizationId: string, clientId: string): Promise<{ id: string; ownerId: string } | undefined> {
    const [found] = await db
      .select({ id: deals.id, ownerId: deals.ownerId })
      .from(deals)
      .innerJoin(dealContacts, eq(dealContacts.dealId, deals.id))
      .innerJoin(pipelineStages, eq(pipelineStages.id, deals.stageId))
      .where(and(eq(deals.organizationId, organizationId), eq(dealContacts.clientId, clientId), eq(pipelineStages.kind, 'open')))
      .orderBy(desc(deals.createdAt), desc(deals.id))
      .limit(1)
    return found
  }

  /**
   * Who looks after a client: the owner of their newest open deal, else of their newest closed one, so a customer
   * coming back after a won (or lost) deal reaches the seller they know.
   */
  async function clientOwnerOf(organizationId: string, clientId: string): Promise<string | undefined> {
    const [found] = await db
      .select({ ownerId: deals.ownerId })
      .from(deals)
      .innerJoin(dealContacts, eq(dealContacts.dealId, deals.id))
      .innerJoin(pipelineStages, eq(pipelineStages.id, deals.stageId))
      .where(and(eq(deals.organizationId, organizationId), eq(dealContacts.clientId, clientId)))
      .orderBy(sql`${pipelineStages.kind} = 'open' desc`, desc(deals.createdAt), desc(deals.id))
      .limit(1)
    return found?.ownerId
  }

  async function open(input: OpenDeal): Promise<DealSummary> {
    const { organizationId } = input
    const stages = await ensureStages(db, organizationId)
    const target = input.stageId ? stages.find((s) => s.id === input.stageId) : (stages.find((s) => s.kind === 'open') ?? stages[0])
    if (!target) throw Invalid('stageId: Choose a stage of this pipeline')
    const summary = await db.transaction(async (tx) => {
      await lockStage(tx, target.id)
      const [created] = await tx
        .insert(deals)
        .values({
          organizationId,
          name: input.name,
          company: input.company,
          ownerId: input.ownerId,
          stageId: target.id,
          amount: input.product?.price ?? 0,
          currency: input.product?.currency ?? DEFAULT_DEAL_CURRENCY,
          notes: input.notes,
          originProductId: input.originProductId ?? null,
          position: await endOfColumn(tx, target.id),
        })
        .returning({ id: deals.id })
      if (!created) throw new Error('deal insert returned nothing')
      const dealId = created.id
      if (input.product)
        await tx
          .insert(dealLines)
          .values({ dealId, organizationId, productId: input.product.id, quantity: 1, unitPrice: input.product.price })
      if (input.clientId) await tx.insert(dealContacts).values({ dealId, clientId: input.clientId, organizationId })
      await writeActivity(tx, dealId, 'created', null, { stage: target.name, ...input.origin })
      return summaryOf(tx, organizationId, dealId)
    })
    await events.changed(organizationId, summary)
    await events.created(organizationId, summary)
    return summary
  }

  /** Puts a deal into a stage of its pipeline; leaving its stage goes on its timeline. */
  async function moveToStage(input: MoveDealToStage): Promise<DealSummary> {
    const { organizationId, dealId } = input
    let leftStageId: string | undefined
    const summary = await db.transaction(async (tx) => {
      const [target] = await tx
        .select()
        .from(pipelineStages)
        .where(and(eq(pipelineStages.id, input.stageId), eq(pipelineStages.organizationId, organizationId)))
      if (!target) throw Invalid('stageId: Choose a stage of this pipeline')
      // Column first, then the deal: the same order as every other write of positions.
      await lockStage(tx, target.id)
      const [current] = await tx
        .select({ stageId: deals.stageId })
        .from(deals)
        .where(and(eq(deals.id, dealId), eq(deals.organizationId, organizationId)))
        .for('update')
      if (!current) throw NotFound(DEAL_NOT_FOUND)
      const position = input.beforeId
        ? await positionBefore(tx, organizationId, target.id, input.beforeId, dealId)
        : await endOfColumn(tx, target.id, dealId)
      // closed_at and the stage history follow in the database (triggers of migration 0014).
      const lostReason = target.kind === 'lost' && input.lostReason !== undefined ? { lostReason: input.lostReason || null } : {}
      await tx
        .update(deals)
        .set({ stageId: target.id, position, ...lostReason, updatedAt: sql`now()` })
        .where(eq(deals.id, dealId))
      if (current.stageId !== target.id) {
        await writeStageChange(tx, dealId, current.stageId, target, input.actorId)
        leftStageId = current.stageId
      }
      return summaryOf(tx, organizationId, dealId)
    })
    await events.changed(organizationId, summary)
    if (leftStageId) await events.stageChanged(organizationId, summary, leftStageId)
    return summary
  }

  /** Hands a deal to another member of its organization (the caller chose them); the timeline says from whom. */
  async function assignOwner(input: { organizationId: string; dealId: string; ownerId: string; actorId: string | null }) {
    const { organizationId, dealId } = input
    const summary = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ ownerId: deals.ownerId })
        .from(deals)
        .where(and(eq(deals.id, dealId), eq(deals.organizationId, organizationId)))
        .for('update')
      if (!current) throw NotFound(DEAL_NOT_FOUND)
      const [previous] = await tx.select({ name: users.name }).from(users).where(eq(users.id, current.ownerId))
      const [next] = await tx.select({ name: users.name }).from(users).where(eq(users.id, input.ownerId))
      await tx.update(deals).set({ ownerId: input.ownerId, updatedAt: sql`now()` }).where(eq(deals.id, dealId))
      await writeActivity(tx, dealId, 'owner_changed', input.actorId, { from: previous?.name ?? null, to: next?.name ?? null })
      return summaryOf(tx, organizationId, dealId)
    })
    await events.changed(organizationId, summary)
    return summary
  }

  /**
   * A line on a deal's timeline for what happened elsewhere; false when the deal is not the organization's.
   * `announce` tells the boards too, for what teammates watching the deal should see at once; `tx` writes
   * the line in the caller's transaction, with what it stands for.
   */
  async function recordActivity(
    entry: ActivityEntry,
    { announce = false, tx = db }: { announce?: boolean; tx?: Db | Tx } = {},
  ): Promise<boolean> {
    const added = await addDealActivity(tx, entry)
    if (added && announce) await events.changed(entry.organizationId, await summaryOf(tx, entry.organizationId, entry.dealId))
    return added
  }

  /** A chat message's line keeps the message's new words (its excerpt), in the transaction that edits it. */
  async function rewordMessageActivity(tx: Tx, { dealId, messageId, excerpt }: { dealId: string; messageId: string; excerpt: string }) {
    await tx.update(dealActivities).set({ data: { messageId, excerpt } }).where(messageActivity(dealId, messageId))
  }

  /** A deleted chat message leaves the timeline with it, in the transaction that deletes it. */
  async function removeMessageActivity(tx: Tx, { dealId, messageId }: { dealId: string; messageId: string }) {
    await tx.delete(dealActivities).where(messageActivity(dealId, messageId))
  }

  /** The ids of the organization's deals this member owns (whose mail threads they may read: see the mail module). */
  async function idsOwnedBy(organizationId: string, userId: string): Promise<string[]> {
    const rows = await db
      .select({ id: deals.id })
      .from(deals)
      .where(and(eq(deals.organizationId, organizationId), eq(deals.ownerId, userId)))
    return rows.map((r) => r.id)
  }

  return {
    stage,
    newestOpenDealOf,
    idsOwnedBy,
    clientOwnerOf,
    open,
    moveToStage,
    assignOwner,
    recordActivity,
    rewordMessageActivity,
    removeMessageActivity,
  }
}

export type DealCommands = ReturnType<typeof createDealCommands>
