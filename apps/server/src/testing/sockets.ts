import { io, type Socket } from 'socket.io-client'

/** A socket.io client on the real server, carrying a session cookie when given one; resolves once connected. */
export async function connectSocket(url: string, cookie?: string): Promise<Socket> {
  const socket = io(url, { transports: ['websocket'], extraHeaders: cookie ? { cookie } : {}, reconnection: false })
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('connect_error', reject)
  })
  return socket
}

/** The payload of the next `event` the socket receives. */
export const nextEvent = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve))
