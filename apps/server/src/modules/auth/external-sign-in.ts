import { createHmac, timingSafeEqual } from 'node:crypto'
import type { LinkedIdentityList } from '@closeroom/shared'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { userIdentities, users, userTokens } from '../../db/schema/index.ts'
import { Conflict, HttpError, isUniqueViolation, NotFound } from '../../http/errors.ts'
import type { ExternalProfile, FlowChecks } from './oauth-providers.ts'
import type { UserRow } from './present-user.ts'
import type { AuthService } from './service.ts'
import type { Sessions } from './sessions.ts'

/** Why a person who came back from a provider is not signed in; the sign-in page says it in their language. */
type RefusalCode = 'email_unverified' | 'account_deactivated' | 'invitation_invalid' | 'identity_taken'

export class SignInRefused extends Error {
  readonly code: RefusalCode
  constructor(code: RefusalCode, message: string) {
    super(message)
    this.code = code
  }
}

const FLOW_TTL_MS = 10 * 60 * 1000

/** What an attempt remembers besides its checks: where to go after, and the member a link from the settings is for. */
export type FlowIntent = { returnTo: string; linkTo?: string }

type Flow = FlowChecks & FlowIntent & { provider: string; expiresAt: number }

/**
 * The state, nonce and PKCE verifier of one attempt travel in a cookie signed with a server secret, so any
 * server process can check the callback and nobody can forge or swap them.
 */
export function createFlowCookies(secret: string) {
  const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url')

  function seal(provider: string, checks: FlowChecks, intent: FlowIntent): string {
    const flow: Flow = { ...checks, ...intent, provider, expiresAt: Date.now() + FLOW_TTL_MS }
    const payload = Buffer.from(JSON.stringify(flow)).toString('base64url')
    return `${payload}.${sign(payload)}`
  }

  /** The attempt's checks and intent, or null when the cookie is missing, forged, for another provider or too old. */
  function open(cookie: string | undefined, provider: string): { checks: FlowChecks; intent: FlowIntent } | null {
    const [payload, signature] = (cookie ?? '').split('.')
    if (!payload || !signature) return null
    const expected = Buffer.from(sign(payload))
    const given = Buffer.from(signature)
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
    let flow: Flow
    try {
      flow = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Flow
    } catch {
      return null
    }
    if (flow.provider !== provider || flow.expiresAt < Date.now()) return null
    return {
      checks: { state: flow.state, nonce: flow.nonce, codeVerifier: flow.codeVerifier },
      intent: { returnTo: flow.returnTo, ...(flow.linkTo ? { linkTo: flow.linkTo } : {}) },
    }
  }

  return { seal, open, maxAgeSeconds: FLOW_TTL_MS / 1000 }
}

type Deps = { db: Db; auth: AuthService; sessions: Sessions; providers: { id: string; name: string }[] }

/**
 * Who a person coming back from a provider is: the member an identity was linked to; else the member whose
 * email the provider verified (linked now), an invited person joining their organization, or a newcomer
 * with an organization of their own, as email sign-up gives.
 */
