import type { Recording, UpdateRecording } from '@closeroom/shared'
import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { recordingChunks, recordings } from '../../db/schema/index.ts'
import { Invalid, NotFound } from '../../http/errors.ts'
import type { AuthContext } from '../auth/module.ts'
import type { FileStorage } from '../files/module.ts'
import type { Playable } from './range.ts'
import { ownedRecording, present, type RecordingRow, selectListed } from './rows.ts'

export const NOT_READY = 'This recording is not ready yet'

/** The organization's recordings: the list, one recording, sharing it with the buyer, its file, deleting it. */
/** The room a shared recording shows in (sales rooms sit above recordings: their pages list them). */
export type RoomNews = { content(room: { dealId: string; publicId: string }): void }

export function createLibrary({ db, storage, news }: { db: Db; storage: FileStorage; news: Pick<RoomNews, 'content'> }) {
  async function list(auth: AuthContext): Promise<Recording[]> {
    const rows = await selectListed(db, eq(recordings.organizationId, auth.user.organizationId)).orderBy(desc(recordings.startedAt))
    return rows.map(present)
  }

  const get = async (auth: AuthContext, id: string) => present(await ownedRecording(db, auth, id))

  /** Shows the recording in the deal's sales room, or stops showing it; the room's open pages read again. */
  async function update(auth: AuthContext, id: string, input: UpdateRecording): Promise<Recording> {
    const found = await ownedRecording(db, auth, id)
    if (input.sharedInRoom && !found.roomId) throw Invalid("sharedInRoom: This meeting's deal has no sales room to share it in")
    await db.update(recordings).set({ sharedInRoom: input.sharedInRoom }).where(eq(recordings.id, id))
    if (found.roomId && found.dealId) news.content({ dealId: found.dealId, publicId: found.roomId })
    return get(auth, id)
  }

  /** Deletes the recording, its comments and every byte of it in storage (the file and any chunks left). */
  async function remove(auth: AuthContext, id: string): Promise<void> {
    const found = await ownedRecording(db, auth, id)
    const chunks = await db.select({ key: recordingChunks.storageKey }).from(recordingChunks).where(eq(recordingChunks.recordingId, id))
    await db.delete(recordings).where(eq(recordings.id, id))
    await Promise.all([...chunks.map((c) => c.key), found.row.storageKey].flatMap((key) => (key ? [storage.remove(key)] : [])))
    if (found.row.sharedInRoom && found.roomId && found.dealId) news.content({ dealId: found.dealId, publicId: found.roomId })
  }

  async function file(auth: AuthContext, id: string): Promise<Playable> {
    return playable(storage, (await ownedRecording(db, auth, id)).row)
  }

  return { list, get, update, remove, file }
}

/** A ready recording's file, to stream. */
export function playable(storage: FileStorage, row: RecordingRow): Playable {
  const { storageKey, size } = row
  if (row.status !== 'ready' || !storageKey || size === null) throw NotFound(NOT_READY)
  return { size, contentType: row.contentType, open: (range) => storage.open(storageKey, range) }
}

export type Library = ReturnType<typeof createLibrary>
