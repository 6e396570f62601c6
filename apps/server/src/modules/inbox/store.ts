import { Readable } from 'node:stream'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { AddressObject, ParsedMail } from 'mailparser'
import type { Db } from '../../db/client.ts'
import { type mailAccounts, mailAttachments, mailMessages, mailThreads, type StoredAddress } from '../../db/schema/index.ts'
import { HttpError } from '../../http/errors.ts'
import type { ClientsModule } from '../clients/module.ts'
import type { DealsModule } from '../deals/module.ts'
import type { FileStore } from '../files/module.ts'
import { sanitizeMailHtml } from './html.ts'

export type AccountRow = typeof mailAccounts.$inferSelect

/** A message as the store keeps it, whether read from IMAP or sent from Closeroom. */
export type IncomingMessage = {
  messageId: string
  inReplyTo: string | null
  references: string[]
  from: StoredAddress
  to: StoredAddress[]
  cc: StoredAddress[]
  subject: string
  text: string
  /** Sanitised already (html.ts). */
  html: string | null
  attachments: IncomingAttachment[]
  sentAt: Date
  uid: number | null
}

export type IncomingAttachment = { name: string; contentType: string; content: Buffer }

const MAX_TEXT = 200_000

const addresses = (value: AddressObject | AddressObject[] | undefined): StoredAddress[] =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .flatMap((group) => group.value)
    .flatMap((a) => (a.group ? a.group : [a]))
    .filter((a) => a.address)
    .map((a) => ({ address: (a.address ?? '').toLowerCase(), name: a.name ?? '' }))

/** A parsed message in the store's shape; one without a Message-ID gets one from its place in the mailbox. */
export function fromParsed(parsed: ParsedMail, uid: number, uidValidity: number, folder: 'inbox' | 'sent' = 'inbox'): IncomingMessage {
  const references = typeof parsed.references === 'string' ? [parsed.references] : (parsed.references ?? [])
  const place = folder === 'inbox' ? `${uidValidity}.${uid}` : `sent.${uidValidity}.${uid}`
  return {
    messageId: parsed.messageId ?? `<${place}@closeroom.invalid>`,
    inReplyTo: parsed.inReplyTo ?? null,
    references,
    from: addresses(parsed.from)[0] ?? { address: '', name: '' },
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    subject: parsed.subject ?? '',
    text: (parsed.text ?? '').slice(0, MAX_TEXT),
    html: typeof parsed.html === 'string' ? sanitizeMailHtml(parsed.html) || null : null,
    attachments: parsed.attachments.map((a) => ({
      name: a.filename ?? 'attachment',
      contentType: a.contentType || 'application/octet-stream',
      content: a.content,
    })),
    sentAt: parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : new Date(),
    uid,
  }
}

/** "Re: Re: Fwd: Pricing" → "Pricing": what a thread is called. */
export const baseSubject = (subject: string) => subject.replace(/^(\s*(re|fwd?|aw|tr|sv)\s*:\s*)+/i, '').trim()

/**
 * Files messages into threads and ties each thread to the client and deal its addresses stand for, asking the
 * clients and deals modules through their doors. A message seen before (same Message-ID in the mailbox) is
 * kept once; a new one on a deal's thread adds a line to the deal's timeline.
 */
