import { type RefObject, useEffect, useState } from 'react'

const WIDTH = 1280
const HEIGHT = 720
const FRAME_MS = 66

/** Draws `video` into the cell, filling it like CSS object-fit: cover. */
function drawCover(context: CanvasRenderingContext2D, video: HTMLVideoElement, x: number, y: number, w: number, h: number) {
  const vw = video.videoWidth
  const vh = video.videoHeight
  if (!vw || !vh || video.readyState < 2) return
  const scale = Math.max(w / vw, h / vh)
  const sw = w / scale
  const sh = h / scale
  context.drawImage(video, (vw - sw) / 2, (vh - sh) / 2, sw, sh, x, y, w, h)
}

/**
 * The whole call as one stream, for the host's recorder: the grid's videos drawn side by side on a canvas,
 * and everyone's sound mixed. Built only while `enabled` (members, who may record); the stream stays the
 * same as people come and go, so a recording in progress goes on.
 */
export function useCallMix(grid: RefObject<HTMLElement | null>, streams: MediaStream[], enabled: boolean): MediaStream | null {
  const [mix, setMix] = useState<{ stream: MediaStream; context: AudioContext; destination: MediaStreamAudioDestinationNode } | null>(null)

  useEffect(() => {
    if (!enabled || typeof AudioContext === 'undefined') return
    const canvas = document.createElement('canvas')
    canvas.width = WIDTH
    canvas.height = HEIGHT
    const painter = canvas.getContext('2d')
    const context = new AudioContext()
    const destination = context.createMediaStreamDestination()
    const timer = window.setInterval(() => {
      if (!painter) return
      painter.fillStyle = '#0b0e12'
      painter.fillRect(0, 0, WIDTH, HEIGHT)
      const videos = [...(grid.current?.querySelectorAll('video') ?? [])]
      const columns = Math.ceil(Math.sqrt(videos.length)) || 1
      const rows = Math.ceil(videos.length / columns) || 1
      const w = WIDTH / columns
      const h = HEIGHT / rows
      for (const [i, video] of videos.entries()) drawCover(painter, video, (i % columns) * w, Math.floor(i / columns) * h, w, h)
    }, FRAME_MS)
    const video = canvas.captureStream(1000 / FRAME_MS).getVideoTracks()
    setMix({ stream: new MediaStream([...video, ...destination.stream.getAudioTracks()]), context, destination })
    return () => {
      window.clearInterval(timer)
      for (const track of video) track.stop()
      void context.close()
      setMix(null)
    }
  }, [enabled, grid])

  // Everyone's microphone into the mix, following who is in the call.
  const audioTracks = streams.flatMap((s) => s.getAudioTracks())
  const key = audioTracks.map((t) => t.id).join(',')
  // biome-ignore lint/correctness/useExhaustiveDependencies: the track ids name the tracks; the arrays are new on every render.
  useEffect(() => {
    if (!mix) return
    const sources = audioTracks.map((track) => {
      const source = mix.context.createMediaStreamSource(new MediaStream([track]))
      source.connect(mix.destination)
      return source
    })
    return () => {
      for (const source of sources) source.disconnect()
    }
  }, [mix, key])

  return mix?.stream ?? null
}
