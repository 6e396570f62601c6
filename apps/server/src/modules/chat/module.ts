import { type ChatThread, type ChatThreadKind, ProductSocketEvents } from '@closeroom/shared'
import type { Db } from '../../db/client.ts'
import { rooms } from '../../realtime/rooms.ts'
import type { Realtime } from '../../realtime/server.ts'
import type { AuthContext } from '../auth/module.ts'
import type { FileStore, Incoming } from '../files/module.ts'
import { createConversations, likePattern } from './conversations.ts'
import { createThreadReads } from './threads.ts'

export { seedChat } from './demo.ts'

const THREADS_LIMIT = 30

/**
 * The team's chat: direct and group conversations of an organization's members, live over socket.io. Each
 * event goes to the participants' own user rooms, so no socket has a conversation room to join or forget,
 * and the Redis adapter carries it to whichever process holds them.
 */
/** Threads kept by other modules, asked through their doors: deal chats and client threads, sales room chats. */
type ThreadSource = { recent(organizationId: string, limit: number): Promise<Omit<ChatThread, 'unreadCount'>[]> }

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
    storage: files,
    events: {
      message: (participantIds, message) => realtime.toRoom(participantIds.map(rooms.user), ProductSocketEvents.chatMessage, { message }),
      read: (participantIds, payload) => realtime.toRoom(participantIds.map(rooms.user), ProductSocketEvents.chatRead, payload),
    },
  })

  const threadReads = createThreadReads({ db })

  /** A message with one attached file: the membership is checked before a byte is stored; the bytes go if the write fails. */
  async function sendAttachment(auth: AuthContext, conversationId: string, upload: Incoming<{ body: string }>) {
    await conversations.membership(auth, conversationId)
    const { file, fields } = await upload()
    return files.keep(file, () => conversations.send(auth, conversationId, fields.body, file))
  }

  async function openAttachment(auth: AuthContext, attachmentId: string) {
    return conversations.attachment(auth, attachmentId)
  }

  /**
   * The deal, client and sales room threads with a message, latest first, beside the conversations, with the
   * caller's unread counts: the latest ones, and every one with something unread, so what the badge counts can
   * always be opened from the list. (The sources read every thread's latest message in one query either way.)
   */
  async function threads(auth: AuthContext): Promise<ChatThread[]> {
    const all = (await Promise.all(threadSources.map((source) => source.recent(auth.user.organizationId, Number.MAX_SAFE_INTEGER)))).flat()
    const counted = await threadReads.withUnread(
      auth,
      all.sort((a, b) => b.lastMessage.createdAt.localeCompare(a.lastMessage.createdAt)),
    )
    return counted.filter((thread, index) => index < THREADS_LIMIT || thread.unreadCount > 0)
  }

  /** Read in /chat or on the deal's or client's page: the member's other tabs hear it. */
  async function readThread(auth: AuthContext, kind: ChatThreadKind, id: string) {
    const { lastReadAt } = await threadReads.markRead(auth, kind, id)
    realtime.toRoom(rooms.user(auth.user.id), ProductSocketEvents.chatThreadRead, { kind, id, lastReadAt })
    return { lastReadAt }
  }

  /** The menu's badge: unread messages of the caller's conversations and of the threads they may see. */
  async function unreadTotal(auth: AuthContext): Promise<number> {
    const [mine, threaded] = await Promise.all([conversations.unreadTotal(auth), threadReads.unreadTotal(auth)])
    return mine + threaded
  }

  /** Search over the caller's conversations and the deal, client and room threads of their organization. */
  async function search(auth: AuthContext, q: string) {
    const pattern = likePattern(q)
    const [messages, threadHits] = await Promise.all([conversations.search(auth, pattern), threadReads.search(auth, pattern)])
    return { messages, threads: threadHits }
  }

  return { conversations, sendAttachment, openAttachment, threads, readThread, unreadTotal, search, files }
}

export type ChatModule = ReturnType<typeof createChatModule>
