import type { AgreementStatus, RecipientRole, RecipientStatus, SigningOrder } from '@closeroom/shared'

// The lifecycle's rules, with no database: whose turn it is, when an agreement is complete, which moves are legal.

export type TurnRecipient = { id: string; role: RecipientRole; position: number | null; status: RecipientStatus }

const ACTS: readonly RecipientRole[] = ['signer', 'approver']
export const acts = (r: { role: RecipientRole }) => ACTS.includes(r.role)
export const finished = (r: { status: RecipientStatus }) => r.status === 'signed' || r.status === 'approved'

/**
 * Who should hold a link now. Parallel: every signer, approver and viewer at once. Sequential: viewers at once,
 * and of the signers and approvers still to act, those of the lowest position (several can share one).
 * cc recipients hear only at completion.
 */
export function inTurn<R extends TurnRecipient>(order: SigningOrder, recipients: R[]): R[] {
  const pending = recipients.filter((r) => acts(r) && !finished(r))
  const viewers = recipients.filter((r) => r.role === 'viewer')
  if (order === 'parallel') return [...pending, ...viewers]
  const first = Math.min(...pending.map((r) => r.position ?? Number.MAX_SAFE_INTEGER))
  return [...pending.filter((r) => (r.position ?? Number.MAX_SAFE_INTEGER) === first), ...viewers]
}

/** Complete once every signer has signed and every approver approved. */
export const isComplete = (recipients: TurnRecipient[]) => recipients.filter(acts).every(finished)

/** Whether the recipient can sign or approve now. */
export function canAct(
  agreement: { status: AgreementStatus; signingOrder: SigningOrder },
  recipients: TurnRecipient[],
  recipientId: string,
) {
  if (agreement.status !== 'sent') return false
  const me = recipients.find((r) => r.id === recipientId)
  if (!me || !acts(me) || finished(me) || me.status === 'declined' || me.status === 'not_sent') return false
  return inTurn(agreement.signingOrder, recipients).some((r) => r.id === recipientId)
}

/** The agreement moves an action asks for, and from where each is legal. */
export const TRANSITIONS = {
  send: { from: ['draft'], to: 'sent' },
  void: { from: ['sent'], to: 'voided' },
  decline: { from: ['sent'], to: 'declined' },
  complete: { from: ['sent'], to: 'completed' },
  expire: { from: ['sent'], to: 'expired' },
} as const satisfies Record<string, { from: readonly AgreementStatus[]; to: AgreementStatus }>
export type Transition = keyof typeof TRANSITIONS

export const allows = (transition: Transition, status: AgreementStatus) =>
  (TRANSITIONS[transition].from as readonly string[]).includes(status)

const STATE_WORDS: Record<AgreementStatus, string> = {
  draft: 'is still a draft',
  sent: 'is out for signature',
  completed: 'is already complete',
  declined: 'was declined',
  voided: 'was voided',
  expired: 'has expired',
}

/** The 409's sentence: why this move is not possible from here. */
export const refusal = (transition: Transition, status: AgreementStatus) => {
  const verbs: Record<Transition, string> = {
    send: 'be sent',
    void: 'be voided',
    decline: 'be declined',
    complete: 'be completed',
    expire: 'expire',
  }
  return `This agreement ${STATE_WORDS[status]}: it cannot ${verbs[transition]}`
}

/** Why a recipient cannot sign or approve now, as a sentence. */
export function whyNot(agreement: { status: AgreementStatus }, me: TurnRecipient): string {
  if (agreement.status !== 'sent') return `This agreement ${STATE_WORDS[agreement.status]}`
  if (finished(me)) return me.role === 'approver' ? 'You have already approved this agreement' : 'You have already signed this agreement'
  if (me.status === 'declined') return 'You declined this agreement'
  if (!acts(me)) return 'You receive this agreement to read: there is nothing for you to sign'
  return 'It is not your turn to sign yet: you will get an email when it is'
}