export function createMailStore({ db, clients, deals, files }: { db: Db; clients: ClientsModule; deals: DealsModule; files: FileStore }) {
  /**
   * Each attachment's bytes go through the files module as an upload to the library would (sniffed by their
   * bytes, counted in the organization's storage); one its rules refuse is still listed, with why, but not kept.
   */
  async function keepAttachments(account: AccountRow, messageRowId: string, attachments: IncomingAttachment[]) {
    for (const attachment of attachments) {
      const row = {
        organizationId: account.organizationId,
        messageId: messageRowId,
        name: attachment.name,
        contentType: attachment.contentType,
        size: attachment.content.length,
      }
      try {
        const received = await files.receive(Readable.from([attachment.content]), { use: 'library', filename: attachment.name })
        await files.keep(received, () =>
          db.transaction(async (tx) => {
            const file = await files.record(tx, received, { organizationId: account.organizationId, uploadedBy: null })
            await tx.insert(mailAttachments).values({ ...row, name: file.name, contentType: file.contentType, fileId: file.id })
          }),
        )
      } catch (error) {
        if (!(error instanceof HttpError)) throw error
        await db.insert(mailAttachments).values({ ...row, refused: error.message })
      }
    }
  }

  async function threadFor(account: AccountRow, message: IncomingMessage, threadId?: string): Promise<{ id: string; created: boolean }> {
    if (threadId) return { id: threadId, created: false }
    const linked = [message.inReplyTo, ...message.references].filter((id): id is string => Boolean(id))
    if (linked.length > 0) {
      const [known] = await db
        .select({ threadId: mailMessages.threadId })
        .from(mailMessages)
        .where(and(eq(mailMessages.accountId, account.id), inArray(mailMessages.messageId, linked)))
        .limit(1)
      if (known) return { id: known.threadId, created: false }
    }
    const [created] = await db
      .insert(mailThreads)
      .values({
        organizationId: account.organizationId,
        accountId: account.id,
        subject: baseSubject(message.subject),
        lastMessageAt: message.sentAt,
      })
      .returning({ id: mailThreads.id })
    if (!created) throw new Error('mail thread insert returned nothing')
    return { id: created.id, created: true }
  }

  /** The first address on the message, other than the member's own, that is one of the organization's clients. */
  async function match(account: AccountRow, message: IncomingMessage) {
    const others = [message.from, ...message.to, ...message.cc]
      .map((a) => a.address)
      .filter((address, i, all) => address && address !== account.email && all.indexOf(address) === i)
    for (const address of others) {
      const clientId = await clients.findByEmail(account.organizationId, address)
      if (clientId) {
        const deal = await deals.newestOpenDealOf(account.organizationId, clientId)
        return { clientId, dealId: deal?.id ?? null }
      }
    }
    return null
  }

  /** Keeps the message; answers its thread's id, or null when the mailbox had it already. */
  async function keep(
    account: AccountRow,
    message: IncomingMessage,
    options: { threadId?: string; direction?: 'in' | 'out' } = {},
  ): Promise<string | null> {
    const [seen] = await db
      .select({ id: mailMessages.id })
      .from(mailMessages)
      .where(and(eq(mailMessages.accountId, account.id), eq(mailMessages.messageId, message.messageId)))
    if (seen) return null
    const thread = await threadFor(account, message, options.threadId)
    const threadId = thread.id
    const direction = options.direction ?? (message.from.address === account.email ? 'out' : 'in')
    const { attachments, ...fields } = message
    const [inserted] = await db
      .insert(mailMessages)
      .values({ organizationId: account.organizationId, accountId: account.id, threadId, direction, ...fields })
      .onConflictDoNothing()
      .returning({ id: mailMessages.id })
    if (!inserted) {
      // INBOX and Sent read the same message at once: the other kept it, so the thread begun here stays empty.
      if (thread.created) await db.delete(mailThreads).where(eq(mailThreads.id, threadId))
      return null
    }
    await keepAttachments(account, inserted.id, attachments)

    const [updated] = await db
      .update(mailThreads)
      .set({ lastMessageAt: sql`greatest(${mailThreads.lastMessageAt}, ${message.sentAt.toISOString()}::timestamptz)` })
      .where(eq(mailThreads.id, threadId))
      .returning()
    if (!updated) return threadId
    let dealId = updated.dealId
    if (!updated.clientId) {
      const found = await match(account, message)
      if (found) {
        await db.update(mailThreads).set(found).where(eq(mailThreads.id, threadId))
        dealId = found.dealId
      }
    }
    if (dealId)
      await deals.recordActivity({
        organizationId: account.organizationId,
        dealId,
        kind: 'email',
        actorId: direction === 'out' ? account.userId : null,
        data: { threadId, direction, subject: message.subject, from: message.from.name || message.from.address },
      })
    return threadId
  }

  return { keep }
}

export type MailStore = ReturnType<typeof createMailStore>
