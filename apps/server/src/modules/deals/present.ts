import type { DealSummary } from '@closeroom/shared'
import { and, eq, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { deals, users } from '../../db/schema/index.ts'
import { NotFound } from '../../http/errors.ts'

export const DEAL_NOT_FOUND = 'Deal not found'

/** The columns a DealSummary is made of: the deal, its owner, and how many contacts it has. */
export const summaryColumns = {
  id: deals.id,
  name: deals.name,
  company: deals.company,
  ownerId: deals.ownerId,
  ownerName: users.name,
  ownerAvatarUrl: users.avatarUrl,
  stageId: deals.stageId,
  amount: deals.amount,
  currency: deals.currency,
  expectedCloseDate: deals.expectedCloseDate,
  contactCount: deals.contactCount,
  closedAt: deals.closedAt,
  lostReason: deals.lostReason,
  createdAt: deals.createdAt,
  updatedAt: deals.updatedAt,
}

export type SummaryRow = {
  id: string
  name: string
  company: string
  ownerId: string
  ownerName: string
  ownerAvatarUrl: string | null
  stageId: string
  amount: number
  currency: string
  expectedCloseDate: string | null
  contactCount: number
  closedAt: Date | null
  lostReason: string | null
  createdAt: Date
  updatedAt: Date
}

export function presentSummary(row: SummaryRow): DealSummary {
  return {
    id: row.id,
    name: row.name,
    company: row.company,
    owner: { id: row.ownerId, name: row.ownerName, avatarUrl: row.ownerAvatarUrl },
    stageId: row.stageId,
    amount: row.amount,
    currency: row.currency,
    expectedCloseDate: row.expectedCloseDate,
    contactCount: row.contactCount,
    closedAt: row.closedAt?.toISOString() ?? null,
    lostReason: row.lostReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Summaries of the organization's deals matching `where`; the organization scope is always applied. */
export function selectSummaries(db: Db | Tx, organizationId: string, where?: SQL) {
  return db
    .select(summaryColumns)
    .from(deals)
    .innerJoin(users, eq(users.id, deals.ownerId))
    .where(and(eq(deals.organizationId, organizationId), where))
}

export async function summaryOf(db: Db | Tx, organizationId: string, id: string): Promise<DealSummary> {
  const [row] = await selectSummaries(db, organizationId, eq(deals.id, id))
  if (!row) throw NotFound(DEAL_NOT_FOUND)
  return presentSummary(row)
}
