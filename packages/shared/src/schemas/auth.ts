import { z } from 'zod'
import { LANGUAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES } from '../constants.ts'
import { MESSAGES } from '../messages.ts'
import { httpsUrl, isTimeZone, phone } from '../rules.ts'
import { Email } from './common.ts'

export const Password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: MESSAGES.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { message: MESSAGES.passwordTooLong })

export const PersonName = z.string().trim().min(1, { message: MESSAGES.nameRequired }).max(120)
export const TimeZone = z.string().refine(isTimeZone, { message: MESSAGES.timeZone })
export const Locale = z.enum(LANGUAGES)
export const Role = z.enum(ROLES)
export type Role = z.infer<typeof Role>
export const UserStatus = z.enum(['invited', 'active', 'deactivated'])

/** A user as the API shows it: never a hash or a token. */
export const User = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: Role,
  status: UserStatus,
  phone: z.string().nullable(),
  timeZone: z.string(),
  locale: Locale,
  avatarUrl: z.string().nullable(),
  emailVerified: z.boolean(),
  organizationId: z.uuid(),
  createdAt: z.string(),
})
export type User = z.infer<typeof User>

export const UserEnvelope = z.object({ user: User })

export const Register = z.object({
  email: Email,
  password: Password,
  name: PersonName,
  /** The token from an invitation email: joins the inviting organization instead of creating one. */
  invitation: z.string().min(1).max(200).optional(),
})
export type Register = z.infer<typeof Register>

export const Login = z.object({
  email: Email,
  password: z.string().min(1, { message: MESSAGES.passwordRequired }).max(PASSWORD_MAX_LENGTH),
})
export type Login = z.infer<typeof Login>

export const Signup = z.object({ email: Email })
export type Signup = z.infer<typeof Signup>

export const UserSettings = z
  .object({
    name: PersonName,
    phone: phone,
    timeZone: TimeZone,
    locale: Locale,
    avatarUrl: httpsUrl,
  })
  .partial()
export type UserSettings = z.infer<typeof UserSettings>

export const ChangePassword = z.object({
  /** Required unless the account has no password yet (created by signup or invitation). */
  oldPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  newPassword: Password,
})
export type ChangePassword = z.infer<typeof ChangePassword>

export const ForgotPassword = z.object({ email: Email })
export const ResetPassword = z.object({ token: z.string().min(1).max(200), password: Password })
export type ResetPassword = z.infer<typeof ResetPassword>

export const VerifyEmail = z.object({
  email: Email,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: MESSAGES.code }),
})
export type VerifyEmail = z.infer<typeof VerifyEmail>

export const Session = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
})
export type Session = z.infer<typeof Session>
export const SessionList = z.object({ sessions: z.array(Session) })
