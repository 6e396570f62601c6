import {
  ChangePassword,
  ErrorBody,
  ForgotPassword,
  IdParams,
  Login,
  Ok,
  Register,
  ResetPassword,
  SessionList,
  Signup,
  User,
  UserEnvelope,
  UserSettings,
  VerifyEmail,
} from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { actor, clearSessionCookie, setSessionCookie } from '../../http/auth.ts'
import { NotFound } from '../../http/errors.ts'
import type { RateLimitGuards } from '../../http/rate-limits.ts'
import type { AuthService } from './service.ts'
import type { Sessions } from './sessions.ts'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody }
const tags = ['auth']
/** Acts on the session or the credentials themselves: an API key is refused (http/auth.ts). */
const sessionOnly = { sessionOnly: true }

export function authRoutes(
  app: FastifyInstance,
  { auth, sessions, limits }: { auth: AuthService; sessions: Sessions; limits: RateLimitGuards },
) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const guarded = { preHandler: limits.credentials }

  r.post(
    '/register',
    {
      ...guarded,
      config: { public: true },
      schema: { tags, summary: 'Create an account and its organization', body: Register, response: { 201: UserEnvelope, ...errors } },
    },
    async (req, reply) => {
      const user = await auth.register(req.body)
      setSessionCookie(req, reply, await sessions.start(user.id, req.headers['user-agent']))
      return reply.code(201).send({ user: auth.present(user) })
    },
  )

  r.post(
    '/auth/login',
    { ...guarded, config: { public: true }, schema: { tags, summary: 'Sign in', body: Login, response: { 200: UserEnvelope, ...errors } } },
    async (req, reply) => {
      const user = await auth.login(req.body)
      setSessionCookie(req, reply, await sessions.start(user.id, req.headers['user-agent']))
      return { user: auth.present(user) }
    },
  )

  r.post(
    '/account/signup',
    {
      ...guarded,
      config: { public: true },
      schema: { tags, summary: 'Sign up with an email address only', body: Signup, response: { 201: UserEnvelope, ...errors } },
    },
    async (req, reply) => {
      const user = await auth.signup(req.body)
      setSessionCookie(req, reply, await sessions.start(user.id, req.headers['user-agent']))
      return reply.code(201).send({ user: auth.present(user) })
    },
  )

  r.get(
    '/auth/me',
    { schema: { tags, summary: 'Get the signed-in member', response: { 200: UserEnvelope, 401: ErrorBody } } },
    async (req) => ({
      user: auth.present(actor(req).user),
    }),
  )

  r.delete('/auth/logout', { config: sessionOnly, schema: { tags, summary: 'Sign out', response: { 200: Ok } } }, async (req, reply) => {
    if (req.auth) await sessions.revoke(req.auth.sessionId)
    clearSessionCookie(reply)
    return { ok: true as const }
  })

  r.get(
    '/auth/sessions',
    { config: sessionOnly, schema: { tags, summary: 'List your signed-in devices', response: { 200: SessionList, 401: ErrorBody } } },
    async (req) => {
      const { user, sessionId } = actor(req)
      return { sessions: await sessions.list(user.id, sessionId) }
    },
  )

  r.delete(
    '/auth/sessions',
    {
      config: sessionOnly,
      schema: {
        tags,
        summary: 'Sign out everywhere',
        description: 'Signs out of every device, this one included.',
        response: { 200: Ok, 401: ErrorBody },
      },
    },
    async (req, reply) => {
      await sessions.revokeAll(actor(req).user.id)
      clearSessionCookie(reply)
      return { ok: true as const }
    },
  )

  r.delete(
    '/auth/sessions/:id',
    {
      config: sessionOnly,
      schema: {
        tags,
        summary: 'Sign one device out',
        description: 'Signs one of your devices out.',
        params: IdParams,
        response: { 200: Ok, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (req, reply) => {
      const { user, sessionId } = actor(req)
      if (!(await sessions.revoke(req.params.id, user.id))) throw NotFound('Session not found')
      if (req.params.id === sessionId) clearSessionCookie(reply)
      return { ok: true as const }
    },
  )

  r.post(
    '/auth/forgot-password',
    {
      ...guarded,
      config: { public: true },
      schema: { tags, summary: 'Ask for a password reset link', body: ForgotPassword, response: { 200: Ok, ...errors } },
    },
    async (req) => {
      await auth.forgotPassword(req.body.email)
      return { ok: true as const }
    },
  )

  r.post(
    '/auth/reset-password',
    {
      config: { public: true },
      schema: { tags, summary: 'Choose a new password with a reset link', body: ResetPassword, response: { 200: Ok, ...errors } },
    },
    async (req) => {
      await auth.resetPassword(req.body)
      return { ok: true as const }
    },
  )

  r.post(
    '/auth/verify',
    {
      ...guarded,
      config: { public: true },
      schema: { tags, summary: 'Verify an email address with its code', body: VerifyEmail, response: { 200: Ok, ...errors } },
    },
    async (req) => {
      await auth.verifyEmail(req.body)
      return { ok: true as const }
    },
  )

  r.post(
    '/auth/verify/resend',
    { schema: { tags, summary: 'Send the email verification code again', response: { 200: Ok, ...errors } } },
    async (req) => {
      await auth.resendVerification(actor(req))
      return { ok: true as const }
    },
  )

  r.post(
    '/user/settings',
    { schema: { tags, summary: 'Update your profile and preferences', body: UserSettings, response: { 200: User, ...errors } } },
    async (req) => auth.present(await auth.updateSettings(actor(req), req.body)),
  )

  r.post(
    '/user/password',
    { config: sessionOnly, schema: { tags, summary: 'Change your password', body: ChangePassword, response: { 200: Ok, ...errors } } },
    async (req) => {
      await auth.changePassword(actor(req), req.body)
      return { ok: true as const }
    },
  )
}
