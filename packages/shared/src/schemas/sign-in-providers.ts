import { z } from 'zod'

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
] as const
export type SignInWithError = (typeof SIGN_IN_WITH_ERRORS)[number]
