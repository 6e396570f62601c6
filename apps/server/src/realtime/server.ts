import type { Server as HttpServer, IncomingHttpHeaders } from 'node:http'
import { type ServerEvent, type ServerPayload, type ServerToClientEvents, SocketEvents } from '@closeroom/shared'
import { fastifyCookie } from '@fastify/cookie'
import type { FastifyBaseLogger } from 'fastify'
import type { Redis } from 'ioredis'
import { Server } from 'socket.io'
import { SESSION_COOKIE, type Sessions } from '../modules/auth/sessions.ts'
import { memoryPresence, type Presence, redisPresence } from './presence.ts'
import { rooms } from './rooms.ts'
import type { IoServer, SocketUser } from './socket.ts'
import { type RoomAccess, registerThreadRooms } from './threads.ts'

/**
 * socket.io on the app's HTTP server. The session cookie authenticates the socket; anonymous sockets are
 * allowed (public pages will use them) but join no private room. With Redis, several processes act as one.
 */
export async function createRealtime(options: {
  httpServer: HttpServer
  sessions: Sessions
  redisUrl?: string
  originAllowed: (headers: IncomingHttpHeaders) => boolean
  log: FastifyBaseLogger
  /** Who may join which deal and client room (realtime/threads.ts). */
  roomAccess: RoomAccess
}) {
  const { httpServer, sessions, redisUrl, log } = options
  const io: IoServer = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    // The handshake carries the session cookie, so a page of another site may not open one (CSWSH).
    allowRequest: (request, callback) => callback(null, options.originAllowed(request.headers)),
  })

  const redisClients: Redis[] = []
  if (redisUrl) {
    const [{ Redis }, { createAdapter }] = await Promise.all([import('ioredis'), import('@socket.io/redis-adapter')])
    const pub = new Redis(redisUrl, { lazyConnect: true })
    const sub = pub.duplicate()
    await Promise.all([pub.connect(), sub.connect()])
    redisClients.push(pub, sub)
    io.adapter(createAdapter(pub, sub))
  }
  const presence: Presence = redisClients[0] ? redisPresence(redisClients[0]) : memoryPresence()
  // A socket's join and leave run in order, and close() waits for the last ones before Redis goes.
  const pending = new Set<Promise<void>>()
  function track(work: Promise<void>) {
    pending.add(work)
    void work.finally(() => pending.delete(work))
    return work
  }

  io.use(async (socket, next) => {
    try {
      const cookies = fastifyCookie.parse(socket.handshake.headers.cookie ?? '')
      const auth = await sessions.resolve(cookies[SESSION_COOKIE])
      if (auth) socket.data.user = { id: auth.user.id, organizationId: auth.user.organizationId, name: auth.user.name } satisfies SocketUser
      next()
    } catch (error) {
      log.error({ err: error }, 'socket authentication failed')
      next(new Error('Authentication failed'))
    }
  })

  io.on('connection', (socket) => {
    registerThreadRooms(socket, options.roomAccess)
    const { user } = socket.data
    if (!user) return
    void socket.join([rooms.user(user.id), rooms.organization(user.organizationId)])
    // user-online when a user's first socket opens, user-offline when their last one closes, on any process.
    const announce = (event: typeof SocketEvents.userOnline | typeof SocketEvents.userOffline) =>
      io.to(rooms.organization(user.organizationId)).emit(event, { userId: user.id })
    const joined = track(
      presence.join(user.id, socket.id).then(
        (first) => void (first && announce(SocketEvents.userOnline)),
        (error: unknown) => log.error({ err: error }, 'presence join failed'),
      ),
    )
    socket.on('disconnect', () => {
      void track(
        joined
          .then(() => presence.leave(user.id, socket.id))
          .then(
            (last) => void (last && announce(SocketEvents.userOffline)),
            (error: unknown) => log.error({ err: error }, 'presence leave failed'),
          ),
      )
    })
    // The activity tracker's signal, relayed to teammates (who is at their desk right now).
    // Remembered first, so a teammate who hears of it and then asks (or opens the users list later) agrees.
    for (const event of [SocketEvents.userActive, SocketEvents.userInactive]) {
      socket.on(event, () => {
        void track(
          presence
            .setActive(user.id, event === SocketEvents.userActive)
            .catch((error: unknown) => log.error({ err: error }, 'presence activity failed'))
            .then(() => void socket.to(rooms.organization(user.organizationId)).emit(event, { userId: user.id })),
        )
      })
    }
  })

  /** An event to everyone in a room (rooms.ts names them), typed on the event's payload. */
  function toRoom<E extends ServerEvent>(room: string | string[], event: E, payload: ServerPayload<E>) {
    // socket.io cannot follow a generic event name to its parameters: this function's signature checks them.
    const args = [payload] as unknown as Parameters<ServerToClientEvents[E]>
    io.to(room).emit(event, ...args)
  }

  return {
    io,
    toRoom,
    toUser<E extends ServerEvent>(userId: string, event: E, payload: ServerPayload<E>) {
      toRoom(rooms.user(userId), event, payload)
    },
    /** Everyone of an organization signed in right now, e.g. the teammates looking at the pipeline board. */
    toOrganization<E extends ServerEvent>(organizationId: string, event: E, payload: ServerPayload<E>) {
      toRoom(rooms.organization(organizationId), event, payload)
    },
    /** Ends a user's live connections on every process, e.g. when they are deactivated. */
    disconnectUser(userId: string) {
      io.in(rooms.user(userId)).disconnectSockets(true)
    },
    /** Which of these users have a socket open now, on any process, and whether they are at their desk. */
    online: (userIds: string[]) => presence.online(userIds),
    async close() {
      await io.close()
      await Promise.all(pending)
      presence.close()
      await Promise.all(redisClients.map((c) => c.quit().catch(() => undefined)))
    },
  }
}

export type Realtime = Awaited<ReturnType<typeof createRealtime>>

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime
  }
}
