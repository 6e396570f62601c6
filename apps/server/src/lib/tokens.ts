import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

/** The unguessable id of a public page (sales room, product room, landing page). */
export const newPublicId = () => randomBytes(16).toString('base64url')

/** A secret for a link (password reset, invitation): 256 bits, URL-safe. Only its hash is stored. */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url')
}

/** A short code a person types (email verification). */
export function newCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0')
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}
