import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { type Recording, type RecordingChange, SocketEvents } from '@closeroom/shared'
import { eq } from 'drizzle-orm'
import { Decoder } from 'ts-ebml'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { meetings, recordings } from '../../db/schema/index.ts'
import { buildTestApp, listenOnFreePort, type TestApp } from '../../testing/app.ts'
import { buildDeal } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client } from '../../testing/factories.ts'
import { CHUNKS, putChunk as putRecordingChunk, recordMeeting, settledRecording, startRecording } from '../../testing/recordings.ts'
import { connectSocket, nextEvent } from '../../testing/sockets.ts'

/**
 * A call-like recording by Chromium in two-second chunks, as useRecorder makes them: a canvas (VP8, drawn
 * until 3.5 s) and an AudioContext's tone (Opus), stopped at about 4.3 s. Its last cluster (from 4047 ms)
 * holds sound only; the sound's last block is at 4228 ms, the video's at 3455 ms (1385 ms into its cluster).
 */
const CALL_CHUNKS = [0, 1, 2].map((i) => readFileSync(join(import.meta.dirname, 'fixtures', `call-${i}.webm`)))

let app: TestApp
let url: string
beforeAll(async () => {
  app = await buildTestApp()
  url = await listenOnFreePort(app)
})
afterAll(() => app.close())

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT'
const call = (client: Client | null, method: Method, path: string, payload?: object, headers: Record<string, string> = {}) =>
  app.inject({ method, url: path, headers: { ...(client ? { cookie: client.cookie } : {}), ...headers }, payload })
const putChunk = (client: Client, id: string, sequence: number, bytes: Buffer) => putRecordingChunk(app, client, id, sequence, bytes)

/** A meeting of the client's organization (the meetings module makes these; here only the row matters). */
async function buildMeeting(client: Client, fields: { dealId?: string; title?: string } = {}) {
  const [row] = await app.database.db
    .insert(meetings)
    .values({
      publicId: randomBytes(12).toString('base64url'),
      organizationId: client.user.organizationId,
      hostId: client.user.id,
      title: fields.title ?? 'Discovery call',
      dealId: fields.dealId,
    })
    .returning()
  if (!row) throw new Error('no meeting')
  return row
}

const start = (client: Client, meetingPublicId: string) => startRecording(app, client, meetingPublicId)
const settled = (client: Client, id: string, status: Recording['status'] = 'ready') => settledRecording(app, client, id, status)

/** A finished recording of the three fixture chunks, uploaded in the order given. */
async function recorded(owner: Client, order = [0, 1, 2], meetingFields: { dealId?: string; title?: string } = {}) {
  const meeting = await buildMeeting(owner, meetingFields)
  return { meeting, recording: await recordMeeting(app, owner, meeting.publicId, order) }
}

async function fileOf(client: Client, id: string) {
  const res = await call(client, 'GET', `/api/recordings/${id}/file`)
  expect(res.statusCode, res.body).toBe(200)
  return res.rawPayload
}

const elementsOf = (bytes: Buffer) =>
  new Decoder().decode(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer)

