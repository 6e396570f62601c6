import { useCallback, useEffect, useRef, useState } from 'react'
import { API_URL, client, errorOf, unwrap } from '../../lib/api'

/** MediaRecorder hands over a chunk this often: a crash or a closed tab loses at most this much. */
export const CHUNK_MS = 2000
const RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000]

type Session = { id: string; recorder: MediaRecorder; next: number; uploads: Promise<void> }
export type RecorderState = 'idle' | 'starting' | 'recording' | 'stopping'

/** WebM with VP8 (and Opus for sound) where the browser has it: what the server knows how to make seekable. */
function mimeType(): string | undefined {
  return ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp8', 'video/webm'].find((type) => MediaRecorder.isTypeSupported(type))
}

/** Sends one chunk, trying again after network errors and server failures; the server keeps the first copy. */
async function upload(recordingId: string, sequence: number, chunk: Blob): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${API_URL}/recordings/${recordingId}/chunks/${sequence}`, {
      method: 'PUT',
      credentials: 'include',
      headers: { 'content-type': 'application/octet-stream' },
      body: chunk,
    }).catch(() => null)
    if (response?.ok) return
    // A 4xx (the recording stopped or was deleted) will not change by asking again.
    const delay = RETRY_DELAYS_MS[attempt]
    if ((response && response.status < 500) || delay === undefined) {
      throw errorOf(response?.status ?? 0, await response?.json().catch(() => null))
    }
    await new Promise((resolve) => setTimeout(resolve, delay))
  }
}

/**
 * Records a call's stream and uploads it as it goes: one chunk every two seconds, in order, each retried
 * until it arrives. Stopping hands over the last chunk, waits for every upload, then tells the server.
 */
export function useRecorder({ meetingPublicId, stream }: { meetingPublicId: string; stream: MediaStream | null }) {
  const [state, setState] = useState<RecorderState>('idle')
  // The last failure, for serverErrorText: a refusal, or the browser's own (a recorder it cannot start).
  const [error, setError] = useState<unknown>(null)
  const session = useRef<Session | null>(null)

  const start = useCallback(async () => {
    if (!stream || session.current) return
    setState('starting')
    setError(null)
    try {
      const recording = await unwrap(client.POST('/meetings/{id}/recordings', { params: { path: { id: meetingPublicId } } }))
      const recorder = new MediaRecorder(stream, { mimeType: mimeType() })
      const current: Session = { id: recording.id, recorder, next: 0, uploads: Promise.resolve() }
      recorder.addEventListener('dataavailable', (event) => {
        if (event.data.size === 0) return
        const sequence = current.next++
        current.uploads = current.uploads.then(() => upload(current.id, sequence, event.data).catch(setError))
      })
      recorder.start(CHUNK_MS)
      session.current = current
      setState('recording')
    } catch (failure) {
      setError(failure)
      setState('idle')
    }
  }, [meetingPublicId, stream])

  const stop = useCallback(async () => {
    const current = session.current
    if (!current) return
    setState('stopping')
    // The last chunk comes with (before) the stop event.
    if (current.recorder.state !== 'inactive') {
      await new Promise<void>((resolve) => {
        current.recorder.addEventListener('stop', () => resolve(), { once: true })
        current.recorder.stop()
      })
    }
    await current.uploads
    session.current = null
    try {
      await unwrap(client.POST('/recordings/{id}/stop', { params: { path: { id: current.id } } }))
    } catch (failure) {
      setError(failure)
    }
    setState('idle')
  }, [])

  // Leaving the page flushes what was recorded; without the stop call, the server finishes it after a quiet while.
  useEffect(
    () => () => {
      const current = session.current
      if (current?.recorder.state === 'recording') current.recorder.stop()
    },
    [],
  )

  return { state, error, recordingId: session.current?.id ?? null, start, stop }
}
