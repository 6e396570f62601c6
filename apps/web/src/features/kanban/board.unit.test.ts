import type { Board, DealSummary } from '@closeroom/shared'
import { describe, expect, it } from 'vitest'
import { beforeIdAt, locate, placeDeal, stepPlacement } from './board'

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
  createdAt: '',
  updatedAt: '',
})
const stage = (id: string, position: number) => ({ id, name: id, kind: 'open' as const, position })

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
