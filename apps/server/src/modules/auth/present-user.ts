import type { User } from '@closeroom/shared'
import type { users } from '../../db/schema/index.ts'

export type UserRow = typeof users.$inferSelect

/** The only way a user row leaves the server: no hash, no tokens. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    status: row.status,
    phone: row.phone,
    timeZone: row.timeZone,
    locale: row.locale,
    avatarUrl: row.avatarUrl,
    emailVerified: row.emailVerifiedAt !== null,
    organizationId: row.organizationId,
    createdAt: row.createdAt.toISOString(),
  }
}
