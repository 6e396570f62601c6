// Who is signed in, and how: sessions, one-time codes and links, and how a member is shown. Other modules use
// only what this file exports; app.ts assembles the rest.
export type { OneTimeTokens } from './one-time-tokens.ts'
export { presentUser, type UserRow } from './present-user.ts'
export { type AuthContext, SESSION_COOKIE, type Sessions } from './sessions.ts'
