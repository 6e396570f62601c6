import {
  type CreateActionStep,
  type CreateSalesroomLink,
  SALESROOM_LIMITS,
  type UpdateActionStep,
  type UpdateSalesroomLink,
} from '@closeroom/shared'
import { and, count, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { actionSteps, salesroomLinks } from '../../db/schema/index.ts'
import { Invalid, NotFound } from '../../http/errors.ts'
import type { AuthContext } from '../auth/module.ts'
import type { RoomNews } from './news.ts'
import { presentStep, type RoomService } from './rooms.ts'

/** The room's shared links and its mutual action plan, edited by the seller's team. */
export function createPlanService({ db, rooms, news }: { db: Db; rooms: RoomService; news: RoomNews }) {
  /** Every change ends here: open pages of the room read it again. */
  function changed<T>(room: { dealId: string; publicId: string }, result: T): T {
    news.content(room)
    return result
  }

  async function addLink(auth: AuthContext, dealId: string, input: z.output<typeof CreateSalesroomLink>) {
    const room = await rooms.roomOf(auth, dealId)
    const [existing] = await db.select({ n: count() }).from(salesroomLinks).where(eq(salesroomLinks.dealId, dealId))
    if (Number(existing?.n ?? 0) >= SALESROOM_LIMITS.maxLinks)
      throw Invalid(`A room holds at most ${SALESROOM_LIMITS.maxLinks} links`, { code: 'limit_reached' })
    const [row] = await db
      .insert(salesroomLinks)
      .values({ dealId, ...input })
      .returning()
    if (!row) throw new Error('link insert returned nothing')
    return changed(room, { id: row.id, title: row.title, url: row.url })
  }

  async function updateLink(auth: AuthContext, dealId: string, linkId: string, input: z.output<typeof UpdateSalesroomLink>) {
    const room = await rooms.roomOf(auth, dealId)
    const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined))
    const where = and(eq(salesroomLinks.id, linkId), eq(salesroomLinks.dealId, dealId))
    const [row] =
      Object.keys(changes).length > 0
        ? await db.update(salesroomLinks).set(changes).where(where).returning()
        : await db.select().from(salesroomLinks).where(where)
    if (!row) throw NotFound('Link not found')
    return changed(room, { id: row.id, title: row.title, url: row.url })
  }

  async function removeLink(auth: AuthContext, dealId: string, linkId: string) {
    const room = await rooms.roomOf(auth, dealId)
    const deleted = await db
      .delete(salesroomLinks)
      .where(and(eq(salesroomLinks.id, linkId), eq(salesroomLinks.dealId, dealId)))
      .returning({ id: salesroomLinks.id })
    if (deleted.length === 0) throw NotFound('Link not found')
    news.content(room)
  }

  async function addStep(auth: AuthContext, dealId: string, input: z.output<typeof CreateActionStep>) {
    const room = await rooms.roomOf(auth, dealId)
    const [existing] = await db.select({ n: count() }).from(actionSteps).where(eq(actionSteps.dealId, dealId))
    if (Number(existing?.n ?? 0) >= SALESROOM_LIMITS.maxSteps)
      throw Invalid(`A plan holds at most ${SALESROOM_LIMITS.maxSteps} steps`, { code: 'limit_reached' })
    const [row] = await db
      .insert(actionSteps)
      .values({ dealId, ...input })
      .returning()
    if (!row) throw new Error('step insert returned nothing')
    return changed(room, presentStep(row))
  }

  async function updateStep(auth: AuthContext, dealId: string, stepId: string, input: z.output<typeof UpdateActionStep>) {
    const room = await rooms.roomOf(auth, dealId)
    const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined))
    const where = and(eq(actionSteps.id, stepId), eq(actionSteps.dealId, dealId))
    const [row] =
      Object.keys(changes).length > 0
        ? await db.update(actionSteps).set(changes).where(where).returning()
        : await db.select().from(actionSteps).where(where)
    if (!row) throw NotFound('Step not found')
    return changed(room, presentStep(row))
  }

  async function removeStep(auth: AuthContext, dealId: string, stepId: string) {
    const room = await rooms.roomOf(auth, dealId)
    const deleted = await db
      .delete(actionSteps)
      .where(and(eq(actionSteps.id, stepId), eq(actionSteps.dealId, dealId)))
      .returning({ id: actionSteps.id })
    if (deleted.length === 0) throw NotFound('Step not found')
    news.content(room)
  }

  return { addLink, updateLink, removeLink, addStep, updateStep, removeStep }
}

export type PlanService = ReturnType<typeof createPlanService>
