import {
  ClientTimeline,
  CloseroomEmailList,
  CloseroomEmailQuery,
  ConnectMailbox,
  ErrorBody,
  IdParams,
  MailAttachmentParams,
  Mailbox,
  MailboxState,
  MailThread,
  MailThreadList,
  MailThreadQuery,
  Ok,
  SendMail,
} from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { actor } from '../../http/auth.ts'
import { type FileStore, sendFile } from '../files/module.ts'
import type { InboxModule } from './module.ts'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody }
const tags = ['mail']

export function mailRoutes(app: FastifyInstance, { service, files }: Pick<InboxModule, 'service'> & { files: FileStore }) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get('/mail/mailbox', { schema: { tags, response: { 200: MailboxState, ...errors } } }, async (req) => ({
    mailbox: await service.mailbox(actor(req)),
  }))

  r.put(
    '/mail/mailbox',
    {
      schema: {
        tags,
        description:
          "Connects the signed-in member's mailbox: signs in to its IMAP and SMTP servers first, then reads INBOX and the Sent folder in the background. Replaces the previous mailbox.",
        body: ConnectMailbox,
        response: { 200: Mailbox, ...errors },
      },
    },
    async (req) => service.connect(actor(req), req.body),
  )

  r.delete('/mail/mailbox', { schema: { tags, response: { 200: Ok, ...errors } } }, async (req) => {
    await service.disconnect(actor(req))
    return { ok: true as const }
  })

  r.get(
    '/mail/threads',
    {
      schema: {
        tags,
        description:
          "Mail threads, newest first, a page at a time (limit, then before=the previous page's next). scope=mine: the member's mailbox; scope=all: owners and admins see every thread, members theirs and those on deals they own.",
        querystring: MailThreadQuery,
        response: { 200: MailThreadList, ...errors },
      },
    },
    async (req) => service.list(actor(req), req.query),
  )

  r.get('/mail/threads/:id', { schema: { tags, params: IdParams, response: { 200: MailThread, ...errors } } }, async (req) =>
    service.get(actor(req), req.params.id),
  )

  r.get(
    '/mail/attachments/:attachmentId',
    {
      schema: {
        tags,
        description: "Downloads a message's attachment, for those who may read its thread (as a file, never shown inline).",
        params: MailAttachmentParams,
        response: errors,
      },
    },
    async (req, reply) => sendFile(reply, files, await service.attachment(actor(req), req.params.attachmentId), 'attachment'),
  )

  r.post(
    '/mail/send',
    {
      schema: {
        tags,
        description:
          "Sends through the member's SMTP server: a new email, or with threadId an answer threaded by In-Reply-To and References.",
        body: SendMail,
        response: { 201: MailThread, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await service.send(actor(req), req.body)),
  )

  r.get(
    '/clients/:id/timeline',
    {
      schema: {
        tags: ['clients'],
        description:
          "A client's timeline, newest first: the emails of threads matched to them that the member may read (as in /mail/all), the deals they are a contact of, and the team's messages about them.",
        params: IdParams,
        response: { 200: ClientTimeline, ...errors },
      },
    },
    async (req) => ({ items: await service.timelineOf(actor(req), req.params.id) }),
  )

  r.get(
    '/mail/closeroom',
    {
      schema: {
        tags,
        description:
          "The emails Closeroom itself sent for the organization (the outbox), for owners and admins, newest first, a page at a time (limit, then before=the previous page's next).",
        querystring: CloseroomEmailQuery,
        response: { 200: CloseroomEmailList, ...errors },
      },
    },
    async (req) => service.closeroomEmails(actor(req), req.query),
  )
}
