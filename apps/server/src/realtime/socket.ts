import type { ClientToServerEvents, MeetingParticipant, ServerToClientEvents } from '@closeroom/shared'
import type { Server, Socket } from 'socket.io'

/** The signed-in user behind a socket (none on public pages). */
export type SocketUser = { id: string; organizationId: string; name: string }

/** What a socket carries; kept in socket.data so every process can read it with fetchSockets(). */
export type SocketData = {
  user?: SocketUser
  /** The meeting the socket is in or waiting to enter, and as whom. */
  meeting?: { meetingId: string; participant: MeetingParticipant }
}

/** Processes sharing Redis send each other nothing of their own: only the events the clients get. */
type InterServerEvents = Record<string, never>

export type IoServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>
export type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>
