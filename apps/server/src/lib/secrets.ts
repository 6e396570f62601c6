import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { serverSecrets } from '../db/schema/index.ts'

/**
 * A server secret (session signing key, later VAPID keys) made on first start and kept in the database,
 * so every server process sharing the database agrees on it and a restart does not sign everyone out.
 */
export async function serverSecret(db: Db, name: string, make: () => string = () => randomBytes(32).toString('base64url')) {
  await db.insert(serverSecrets).values({ name, value: make() }).onConflictDoNothing()
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name))
  if (!row) throw new Error(`server secret ${name} is missing`)
  return row.value
}
