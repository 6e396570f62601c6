import { RECORDING_NOT_FOUND, type Recording } from '@closeroom/shared'
import { and, eq, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { deals, meetings, recordings, salesrooms } from '../../db/schema/index.ts'
import { NotFound } from '../../http/errors.ts'
import type { AuthContext } from '../auth/module.ts'

export type RecordingRow = typeof recordings.$inferSelect

/** Where recording bytes live in storage: the chunks while it runs, then the one file. */
export const keys = {
  chunk: (recordingId: string, sequence: number, upload: string) => `${recordingId}/chunks/${sequence}-${upload}`,
  file: (recordingId: string, attempt: string) => `${recordingId}/file-${attempt}`,
}

const listed = {
  row: recordings,
  meetingTitle: meetings.title,
  dealId: deals.id,
  dealName: deals.name,
  roomId: salesrooms.publicId,
}

/** Recordings with their meeting, deal and the deal's room (when there is one), for the list and a page. */
export function selectListed(db: Db, where: SQL | undefined) {
  return db
    .select(listed)
    .from(recordings)
    .innerJoin(meetings, eq(meetings.id, recordings.meetingId))
    .leftJoin(deals, eq(deals.id, meetings.dealId))
    .leftJoin(salesrooms, eq(salesrooms.dealId, meetings.dealId))
    .where(where)
}

type Listed = Awaited<ReturnType<typeof selectListed>>[number]

export function present({ row, meetingTitle, dealId, dealName, roomId }: Listed): Recording {
  return {
    id: row.id,
    meetingTitle,
    deal: dealId && dealName !== null ? { id: dealId, name: dealName } : null,
    status: row.status,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    durationMs: row.durationMs,
    size: row.size,
    sharedInRoom: row.sharedInRoom,
    canShare: roomId !== null,
  }
}

/** A recording of the caller's organization, or 404: another organization's ids are as good as unknown. */
export async function ownedRecording(db: Db, auth: AuthContext, id: string): Promise<Listed> {
  const [found] = await selectListed(db, and(eq(recordings.id, id), eq(recordings.organizationId, auth.user.organizationId)))
  if (!found) throw NotFound(RECORDING_NOT_FOUND)
  return found
}
