import type { CreateRecordingComment, RecordingComment } from '@closeroom/shared'
import { and, asc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { recordingComments, users } from '../../db/schema/index.ts'
import { Conflict, Invalid, NotFound } from '../../http/errors.ts'
import { authorize } from '../../permissions.ts'
import type { AuthContext } from '../auth/module.ts'
import { ownedRecording } from './rows.ts'

const columns = {
  id: recordingComments.id,
  atMs: recordingComments.atMs,
  body: recordingComments.body,
  authorId: users.id,
  authorName: users.name,
  createdAt: recordingComments.createdAt,
}
type Row = { id: string; atMs: number; body: string; authorId: string | null; authorName: string | null; createdAt: Date }
const present = ({ authorId, authorName, createdAt, ...row }: Row): RecordingComment => ({
  ...row,
  author: authorId && authorName !== null ? { id: authorId, name: authorName } : null,
  createdAt: createdAt.toISOString(),
})

/** Comments pinned to a moment of a recording, in the order of the recording. */
export function createRecordingComments({ db }: { db: Db }) {
  async function list(auth: AuthContext, recordingId: string): Promise<RecordingComment[]> {
    await ownedRecording(db, auth, recordingId)
    const rows = await db
      .select(columns)
      .from(recordingComments)
      .leftJoin(users, eq(users.id, recordingComments.authorId))
      .where(eq(recordingComments.recordingId, recordingId))
      .orderBy(asc(recordingComments.atMs), asc(recordingComments.createdAt))
    return rows.map(present)
  }

  async function create(auth: AuthContext, recordingId: string, input: z.output<typeof CreateRecordingComment>): Promise<RecordingComment> {
    const { row } = await ownedRecording(db, auth, recordingId)
    if (row.status !== 'ready' || row.durationMs === null) throw Conflict('Comments open once the recording is ready')
    if (input.atMs > row.durationMs) throw Invalid(`atMs: Must be within the recording (0 to ${row.durationMs} ms)`)
    const [inserted] = await db
      .insert(recordingComments)
      .values({ recordingId, authorId: auth.user.id, atMs: input.atMs, body: input.body })
      .returning()
    if (!inserted) throw new Error('comment insert returned nothing')
    return present({ ...inserted, authorId: auth.user.id, authorName: auth.user.name })
  }

  /** Only its author deletes a comment. */
  async function remove(auth: AuthContext, recordingId: string, commentId: string): Promise<void> {
    await ownedRecording(db, auth, recordingId)
    const [comment] = await db
      .select({ authorId: recordingComments.authorId })
      .from(recordingComments)
      .where(and(eq(recordingComments.id, commentId), eq(recordingComments.recordingId, recordingId)))
    if (!comment) throw NotFound('Comment not found')
    authorize(auth.user, 'recordingComments.delete', comment)
    await db.delete(recordingComments).where(eq(recordingComments.id, commentId))
  }

  return { list, create, remove }
}

export type RecordingComments = ReturnType<typeof createRecordingComments>
