import { createHmac } from 'node:crypto'
import { hashToken } from '../../lib/tokens.ts'

/**
 * A recipient's link token: an HMAC of their id under a server secret. It is as unguessable as a random one, yet
 * the sender's page can show the link again at any time while the database keeps only its hash (a leaked
 * database gives no working link).
 */
export function createSigningTokens(secret: string, appUrl: string) {
  const tokenOf = (recipientId: string) => createHmac('sha256', secret).update(`agreement-recipient:${recipientId}`).digest('base64url')
  return {
    tokenOf,
    hashOf: hashToken,
    hashFor: (recipientId: string) => hashToken(tokenOf(recipientId)),
    /** The recipient's page, where emailed links point. */
    urlOf: (recipientId: string) => `${appUrl}/sign/${tokenOf(recipientId)}`,
    /** The same link opened inside the deal's sales room, whose page signs with ?sign=. */
    roomUrlOf: (publicId: string, recipientId: string) => `${appUrl}/d/${publicId}?sign=${tokenOf(recipientId)}`,
  }
}

export type SigningTokens = ReturnType<typeof createSigningTokens>
