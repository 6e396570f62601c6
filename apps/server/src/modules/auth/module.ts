// Who is signed in, and how: sessions, one-time codes and links, and how a member is shown. Other modules use
// only what this file exports; app.ts assembles the rest.
export { API_KEY_PREFIX, type ApiKeys } from './api-keys.ts'
export type { OneTimeTokens } from './one-time-tokens.ts'
export { presentUser, type UserRow } from './present-user.ts'
export { onUserChanged } from './session-cache.ts'
export { type ApiKeyGrant, type AuthContext, SESSION_COOKIE, type Sessions } from './sessions.ts'
