import { z } from 'zod'
import { MESSAGES } from '../messages.ts'

/** Days a new key lives; null: until revoked. */
export const API_KEY_EXPIRIES = [30, 90, 365] as const
export const ApiKeyScope = z.enum(['read', 'write'])
export type ApiKeyScope = z.infer<typeof ApiKeyScope>

export const CreateApiKey = z.object({
  name: z.string().trim().min(1, { message: MESSAGES.nameRequired }).max(80),
  expiresInDays: z
    .literal(API_KEY_EXPIRIES)
    .nullable()
    .describe('Days until the key stops working: 30, 90 or 365; null for a key that never expires.'),
  scope: ApiKeyScope.describe('read: GET and HEAD only; write: everything the member may do.'),
})
export type CreateApiKey = z.infer<typeof CreateApiKey>

/** A key as listed: never the key itself, only its first characters. */
export const ApiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  scope: ApiKeyScope,
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
})
export type ApiKey = z.infer<typeof ApiKey>
export const ApiKeyList = z.object({ keys: z.array(ApiKey) })

/** The answer to creating a key: the only time the key is shown. */
export const CreatedApiKey = z.object({ key: ApiKey, secret: z.string() })
export type CreatedApiKey = z.infer<typeof CreatedApiKey>
