import type { ChangePassword, Login, Register, ResetPassword, Signup, UserSettings, VerifyEmail } from '@closeroom/shared'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { organizations, users } from '../../db/schema/index.ts'
import { Conflict, Forbidden, Invalid, Unauthorized } from '../../http/errors.ts'
import { checkPassword, hashPassword } from '../../lib/passwords.ts'
import type { Mailer } from '../mail/module.ts'
import * as templates from '../mail/module.ts'
import type { OneTimeTokens } from './one-time-tokens.ts'
import { presentUser, type UserRow } from './present-user.ts'
import type { AuthContext, Sessions } from './sessions.ts'

const HOUR = 60 * 60 * 1000
const WRONG_CREDENTIALS = 'Email or password is incorrect'
const EMAIL_TAKEN = 'An account with this email already exists'

type Deps = { db: Db; sessions: Sessions; tokens: OneTimeTokens; mailer: Mailer; appUrl: string }

export function createAuthService({ db, sessions, tokens, mailer, appUrl }: Deps) {
  async function findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    return row
  }

  async function sendVerificationCode(user: UserRow) {
    const code = await tokens.issue(user.id, 'verify_email', HOUR / 2, 'code')
    const url = `${appUrl}/auth/verify?email=${encodeURIComponent(user.email)}`
    await mailer.send({ to: user.email, organizationId: user.organizationId, ...templates.verifyEmail(user.name, code, url) })
  }

  /** Creates an organization with its first owner. */
  async function createOwner(
    values: { email: string; name: string; passwordHash: string | null; emailVerifiedAt?: Date },
    organizationName: string,
  ) {
    if (await findByEmail(values.email)) throw Conflict(EMAIL_TAKEN, { code: 'email_taken' })
    return db.transaction(async (tx) => {
      const [org] = await tx.insert(organizations).values({ name: organizationName }).returning()
      if (!org) throw new Error('organization insert returned nothing')
      const [user] = await tx
        .insert(users)
        .values({ ...values, organizationId: org.id, role: 'owner', status: 'active' })
        .returning()
      if (!user) throw new Error('user insert returned nothing')
      return user
    })
  }

  async function register(input: Register): Promise<UserRow> {
    const passwordHash = await hashPassword(input.password)
    if (input.invitation) return acceptInvitation(input, passwordHash)
    const user = await createOwner({ email: input.email, name: input.name, passwordHash }, `${input.name}'s organization`)
    await sendVerificationCode(user)
    return user
  }

  async function acceptInvitation(input: Register, passwordHash: string): Promise<UserRow> {
    const invitedId = await tokens.peekLink('invitation', input.invitation ?? '')
    const [invited] = invitedId ? await db.select().from(users).where(eq(users.id, invitedId)) : []
    if (invited?.status !== 'invited')
      throw Invalid('invitation: This invitation is invalid or has expired', { code: 'invitation_invalid' })
    if (invited.email.toLowerCase() !== input.email)
      throw Invalid('email: Use the address the invitation was sent to', { code: 'invitation_invalid' })
    if (!(await tokens.consumeLink('invitation', input.invitation ?? '')))
      throw Invalid('invitation: This invitation is invalid or has expired', { code: 'invitation_invalid' })
    // The invitation reached this inbox, so the address is verified.
    const [user] = await db
      .update(users)
      .set({ name: input.name, passwordHash, status: 'active', emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, invited.id))
      .returning()
    if (!user) throw new Error('user update returned nothing')
    await sessions.userChanged(user.id)
    return user
  }

  async function login(input: Login): Promise<UserRow> {
    const user = await findByEmail(input.email)
    const ok = await checkPassword(user?.passwordHash ?? null, input.password)
    if (!user || !ok) throw Unauthorized(WRONG_CREDENTIALS, { code: 'credentials_wrong' })
    // Only someone who knows the password learns that the account is switched off.
    if (user.status !== 'active')
      throw Forbidden('This account has been deactivated. Ask an admin of your organization.', { code: 'account_deactivated' })
    return user
  }

  /** Sign-up by email alone: a new organization whose owner chooses a password from the welcome email. */
  async function signup(input: Signup): Promise<UserRow> {
    const localPart = input.email.split('@')[0] ?? input.email
    const user = await createOwner({ email: input.email, name: localPart, passwordHash: null }, `${localPart}'s organization`)
    const code = await tokens.issue(user.id, 'verify_email', HOUR / 2, 'code')
    const setPassword = await tokens.issue(user.id, 'reset_password', 72 * HOUR, 'link')
    await mailer.send({
      to: user.email,
      organizationId: user.organizationId,
      ...templates.welcome(code, `${appUrl}/auth/new-password?token=${setPassword}`),
    })
    return user
  }

  async function updateSettings(auth: AuthContext, input: UserSettings): Promise<UserRow> {
    const [user] = await db
      .update(users)
      .set({
        ...input,
        phone: input.phone === undefined ? undefined : input.phone || null,
        avatarUrl: input.avatarUrl === undefined ? undefined : input.avatarUrl || null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, auth.user.id))
      .returning()
    if (!user) throw Unauthorized()
    await sessions.userChanged(user.id)
    return user
  }

  /** Keeps the session that made the change and signs every other device out. */
  async function changePassword(auth: AuthContext, input: ChangePassword) {
    if (auth.user.passwordHash !== null) {
      if (!input.oldPassword) throw Invalid('oldPassword: Enter your current password')
      if (!(await checkPassword(auth.user.passwordHash, input.oldPassword)))
        throw Invalid('oldPassword: The current password is incorrect', { code: 'password_wrong' })
    }
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: new Date() })
      .where(eq(users.id, auth.user.id))
    await sessions.revokeAll(auth.user.id, auth.sessionId)
  }

  /** Answers the same whether or not the address has an account. */
  async function forgotPassword(email: string) {
    const user = await findByEmail(email)
    if (user?.status !== 'active') return
    const token = await tokens.issue(user.id, 'reset_password', HOUR, 'link')
    await mailer.send({
      to: user.email,
      organizationId: user.organizationId,
      ...templates.resetPassword(user.name, `${appUrl}/auth/new-password?token=${token}`),
    })
  }

  async function resetPassword(input: ResetPassword) {
    const userId = await tokens.consumeLink('reset_password', input.token)
    if (!userId) throw Invalid('token: This link is invalid or has expired. Ask for a new one.', { code: 'link_expired' })
    // The link came by email, so following it also proves the address.
    await db
      .update(users)
      .set({
        passwordHash: await hashPassword(input.password),
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
    await sessions.revokeAll(userId)
  }

  async function verifyEmail(input: VerifyEmail) {
    const user = await findByEmail(input.email)
    const ok = user ? await tokens.consumeCode(user.id, 'verify_email', input.code) : false
    if (!user || !ok) throw Invalid('code: This code is wrong or has expired', { code: 'code_wrong' })
    await db.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, user.id))
    await sessions.userChanged(user.id)
  }

  async function resendVerification(auth: AuthContext) {
    if (auth.user.emailVerifiedAt) throw Conflict('Your email address is already verified', { code: 'already_verified' })
    await sendVerificationCode(auth.user)
  }

  return {
    findByEmail,
    createOwner,
    register,
    login,
    signup,
    updateSettings,
    changePassword,
    forgotPassword,
    resetPassword,
    verifyEmail,
    resendVerification,
    present: presentUser,
  }
}

export type AuthService = ReturnType<typeof createAuthService>
