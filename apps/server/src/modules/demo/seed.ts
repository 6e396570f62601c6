import type { Db } from '../../db/client.ts'
import { organizations, teamMembers, teams, users } from '../../db/schema/index.ts'
import { hashPassword } from '../../lib/passwords.ts'

export const DEMO_PASSWORD = 'closeroom-demo'
export const DEMO_OWNER_EMAIL = 'owner@closeroom.demo'

/**
 * A fresh database gets a demo organization so a newcomer can sign in at once. It runs only while the
 * database holds no organization at all, so it never touches real data.
 */
export async function seedDemo(db: Db): Promise<{ email: string; password: string } | null> {
  const [existing] = await db.select({ id: organizations.id }).from(organizations).limit(1)
  if (existing) return null
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  await db.transaction(async (tx) => {
    const [org] = await tx.insert(organizations).values({ name: 'Acme Sales' }).returning()
    if (!org) throw new Error('demo organization insert returned nothing')
    const people = [
      { email: DEMO_OWNER_EMAIL, name: 'Olivia Owner', role: 'owner' as const, timeZone: 'Europe/Paris' },
      { email: 'maya@closeroom.demo', name: 'Maya Member', role: 'member' as const, timeZone: 'America/New_York' },
      { email: 'sam@closeroom.demo', name: 'Sam Seller', role: 'member' as const, timeZone: 'Asia/Ho_Chi_Minh' },
    ]
    const rows = await tx
      .insert(users)
      .values(people.map((p) => ({ ...p, organizationId: org.id, passwordHash, status: 'active' as const, emailVerifiedAt: new Date() })))
      .returning()
    const [team] = await tx.insert(teams).values({ organizationId: org.id, name: 'Enterprise' }).returning()
    if (!team) throw new Error('demo team insert returned nothing')
    await tx.insert(teamMembers).values(rows.map((u) => ({ teamId: team.id, userId: u.id, organizationId: org.id })))
  })
  return { email: DEMO_OWNER_EMAIL, password: DEMO_PASSWORD }
}
