import { type ChatThread, ProductSocketEvents } from '@closeroom/shared'
import type { Db } from '../../db/client.ts'
import { rooms } from '../../realtime/rooms.ts'
import type { Realtime } from '../../realtime/server.ts'
import type { AuthContext } from '../auth/module.ts'
import type { FileStore, Incoming } from '../files/module.ts'
import { createConversations } from './conversations.ts'

export { seedChat } from './demo.ts'

const THREADS_LIMIT = 30

/**
 * The team's chat: direct and group conversations of an organization's members, live over socket.io. Each
 * event goes to the participants' own user rooms, so no socket has a conversation room to join or forget,
 * and the Redis adapter carries it to whichever process holds them.
 */
/** Threads kept by other modules, asked through their doors: deal chats and client threads, sales room chats. */
type ThreadSource = { recent(organizationId: string, limit: number): Promise<ChatThread[]> }

export function createChatModule({
  db,
  realtime,
  files,
  threadSources,
}: {
  db: Db
  realtime: Pick<Realtime, 'toRoom'>
  files: FileStore
  threadSources: ThreadSource[]
}) {
  const conversations = createConversations({
    db,
    events: {
      message: (participantIds, message) => realtime.toRoom(participantIds.map(rooms.user), ProductSocketEvents.chatMessage, { message }),
      read: (participantIds, payload) => realtime.toRoom(participantIds.map(rooms.user), ProductSocketEvents.chatRead, payload),
    },
  })

  /** A message with one attached file: the membership is checked before a byte is stored; the bytes go if the write fails. */
  async function sendAttachment(auth: AuthContext, conversationId: string, upload: Incoming<{ body: string }>) {
    await conversations.membership(auth, conversationId)
    const { file, fields } = await upload()
    return files.keep(file, () => conversations.send(auth, conversationId, fields.body, file))
  }

  async function openAttachment(auth: AuthContext, attachmentId: string) {
    return conversations.attachment(auth, attachmentId)
  }

  /** The deal, client and sales room threads with a message, latest first, beside the conversations. */
  async function threads(auth: AuthContext): Promise<ChatThread[]> {
    const all = (await Promise.all(threadSources.map((source) => source.recent(auth.user.organizationId, THREADS_LIMIT)))).flat()
    return all.sort((a, b) => b.lastMessage.createdAt.localeCompare(a.lastMessage.createdAt)).slice(0, THREADS_LIMIT)
  }

  return { conversations, sendAttachment, openAttachment, threads, files }
}

export type ChatModule = ReturnType<typeof createChatModule>
