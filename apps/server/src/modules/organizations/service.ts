import type { Organization, UpdateOrganization } from '@closeroom/shared'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { organizations } from '../../db/schema/index.ts'
import { NotFound } from '../../http/errors.ts'
import { authorize } from '../../permissions.ts'
import type { AuthContext } from '../auth/module.ts'

type Row = typeof organizations.$inferSelect

const present = (row: Row): Organization => ({
  id: row.id,
  name: row.name,
  website: row.website,
  logoUrl: row.logoUrl,
  timeZone: row.timeZone,
  createdAt: row.createdAt.toISOString(),
})

/** The caller's own organization: every member reads it, owners and admins edit it. */
export function createOrganizationService({ db }: { db: Db }) {
  async function get({ user }: AuthContext): Promise<Organization> {
    const [row] = await db.select().from(organizations).where(eq(organizations.id, user.organizationId))
    if (!row) throw NotFound('Organization not found')
    return present(row)
  }

  async function update(auth: AuthContext, input: UpdateOrganization): Promise<Organization> {
    authorize(auth.user, 'organization.update')
    const changes = {
      name: input.name,
      // The https rule turns an emptied field into '': the link is removed.
      website: input.website === undefined ? undefined : input.website || null,
      logoUrl: input.logoUrl === undefined ? undefined : input.logoUrl || null,
      timeZone: input.timeZone,
    }
    // Nothing to change (unknown fields are dropped by the schema): answer with the profile as it is.
    if (Object.values(changes).every((value) => value === undefined)) return get(auth)
    const [row] = await db.update(organizations).set(changes).where(eq(organizations.id, auth.user.organizationId)).returning()
    if (!row) throw NotFound('Organization not found')
    return present(row)
  }

  return { get, update }
}

export type OrganizationService = ReturnType<typeof createOrganizationService>
