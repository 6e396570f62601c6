import type { Agreement } from '@closeroom/shared'
import { describe, expect, it } from 'vitest'
import { draftOf, updateOf, withoutRecipient, withRecipient, withRecipientMoved } from './draft'

const person = { id: 'u1', name: 'Sam Seller', avatarUrl: null }
const recipient = (id: string, email: string, order: number | null) => ({
  id,
  name: id,
  email,
  role: 'signer' as const,
  order,
  placeholder: null,
  status: 'not_sent' as const,
  signingUrl: null,
  salesroomUrl: null,
  sentAt: null,
  openedAt: null,
  signedAt: null,
  declinedAt: null,
  declineReason: null,
  language: 'en' as const,
})
const field = (id: string, recipientId: string, email: string) => ({
  id,
  recipient: email,
  recipientId,
  type: 'signature' as const,
  page: 1,
  x: 0.1,
  y: 0.2,
  width: 0.3,
  height: 0.06,
  required: true,
  value: null,
})
const agreement: Agreement = {
  id: 'a1',
  title: 'Order form',
  status: 'draft',
  template: false,
  signingOrder: 'sequential',
  expiresAt: null,
  reminderEveryDays: 3,
  deal: null,
  owner: person,
  pages: [{ width: 595, height: 842 }],
  recipients: [recipient('r2', 'bob@example.com', 2), recipient('r1', 'ann@example.com', 1)],
  fields: [field('f1', 'r1', 'ann@example.com'), field('f2', 'r2', 'bob@example.com')],
  documentUrl: '/api/agreements/a1/document',
  originalSha256: '',
  sealedSha256: null,
  voidReason: null,
  createdAt: '',
  updatedAt: '',
  sentAt: null,
  completedAt: null,
}

describe('the editor draft', () => {
  it('lists recipients in their signing order and saves them with their positions', () => {
    const draft = draftOf(agreement)
    expect(draft.recipients.map((r) => r.email)).toEqual(['ann@example.com', 'bob@example.com'])
    expect(updateOf(draft).recipients?.map((r) => [r.email, r.order])).toEqual([
      ['ann@example.com', 1],
      ['bob@example.com', 2],
    ])
  })

  it('keeps a field with its recipient when their email changes', () => {
    const draft = draftOf(agreement)
    const renamed = { ...draft, recipients: draft.recipients.map((r) => (r.key === 'r1' ? { ...r, email: ' ann@corp.example ' } : r)) }
    expect(updateOf(renamed).fields?.map((f) => f.recipient)).toEqual(['ann@corp.example', 'bob@example.com'])
  })

  it('sends no positions in parallel order', () => {
    const update = updateOf({ ...draftOf(agreement), signingOrder: 'parallel' })
    expect(update.recipients?.every((r) => r.order === undefined)).toBe(true)
  })

  it('reorders recipients, and a removed recipient takes their fields along', () => {
    const moved = withRecipientMoved(draftOf(agreement), 'r2', -1)
    expect(updateOf(moved).recipients?.map((r) => [r.email, r.order])).toEqual([
      ['bob@example.com', 1],
      ['ann@example.com', 2],
    ])
    expect(withRecipientMoved(moved, 'r2', -1)).toBe(moved)
    const without = withoutRecipient(draftOf(agreement), 'r1')
    expect(updateOf(without).fields?.map((f) => f.recipient)).toEqual(['bob@example.com'])
  })

  it('takes the fields away from a recipient who becomes an approver, a viewer or a cc', () => {
    const draft = draftOf(agreement)
    expect(withRecipient(draft, 'r1', { name: 'Ann Buyer' }).fields).toHaveLength(2)
    const approver = withRecipient(draft, 'r1', { role: 'approver' })
    expect(approver.recipients.find((r) => r.key === 'r1')?.role).toBe('approver')
    expect(approver.fields.map((f) => f.recipientKey)).toEqual(['r2'])
  })
})
