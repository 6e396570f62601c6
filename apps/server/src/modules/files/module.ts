import { join } from 'node:path'
import type { Db } from '../../db/client.ts'
import { createProductFiles } from './products.ts'
import { type FileStorage, localStorage } from './storage.ts'
import { createFileStore } from './store.ts'

export { titleOf } from './names.ts'
export { sendFile } from './send.ts'
export { type FileStorage, localStorage } from './storage.ts'
export { createFileStore, type FileStore } from './store.ts'
export { type Incoming, incoming, uploadRoutes } from './upload.ts'

/** Uploaded files: bytes in file storage under DATA_DIR (or the storage given), rows in `files`; product media. */
export function createFilesModule({ db, dataDir, storage }: { db: Db; dataDir: string; storage?: FileStorage }) {
  const store = createFileStore({ db, storage: storage ?? localStorage(join(dataDir, 'files')) })
  // Deals and products deleted since the last start took their files' references with them; their bytes go now.
  void store.sweep().catch(() => undefined)
  return { store, products: createProductFiles({ db, files: store }) }
}

export type FilesModule = ReturnType<typeof createFilesModule>
