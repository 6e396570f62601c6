import { join } from 'node:path'
import type { Db } from '../../db/client.ts'
import { createLibrary } from './library.ts'
import { createProductFiles } from './products.ts'
import { type FileStorage, localStorage } from './storage.ts'
import { createFileStore, type FileStore } from './store.ts'

export { DEMO_DOCUMENTS, seedLibrary } from './demo.ts'
export type { Library } from './library.ts'
export { titleOf } from './names.ts'
export { sendFile } from './send.ts'
export { type FileStorage, localStorage } from './storage.ts'
export { createFileStore, type FileStore } from './store.ts'
export { type Incoming, incoming, uploadRoutes } from './upload.ts'

/** Uploaded files and the organization's library: bytes in file storage under DATA_DIR (or the storage given), rows in `files`; product media. */
export function createFilesModule({
  db,
  dataDir,
  storage,
  limitBytes,
}: {
  db: Db
  dataDir: string
  storage?: FileStorage
  /** Each organization's storage limit (FILES_STORAGE_LIMIT_MB). */
  limitBytes?: number
}) {
  const store = createFileStore({ db, storage: storage ?? localStorage(join(dataDir, 'files')), limitBytes })
  // Deals and products deleted since the last start took their files' references with them; their bytes go now.
  void store.sweep().catch(() => undefined)
  const library = createLibrary({ db, store })
  return { store, library, products: createProductFiles({ db, files: store, library }) }
}

export type FilesModule = ReturnType<typeof createFilesModule>

declare module 'fastify' {
  interface FastifyInstance {
    fileStore: FileStore
  }
}
