import { useEffect, useState } from 'react'

/** '' is the browser's default device, 'none' none at all. */
export type DeviceChoice = string

export type LocalMedia = {
  stream: MediaStream | null
  /** The browser refused the camera and microphone (or has none): the call goes on without them. */
  blocked: boolean
  cameras: MediaDeviceInfo[]
  microphones: MediaDeviceInfo[]
  cameraId: DeviceChoice
  microphoneId: DeviceChoice
  setCameraId(id: DeviceChoice): void
  setMicrophoneId(id: DeviceChoice): void
  muted: boolean
  cameraOff: boolean
  setMuted(muted: boolean): void
  setCameraOff(off: boolean): void
}

const constraint = (id: DeviceChoice) => (id === 'none' ? false : id ? { deviceId: { exact: id } } : true)

/**
 * The camera and microphone chosen in the lobby, opened while `enabled` (released after leaving). Muting and
 * turning the camera off disable the tracks rather than stopping them, so the call keeps its senders.
 */
export function useLocalMedia(enabled: boolean): LocalMedia {
  const [cameraId, setCameraId] = useState<DeviceChoice>('')
  const [microphoneId, setMicrophoneId] = useState<DeviceChoice>('')
  const [stream, setStream] = useState<MediaStream | null>(null)
  const [blocked, setBlocked] = useState(false)
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([])
  const [muted, setMuted] = useState(false)
  const [cameraOff, setCameraOff] = useState(false)

  useEffect(() => {
    if (!enabled) return
    let cancelled = false
    let opened: MediaStream | null = null
    const list = () =>
      navigator.mediaDevices
        ?.enumerateDevices()
        .then((all) => !cancelled && setDevices(all.filter((d) => d.deviceId)))
        .catch(() => undefined)
    const audio = constraint(microphoneId)
    const video = constraint(cameraId)
    const open =
      (audio || video) && navigator.mediaDevices
        ? navigator.mediaDevices.getUserMedia({ audio, video })
        : Promise.reject(new Error('no devices chosen'))
    open.then(
      (media) => {
        if (cancelled) {
          for (const track of media.getTracks()) track.stop()
          return
        }
        opened = media
        setStream(media)
        setBlocked(false)
        void list()
      },
      () => {
        if (cancelled) return
        setStream(new MediaStream())
        setBlocked(microphoneId !== 'none' || cameraId !== 'none')
        void list()
      },
    )
    return () => {
      cancelled = true
      for (const track of opened?.getTracks() ?? []) track.stop()
    }
  }, [enabled, cameraId, microphoneId])

  useEffect(() => {
    for (const track of stream?.getAudioTracks() ?? []) track.enabled = !muted
    for (const track of stream?.getVideoTracks() ?? []) track.enabled = !cameraOff
  }, [stream, muted, cameraOff])

  return {
    stream: enabled ? stream : null,
    blocked,
    cameras: devices.filter((d) => d.kind === 'videoinput'),
    microphones: devices.filter((d) => d.kind === 'audioinput'),
    cameraId,
    microphoneId,
    setCameraId,
    setMicrophoneId,
    muted,
    cameraOff,
    setMuted,
    setCameraOff,
  }
}
