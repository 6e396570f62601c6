import type { Db } from '../../db/client.ts'

/** Uploaded files: bytes in file storage under DATA_DIR, rows in `files`. */
export function createFilesModule(_deps: { db: Db; dataDir: string }) {
  return {}
}

export type FilesModule = ReturnType<typeof createFilesModule>
