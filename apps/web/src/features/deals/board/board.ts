import type { Board, DealSummary, DealsChanged } from '@closeroom/shared'

export type Placement = { dealId: string; stageId: string; index: number }

function totalsOf(totals: Board['columns'][number]['totals'], add: DealSummary | null, remove: DealSummary | null) {
  const map = new Map(totals.map((total) => [total.currency, total.amount]))
  if (remove) map.set(remove.currency, (map.get(remove.currency) ?? 0) - remove.amount)
  if (add) map.set(add.currency, (map.get(add.currency) ?? 0) + add.amount)
  return [...map].filter(([, amount]) => amount !== 0).map(([currency, amount]) => ({ currency, amount }))
}

/** Where a deal is on the board: its column and its index there, or null. */
export function locate(board: Board, dealId: string): { column: number; index: number } | null {
  for (const [column, { deals }] of board.columns.entries()) {
    const index = deals.findIndex((deal) => deal.id === dealId)
    if (index !== -1) return { column, index }
  }
  return null
}

/**
 * The board with a deal taken out of its column and put into `stageId` at `index` (counted without the deal
 * itself): what the seller sees at once, before the server answers. Counts and per-currency totals follow.
 */
export function placeDeal(board: Board, { dealId, stageId, index }: Placement, replacement?: DealSummary): Board {
  const from = locate(board, dealId)
  if (!from) return board
  const deal = { ...(replacement ?? board.columns[from.column]?.deals[from.index] ?? ({} as DealSummary)), stageId }
  const original = board.columns[from.column]?.deals[from.index] ?? null
  return {
    columns: board.columns.map((column) => {
      const leaving = column.deals.some((d) => d.id === dealId)
      const arriving = column.stage.id === stageId
      if (!leaving && !arriving) return column
      const deals = column.deals.filter((d) => d.id !== dealId)
      if (arriving) deals.splice(Math.max(0, Math.min(index, deals.length)), 0, deal)
      const sameColumn = leaving && arriving
      return {
        ...column,
        deals,
        count: column.count + (sameColumn ? 0 : arriving ? 1 : -1),
        totals: sameColumn
          ? totalsOf(column.totals, deal, original)
          : totalsOf(column.totals, arriving ? deal : null, leaving ? original : null),
      }
    }),
  }
}

/** The deal a drop at `index` lands before (null: the end), as the move endpoint wants it. */
export function beforeIdAt(board: Board, { dealId, stageId, index }: Placement): string | null {
  const column = board.columns.find((c) => c.stage.id === stageId)
  const others = column?.deals.filter((d) => d.id !== dealId) ?? []
  return others[index]?.id ?? null
}

/** A keyboard step of a lifted deal: within its column, or to the next or previous column in reading order. */
export type Step = 'up' | 'down' | 'forward' | 'backward'

/**
 * Where one step takes a lifted deal, counted on the board as it is without the move; null when it cannot go
 * that way. Changing column keeps its position when the target column is long enough.
 */
export function stepPlacement(board: Board, lifted: Placement, step: Step): Placement | null {
  const columns = board.columns
  const others = (stageId: string) => columns.find((c) => c.stage.id === stageId)?.deals.filter((d) => d.id !== lifted.dealId).length ?? 0
  let next: Placement | null = null
  if (step === 'up') next = { ...lifted, index: Math.max(0, lifted.index - 1) }
  else if (step === 'down') next = { ...lifted, index: Math.min(others(lifted.stageId), lifted.index + 1) }
  else {
    const target = columns[columns.findIndex((c) => c.stage.id === lifted.stageId) + (step === 'forward' ? 1 : -1)]
    if (target) next = { ...lifted, stageId: target.stage.id, index: Math.min(lifted.index, others(target.stage.id)) }
  }
  return next && (next.stageId !== lifted.stageId || next.index !== lifted.index) ? next : null
}

/** Whether a column holds more deals than the board shows (the server sends a column's first ones only). */
const truncated = (column: Board['columns'][number]) => column.deals.length < column.count

/**
 * The board after a teammate's change (deals-changed), or null when the payload cannot say where things are
 * and the board must be read again: a deal beyond a long column's shown cards, or a stage this board lacks.
 * Applying a change the board already shows gives the same board, so the tab that made it can take its echo.
 */
export function applyDealChange(board: Board, change: DealsChanged): Board | null {
  if ('imported' in change) return null
  const anyTruncated = board.columns.some(truncated)
  if ('deletedId' in change) {
    const at = locate(board, change.deletedId)
    if (!at) return anyTruncated ? null : board
    return {
      columns: board.columns.map((column, i) => {
        const gone = column.deals[at.index]
        if (i !== at.column || !gone) return column
        return {
          ...column,
          deals: column.deals.filter((d) => d.id !== change.deletedId),
          count: column.count - 1,
          totals: totalsOf(column.totals, null, gone),
        }
      }),
    }
  }
  const { deal, beforeId } = change
  const column = board.columns.find((c) => c.stage.id === deal.stageId)
  if (!column) return null
  const others = column.deals.filter((d) => d.id !== deal.id)
  const index = beforeId === null ? others.length : others.findIndex((d) => d.id === beforeId)
  // Before a card not shown, or at the end of a column not all shown: the deal's place is off this board.
  if (index === -1 || (beforeId === null && truncated(column))) return null
  if (locate(board, deal.id)) return placeDeal(board, { dealId: deal.id, stageId: deal.stageId, index }, deal)
  // A deal this board does not show: new, or hidden beyond a long column until now.
  if (anyTruncated) return null
  return {
    columns: board.columns.map((c) => {
      if (c !== column) return c
      const deals = [...others]
      deals.splice(index, 0, deal)
      return { ...c, deals, count: c.count + 1, totals: totalsOf(c.totals, deal, null) }
    }),
  }
}
