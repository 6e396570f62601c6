import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { RECORDING_IDLE_MINUTES, type Recording, type RecordingChange, SocketEvents } from '@closeroom/shared'
import { and, asc, eq, max } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import { meetings, recordingChunks, recordings } from '../../db/schema/index.ts'
import { Conflict, Invalid, NotFound } from '../../http/errors.ts'
import type { Jobs } from '../../jobs/queue.ts'
import { rooms } from '../../realtime/rooms.ts'
import type { Realtime } from '../../realtime/server.ts'
import type { AuthContext } from '../auth/module.ts'
import type { FileStorage } from '../files/module.ts'
import type { WebhookEmit } from '../webhooks/module.ts'
import { keys, ownedRecording, present, type RecordingRow } from './rows.ts'

const ASSEMBLE_QUEUE = 'recording-assemble'
const IDLE_QUEUE = 'recording-idle'
const IDLE_MS = RECORDING_IDLE_MINUTES * 60_000

type Deps = { db: Db; storage: FileStorage; jobs: Jobs; realtime: Pick<Realtime, 'toRoom'>; emit: WebhookEmit; log: FastifyBaseLogger }

/**
 * Recording a call: the host starts it, the browser uploads chunks as it records, and stopping it (or a tab
 * gone quiet for two minutes) queues the assembly of what arrived into one seekable file.
 */
