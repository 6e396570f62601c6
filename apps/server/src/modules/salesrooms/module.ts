import type { PublicRoomAgreement, PublicRoomInvoice } from '@closeroom/shared'
import type { Db } from '../../db/client.ts'
import { serverSecret } from '../../lib/secrets.ts'
import type { Realtime } from '../../realtime/server.ts'
import type { AutomationsModule } from '../automations/module.ts'
import type { DealsModule } from '../deals/module.ts'
import type { FileStore, Library } from '../files/module.ts'
import type { Mailer } from '../mail/module.ts'
import type { Notifications } from '../notifications/module.ts'
import type { WebhookEmit } from '../webhooks/module.ts'
import { createRoomAccess } from './access.ts'
import { createRoomChat } from './chat.ts'
import { createDocumentService } from './documents.ts'
import { createRoomNews } from './news.ts'
import { createPlanService } from './plan.ts'
import { createReadingService } from './reading.ts'
import { createRoomService } from './rooms.ts'
import { registerRoomSockets } from './sockets.ts'
import { createVisitorService } from './visitors.ts'

export { roomCookie } from './access.ts'
export { seedSalesroom } from './demo.ts'
export type { RoomNews } from './news.ts'
export type { VisitorService } from './visitors.ts'

/** Sales rooms, assembled: the seller's services, the buyer's, the chat and its socket events. */
export async function createSalesroomModule({
  db,
  mailer,
  realtime,
  notifications,
  appUrl,
  automations,
  deals,
  files,
  library,
  agreements,
  invoices,
  emit,
}: {
  db: Db
  mailer: Mailer
  realtime: Pick<Realtime, 'io' | 'toRoom'>
  notifications: Pick<Notifications, 'send'>
  appUrl: string
  automations: Pick<AutomationsModule, 'fire'>
  deals: Pick<DealsModule, 'recordActivity'>
  files: FileStore
  /** Library files a room shows by reference. */
  library: Pick<Library, 'fileOf'>
  agreements: { roomAgreements(dealId: string): Promise<PublicRoomAgreement[]> }
  invoices: { roomInvoices(dealId: string): Promise<PublicRoomInvoice[]> }
  emit: WebhookEmit
}) {
  const access = createRoomAccess(db, await serverSecret(db, 'salesroom-pass-key'))
  const chat = createRoomChat({ db, realtime })
  const news = createRoomNews(realtime)
  const rooms = createRoomService({ db, appUrl, news })
  const plan = createPlanService({ db, rooms, news })
  const visitors = createVisitorService({ db, access, chat, mailer, notifications, news, automations, deals, agreements, invoices, emit })
  const documents = createDocumentService({ db, store: files, rooms, news, deals, library, notifications, emit })
  const reading = createReadingService({ db, rooms, news })
  registerRoomSockets({ db, realtime, visitors })
  return { rooms, plan, chat, visitors, news, documents, reading, files }
}

export type SalesroomModule = Awaited<ReturnType<typeof createSalesroomModule>>
