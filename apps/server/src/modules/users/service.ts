import type { InviteUser, MemberAttributes, UpdateUser } from '@closeroom/shared'
import { SocketEvents } from '@closeroom/shared'
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { organizations, users, userTokens } from '../../db/schema/index.ts'
import { Conflict, Invalid, NotFound } from '../../http/errors.ts'
import { authorize } from '../../permissions.ts'
import type { Realtime } from '../../realtime/server.ts'
import type { AuthContext, OneTimeTokens, Sessions, UserRow } from '../auth/module.ts'
import type { Mailer } from '../mail/module.ts'
import * as templates from '../mail/module.ts'

const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000
const USER_NOT_FOUND = 'User not found'

type Deps = {
  db: Db
  sessions: Sessions
  tokens: OneTimeTokens
  mailer: Mailer
  realtime: Pick<Realtime, 'disconnectUser' | 'toUser' | 'online'>
  appUrl: string
}

/** People of the caller's organization. Every query is scoped by it: another organization's user is a 404. */
export function createUserService({ db, sessions, tokens, mailer, realtime, appUrl }: Deps) {
  async function get({ user: me }: AuthContext, id: string): Promise<UserRow> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.organizationId, me.organizationId)))
    if (!row) throw NotFound(USER_NOT_FOUND)
    return row
  }

  async function list({ user: me }: AuthContext): Promise<UserRow[]> {
    return db.select().from(users).where(eq(users.organizationId, me.organizationId)).orderBy(asc(users.name), asc(users.email))
  }

  /**
   * Every attribute key the organization's people hold, with the values held for it (one spelling per value,
   * ignoring case, as routing compares them), for the outcome editor's choices. Deactivated people are never
   * routed to, so their values are not offered.
   */
  async function attributes({ user: me }: AuthContext) {
    const rows = await db
      .select({ attributes: users.attributes })
      .from(users)
      .where(and(eq(users.organizationId, me.organizationId), ne(users.status, 'deactivated')))
    const byKey = new Map<string, Map<string, string>>()
    for (const row of rows)
      for (const [key, values] of Object.entries(row.attributes)) {
        const held = byKey.get(key) ?? new Map<string, string>()
        for (const value of values) if (!held.has(value.toLowerCase())) held.set(value.toLowerCase(), value)
        byKey.set(key, held)
      }
    const byName = (a: string, b: string) => a.localeCompare(b)
    return [...byKey.keys()].sort(byName).map((key) => ({ key, values: [...(byKey.get(key)?.values() ?? [])].sort(byName) }))
  }

  /** Who of the organization is connected right now, on any server process. */
  async function online({ user: me }: AuthContext) {
    const members = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.organizationId, me.organizationId), eq(users.status, 'active')))
    return realtime.online(members.map((m) => m.id))
  }

  /** Creates the account as 'invited' and emails a link; the person sets their name and password on /register. */
  async function invite({ user: me }: AuthContext, input: InviteUser): Promise<UserRow> {
    authorize(me, 'users.invite', input.role)
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, input.email))
    if (taken) throw Conflict('An account with this email already exists', { code: 'email_taken' })
    const [invited] = await db
      .insert(users)
      .values({
        organizationId: me.organizationId,
        email: input.email,
        name: input.name ?? input.email.split('@')[0] ?? input.email,
        role: input.role,
        status: 'invited',
        timeZone: me.timeZone,
        locale: me.locale,
      })
      .returning()
    if (!invited) throw new Error('user insert returned nothing')
    const [org] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, me.organizationId))
    const token = await tokens.issue(invited.id, 'invitation', INVITATION_TTL_MS, 'link')
    const url = `${appUrl}/register?invitation=${token}&email=${encodeURIComponent(invited.email)}`
    await mailer.send({
      to: invited.email,
      organizationId: me.organizationId,
      ...templates.invitation(me.name, org?.name ?? 'their organization', url),
    })
    return invited
  }

  async function update(auth: AuthContext, id: string, input: UpdateUser): Promise<UserRow> {
    const me = auth.user
    const target = await get(auth, id)
    const roleChange = input.role !== undefined && input.role !== target.role
    if (roleChange) authorize(me, 'users.setRole', target, input.role)
    const activeChange = input.active !== undefined && input.active !== (target.status !== 'deactivated')
    if (activeChange) authorize(me, 'users.deactivate', target)
    if (input.attributes !== undefined) authorize(me, 'users.setAttributes', target)
    // Even an edit that changes nothing is an edit of someone else: a member gets 403, not a quiet 200.
    if (target.id !== me.id) authorize(me, 'users.update', target)
    const leavingOwnerId = roleChange && target.role === 'owner' ? target.id : null
    let row = await keepingAnOwner(me.organizationId, leavingOwnerId, async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({
          name: input.name,
          role: input.role,
          attributes: input.attributes && distinctValues(input.attributes),
          updatedAt: new Date(),
        })
        .where(and(eq(users.id, target.id), eq(users.organizationId, me.organizationId)))
        .returning()
      return updated
    })
    if (!row) throw NotFound(USER_NOT_FOUND)
    if (activeChange) row = input.active ? await setStatus(row, await statusOnReturn(row)) : await deactivate(auth, id)
    // A new role must hold on the target's very next request, whichever process answers it.
    await sessions.userChanged(target.id)
    return row
  }

  /**
   * Someone let back in before accepting their invitation is invited again: they have no password yet.
   * An owner who signed up by email has no password either, but was never invited, so they are active.
   */
  async function statusOnReturn(row: UserRow): Promise<UserRow['status']> {
    if (row.passwordHash) return 'active'
    const [pending] = await db
      .select({ id: userTokens.id })
      .from(userTokens)
      .where(and(eq(userTokens.userId, row.id), eq(userTokens.purpose, 'invitation'), isNull(userTokens.usedAt)))
      .limit(1)
    return pending ? 'invited' : 'active'
  }

  /** Deactivated, not deleted: their deals, bookings and history stay; their sessions and sockets end now. */
  async function deactivate(auth: AuthContext, id: string): Promise<UserRow> {
    const target = await get(auth, id)
    authorize(auth.user, 'users.deactivate', target)
    const leavingOwnerId = target.role === 'owner' ? target.id : null
    const row = await keepingAnOwner(auth.user.organizationId, leavingOwnerId, (tx) => setStatus(target, 'deactivated', tx))
    await sessions.revokeAll(target.id)
    realtime.disconnectUser(target.id)
    return row
  }

  async function setStatus(target: UserRow, status: UserRow['status'], executor: Db = db) {
    const [row] = await executor.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, target.id)).returning()
    if (!row) throw NotFound(USER_NOT_FOUND)
    realtime.toUser(target.id, SocketEvents.userNewNotification, { type: 'account-updated' })
    return row
  }

  /**
   * Runs a change that may take an owner away. Such changes of one organization queue on its row, so two
   * owners removing each other at the same moment cannot both pass the check and leave nobody in charge.
   */
  async function keepingAnOwner<T>(organizationId: string, leavingOwnerId: string | null, change: (executor: Db) => Promise<T>) {
    if (!leavingOwnerId) return change(db)
    return db.transaction(async (tx) => {
      await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for('update')
      await keepAnOwner(tx, organizationId, leavingOwnerId)
      return change(tx)
    })
  }

  /** An organization always keeps one active owner, or nobody could administer it. */
  async function keepAnOwner(executor: Db, organizationId: string, leavingOwnerId: string) {
    const [other] = await executor
      .select({ id: users.id })
      .from(users)
      .where(
        and(eq(users.organizationId, organizationId), eq(users.role, 'owner'), eq(users.status, 'active'), ne(users.id, leavingOwnerId)),
      )
      .limit(1)
    if (!other) throw Invalid('The organization needs at least one active owner', { code: 'last_owner' })
  }

  return { get, list, attributes, online, invite, update, deactivate }
}

export type UserService = ReturnType<typeof createUserService>

/** Each value once per key, ignoring case (routing compares them so): the first spelling given is kept. */
function distinctValues(attributes: MemberAttributes): MemberAttributes {
  return Object.fromEntries(
    Object.entries(attributes).map(([key, values]) => [
      key,
      values.filter((value, i) => values.findIndex((v) => v.toLowerCase() === value.toLowerCase()) === i),
    ]),
  )
}
