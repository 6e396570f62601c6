import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import type { Jobs } from '../../jobs/queue.ts'
import type { Outbound } from '../../lib/outbound.ts'
import { serverSecret } from '../../lib/secrets.ts'
import type { Realtime } from '../../realtime/server.ts'
import type { AuthContext } from '../auth/module.ts'
import type { AutomationsModule } from '../automations/module.ts'
import type { DealsModule } from '../deals/module.ts'
import type { FileStore, Library } from '../files/module.ts'
import type { Mailer } from '../mail/module.ts'
import type { Notifications } from '../notifications/module.ts'
import type { WebhookEmit } from '../webhooks/module.ts'
import { auditLog } from './audit.ts'
import { dealOrderForm } from './deal-order-form.ts'
import { createDraftService } from './drafts.ts'
import { createEffects } from './effects.ts'
import { libraryAgreements } from './library-file.ts'
import { createLifecycle } from './lifecycle.ts'
import { createAgreementNews } from './news.ts'
import { dealParties } from './parties.ts'
import { agreementOf } from './present.ts'
import { roomAgreements } from './room.ts'
import { createSealing } from './sealing.ts'
import { createSigningService } from './signing.ts'
import { createSigningTokens } from './tokens.ts'

export type { TextStyle, Typeface } from './pdf/typeface.ts'
export { roomAgreements } from './room.ts'

/** The PDF fonts for the app's five languages, for other modules' documents; loaded when first needed. */
export const loadTypeface = () => import('./pdf/typeface.ts')

type Deps = {
  db: Db
  jobs: Jobs
  mailer: Mailer
  realtime: Pick<Realtime, 'toOrganization'>
  notifications: Pick<Notifications, 'send'>
  deals: Pick<DealsModule, 'recordActivity'>
  automations: Pick<AutomationsModule, 'fire'>
  emit: WebhookEmit
  files: FileStore
  /** The organization's library: agreements are made from its PDFs. */
  library: Pick<Library, 'fileOf' | 'onNewVersion'>
  appUrl: string
  dataDir: string
  /** A real certificate to seal with (PKCS#12); without it one is generated into DATA_DIR at the first seal. */
  certificate?: { file: string; passphrase?: string }
  /** How the organization's logo is fetched for an order form (lib/outbound.ts). */
  outbound: Outbound
  log: FastifyBaseLogger
}

/**
 * Agreements, assembled: drafts and templates, the lifecycle (send, void, expiry, reminders), the recipients'
 * signing by token, the seal at completion, and the audit log. Other modules see only this file.
 */
export async function createAgreementsModule(deps: Deps) {
  const { db, jobs, files, appUrl } = deps
  const tokens = createSigningTokens(await serverSecret(db, 'agreement-link-key'), appUrl)
  const news = createAgreementNews(deps.realtime)
  const effects = createEffects({ ...deps, tokens, news })
  const drafts = createDraftService({
    db,
    files,
    tokens,
    news,
    effects,
    parties: (organizationId, dealId) => dealParties(db, organizationId, dealId),
    orderForm: (auth: AuthContext, dealId: string) => dealOrderForm(db, auth.user.organizationId, dealId, auth.user.id, deps),
    libraryFile: deps.library.fileOf,
  })
  const fromLibrary = libraryAgreements({ db, files, library: deps.library })
  const lifecycle = createLifecycle({ db, jobs, tokens, effects, news, fromLibrary, discard: files.discard })
  const signing = createSigningService({ db, jobs, tokens, effects, news, lifecycle })
  const sealing = await createSealing({
    db,
    jobs,
    files,
    effects,
    dataDir: deps.dataDir,
    certificate: deps.certificate,
    log: deps.log,
  })
  await lifecycle.start()

  /** The agreement's audit log, for its organization only. */
  async function audit(auth: AuthContext, id: string) {
    await agreementOf(db, auth.user.organizationId, id)
    return auditLog(db, id)
  }

  return { drafts, lifecycle, signing, sealing, audit, files, roomAgreements: (dealId: string) => roomAgreements(db, dealId) }
}

export type AgreementsModule = Awaited<ReturnType<typeof createAgreementsModule>>

declare module 'fastify' {
  interface FastifyInstance {
    agreements: AgreementsModule
  }
}