export async function createCapture({ db, storage, jobs, realtime, emit, log }: Deps) {
  /** Everyone in the call sees the recording indicator change. */
  function announce(meetingId: string, row: RecordingRow) {
    const change: RecordingChange = { recording: { id: row.id, status: row.status, startedAt: row.startedAt.toISOString() } }
    realtime.toRoom(rooms.meeting(meetingId), SocketEvents.meetingRecordingChange, change)
  }

  /** Whether the meeting (by its internal id) is being recorded now: someone joining sees the indicator at once. */
  async function isRecording(meetingId: string): Promise<boolean> {
    const [running] = await db
      .select({ id: recordings.id })
      .from(recordings)
      .where(and(eq(recordings.meetingId, meetingId), eq(recordings.status, 'recording')))
      .limit(1)
    return Boolean(running)
  }

  async function start(auth: AuthContext, meetingPublicId: string): Promise<Recording> {
    // The meeting's row is locked while checking, so two hosts pressing Record at once make one recording.
    const { meetingId, row } = await db.transaction(async (tx) => {
      const [meeting] = await tx
        .select({ id: meetings.id })
        .from(meetings)
        .where(and(eq(meetings.publicId, meetingPublicId), eq(meetings.organizationId, auth.user.organizationId)))
        .for('update')
      if (!meeting) throw NotFound('Meeting not found')
      const [running] = await tx
        .select({ id: recordings.id })
        .from(recordings)
        .where(and(eq(recordings.meetingId, meeting.id), eq(recordings.status, 'recording')))
      if (running) throw Conflict('This meeting is already being recorded')
      const [inserted] = await tx
        .insert(recordings)
        .values({ organizationId: auth.user.organizationId, meetingId: meeting.id, startedBy: auth.user.id })
        .returning()
      if (!inserted) throw new Error('recording insert returned nothing')
      return { meetingId: meeting.id, row: inserted }
    })
    announce(meetingId, row)
    await jobs.send(IDLE_QUEUE, { recordingId: row.id }, { startAfter: new Date(Date.now() + IDLE_MS) })
    return present(await ownedRecording(db, auth, row.id))
  }

  /** Keeps one chunk; sending the same sequence again (a retry) keeps the first and answers the same. */
  async function receiveChunk(auth: AuthContext, id: string, sequence: number, bytes: Buffer): Promise<void> {
    const { row } = await ownedRecording(db, auth, id)
    if (row.status !== 'recording') throw Conflict('This recording has stopped')
    if (bytes.length === 0) throw Invalid('chunk: Empty chunk')
    const storageKey = keys.chunk(id, sequence, randomUUID())
    await storage.put(storageKey, Readable.from([bytes]))
    const kept = await db
      .insert(recordingChunks)
      .values({ recordingId: id, sequence, size: bytes.length, storageKey })
      .onConflictDoNothing()
      .returning({ sequence: recordingChunks.sequence })
    if (kept.length === 0) await storage.remove(storageKey)
  }

  /** Ends the recording and queues its assembly; stopping one already stopped changes nothing. */
  async function stopRecording(id: string): Promise<void> {
    const [row] = await db
      .update(recordings)
      .set({ status: 'processing', endedAt: new Date() })
      .where(and(eq(recordings.id, id), eq(recordings.status, 'recording')))
      .returning()
    if (!row) return
    announce(row.meetingId, row)
    await jobs.send(ASSEMBLE_QUEUE, { recordingId: id }, { retryLimit: 0 })
  }

  async function stop(auth: AuthContext, id: string): Promise<Recording> {
    await ownedRecording(db, auth, id)
    await stopRecording(id)
    return present(await ownedRecording(db, auth, id))
  }

  /** A closed or crashed tab sends nothing more: after two quiet minutes, what arrived is the recording. */
  async function checkIdle(id: string, now = new Date()): Promise<void> {
    const [row] = await db
      .select({ status: recordings.status, startedAt: recordings.startedAt, lastChunk: max(recordingChunks.receivedAt) })
      .from(recordings)
      .leftJoin(recordingChunks, eq(recordingChunks.recordingId, recordings.id))
      .where(eq(recordings.id, id))
      .groupBy(recordings.id)
    if (row?.status !== 'recording') return
    const quietSince = row.lastChunk ?? row.startedAt
    if (now.getTime() - quietSince.getTime() >= IDLE_MS) return stopRecording(id)
    await jobs.send(IDLE_QUEUE, { recordingId: id }, { startAfter: new Date(quietSince.getTime() + IDLE_MS + 1000) })
  }

  /** Joins the chunks into the recording's file; a recording whose chunks cannot be read ends as failed. */
  async function assemble(id: string): Promise<void> {
    const [row] = await db.select().from(recordings).where(eq(recordings.id, id))
    if (row?.status !== 'processing') return
    const chunks = await db.select().from(recordingChunks).where(eq(recordingChunks.recordingId, id)).orderBy(asc(recordingChunks.sequence))
    const fileKey = keys.file(id, randomUUID())
    try {
      if (chunks.length === 0) throw new Error('no chunk arrived')
      // The WebM reader (ts-ebml and its schemas) is imported when a recording ends, not at start.
      const { assembleWebm } = await import('./assemble.ts')
      const { durationMs, size } = await assembleWebm(
        storage,
        chunks.map((c) => c.storageKey),
        fileKey,
      )
      const kept = await db.transaction(async (tx) => {
        const updated = await tx
          .update(recordings)
          .set({ status: 'ready', durationMs, size, storageKey: fileKey })
          .where(and(eq(recordings.id, id), eq(recordings.status, 'processing')))
          .returning({ id: recordings.id })
        await tx.delete(recordingChunks).where(eq(recordingChunks.recordingId, id))
        return updated.length > 0
      })
      // Deleted while it was being assembled: its file has nothing to belong to.
      if (!kept) await storage.remove(fileKey)
      else
        await emit(row.organizationId, 'recording.ready', {
          id,
          meetingId: row.meetingId,
          startedAt: row.startedAt.toISOString(),
          durationMs,
          size,
        })
    } catch (error) {
      log.warn({ err: error, recordingId: id }, 'recording could not be assembled')
      await db.update(recordings).set({ status: 'failed' }).where(eq(recordings.id, id))
      await storage.remove(fileKey)
      return
    }
    // The file holds them now.
    await Promise.all(chunks.map((c) => storage.remove(c.storageKey)))
  }

  await jobs.createQueue(ASSEMBLE_QUEUE)
  await jobs.work<{ recordingId: string }>(ASSEMBLE_QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
    if (job) await assemble(job.data.recordingId)
  })
  await jobs.createQueue(IDLE_QUEUE)
  await jobs.work<{ recordingId: string }>(IDLE_QUEUE, { pollingIntervalSeconds: 5 }, async ([job]) => {
    if (job) await checkIdle(job.data.recordingId)
  })

  return { start, receiveChunk, stop, checkIdle, assemble, isRecording }
}

export type Capture = Awaited<ReturnType<typeof createCapture>>
