import { ProductSocketEvents } from '@closeroom/shared'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import { createEncryption } from '../../lib/encryption.ts'
import type { Outbound } from '../../lib/outbound.ts'
import type { Realtime } from '../../realtime/server.ts'
import type { ClientsModule } from '../clients/module.ts'
import type { DealsModule } from '../deals/module.ts'
import type { FileStore } from '../files/module.ts'
import { createMailService } from './service.ts'
import { createMailStore } from './store.ts'
import { createMailSync } from './sync.ts'

// Members' mailboxes (read over IMAP, answered over SMTP) and their threads. Other modules use only this file.

/**
 * The members' mailboxes, assembled: the store that files messages into threads, the sync that reads each
 * mailbox over IMAP in this process, and the service the routes call. `start` begins syncing every connected
 * mailbox (at boot); `stop` ends it (on close).
 */
export function createInboxModule(deps: {
  db: Db
  secret: string
  outbound: Outbound
  clients: ClientsModule
  deals: DealsModule
  files: FileStore
  log: FastifyBaseLogger
  realtime: Pick<Realtime, 'toUser'>
}) {
  const encryption = createEncryption(deps.secret)
  const store = createMailStore({ db: deps.db, clients: deps.clients, deals: deps.deals, files: deps.files })
  const sync = createMailSync({
    db: deps.db,
    encryption,
    outbound: deps.outbound,
    store,
    log: deps.log,
    arrived: (userId, threadId) => deps.realtime.toUser(userId, ProductSocketEvents.mailChanged, { threadId }),
  })
  const service = createMailService({
    db: deps.db,
    encryption,
    outbound: deps.outbound,
    store,
    sync,
    deals: deps.deals,
    files: deps.files,
    clients: deps.clients,
    log: deps.log,
  })
  return { service, sync, start: sync.startAll, stop: sync.stopAll }
}

export type InboxModule = ReturnType<typeof createInboxModule>

declare module 'fastify' {
  interface FastifyInstance {
    inbox: InboxModule
  }
}
