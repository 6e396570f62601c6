import { describe, expect, it } from 'vitest'
import { allows, canAct, inTurn, isComplete, type TurnRecipient } from './turns.ts'

const r = (
  id: string,
  role: TurnRecipient['role'],
  position: number | null,
  status: TurnRecipient['status'] = 'not_sent',
): TurnRecipient => ({
  id,
  role,
  position,
  status,
})

describe('whose turn it is', () => {
  const people = [r('a', 'signer', 1), r('b', 'approver', 2), r('c', 'signer', 2), r('v', 'viewer', 3), r('cc', 'cc', 4)]

  it('is everyone but cc at once in parallel', () => {
    expect(inTurn('parallel', people).map((p) => p.id)).toEqual(['a', 'b', 'c', 'v'])
  })

  it('goes by position in sequence, those sharing one together, viewers at once', () => {
    expect(inTurn('sequential', people).map((p) => p.id)).toEqual(['a', 'v'])
    const afterA = people.map((p) => (p.id === 'a' ? { ...p, status: 'signed' as const } : p))
    expect(inTurn('sequential', afterA).map((p) => p.id)).toEqual(['b', 'c', 'v'])
  })

  it('is complete once every signer signed and every approver approved, whatever viewers and cc do', () => {
    const done = people.map((p) =>
      p.role === 'signer' ? { ...p, status: 'signed' as const } : p.role === 'approver' ? { ...p, status: 'approved' as const } : p,
    )
    expect(isComplete(people)).toBe(false)
    expect(isComplete(done)).toBe(true)
  })

  it('lets only a recipient with a live link whose turn it is act, and only while the agreement is out', () => {
    const live = people.map((p) => (p.id === 'a' || p.id === 'c' ? { ...p, status: 'sent' as const } : p))
    const agreement = { status: 'sent' as const, signingOrder: 'sequential' as const }
    expect(canAct(agreement, live, 'a')).toBe(true)
    expect(canAct(agreement, live, 'c')).toBe(false)
    expect(canAct({ ...agreement, status: 'voided' }, live, 'a')).toBe(false)
    expect(canAct(agreement, live, 'v')).toBe(false)
  })
})

describe('agreement moves', () => {
  it.each([
    ['send', 'draft', true],
    ['send', 'sent', false],
    ['void', 'sent', true],
    ['void', 'completed', false],
    ['void', 'draft', false],
    ['decline', 'sent', true],
    ['decline', 'expired', false],
    ['complete', 'sent', true],
    ['complete', 'declined', false],
    ['expire', 'sent', true],
    ['expire', 'voided', false],
  ] as const)('%s from %s: %s', (move, from, legal) => {
    expect(allows(move, from)).toBe(legal)
  })
})
