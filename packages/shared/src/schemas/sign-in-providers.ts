import { z } from 'zod'
import { Id } from './common.ts'

/** A provider the operator configured for "Sign in with…": the page shows a button for each. */
export const SignInProviderInfo = z.object({
  id: z.string(),
  name: z.string(),
  /** 'google', 'github' and 'x' get their own logo; any other OpenID Connect provider ('oidc') shows its name. */
  kind: z.enum(['google', 'github', 'x', 'oidc']),
})
export type SignInProviderInfo = z.infer<typeof SignInProviderInfo>

export const SignInProviderList = z.object({ providers: z.array(SignInProviderInfo) })
export type SignInProviderList = z.infer<typeof SignInProviderList>

export const SignInProviderParams = z.object({ provider: z.string().regex(/^[a-z0-9-]{1,31}$/, 'Unknown provider') })

/** Pressing a provider's button: where to go once signed in, or (from the settings) link it to the member signed in. */
export const SignInStartQuery = z.object({
  returnTo: z.string().max(2000).optional(),
  link: z.literal('1').optional(),
})

/** The provider's answer on the callback; checked by openid-client, so only its shape is given here. */
export const SignInCallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(1024).optional(),
  error: z.string().max(200).optional(),
})

/** Why a sign-in with another account did not go through; the sign-in page shows `?error=` with one of these. */
export const SIGN_IN_WITH_ERRORS = [
  'oauth_state',
  'oauth_nonce',
  'oauth_failed',
  'oauth_unavailable',
  'oauth_denied',
  'email_unverified',
  'account_deactivated',
  'invitation_invalid',
  /** Linking, from the settings, an account at the provider that another member has linked already. */
  'identity_taken',
] as const
export type SignInWithError = (typeof SIGN_IN_WITH_ERRORS)[number]

/** An account at a provider that signs this member in. */
export const LinkedIdentity = z.object({
  id: Id,
  provider: z.string(),
  /** The provider's name, or null when the operator no longer offers it (the link then signs nobody in). */
  providerName: z.string().nullable(),
  email: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
})
export type LinkedIdentity = z.infer<typeof LinkedIdentity>

export const LinkedIdentityList = z.object({
  identities: z.array(LinkedIdentity),
  /** Whether the member can also sign in with a password: without one, the last usable link cannot go. */
  hasPassword: z.boolean(),
})
export type LinkedIdentityList = z.infer<typeof LinkedIdentityList>
