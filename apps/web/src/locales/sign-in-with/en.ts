// Signing in with another account (Google, GitHub, X, the organization's OpenID Connect provider): the
// buttons on the sign-in and sign-up pages, and why a sign-in that came back from a provider was refused.

import type { Translation } from '../plurals'

export const en = {
  signInWith: {
    or: 'or',
    continueWith: 'Continue with {{name}}',
    errors: {
      oauth_state: 'This sign-in could not be checked: it was started in another browser or took too long. Try again.',
      oauth_nonce: 'This sign-in could not be checked: the provider answered for another attempt. Try again.',
      oauth_failed: 'The provider did not complete the sign-in. Try again, or sign in with your password.',
      oauth_unavailable: 'The provider cannot be reached right now. Try again later, or sign in with your password.',
      oauth_denied: 'You cancelled the sign-in at the provider.',
      email_unverified: 'The provider has not confirmed that this email address is yours. Verify it there, or sign in with your password.',
      account_deactivated: 'This account has been deactivated. Ask an admin of your organization.',
      invitation_invalid: 'Your invitation has expired. Ask an admin of your organization for a new one.',
      identity_taken: 'This account at the provider already signs another member in. Unlink it there first.',
    },
  },
}

export type Text = Translation<typeof en>
