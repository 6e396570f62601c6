import { type ClientToServerEvents, type ServerToClientEvents, SOCKET_OPTIONS } from '@closeroom/shared'
import type { Socket } from 'socket.io-client'

/** A socket on the shared contract: what it hears and what it sends are typed by packages/shared's events.ts. */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>

/** A socket to the app's server. socket.io-client is loaded only then, so pages without one never download it. */
export async function openSocket(): Promise<AppSocket> {
  const { io } = await import('socket.io-client')
  return io({ ...SOCKET_OPTIONS, transports: [...SOCKET_OPTIONS.transports] })
}
