import type { PublicSigning, SigningField } from '@closeroom/shared'
import { describe, expect, it } from 'vitest'
import { initialsOf, inReadingOrder, isoDay, missingFields, startingValues, valuesToSend } from './fields'
import { stepOf } from './outcome'

const field = (id: string, type: SigningField['type'], at: Partial<SigningField> = {}): SigningField => ({
  id,
  type,
  page: 1,
  x: 0.1,
  y: 0.1,
  width: 0.2,
  height: 0.05,
  required: true,
  value: null,
  ...at,
})

const recipient = { name: 'Bea Buyer', email: 'bea@acme.test', role: 'signer', status: 'sent', language: 'en' } as const

describe('the signer is guided through their fields', () => {
  it('in reading order: page, then line, then along the line', () => {
    const fields = [
      field('c', 'text', { page: 2, y: 0.1 }),
      field('b', 'text', { y: 0.5, x: 0.6 }),
      field('a', 'text', { y: 0.5, x: 0.2 }),
      field('first', 'text', { y: 0.2 }),
    ]
    expect(inReadingOrder(fields).map((f) => f.id)).toEqual(['first', 'a', 'b', 'c'])
  })

  it('with their name, email and the day filled in for them, checkboxes unticked', () => {
    const fields = [field('n', 'name'), field('e', 'email'), field('d', 'date'), field('x', 'checkbox'), field('s', 'signature')]
    expect(startingValues({ fields, recipient }, new Date(2026, 10, 5, 23, 30))).toEqual({
      n: 'Bea Buyer',
      e: 'bea@acme.test',
      d: '2026-11-05',
      x: 'false',
    })
    expect(isoDay(new Date(2026, 0, 31))).toBe('2026-01-31')
  })

  it('and cannot finish while a required field is empty or a required box unticked', () => {
    const fields = [
      field('sig', 'signature', { y: 0.9 }),
      field('box', 'checkbox', { y: 0.5 }),
      field('note', 'text', { required: false }),
      field('blank', 'text', { y: 0.3 }),
    ]
    expect(missingFields(fields, { box: 'false', blank: '   ' }).map((f) => f.id)).toEqual(['blank', 'box', 'sig'])
    expect(missingFields(fields, { sig: 'data:image/png;base64,AA', box: 'true', blank: 'Yes' })).toEqual([])
  })

  it('sends what holds something, trimmed, and every checkbox as true or false', () => {
    const fields = [field('t', 'text'), field('o', 'text', { required: false }), field('x', 'checkbox'), field('y', 'checkbox')]
    expect(valuesToSend(fields, { t: '  Net 30 ', o: ' ', x: 'true' })).toEqual({ t: 'Net 30', x: 'true', y: 'false' })
  })

  it('suggests initials from the first and last names', () => {
    expect(initialsOf('bea  van der Berg')).toBe('BB')
    expect(initialsOf('Madonna')).toBe('M')
    expect(initialsOf('  ')).toBe('')
  })
})

describe('the link leads to what the recipient can do', () => {
  const signing = (
    status: PublicSigning['agreement']['status'],
    who: Partial<PublicSigning['recipient']> = {},
    canAct = false,
  ): Pick<PublicSigning, 'agreement' | 'recipient' | 'canAct'> => ({
    agreement: { title: 'Order form', status, expiresAt: null },
    recipient: { ...recipient, ...who },
    canAct,
  })

  it('to the form when it is their turn, as a signer or an approver', () => {
    expect(stepOf(signing('sent', {}, true))).toBe('sign')
    expect(stepOf(signing('sent', { role: 'approver', status: 'opened' }, true))).toBe('approve')
  })

  it('to a page that says why there is nothing to do otherwise', () => {
    expect(stepOf(signing('sent', { status: 'not_sent' }))).toBe('waiting')
    expect(stepOf(signing('sent', { status: 'signed' }))).toBe('signed')
    expect(stepOf(signing('sent', { role: 'approver', status: 'approved' }))).toBe('approved')
    expect(stepOf(signing('sent', { role: 'viewer' }))).toBe('view')
    expect(stepOf(signing('voided', {}, false))).toBe('voided')
    expect(stepOf(signing('expired'))).toBe('expired')
    expect(stepOf(signing('declined'))).toBe('declined')
    expect(stepOf(signing('declined', { status: 'declined' }))).toBe('youDeclined')
  })

  it('to the signed copy once the agreement is complete, whoever opens it', () => {
    expect(stepOf(signing('completed', { status: 'signed' }))).toBe('completed')
    expect(stepOf(signing('completed', { role: 'cc' }))).toBe('completed')
  })
})