export function createExternalSignIn({ db, auth, sessions, providers }: Deps) {
  async function signIn(provider: string, profile: ExternalProfile): Promise<UserRow> {
    try {
      return await signInOnce(provider, profile)
    } catch (error) {
      // Two tabs finishing a newcomer's first sign-in at once: the other made the account; this one joins it.
      const lostRace =
        (error instanceof HttpError && error.code === 'email_taken') ||
        isUniqueViolation(error, 'users_email_key') ||
        isUniqueViolation(error, 'user_identities_provider_subject_key')
      if (lostRace) return signInOnce(provider, profile)
      throw error
    }
  }

  async function signInOnce(provider: string, profile: ExternalProfile): Promise<UserRow> {
    const [linked] = await db
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, profile.subject)))
    if (linked) {
      refuseInactive(linked.user)
      await db
        .update(userIdentities)
        .set({ lastUsedAt: new Date() })
        .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, profile.subject)))
      return linked.user
    }

    if (!profile.email || !profile.emailVerified)
      throw new SignInRefused(
        'email_unverified',
        'The provider did not confirm that this email address is yours. Verify it there, or sign in with your password.',
      )
    const email = profile.email.toLowerCase()
    const existing = await auth.findByEmail(email)
    let user: UserRow
    if (!existing) {
      // The same bounds as a name typed at sign-up (PersonName).
      const name = (profile.name?.trim() || (email.split('@')[0] ?? email)).slice(0, 120)
      user = await auth.createOwner({ email, name, passwordHash: null, emailVerifiedAt: new Date() }, `${name}'s organization`)
    } else if (existing.status === 'invited') {
      user = await acceptInvitation(existing)
    } else {
      refuseInactive(existing)
      user = existing
      if (!user.emailVerifiedAt) {
        // Whoever registered this address never proved it was theirs; the provider just proved it is this
        // person's. So the address is verified now, and the unproven password and its sessions go: someone
        // who registered another's address first keeps no way in (they set a new password by email).
        const [verified] = await db
          .update(users)
          .set({ emailVerifiedAt: new Date(), passwordHash: null, updatedAt: new Date() })
          .where(eq(users.id, user.id))
          .returning()
        if (!verified) throw new Error('user update returned nothing')
        await sessions.revokeAll(user.id)
        user = verified
      }
    }
    await db.insert(userIdentities).values({ userId: user.id, provider, subject: profile.subject, email }).onConflictDoNothing()
    return user
  }

  function refuseInactive(user: UserRow) {
    if (user.status === 'deactivated')
      throw new SignInRefused('account_deactivated', 'This account has been deactivated. Ask an admin of your organization.')
  }

  /** The invitation went to this address and the provider verified it, so signing in accepts it. */
  async function acceptInvitation(invited: UserRow): Promise<UserRow> {
    const spent = await db
      .update(userTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(userTokens.userId, invited.id),
          eq(userTokens.purpose, 'invitation'),
          isNull(userTokens.usedAt),
          gt(userTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: userTokens.id })
    if (spent.length === 0)
      throw new SignInRefused('invitation_invalid', 'Your invitation has expired. Ask an admin of your organization for a new one.')
    const [user] = await db
      .update(users)
      .set({ status: 'active', emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, invited.id))
      .returning()
    if (!user) throw new Error('user update returned nothing')
    await sessions.userChanged(user.id)
    return user
  }

  /**
   * Links the account at the provider to the member signed in (from their settings). The provider vouches only
   * for who controls that account, which the member has just shown: its email need not match theirs.
   */
  async function link(userId: string, provider: string, profile: ExternalProfile): Promise<void> {
    const [linked] = await db
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, profile.subject)))
    if (linked && linked.userId !== userId)
      throw new SignInRefused('identity_taken', 'This account at the provider already signs another member in. Unlink it there first.')
    if (linked) return
    await db
      .insert(userIdentities)
      .values({ userId, provider, subject: profile.subject, email: profile.email?.toLowerCase() ?? '' })
      .onConflictDoNothing()
  }

  const nameOf = (provider: string) => providers.find((p) => p.id === provider)?.name ?? null

  async function listFor(userId: string): Promise<LinkedIdentityList> {
    const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId))
    const rows = await db.select().from(userIdentities).where(eq(userIdentities.userId, userId)).orderBy(userIdentities.createdAt)
    return {
      hasPassword: Boolean(user?.passwordHash),
      identities: rows.map((row) => ({
        id: row.id,
        provider: row.provider,
        providerName: nameOf(row.provider),
        email: row.email,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt.toISOString(),
      })),
    }
  }

  /**
   * Unlinks one of the member's accounts at a provider, unless it is their last way in: no password and no other
   * link to a provider still offered. The member's row is locked, so two unlinks at once cannot both pass.
   */
  async function unlink(userId: string, identityId: string): Promise<void> {
    await db.transaction(async (tx) => {
      const [user] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).for('update')
      const rows = await tx.select().from(userIdentities).where(eq(userIdentities.userId, userId))
      const target = rows.find((row) => row.id === identityId)
      if (!user || !target) throw NotFound('This linked account was not found')
      const otherWaysIn = rows.filter((row) => row.id !== identityId && nameOf(row.provider) !== null).length
      if (!user.passwordHash && otherWaysIn === 0)
        throw Conflict('This account is your only way to sign in: set a password first, then unlink it', {
          code: 'last_sign_in_method',
        })
      await tx.delete(userIdentities).where(eq(userIdentities.id, identityId))
    })
  }

  return { signIn, link, listFor, unlink }
}

export type ExternalSignIn = ReturnType<typeof createExternalSignIn>
