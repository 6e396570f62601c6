import { join } from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import type { Jobs } from '../../jobs/queue.ts'
import type { Realtime } from '../../realtime/server.ts'
import { type FileStorage, localStorage } from '../files/module.ts'
import type { WebhookEmit } from '../webhooks/module.ts'
import { sharedPlayable } from './buyer.ts'
import { createCapture } from './capture.ts'
import { createRecordingComments } from './comments.ts'
import { createLibrary, type RoomNews } from './library.ts'

export { publicRecordings } from './buyer.ts'
export { sendPlayable } from './range.ts'

/** Call recordings: capture (start, chunks, stop, assembly), the library, comments; bytes under DATA_DIR/recordings. */
export async function createRecordingsModule(deps: {
  db: Db
  jobs: Jobs
  realtime: Pick<Realtime, 'toRoom'>
  news: Pick<RoomNews, 'content'>
  emit: WebhookEmit
  log: FastifyBaseLogger
  dataDir: string
  storage?: FileStorage
}) {
  const { db, news } = deps
  const storage = deps.storage ?? localStorage(join(deps.dataDir, 'recordings'))
  return {
    capture: await createCapture({ ...deps, storage }),
    library: createLibrary({ db, storage, news }),
    comments: createRecordingComments({ db }),
    /** The buyer's side, for the sales room's public routes. */
    shared: (dealId: string, recordingId: string) => sharedPlayable(db, storage, dealId, recordingId),
  }
}

export type RecordingsModule = Awaited<ReturnType<typeof createRecordingsModule>>
