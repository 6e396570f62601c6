import type { PublicRoomRecording } from '@closeroom/shared'
import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { meetings, recordings } from '../../db/schema/index.ts'
import { NotFound } from '../../http/errors.ts'
import type { FileStorage } from '../files/module.ts'
import { playable } from './library.ts'
import type { Playable } from './range.ts'

const sharedIn = (dealId: string) => and(eq(meetings.dealId, dealId), eq(recordings.sharedInRoom, true), eq(recordings.status, 'ready'))

/** The recordings the seller shared in a deal's room and that are ready to play, newest first. */
export async function publicRecordings(db: Db, dealId: string): Promise<PublicRoomRecording[]> {
  const rows = await db
    .select({ id: recordings.id, title: meetings.title, startedAt: recordings.startedAt, durationMs: recordings.durationMs })
    .from(recordings)
    .innerJoin(meetings, eq(meetings.id, recordings.meetingId))
    .where(sharedIn(dealId))
    .orderBy(desc(recordings.startedAt))
  return rows.map((r) => ({ ...r, startedAt: r.startedAt.toISOString() }))
}

/** A recording the buyer of this deal's room may play: shared in it and ready; anything else is unknown. */
export async function sharedPlayable(db: Db, storage: FileStorage, dealId: string, recordingId: string): Promise<Playable> {
  const [found] = await db
    .select({ row: recordings })
    .from(recordings)
    .innerJoin(meetings, eq(meetings.id, recordings.meetingId))
    .where(and(eq(recordings.id, recordingId), sharedIn(dealId)))
  if (!found) throw NotFound('Recording not found')
  return playable(storage, found.row)
}
