import {
  ChatAttachmentFields,
  ChatAttachmentParams,
  ChatContactList,
  ChatConversation,
  ChatConversationList,
  ChatHistoryQuery,
  ChatMessage,
  ChatMessagePage,
  ChatSearchQuery,
  ChatSearchResults,
  ChatThreadList,
  ChatThreadParams,
  ChatUnread,
  CreateChatConversation,
  ErrorBody,
  IdParams,
  SendChatMessage,
} from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { actor } from '../../http/auth.ts'
import { incoming, sendFile, uploadRoutes } from '../files/module.ts'
import type { ChatModule } from './module.ts'

const tags = ['chat']
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody }
const ReadAnswer = z.object({ lastReadAt: z.string() })

/** The team chat: conversations, their history, sending (text or one attachment), reading, search. */
export function chatRoutes(
  app: FastifyInstance,
  { conversations, sendAttachment, openAttachment, threads, readThread, unreadTotal, search, files }: ChatModule,
) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get('/chat/contacts', { schema: { tags, response: { 200: ChatContactList, ...errors } } }, async (req) => ({
    contacts: await conversations.contacts(actor(req)),
  }))
  r.get('/chat/conversations', { schema: { tags, response: { 200: ChatConversationList, ...errors } } }, async (req) => ({
    conversations: await conversations.list(actor(req)),
  }))
  r.post(
    '/chat/conversations',
    {
      schema: {
        tags,
        description: 'One other member and no name: their direct conversation (200 when it exists already). Otherwise a group.',
        body: CreateChatConversation,
        response: { 200: ChatConversation, 201: ChatConversation, ...errors },
      },
    },
    async (req, reply) => {
      const { conversation, created } = await conversations.create(actor(req), req.body)
      return reply.code(created ? 201 : 200).send(conversation)
    },
  )
  r.get('/chat/conversations/:id', { schema: { tags, params: IdParams, response: { 200: ChatConversation, ...errors } } }, async (req) =>
    conversations.get(actor(req), req.params.id),
  )
  r.get(
    '/chat/conversations/:id/messages',
    { schema: { tags, params: IdParams, querystring: ChatHistoryQuery, response: { 200: ChatMessagePage, ...errors } } },
    async (req) => conversations.history(actor(req), req.params.id, req.query),
  )
  r.post(
    '/chat/conversations/:id/messages',
    { schema: { tags, params: IdParams, body: SendChatMessage, response: { 201: ChatMessage, ...errors } } },
    async (req, reply) => reply.code(201).send(await conversations.send(actor(req), req.params.id, req.body.body)),
  )
  uploadRoutes(app, (scoped) =>
    scoped.withTypeProvider<ZodTypeProvider>().post(
      '/chat/conversations/:id/attachments',
      {
        schema: {
          tags,
          description: 'multipart/form-data: `file` (a document or picture, sniffed by its bytes), and `body` (a caption, optional).',
          consumes: ['multipart/form-data'],
          params: IdParams,
          response: { 201: ChatMessage, ...errors },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await sendAttachment(actor(req), req.params.id, incoming(req, files, 'document', ChatAttachmentFields))),
    ),
  )
  r.post('/chat/conversations/:id/read', { schema: { tags, params: IdParams, response: { 200: ReadAnswer, ...errors } } }, async (req) =>
    conversations.markRead(actor(req), req.params.id),
  )
  r.get(
    '/chat/threads',
    {
      schema: {
        tags,
        description: 'Deal chats, client threads and sales room chats with their latest message, to list beside the conversations.',
        response: { 200: ChatThreadList, ...errors },
      },
    },
    async (req) => ({ threads: await threads(actor(req)) }),
  )
  r.post(
    '/chat/threads/:kind/:id/read',
    {
      schema: {
        tags,
        description:
          "Marks a deal chat, client thread or room chat read up to now for the caller (in /chat or on the deal's or client's page).",
        params: ChatThreadParams,
        response: { 200: ReadAnswer, ...errors },
      },
    },
    async (req) => readThread(actor(req), req.params.kind, req.params.id),
  )
  r.get(
    '/chat/unread',
    {
      schema: {
        tags,
        description: "Unread messages over the caller's conversations and the deal, client and room threads: the menu's badge.",
        response: { 200: ChatUnread, ...errors },
      },
    },
    async (req) => ({ total: await unreadTotal(actor(req)) }),
  )
  r.get(
    '/chat/search',
    {
      schema: {
        tags,
        description:
          "Messages of the caller's conversations, and of the deal, client and room threads of the organization, holding the words.",
        querystring: ChatSearchQuery,
        response: { 200: ChatSearchResults, ...errors },
      },
    },
    async (req) => search(actor(req), req.query.q),
  )
  r.get(
    '/chat/attachments/:id',
    {
      schema: {
        tags,
        description: "The attachment's bytes: pictures inline, other files saved.",
        params: ChatAttachmentParams,
        response: errors,
      },
    },
    async (req, reply) => {
      const file = await openAttachment(actor(req), req.params.id)
      return sendFile(reply, files, file, file.contentType.startsWith('image/') ? 'inline' : 'attachment')
    },
  )
}
