import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

/**
 * Where file bytes live, by key. Three operations, so object storage (S3 and the like: put an object from a
 * stream, get it as a stream, delete it) can take the local directory's place without touching its callers.
 */
export type FileStorage = {
  /** Writes the stream under `key`; a failed write leaves nothing behind. */
  put(key: string, source: Readable): Promise<void>
  /** The bytes under `key`, or only bytes start..end (inclusive), as an HTTP range asks. */
  open(key: string, range?: { start: number; end: number }): Readable
  /** Removes the bytes; a key that is already gone is not an error. */
  remove(key: string): Promise<void>
}

/** Keys are ours (generated ids), never a user's words, so they cannot climb out of the directory. */
const SAFE_KEY = /^[a-z0-9][a-z0-9/-]*$/

export function localStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`)
    return join(root, key)
  }
  return {
    async put(key, source) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      try {
        await pipeline(source, createWriteStream(path, { flags: 'wx' }))
      } catch (error) {
        await rm(path, { force: true })
        throw error
      }
    },
    open: (key, range) => createReadStream(pathOf(key), range),
    remove: (key) => rm(pathOf(key), { force: true }),
  }
}
