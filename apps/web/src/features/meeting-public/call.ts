import {
  type MeetingChatAck,
  type MeetingChatMessage,
  type MeetingParticipant,
  ProductSocketEvents,
  SocketEvents,
  type WaitingGuest,
} from '@closeroom/shared'
import { type AppSocket, openSocket } from '../../lib/socket'
import { isCaller, PeerLink } from './peer'

export type Phase =
  | { name: 'joining' }
  | { name: 'waiting' }
  | { name: 'in' }
  | { name: 'reconnecting' }
  | { name: 'refused'; message: string }
export type RemoteParticipant = MeetingParticipant & { stream: MediaStream | null }
export type CallState = {
  phase: Phase
  self: MeetingParticipant | null
  others: RemoteParticipant[]
  waiting: WaitingGuest[]
  chat: MeetingChatMessage[]
  /** The call is being recorded: everyone in it sees so. */
  recording: boolean
}

type Options = {
  publicId: string
  name: string
  key: string
  iceServers: RTCIceServer[]
  local: MediaStream
  media: { muted: boolean; cameraOff: boolean }
  onChange(state: CallState): void
}

/**
 * The call as seen from this tab: the socket that signals, and one PeerLink per other participant (a full
 * mesh). After a reconnection it joins again with the same key (so the same id) and negotiates afresh.
 */
export class MeetingCall {
  private socket: AppSocket | null = null
  private peers = new Map<string, PeerLink>()
  private participants = new Map<string, MeetingParticipant>()
  private state: CallState = { phase: { name: 'joining' }, self: null, others: [], waiting: [], chat: [], recording: false }
  private closed = false
  private video: { track: MediaStreamTrack; stream: MediaStream } | null = null

  private readonly options: Options

  constructor(options: Options) {
    this.options = options
  }

  async start() {
    const socket = await openSocket()
    if (this.closed) return void socket.disconnect()
    this.socket = socket
    // The server forgets the call with the connection: join again after every reconnection.
    socket.on('connect', () => void this.join())
    socket.on('disconnect', () => {
      if (this.closed) return
      this.dropPeers()
      this.set({ phase: { name: 'reconnecting' } })
    })
    socket.on(SocketEvents.meetingNewParticipant, ({ participant }) =>
      this.whenIn(() => {
        // The same id again is that participant back from a drop: their old connection is gone.
        this.peers.get(participant.id)?.close()
        this.peers.delete(participant.id)
        this.participants.set(participant.id, participant)
        this.call(participant.id)
        this.publish()
      }),
    )
    for (const event of [SocketEvents.meetingLeave, SocketEvents.meetingParticipantInactive] as const)
      socket.on(event, ({ id }) => this.whenIn(() => this.remove(id)))
    socket.on(SocketEvents.meetingParticipantActive, ({ id, muted, cameraOff }) =>
      this.whenIn(() => {
        const participant = this.participants.get(id)
        if (participant) this.participants.set(id, { ...participant, muted, cameraOff })
        this.publish()
      }),
    )
    socket.on(ProductSocketEvents.meetingSignal, ({ from, ...signal }) =>
      this.whenIn(() => {
        // A caller's first offer makes the link on this side; anything else for an unknown link is left over
        // from one already closed.
        const peer = this.peers.get(from) ?? (signal.description?.type === 'offer' ? this.connect(from) : undefined)
        void peer?.receive(signal)
      }),
    )
    socket.on(ProductSocketEvents.meetingChat, (message) => this.set({ chat: [...this.state.chat, message] }))
    socket.on(SocketEvents.meetingRecordingChange, ({ recording }) => this.set({ recording: recording.status === 'recording' }))
    socket.on(ProductSocketEvents.meetingLobby, ({ waiting }) => this.set({ waiting }))
    socket.on(ProductSocketEvents.meetingAdmission, (answer) => {
      if (answer.admitted) void this.join()
      else this.set({ phase: { name: 'refused', message: answer.message } })
    })
  }

  /**
   * The others hear of us as soon as the server seats us, and may send an offer before our join's answer
   * arrives. What the call says meanwhile waits for that answer: until then we know neither our id (which
   * decides who calls whom) nor who is in, and setting up the call would drop a peer made from that offer.
   */
  private held: (() => void)[] | null = null

