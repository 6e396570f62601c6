import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Recording } from '@closeroom/shared'
import { expect, vi } from 'vitest'
import type { TestApp } from './app.ts'
import type { Client } from './factories.ts'

// Recordings made through the API as a call's browser makes them, for the recordings' tests and the webhooks'.

/** Three one-second chunks of a canvas recorded by Chromium's MediaRecorder (VP8, no duration, no cues). */
export const CHUNKS = [0, 1, 2].map((i) => readFileSync(join(import.meta.dirname, '../modules/recordings/fixtures', `chunk-${i}.webm`)))

/** Starts recording the meeting (its id in /m/{id}). */
export async function startRecording(app: TestApp, client: Client, meetingPublicId: string): Promise<Recording> {
  const res = await app.inject({ method: 'POST', url: `/api/meetings/${meetingPublicId}/recordings`, headers: { cookie: client.cookie } })
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

export const putChunk = (app: TestApp, client: Client, id: string, sequence: number, bytes: Buffer) =>
  app.inject({
    method: 'PUT',
    url: `/api/recordings/${id}/chunks/${sequence}`,
    headers: { cookie: client.cookie, 'content-type': 'application/octet-stream' },
    payload: bytes,
  })

/** Waits for the background assembly to finish with `status`. */
export async function settledRecording(
  app: TestApp,
  client: Client,
  id: string,
  status: Recording['status'] = 'ready',
): Promise<Recording> {
  return vi.waitFor(
    async () => {
      const res = await app.inject({ method: 'GET', url: `/api/recordings/${id}`, headers: { cookie: client.cookie } })
      expect(res.json().status).toBe(status)
      return res.json() as Recording
    },
    { timeout: 15_000, interval: 100 },
  )
}

/** A finished recording of the meeting: the three fixture chunks uploaded in the order given, stopped, assembled. */
export async function recordMeeting(app: TestApp, client: Client, meetingPublicId: string, order = [0, 1, 2]): Promise<Recording> {
  const recording = await startRecording(app, client, meetingPublicId)
  for (const i of order) expect((await putChunk(app, client, recording.id, i, CHUNKS[i] as Buffer)).statusCode).toBe(200)
  const stopped = await app.inject({ method: 'POST', url: `/api/recordings/${recording.id}/stop`, headers: { cookie: client.cookie } })
  expect(stopped.statusCode, stopped.body).toBe(200)
  return settledRecording(app, client, recording.id)
}
