import type { MeetingSignal } from '@closeroom/shared'

type Outgoing = Omit<MeetingSignal, 'to'>

/**
 * Which side of a pair calls the other: the one with the greater id. Only it makes the first offer, so two
 * people meeting never both offer at once. Chromium's answer to such a collision (the polite side rolls its
 * own offer back) sometimes gathered no ICE candidates at all, and that pair never connected: the browser
 * tests caught it in about one run in three.
 */
export const isCaller = (selfId: string, remoteId: string) => selfId > remoteId

/**
 * One RTCPeerConnection to one other participant, negotiated with MDN's "perfect negotiation": after the
 * caller's first offer either side offers whenever it needs to (a track added), and on a collision the polite
 * one, the side that did not call, gives way to the other's offer.
 */
export class PeerLink {
  readonly pc: RTCPeerConnection
  /** What arrives from the other side; a new object on every new track, so React sees the change. */
  stream = new MediaStream()
  private makingOffer = false
  private ignoreOffer = false
  private queue = Promise.resolve()
  private readonly polite: boolean
  private readonly send: (signal: Outgoing) => void

  constructor(
    selfId: string,
    remoteId: string,
    iceServers: RTCIceServer[],
    local: MediaStream,
    send: (signal: Outgoing) => void,
    changed: () => void,
  ) {
    this.send = send
    this.polite = !isCaller(selfId, remoteId)
    this.pc = new RTCPeerConnection({ iceServers })
    for (const track of local.getTracks()) this.pc.addTrack(track, local)
    // Without a track of a kind, still receive the other's: an m-line must exist for it.
    for (const kind of ['audio', 'video'] as const)
      if (local.getTracks().every((t) => t.kind !== kind)) this.pc.addTransceiver(kind, { direction: 'recvonly' })

    this.pc.ontrack = ({ track }) => {
      this.stream = new MediaStream([...this.stream.getTracks().filter((t) => t.kind !== track.kind), track])
      changed()
    }
    this.pc.onnegotiationneeded = async () => {
      try {
        this.makingOffer = true
        await this.pc.setLocalDescription()
        this.sendDescription()
      } catch {
        // A newer negotiation replaces this one.
      } finally {
        this.makingOffer = false
      }
    }
    this.pc.onicecandidate = ({ candidate }) =>
      this.send({ candidate: candidate ? { ...candidate.toJSON(), candidate: candidate.candidate } : null })
    // The caller restarts a failed connection; the other side follows its offer (both at once would collide).
    this.pc.oniceconnectionstatechange = () => {
      if (this.pc.iceConnectionState === 'failed' && !this.polite) this.pc.restartIce()
    }
  }

  private sendDescription() {
    const description = this.pc.localDescription
    if (description) this.send({ description: { type: description.type, sdp: description.sdp } })
  }

  /** Signals are handled one after the other: a candidate must not overtake the description before it. */
  receive(signal: Outgoing): Promise<void> {
    this.queue = this.queue.then(() => this.handle(signal)).catch(() => undefined)
    return this.queue
  }

  private async handle(signal: Outgoing) {
    if (signal.description) {
      const description = signal.description
      const collision = description.type === 'offer' && (this.makingOffer || this.pc.signalingState !== 'stable')
      this.ignoreOffer = !this.polite && collision
      if (this.ignoreOffer) return
      await this.pc.setRemoteDescription(description)
      if (description.type === 'offer') {
        await this.pc.setLocalDescription()
        this.sendDescription()
      }
    } else if (signal.candidate !== undefined) {
      try {
        await this.pc.addIceCandidate(signal.candidate ?? undefined)
      } catch (error) {
        if (!this.ignoreOffer) throw error
      }
    }
  }

  /** Sends another video track (the screen, or the camera again) without renegotiating when a sender exists. */
  async replaceVideo(track: MediaStreamTrack, stream: MediaStream) {
    const sender = this.pc.getSenders().find((s) => s.track?.kind === 'video')
    if (sender) await sender.replaceTrack(track)
    else this.pc.addTrack(track, stream)
  }

  close() {
    this.pc.ontrack = null
    this.pc.onnegotiationneeded = null
    this.pc.onicecandidate = null
    this.pc.close()
  }
}