  private whenIn(handle: () => void) {
    if (this.held) this.held.push(handle)
    else handle()
  }

  private async join() {
    const socket = this.socket
    if (!socket || this.closed) return
    const { publicId, name, key, media } = this.options
    this.held = []
    const ack = await socket.emitWithAck(SocketEvents.meetingJoin, { meetingId: publicId, name, key, ...media })
    const held = this.held ?? []
    this.held = null
    if (this.closed) return
    if (!ack.ok) return this.set({ phase: { name: 'refused', message: ack.message } })
    if (ack.state === 'waiting') return this.set({ phase: { name: 'waiting' }, self: ack.self })
    this.dropPeers()
    // Our id first: it decides which side of each pair calls the other.
    this.state = { ...this.state, self: ack.self }
    for (const participant of ack.participants) {
      this.participants.set(participant.id, participant)
      this.call(participant.id)
    }
    for (const handle of held) handle()
    this.set({ phase: { name: 'in' }, waiting: ack.waiting, recording: ack.recording })
  }

  /** Calls a participant when this side is the pair's caller; otherwise their offer makes the link. */
  private call(remoteId: string) {
    if (isCaller(this.state.self?.id ?? '', remoteId)) this.connect(remoteId)
  }

  private connect(remoteId: string): PeerLink {
    const self = this.state.self
    const peer = new PeerLink(
      self?.id ?? '',
      remoteId,
      this.options.iceServers,
      this.options.local,
      (signal) => this.socket?.emit(ProductSocketEvents.meetingSignal, { to: remoteId, ...signal }),
      () => this.publish(),
    )
    if (this.video) void peer.replaceVideo(this.video.track, this.video.stream)
    this.peers.set(remoteId, peer)
    return peer
  }

  private remove(id: string) {
    this.peers.get(id)?.close()
    this.peers.delete(id)
    this.participants.delete(id)
    this.publish()
  }

  private dropPeers() {
    for (const peer of this.peers.values()) peer.close()
    this.peers.clear()
    this.participants.clear()
  }

  private set(change: Partial<CallState>) {
    this.state = { ...this.state, ...change }
    this.publish()
  }

  private publish() {
    const others = [...this.participants.values()].map((p) => ({ ...p, stream: this.peers.get(p.id)?.stream ?? null }))
    this.state = { ...this.state, others }
    this.options.onChange(this.state)
  }

  /** The microphone and camera state, for the others' tiles (the tracks themselves are switched by the page). */
  setMedia(media: { muted: boolean; cameraOff: boolean }) {
    this.options.media = media
    const self = this.state.self
    if (self) this.set({ self: { ...self, ...media } })
    this.socket?.emit(SocketEvents.meetingParticipantActive, media)
  }

  /** Sends this video track instead of the camera's (a shared screen), or the camera's again with null. */
  async sendVideo(track: MediaStreamTrack | null, stream?: MediaStream) {
    const camera = this.options.local.getVideoTracks()[0]
    this.video = track && stream ? { track, stream } : null
    const next = track ?? camera
    if (!next) return
    await Promise.all([...this.peers.values()].map((peer) => peer.replaceVideo(next, stream ?? this.options.local)))
  }

  /** Sends a chat message; the answer says whether everyone got it (too fast, or no connection, and not). */
  async say(text: string): Promise<MeetingChatAck> {
    const socket = this.socket
    if (!socket?.connected) return { ok: false, message: '' }
    try {
      return await socket.timeout(10_000).emitWithAck(ProductSocketEvents.meetingChat, { text })
    } catch {
      return { ok: false, message: '' }
    }
  }

  admit(participantId: string, admit: boolean) {
    this.socket?.emit(ProductSocketEvents.meetingAdmit, { participantId, admit })
  }

  /** Leaves on purpose: the others hear meeting-leave, not a drop. */
  leave() {
    const socket = this.socket
    this.closed = true
    this.dropPeers()
    if (socket) {
      socket.emit(SocketEvents.meetingLeave, {}, () => socket.disconnect())
      // Disconnect anyway if the server does not answer soon.
      window.setTimeout(() => socket.disconnect(), 2000)
    }
  }
}
