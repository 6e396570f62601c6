import type { PublicSigning } from '@closeroom/shared'

/** What the recipient's link leads to: a form to act on, or a page that says why there is nothing to do. */
export type SigningStep =
  | 'sign'
  | 'approve'
  | 'view'
  | 'signed'
  | 'approved'
  | 'waiting'
  | 'voided'
  | 'declined'
  | 'youDeclined'
  | 'expired'
  | 'completed'

/**
 * The agreement's end comes first (a completed agreement is downloaded, whoever asks), then what this recipient
 * did, then whether it is their turn.
 */
export function stepOf(signing: Pick<PublicSigning, 'agreement' | 'recipient' | 'canAct'>): SigningStep {
  const { agreement, recipient } = signing
  if (agreement.status === 'completed') return 'completed'
  if (recipient.status === 'declined') return 'youDeclined'
  if (agreement.status === 'declined') return 'declined'
  if (agreement.status === 'voided') return 'voided'
  if (agreement.status === 'expired') return 'expired'
  if (recipient.status === 'signed') return 'signed'
  if (recipient.status === 'approved') return 'approved'
  if (recipient.role === 'viewer' || recipient.role === 'cc') return 'view'
  if (signing.canAct) return recipient.role === 'approver' ? 'approve' : 'sign'
  return 'waiting'
}