describe('recordings', () => {
  it('starts one recording at a time per meeting (409 for a second) and tells the call on start and stop', async () => {
    const owner = await buildOwner(app)
    const meeting = await buildMeeting(owner)
    const socket = await connectSocket(url, owner.cookie)
    app.realtime.io.in(socket.id as string).socketsJoin(`meeting:${meeting.id}`)
    try {
      const started = nextEvent<RecordingChange>(socket, SocketEvents.meetingRecordingChange)
      const recording = await start(owner, meeting.publicId)
      expect(recording).toMatchObject({ status: 'recording', meetingTitle: 'Discovery call', deal: null, canShare: false })
      expect((await started).recording).toEqual({ id: recording.id, status: 'recording', startedAt: recording.startedAt })

      const again = await call(owner, 'POST', `/api/meetings/${meeting.publicId}/recordings`)
      expect(again.statusCode).toBe(409)
      expect(again.json().message).toBe('This meeting is already being recorded')

      const stopped = nextEvent<RecordingChange>(socket, SocketEvents.meetingRecordingChange)
      expect((await call(owner, 'POST', `/api/recordings/${recording.id}/stop`)).json().status).toBe('processing')
      expect((await stopped).recording).toMatchObject({ id: recording.id, status: 'processing' })
      // The next recording of the same meeting may start once this one stopped, and only one of two at once.
      const both = await Promise.all([0, 1].map(() => call(owner, 'POST', `/api/meetings/${meeting.publicId}/recordings`)))
      expect(both.map((res) => res.statusCode).sort()).toEqual([201, 409])
    } finally {
      socket.disconnect()
    }
  })

  it('assembles chunks sent out of order, in order, into one seekable WebM with its duration and cues', async () => {
    const owner = await buildOwner(app)
    const { recording } = await recorded(owner, [2, 0, 1])
    expect(recording.durationMs).toBeGreaterThan(2500)
    expect(recording.durationMs).toBeLessThan(3500)
    const bytes = await fileOf(owner, recording.id)
    expect(bytes.length).toBe(recording.size)

    const elements = elementsOf(bytes)
    const duration = elements.find((e) => e.name === 'Duration')
    expect(duration && 'value' in duration ? Number(duration.value) : Number.NaN).toBeCloseTo(recording.durationMs as number, -1)
    expect(elements.some((e) => e.name === 'Cues')).toBe(true)
    // Every frame arrived, in order: the clusters are the chunks' own, one after the other.
    const original = elementsOf(Buffer.concat(CHUNKS)).filter((e) => e.name === 'SimpleBlock').length
    expect(elements.filter((e) => e.name === 'SimpleBlock')).toHaveLength(original)
  })

  it('ends a call recording with its last block of any track, when the last cluster holds sound only', async () => {
    const owner = await buildOwner(app)
    const meeting = await buildMeeting(owner)
    const { id } = await start(owner, meeting.publicId)
    for (const [i, chunk] of CALL_CHUNKS.entries()) expect((await putChunk(owner, id, i, chunk)).statusCode).toBe(200)
    expect((await call(owner, 'POST', `/api/recordings/${id}/stop`)).statusCode).toBe(200)
    const recording = await settled(owner, id)
    // The sound's last block (4228 ms) and its length (59 ms, the step from the one before). ts-ebml's
    // reader.duration said 5498: the video's 1385 ms counted from the last cluster's 4047 ms, plus a step.
    expect(recording.durationMs).toBe(4287)
    const duration = elementsOf(await fileOf(owner, id)).find((e) => e.name === 'Duration')
    expect(duration && 'value' in duration ? Number(duration.value) : Number.NaN).toBe(4287)
  })

  it('keeps the first copy of a chunk sent twice and refuses chunks once stopped', async () => {
    const owner = await buildOwner(app)
    const meeting = await buildMeeting(owner)
    const { id } = await start(owner, meeting.publicId)
    expect((await putChunk(owner, id, 0, CHUNKS[0] as Buffer)).statusCode).toBe(200)
    expect((await putChunk(owner, id, 0, CHUNKS[0] as Buffer)).statusCode).toBe(200)
    expect((await putChunk(owner, id, 1, CHUNKS[1] as Buffer)).statusCode).toBe(200)
    const chunkDir = join(app.dataDir, 'recordings', id, 'chunks')
    expect(await readdir(chunkDir)).toHaveLength(2)

    const json = await call(owner, 'PUT', `/api/recordings/${id}/chunks/2`, { bytes: 'x' })
    expect(json.statusCode).toBe(415)
    const negative = await putChunk(owner, id, -1, CHUNKS[2] as Buffer)
    expect(negative.statusCode).toBe(400)
    expect(negative.json().message).toContain('sequence')

    await call(owner, 'POST', `/api/recordings/${id}/stop`)
    const late = await putChunk(owner, id, 2, CHUNKS[2] as Buffer)
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toBe('This recording has stopped')
    await settled(owner, id)
    // The chunks' bytes go once the file holds them.
    await vi.waitFor(async () => expect(existsSync(chunkDir) ? await readdir(chunkDir) : []).toHaveLength(0))
  })

  it('answers byte ranges with 206 and an out-of-file range with 416', async () => {
    const owner = await buildOwner(app)
    const { recording } = await recorded(owner)
    const whole = await fileOf(owner, recording.id)
    const file = `/api/recordings/${recording.id}/file`

    const first = await call(owner, 'GET', file, undefined, { range: 'bytes=0-99' })
    expect(first.statusCode).toBe(206)
    expect(first.headers['content-range']).toBe(`bytes 0-99/${whole.length}`)
    expect(first.headers['accept-ranges']).toBe('bytes')
    expect(first.headers['x-content-type-options']).toBe('nosniff')
    expect(first.headers['content-type']).toBe('video/webm')
    expect(first.rawPayload.equals(whole.subarray(0, 100))).toBe(true)

    const middle = await call(owner, 'GET', file, undefined, { range: 'bytes=5000-' })
    expect(middle.statusCode).toBe(206)
    expect(middle.rawPayload.equals(whole.subarray(5000))).toBe(true)
    const tail = await call(owner, 'GET', file, undefined, { range: 'bytes=-10' })
    expect(tail.rawPayload.equals(whole.subarray(whole.length - 10))).toBe(true)

    const outside = await call(owner, 'GET', file, undefined, { range: `bytes=${whole.length}-` })
    expect(outside.statusCode).toBe(416)
    expect(outside.headers['content-range']).toBe(`bytes */${whole.length}`)
  })

  it("lists the organization's recordings newest first and hides them from every other organization", async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner)
    const deal = await buildDeal(app, owner, { name: 'Globex expansion' })
    const { recording: older } = await recorded(owner)
    const { recording: newer } = await recorded(owner, [0, 1, 2], { dealId: deal.id, title: 'Pricing call' })

    const list = await call(member, 'GET', '/api/recordings')
    expect(list.json().recordings.map((r: Recording) => r.id)).toEqual([newer.id, older.id])
    expect(list.json().recordings[0]).toMatchObject({ meetingTitle: 'Pricing call', deal: { id: deal.id, name: 'Globex expansion' } })

    const stranger = await buildOwner(app)
    expect((await call(stranger, 'GET', '/api/recordings')).json().recordings).toEqual([])
    const meeting = (await app.database.db.select().from(meetings).where(eq(meetings.dealId, deal.id)))[0]
    for (const [method, path, payload] of [
      ['GET', `/api/recordings/${newer.id}`],
      ['GET', `/api/recordings/${newer.id}/file`],
      ['GET', `/api/recordings/${newer.id}/comments`],
      ['POST', `/api/recordings/${newer.id}/comments`, { atMs: 0, body: 'hi' }],
      ['PATCH', `/api/recordings/${newer.id}`, { sharedInRoom: false }],
      ['POST', `/api/recordings/${newer.id}/stop`],
      ['DELETE', `/api/recordings/${newer.id}`],
      ['POST', `/api/meetings/${meeting?.publicId}/recordings`],
    ] as const) {
      const res = await call(stranger, method, path, payload)
      expect(res.statusCode, `${method} ${path}`).toBe(404)
    }
    expect((await putChunk(stranger, newer.id, 9, CHUNKS[0] as Buffer)).statusCode).toBe(404)
    expect((await call(null, 'GET', '/api/recordings')).statusCode).toBe(401)
    expect((await call(owner, 'GET', `/api/recordings/${newer.id}`)).statusCode).toBe(200)
  })

  it('pins plain-text comments to moments within the recording; only their author deletes them', async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner, { name: 'Mia Member' })
    const { recording } = await recorded(owner)
    const comments = `/api/recordings/${recording.id}/comments`
    const duration = recording.durationMs as number

    for (const [payload, field] of [
      [{ atMs: -1, body: 'before' }, 'atMs'],
      [{ atMs: duration + 1, body: 'after' }, 'atMs'],
      [{ atMs: 1.5, body: 'fraction' }, 'atMs'],
      [{ atMs: 100, body: '   ' }, 'body'],
      [{ atMs: 100, body: 'x'.repeat(2001) }, 'body'],
    ] as const) {
      const res = await call(owner, 'POST', comments, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().message).toContain(field)
    }

    expect((await call(owner, 'POST', comments, { atMs: 100, body: '' })).json().message).toBe('body: Write a comment')

    const late = await call(member, 'POST', comments, { atMs: 2000, body: '<script>alert(1)</script> pricing here' })
    expect(late.statusCode).toBe(201)
    const early = await call(owner, 'POST', comments, { atMs: 500, body: 'Intro' })
    const listed = (await call(owner, 'GET', comments)).json().comments
    expect(listed.map((c: { body: string }) => c.body)).toEqual(['Intro', '<script>alert(1)</script> pricing here'])
    expect(listed[1].author).toEqual({ id: member.user.id, name: 'Mia Member' })

    const notMine = await call(owner, 'DELETE', `${comments}/${late.json().id}`)
    expect(notMine.statusCode).toBe(403)
    expect(notMine.json()).toEqual({ message: 'You can only delete your own comments', code: 'forbidden' })
    expect((await call(owner, 'DELETE', `${comments}/${early.json().id}`)).statusCode).toBe(200)
    expect((await call(owner, 'GET', comments)).json().comments).toHaveLength(1)
  })

  it("shares a recording in the deal's sales room: the buyer lists and plays it, and loses it when unshared", async () => {
    const owner = await buildOwner(app)
    const deal = await buildDeal(app, owner)
    const { recording: noRoom } = await recorded(owner, [0, 1, 2], { dealId: deal.id })
    const refused = await call(owner, 'PATCH', `/api/recordings/${noRoom.id}`, { sharedInRoom: true })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toContain('sharedInRoom')

    const room = await call(owner, 'PUT', `/api/deals/${deal.id}/salesroom`, { title: 'Acme', published: true })
    const pub = `/api/public/salesrooms/${room.json().publicId}`
    const file = `${pub}/recordings/${noRoom.id}/file`
    expect((await call(null, 'GET', pub)).json().recordings).toEqual([])
    expect((await call(null, 'GET', file)).statusCode).toBe(404)

    const shared = await call(owner, 'PATCH', `/api/recordings/${noRoom.id}`, { sharedInRoom: true })
    expect(shared.json()).toMatchObject({ sharedInRoom: true, canShare: true })
    expect((await call(null, 'GET', pub)).json().recordings).toEqual([
      { id: noRoom.id, title: 'Discovery call', startedAt: noRoom.startedAt, durationMs: noRoom.durationMs },
    ])
    const played = await call(null, 'GET', file, undefined, { range: 'bytes=0-9' })
    expect(played.statusCode).toBe(206)
    expect(played.headers['x-content-type-options']).toBe('nosniff')

    // Another deal's room cannot reach it by its id.
    const other = await buildDeal(app, owner)
    const otherRoom = await call(owner, 'PUT', `/api/deals/${other.id}/salesroom`, { title: 'Other', published: true })
    expect((await call(null, 'GET', `/api/public/salesrooms/${otherRoom.json().publicId}/recordings/${noRoom.id}/file`)).statusCode).toBe(
      404,
    )

    await call(owner, 'PATCH', `/api/recordings/${noRoom.id}`, { sharedInRoom: false })
    expect((await call(null, 'GET', pub)).json().recordings).toEqual([])
    expect((await call(null, 'GET', file)).statusCode).toBe(404)
  })

  it('plays a recording shared in a private room only with the pass', async () => {
    const owner = await buildOwner(app)
    const deal = await buildDeal(app, owner)
    const room = await call(owner, 'PUT', `/api/deals/${deal.id}/salesroom`, {
      title: 'Private',
      published: true,
      access: 'invited',
      invitedEmails: ['buyer@example.com'],
    })
    expect(room.statusCode, room.body).toBe(200)
    const { recording } = await recorded(owner, [0, 1, 2], { dealId: deal.id })
    await call(owner, 'PATCH', `/api/recordings/${recording.id}`, { sharedInRoom: true })
    const res = await call(null, 'GET', `/api/public/salesrooms/${room.json().publicId}/recordings/${recording.id}/file`)
    expect(res.statusCode).toBe(401)
  })

  it('deletes a recording with its file bytes', async () => {
    const owner = await buildOwner(app)
    const { recording } = await recorded(owner)
    const [row] = await app.database.db.select().from(recordings).where(eq(recordings.id, recording.id))
    const path = join(app.dataDir, 'recordings', row?.storageKey as string)
    expect(existsSync(path)).toBe(true)

    expect((await call(owner, 'DELETE', `/api/recordings/${recording.id}`)).statusCode).toBe(200)
    expect(existsSync(path)).toBe(false)
    expect((await call(owner, 'GET', `/api/recordings/${recording.id}`)).statusCode).toBe(404)
  })

  it('finishes a recording whose tab went quiet for two minutes with the chunks that arrived', async () => {
    const owner = await buildOwner(app)
    const meeting = await buildMeeting(owner)
    const { id } = await start(owner, meeting.publicId)
    await putChunk(owner, id, 0, CHUNKS[0] as Buffer)
    await putChunk(owner, id, 1, CHUNKS[1] as Buffer)

    const { checkIdle } = (app as unknown as { recordings: { capture: { checkIdle(id: string, now?: Date): Promise<void> } } }).recordings
      .capture
    await checkIdle(id, new Date(Date.now() + 60_000))
    expect((await call(owner, 'GET', `/api/recordings/${id}`)).json().status).toBe('recording')

    await checkIdle(id, new Date(Date.now() + 2 * 60_000 + 1000))
    const finished = await settled(owner, id)
    expect(finished.durationMs).toBeGreaterThan(1500)
    expect(finished.durationMs).toBeLessThan(2500)
  })

  it('marks a recording with no usable bytes as failed', async () => {
    const owner = await buildOwner(app)
    const meeting = await buildMeeting(owner)
    const { id } = await start(owner, meeting.publicId)
    await putChunk(owner, id, 0, Buffer.from('not a webm at all'))
    await call(owner, 'POST', `/api/recordings/${id}/stop`)
    expect((await settled(owner, id, 'failed')).durationMs).toBeNull()
  })
})
