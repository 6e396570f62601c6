import { z } from 'zod'
import { Id } from './common.ts'

// A call recorded in the browser: uploaded in chunks while it runs, joined by the server into one seekable
// WebM once stopped, then played back with comments pinned to moments and optionally shown to the buyer.

/** The most one upload of a chunk may carry; the recorder sends one every two seconds, far below this. */
export const RECORDING_CHUNK_MAX_BYTES = 16 * 1024 * 1024
/** A recording that has received nothing for this long is finished with what arrived (a closed tab). */
export const RECORDING_IDLE_MINUTES = 2
export const RECORDING_COMMENT_MAX = 2000
export const RECORDING_NOT_FOUND = 'Recording not found'

export const RecordingStatus = z.enum(['recording', 'processing', 'ready', 'failed'])
export type RecordingStatus = z.infer<typeof RecordingStatus>

export const Recording = z.object({
  id: Id,
  meetingTitle: z.string(),
  deal: z.object({ id: Id, name: z.string() }).nullable(),
  status: RecordingStatus,
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  size: z.number().int().nullable(),
  /** Shown to the buyer in the deal's sales room. */
  sharedInRoom: z.boolean(),
  /** The meeting's deal has a sales room to share it in. */
  canShare: z.boolean(),
})
export type Recording = z.infer<typeof Recording>

export const RecordingList = z.object({ recordings: z.array(Recording) })
export type RecordingList = z.infer<typeof RecordingList>

/** The meeting's id in /m/{id}. */
export const MeetingRecordingParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{4,64}$/, { message: 'Meeting not found' }) })

export const RecordingChunkParams = z.object({
  id: Id,
  sequence: z.coerce
    .number({ message: 'Must be a number' })
    .int({ message: 'Must be a whole number' })
    .min(0, { message: 'Must be 0 or more' })
    .max(100_000, { message: 'Too many chunks' }),
})

export const UpdateRecording = z.object({ sharedInRoom: z.boolean() })
export type UpdateRecording = z.infer<typeof UpdateRecording>

export const RecordingComment = z.object({
  id: Id,
  atMs: z.number().int(),
  body: z.string(),
  author: z.object({ id: Id, name: z.string() }).nullable(),
  createdAt: z.string(),
})
export type RecordingComment = z.infer<typeof RecordingComment>

export const RecordingCommentList = z.object({ comments: z.array(RecordingComment) })
export type RecordingCommentList = z.infer<typeof RecordingCommentList>

export const CreateRecordingComment = z.object({
  atMs: z
    .number({ message: 'Must be a number of milliseconds' })
    .int({ message: 'Must be a whole number of milliseconds' })
    .min(0, { message: 'Must be 0 or more' }),
  body: z
    .string({ message: 'Write a comment' })
    .trim()
    .min(1, { message: 'Write a comment' })
    .max(RECORDING_COMMENT_MAX, { message: `At most ${RECORDING_COMMENT_MAX} characters` }),
})
export type CreateRecordingComment = z.input<typeof CreateRecordingComment>

export const RecordingCommentParams = z.object({ id: Id, commentId: Id })

/** What the buyer sees of a recording shared in the sales room; the file is at .../recordings/{id}/file. */
export const PublicRoomRecording = z.object({
  id: Id,
  title: z.string(),
  startedAt: z.string(),
  durationMs: z.number().int().nullable(),
})
export type PublicRoomRecording = z.infer<typeof PublicRoomRecording>

/** The meeting-recording-change socket payload, on start and stop. */
export const RecordingChange = z.object({ recording: z.object({ id: Id, status: RecordingStatus, startedAt: z.string() }) })
export type RecordingChange = z.infer<typeof RecordingChange>
