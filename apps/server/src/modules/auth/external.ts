import type { SignInProvider } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { serverSecret } from '../../lib/secrets.ts'
import { callbackUrl } from './external-routes.ts'
import { createExternalSignIn, createFlowCookies } from './external-sign-in.ts'
import { createOAuthClient } from './oauth-providers.ts'
import type { AuthService } from './service.ts'
import type { Sessions } from './sessions.ts'

type Deps = { db: Db; auth: AuthService; sessions: Sessions; providers: SignInProvider[]; appUrl: string }

/** Sign in with other accounts, assembled: one OAuth client per configured provider, the signed flow cookie. */
export async function createExternalSignInModule({ db, auth, sessions, providers, appUrl }: Deps) {
  return {
    clients: providers.map((p) => createOAuthClient(p, callbackUrl(appUrl, p.id))),
    flows: createFlowCookies(await serverSecret(db, 'oauth-flow-key')),
    signIn: createExternalSignIn({ db, auth, sessions, providers }),
    sessions,
    appUrl,
  }
}
