import { describe, expect, it } from 'vitest'
import { POSITION_GAP, positionBetween } from './positions.ts'

describe('board positions', () => {
  it('starts an empty column one gap in', () => {
    expect(positionBetween(null, null)).toBe(POSITION_GAP)
  })

  it('appends one gap after the last deal and prepends one gap before the first', () => {
    expect(positionBetween(3072, null)).toBe(3072 + POSITION_GAP)
    expect(positionBetween(null, 1024)).toBe(0)
  })

  it('goes halfway between two neighbours', () => {
    expect(positionBetween(1024, 2048)).toBe(1536)
    expect(positionBetween(1024, 1027)).toBe(1025)
  })

  it('asks for a renumbering when neighbours touch or an end of the integer range is reached', () => {
    expect(positionBetween(1024, 1025)).toBeNull()
    expect(positionBetween(5, 5)).toBeNull()
    expect(positionBetween(2_147_483_000, null)).toBeNull()
    expect(positionBetween(null, -2_147_483_000)).toBeNull()
  })
})
