import type { Board, DealSummary } from '@closeroom/shared'
import { describe, expect, it } from 'vitest'
import { applyDealChange, beforeIdAt, locate, placeDeal, stepPlacement } from './board'

const owner = { id: 'u', name: 'Ann', avatarUrl: null }
const deal = (id: string, stageId: string, amount: number, currency = 'EUR'): DealSummary => ({
  id,
  name: id,
  company: '',
  owner,
  stageId,
  amount,
  currency,
  expectedCloseDate: null,
  contactCount: 0,
  closedAt: null,
  lostReason: null,
  createdAt: '',
  updatedAt: '',
})
const stage = (id: string, position: number) => ({ id, name: id, kind: 'open' as const, position, probability: 50 })

const board: Board = {
  columns: [
    {
      stage: stage('a', 0),
      deals: [deal('d1', 'a', 100), deal('d2', 'a', 50, 'USD')],
      count: 2,
      totals: [
        { currency: 'EUR', amount: 100 },
        { currency: 'USD', amount: 50 },
      ],
    },
    { stage: stage('b', 1), deals: [deal('d3', 'b', 10)], count: 1, totals: [{ currency: 'EUR', amount: 10 }] },
  ],
}

describe('placing a deal on the board', () => {
  it('moves a deal to another column at the given index, with counts and totals per currency', () => {
    const next = placeDeal(board, { dealId: 'd2', stageId: 'b', index: 0 })
    expect(next.columns[0]?.deals.map((d) => d.id)).toEqual(['d1'])
    expect(next.columns[0]?.count).toBe(1)
    expect(next.columns[0]?.totals).toEqual([{ currency: 'EUR', amount: 100 }])
    expect(next.columns[1]?.deals.map((d) => d.id)).toEqual(['d2', 'd3'])
    expect(next.columns[1]?.deals[0]?.stageId).toBe('b')
    expect(next.columns[1]?.count).toBe(2)
    expect(next.columns[1]?.totals).toEqual([
      { currency: 'EUR', amount: 10 },
      { currency: 'USD', amount: 50 },
    ])
  })

  it('reorders inside a column without changing its count or totals', () => {
    const next = placeDeal(board, { dealId: 'd1', stageId: 'a', index: 1 })
    expect(next.columns[0]?.deals.map((d) => d.id)).toEqual(['d2', 'd1'])
    expect(next.columns[0]?.count).toBe(2)
    expect(next.columns[0]?.totals).toEqual(board.columns[0]?.totals)
  })

  it('names the deal a drop lands before, or null at the end', () => {
    expect(beforeIdAt(board, { dealId: 'd2', stageId: 'b', index: 0 })).toBe('d3')
    expect(beforeIdAt(board, { dealId: 'd2', stageId: 'b', index: 1 })).toBeNull()
    expect(beforeIdAt(board, { dealId: 'd1', stageId: 'a', index: 0 })).toBe('d2')
    expect(locate(board, 'd3')).toEqual({ column: 1, index: 0 })
    expect(locate(board, 'nope')).toBeNull()
  })
})

describe('stepping a lifted deal with the keyboard', () => {
  it('moves up and down inside its column, stopping at either end', () => {
    expect(stepPlacement(board, { dealId: 'd1', stageId: 'a', index: 0 }, 'down')).toEqual({ dealId: 'd1', stageId: 'a', index: 1 })
    expect(stepPlacement(board, { dealId: 'd1', stageId: 'a', index: 1 }, 'down')).toBeNull()
    expect(stepPlacement(board, { dealId: 'd1', stageId: 'a', index: 0 }, 'up')).toBeNull()
  })

  it('changes column keeping its position when the target is long enough, and stops at the last column', () => {
    expect(stepPlacement(board, { dealId: 'd2', stageId: 'a', index: 1 }, 'forward')).toEqual({ dealId: 'd2', stageId: 'b', index: 1 })
    expect(stepPlacement(board, { dealId: 'd1', stageId: 'b', index: 1 }, 'forward')).toBeNull()
    expect(stepPlacement(board, { dealId: 'd3', stageId: 'b', index: 0 }, 'backward')).toEqual({ dealId: 'd3', stageId: 'a', index: 0 })
    expect(stepPlacement(board, { dealId: 'd3', stageId: 'a', index: 0 }, 'backward')).toBeNull()
  })
})

describe("a teammate's change applied to the board", () => {
  const ids = (next: Board | null) => next?.columns.map((c) => c.deals.map((d) => d.id))

  it('moves a deal before the one the server names, with counts and totals', () => {
    const next = applyDealChange(board, { deal: deal('d2', 'b', 50, 'USD'), beforeId: 'd3' })
    expect(ids(next)).toEqual([['d1'], ['d2', 'd3']])
    expect(next?.columns[1]).toMatchObject({
      count: 2,
      totals: [
        { currency: 'EUR', amount: 10 },
        { currency: 'USD', amount: 50 },
      ],
    })
  })

  it("gives the same board for a change it already shows: the echo of this tab's own move", () => {
    const moved = placeDeal(board, { dealId: 'd1', stageId: 'b', index: 1 })
    expect(applyDealChange(moved, { deal: deal('d1', 'b', 100), beforeId: null })).toEqual(moved)
  })

  it('adds a new deal at its place, updates an edited one in place and takes a deleted one out', () => {
    const added = applyDealChange(board, { deal: deal('d4', 'a', 5), beforeId: 'd2' })
    expect(ids(added)).toEqual([['d1', 'd4', 'd2'], ['d3']])
    expect(added?.columns[0]).toMatchObject({
      count: 3,
      totals: [
        { currency: 'EUR', amount: 105 },
        { currency: 'USD', amount: 50 },
      ],
    })
    const edited = applyDealChange(board, { deal: { ...deal('d1', 'a', 300), name: 'Renamed' }, beforeId: 'd2' })
    expect(edited?.columns[0]?.deals[0]).toMatchObject({ id: 'd1', name: 'Renamed' })
    expect(edited?.columns[0]?.totals).toEqual([
      { currency: 'EUR', amount: 300 },
      { currency: 'USD', amount: 50 },
    ])
    const deleted = applyDealChange(board, { deletedId: 'd3' })
    expect(deleted?.columns[1]).toMatchObject({ deals: [], count: 0, totals: [] })
    expect(applyDealChange(board, { deletedId: 'gone' })).toEqual(board)
  })

  it('asks for a read when the payload cannot say where the deal is on this board', () => {
    const long: Board = { columns: board.columns.map((c, i) => (i === 1 ? { ...c, count: 300 } : c)) }
    expect(applyDealChange(long, { deal: deal('d9', 'a', 1), beforeId: null })).toBeNull()
    expect(applyDealChange(long, { deletedId: 'beyond' })).toBeNull()
    expect(applyDealChange(long, { deal: deal('d1', 'b', 100), beforeId: null })).toBeNull()
    expect(applyDealChange(board, { deal: deal('d1', 'unknown-stage', 100), beforeId: null })).toBeNull()
  })
})
