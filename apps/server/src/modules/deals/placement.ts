import { and, asc, desc, eq, lt, ne, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../../db/client.ts'
import { deals, pipelineStages } from '../../db/schema/index.ts'
import { Invalid } from '../../http/errors.ts'
import { POSITION_GAP, positionBetween } from './positions.ts'

/**
 * Every write of positions into a column holds its stage's row lock, so two drops into one column wait for
 * each other instead of computing the same free position. NO KEY UPDATE, not UPDATE: a foreign key check on
 * the stage (a new currency's row in deal_stage_totals, written by another transaction's trigger while it
 * holds that totals row) must not wait behind a drop that then waits for the same totals row.
 */
export async function lockStage(tx: Tx, stageId: string) {
  await tx.select({ id: pipelineStages.id }).from(pipelineStages).where(eq(pipelineStages.id, stageId)).for('no key update')
}

async function lastPosition(tx: Tx | Db, stageId: string, except?: string): Promise<number | null> {
  const [last] = await tx
    .select({ position: deals.position })
    .from(deals)
    .where(and(eq(deals.stageId, stageId), except ? ne(deals.id, except) : undefined))
    .orderBy(desc(deals.position), desc(deals.id))
    .limit(1)
  return last?.position ?? null
}

/** Renumbers a column (all but `except`) one gap apart, in its order, in one statement. */
async function renumber(tx: Tx, stageId: string, except: string) {
  await tx.execute(sql`
    update ${deals} d set position = r.rank * ${POSITION_GAP}
    from (select id, row_number() over (order by position, id) as rank from ${deals} where stage_id = ${stageId} and id <> ${except}) r
    where d.id = r.id`)
}

/** The position at the end of a column. The caller holds the stage's lock. */
export async function endOfColumn(tx: Tx, stageId: string, except?: string): Promise<number> {
  const position = positionBetween(await lastPosition(tx, stageId, except), null)
  if (position !== null) return position
  await renumber(tx, stageId, except ?? '00000000-0000-0000-0000-000000000000')
  return positionBetween(await lastPosition(tx, stageId, except), null) as number
}

/**
 * The position just before `beforeId` in a column, for the deal `movingId`; renumbers the column when its
 * neighbours leave no room. The caller holds the stage's lock.
 */
export async function positionBefore(tx: Tx, organizationId: string, stageId: string, beforeId: string, movingId: string) {
  if (beforeId === movingId) throw Invalid('beforeId: A deal cannot go before itself')
  const neighbours = async () => {
    const [before] = await tx
      .select({ position: deals.position })
      .from(deals)
      .where(and(eq(deals.id, beforeId), eq(deals.organizationId, organizationId), eq(deals.stageId, stageId)))
    if (!before) throw Invalid('beforeId: Drop before a deal of that stage')
    const [previous] = await tx
      .select({ position: deals.position })
      .from(deals)
      .where(
        and(
          eq(deals.stageId, stageId),
          ne(deals.id, movingId),
          or(lt(deals.position, before.position), and(eq(deals.position, before.position), lt(deals.id, beforeId))),
        ),
      )
      .orderBy(desc(deals.position), desc(deals.id))
      .limit(1)
    return { previous: previous?.position ?? null, next: before.position }
  }
  const first = await neighbours()
  const position = positionBetween(first.previous, first.next)
  if (position !== null) return position
  await renumber(tx, stageId, movingId)
  const again = await neighbours()
  return positionBetween(again.previous, again.next) as number
}

/** A column's deals in board order (tests and the board read this order). */
export const boardOrder = [asc(deals.position), asc(deals.id)]

/** The deal after this one in its column (null: the column's end), so an open board can put it in place. */
export async function nextInColumn(db: Db, dealId: string): Promise<string | null> {
  const moved = alias(deals, 'moved')
  const [next] = await db
    .select({ id: deals.id })
    .from(deals)
    .innerJoin(moved, and(eq(moved.id, dealId), eq(moved.stageId, deals.stageId)))
    .where(sql`(${deals.position}, ${deals.id}) > (${moved.position}, ${moved.id})`)
    .orderBy(...boardOrder)
    .limit(1)
  return next?.id ?? null
}
