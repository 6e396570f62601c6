import { randomUUID } from 'node:crypto'
import type {
  ClientTimelineItem,
  CloseroomEmail,
  ConnectMailbox,
  MailAttachment,
  Mailbox,
  MailLabel,
  MailMessage,
  MailThread,
  MailThreadSummary,
  SendMail,
} from '@closeroom/shared'
import { can } from '@closeroom/shared'
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import {
  clients,
  deals,
  mailAccounts,
  mailAttachments,
  mailMessages,
  mailThreads,
  type StoredAddress,
  users,
} from '../../db/schema/index.ts'
import { Invalid, NotFound } from '../../http/errors.ts'
import type { Encryption } from '../../lib/encryption.ts'
import type { Outbound } from '../../lib/outbound.ts'
import { authorize } from '../../permissions.ts'
import type { AuthContext } from '../auth/module.ts'
import { CLIENT_NOT_FOUND, type ClientsModule } from '../clients/module.ts'
import type { DealsModule } from '../deals/module.ts'
import type { FileStore } from '../files/module.ts'
import { listOutbox } from '../mail/module.ts'
import { appendToSent, checkMailServers, MailServerError, sendThroughSmtp } from './net.ts'
import type { AccountRow, MailStore } from './store.ts'
import { type MailSync, serverAccount } from './sync.ts'
import { clientTimeline } from './timeline.ts'

const THREAD_NOT_FOUND = 'Mail thread not found'
const ATTACHMENT_NOT_FOUND = 'Attachment not found'
/** A page cursor (MailPageCursor, checked by its schema): an ISO time to the millisecond, '_', an id. */
const cursorOf = (cursor: string) => ({ at: cursor.slice(0, 24), id: cursor.slice(25) })

function presentMailbox(row: AccountRow): Mailbox {
  return {
    id: row.id,
    email: row.email,
    imapHost: row.imapHost,
    imapPort: row.imapPort,
    imapTls: row.imapTls,
    smtpHost: row.smtpHost,
    smtpPort: row.smtpPort,
    smtpTls: row.smtpTls,
    username: row.username,
    lastError: row.lastError,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }
}

function refuse(error: unknown): never {
  if (error instanceof MailServerError)
    throw Invalid(error.message, {
      code: error.kind === 'auth' ? 'mail_sign_in_failed' : error.kind === 'private' ? 'mail_private_address' : 'mail_unreachable',
    })
  throw error
}

/**
 * A member's mailbox and the mail threads they may read. Visibility (`/mail/all`): owners and admins read
 * every thread of the organization; a member reads the threads of their own mailbox and the threads tied to a
 * deal they own (a colleague writing to that deal's buyer is part of the member's deal). `/mail` is always the
 * member's own mailbox. Answering is only ever from one's own mailbox.
 */
export function createMailService({
  db,
  encryption,
  outbound,
  store,
  sync,
  deals: dealsModule,
  files,
  clients: clientsModule,
  log,
}: {
  files: FileStore
  clients: Pick<ClientsModule, 'has'>
  log: Pick<FastifyBaseLogger, 'warn'>
  db: Db
  encryption: Encryption
  outbound: Outbound
  store: MailStore
  sync: MailSync
  deals: DealsModule
}) {
  async function accountOf({ user }: AuthContext): Promise<AccountRow | undefined> {
    const [row] = await db
      .select()
      .from(mailAccounts)
      .where(and(eq(mailAccounts.userId, user.id), eq(mailAccounts.organizationId, user.organizationId)))
    return row
  }

  async function mailbox(auth: AuthContext): Promise<Mailbox | null> {
    const row = await accountOf(auth)
    return row ? presentMailbox(row) : null
  }

  /** Signs in to both servers first: a mailbox is saved only once it works. Replaces the member's previous one. */
  async function connect(auth: AuthContext, input: ConnectMailbox): Promise<Mailbox> {
    const { user } = auth
    try {
      await checkMailServers(outbound, input)
    } catch (error) {
      refuse(error)
    }
    const previous = await accountOf(auth)
    const fields = {
      email: input.email,
      imapHost: input.imapHost,
      imapPort: input.imapPort,
      imapTls: input.imapTls,
      smtpHost: input.smtpHost,
      smtpPort: input.smtpPort,
      smtpTls: input.smtpTls,
      username: input.username,
      passwordEncrypted: encryption.encrypt(input.password),
      lastError: null,
    }
    // Another server or another login is another mailbox: its threads start afresh.
    const sameMailbox = previous && previous.imapHost === input.imapHost && previous.username === input.username
    if (previous && !sameMailbox) await db.delete(mailAccounts).where(eq(mailAccounts.id, previous.id))
    const [row] = sameMailbox
      ? await db.update(mailAccounts).set(fields).where(eq(mailAccounts.id, previous.id)).returning()
      : await db
          .insert(mailAccounts)
          .values({ organizationId: user.organizationId, userId: user.id, ...fields })
          .returning()
    if (!row) throw new Error('mail account write returned nothing')
    if (previous && !sameMailbox) await sync.stop(previous.id)
    await sync.start(row.id)
    return presentMailbox(row)
  }

  async function disconnect(auth: AuthContext): Promise<void> {
    const row = await accountOf(auth)
    if (!row) throw NotFound('No mailbox is connected')
    await sync.stop(row.id)
    await db.delete(mailAccounts).where(eq(mailAccounts.id, row.id))
  }

  /** Which threads this member may read in a scope; undefined for none. */
  async function visible(auth: AuthContext, scope: 'mine' | 'all'): Promise<SQL | undefined> {
    const { user } = auth
    const org = eq(mailThreads.organizationId, user.organizationId)
    const own = eq(mailAccounts.userId, user.id)
    if (scope === 'mine') return and(org, own)
    if (can(user, 'mail.readAll')) return org
    const dealIds = await dealsModule.idsOwnedBy(user.organizationId, user.id)
    return and(org, dealIds.length > 0 ? or(own, inArray(mailThreads.dealId, dealIds)) : own)
  }

  const summaryColumns = {
    thread: mailThreads,
    ownerId: users.id,
    ownerName: users.name,
    ownerEmail: mailAccounts.email,
    clientName: clients.name,
    dealTitle: deals.name,
    received: sql<boolean>`exists (select 1 from ${mailMessages} m where m.thread_id = ${mailThreads.id} and m.direction = 'in')`,
    sent: sql<boolean>`exists (select 1 from ${mailMessages} m where m.thread_id = ${mailThreads.id} and m.direction = 'out')`,
  }

  const summaries = (where: SQL | undefined) =>
    db
      .select(summaryColumns)
      .from(mailThreads)
      .innerJoin(mailAccounts, eq(mailAccounts.id, mailThreads.accountId))
      .innerJoin(users, eq(users.id, mailAccounts.userId))
      .leftJoin(clients, eq(clients.id, mailThreads.clientId))
      .leftJoin(deals, eq(deals.id, mailThreads.dealId))
      .where(where)

  type SummaryRow = Awaited<ReturnType<typeof summaries>>[number]

  /** What a thread's summary shows of its messages: who else writes in it, the latest text, how many there are. */
  type Digest = { participants: StoredAddress[]; lastText: string; messageCount: number }

  function present(row: SummaryRow, digest: Digest): MailThreadSummary {
    const labels: MailLabel[] = []
    if (row.received) labels.push('inbox')
    if (row.sent) labels.push('sent')
    return {
      id: row.thread.id,
      subject: row.thread.subject,
      participants: digest.participants,
      snippet: digest.lastText.replace(/\s+/g, ' ').trim().slice(0, 160),
      messageCount: digest.messageCount,
      lastMessageAt: row.thread.lastMessageAt.toISOString(),
      labels,
      owner: { id: row.ownerId, name: row.ownerName },
      client: row.thread.clientId && row.clientName !== null ? { id: row.thread.clientId, name: row.clientName } : null,
      deal: row.thread.dealId && row.dealTitle !== null ? { id: row.thread.dealId, title: row.dealTitle } : null,
    }
  }

  /** The digest of a thread whose messages are loaded anyway (the thread's page), in their order. */
  function digestOf(row: SummaryRow, messages: (typeof mailMessages.$inferSelect)[]): Digest {
    const seen = new Set<string>([row.ownerEmail])
    const participants = messages
      .flatMap((m) => [m.from, ...m.to, ...m.cc])
      .filter((a) => a.address && !seen.has(a.address) && seen.add(a.address))
    return { participants, lastText: messages.at(-1)?.text ?? '', messageCount: messages.length }
  }

  /**
   * The digests of a page of threads, worked out by the database: a thread of thousands of messages sends back
   * its count, its latest text and each correspondent once, not its messages. The same answer as digestOf:
   * each address once, where it first appears (by message order, then from, to, cc), the owner's left out.
   */
  async function digestsOf(threadIds: string[]): Promise<Map<string, Digest>> {
    if (threadIds.length === 0) return new Map()
    const rows = await db
      .select({
        threadId: mailThreads.id,
        messageCount: sql<number>`(select count(*)::int from ${mailMessages} m where m.thread_id = ${mailThreads.id})`,
        lastText: sql<string | null>`(select m.text from ${mailMessages} m where m.thread_id = ${mailThreads.id}
          order by m.sent_at desc, m.created_at desc, m.id desc limit 1)`,
        participants: sql<StoredAddress[]>`(select coalesce(jsonb_agg(p.address order by p.sent_at, p.created_at, p.id, p.ord), '[]'::jsonb)
          from (select distinct on (a.address->>'address') a.address, m.sent_at, m.created_at, m.id, a.ord
            from ${mailMessages} m
            cross join lateral jsonb_array_elements(jsonb_build_array(m."from") || m."to" || m.cc) with ordinality a(address, ord)
            where m.thread_id = ${mailThreads.id} and coalesce(a.address->>'address', '') not in ('', ${mailAccounts.email})
            order by a.address->>'address', m.sent_at, m.created_at, m.id, a.ord) p)`,
      })
      .from(mailThreads)
      .innerJoin(mailAccounts, eq(mailAccounts.id, mailThreads.accountId))
      .where(inArray(mailThreads.id, threadIds))
    return new Map(
      rows.map((r) => [r.threadId, { participants: r.participants, lastText: r.lastText ?? '', messageCount: Number(r.messageCount) }]),
    )
  }

  async function messagesOf(threadIds: string[]) {
    if (threadIds.length === 0) return new Map<string, (typeof mailMessages.$inferSelect)[]>()
    const rows = await db
      .select()
      .from(mailMessages)
      .where(inArray(mailMessages.threadId, threadIds))
      .orderBy(asc(mailMessages.sentAt), asc(mailMessages.createdAt), asc(mailMessages.id))
    const byThread = new Map<string, (typeof mailMessages.$inferSelect)[]>()
    for (const row of rows) byThread.set(row.threadId, [...(byThread.get(row.threadId) ?? []), row])
    return byThread
  }

  /**
   * A page of threads, newest first, and where the next one starts. Ordered by the latest message's time to the
   * millisecond (the cursor's precision; the database keeps microseconds) then id, so pages neither skip nor repeat.
   */
  async function list(
    auth: AuthContext,
    query: { scope: 'mine' | 'all'; label: 'inbox' | 'sent'; before?: string; limit: number },
  ): Promise<{ threads: MailThreadSummary[]; next: string | null }> {
    const where = await visible(auth, query.scope)
    const labelled = query.label === 'inbox' ? summaryColumns.received : summaryColumns.sent
    const at = sql`date_trunc('milliseconds', ${mailThreads.lastMessageAt})`
    let after: SQL | undefined
    if (query.before) {
      const cursor = cursorOf(query.before)
      after = sql`(${at}, ${mailThreads.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    }
    const rows = await summaries(and(where, labelled, after))
      .orderBy(desc(at), desc(mailThreads.id))
      .limit(query.limit + 1)
    const page = rows.slice(0, query.limit)
    const last = page.at(-1)
    const next = rows.length > query.limit && last ? `${last.thread.lastMessageAt.toISOString()}_${last.thread.id}` : null
    const digests = await digestsOf(page.map((r) => r.thread.id))
    const empty: Digest = { participants: [], lastText: '', messageCount: 0 }
    return { threads: page.map((row) => present(row, digests.get(row.thread.id) ?? empty)), next }
  }

  const presentMessage = (m: typeof mailMessages.$inferSelect, attachments: MailAttachment[]): MailMessage => ({
    id: m.id,
    messageId: m.messageId,
    from: m.from,
    to: m.to,
    cc: m.cc,
    subject: m.subject,
    text: m.text,
    html: m.html,
    attachments,
    direction: m.direction,
    sentAt: m.sentAt.toISOString(),
  })

  async function attachmentsOf(messageIds: string[]) {
    const byMessage = new Map<string, MailAttachment[]>()
    if (messageIds.length === 0) return byMessage
    const rows = await db
      .select()
      .from(mailAttachments)
      .where(inArray(mailAttachments.messageId, messageIds))
      .orderBy(asc(mailAttachments.createdAt), asc(mailAttachments.id))
    for (const a of rows)
      byMessage.set(a.messageId, [
        ...(byMessage.get(a.messageId) ?? []),
        { id: a.id, name: a.name, contentType: a.contentType, size: a.size, kept: a.fileId !== null },
      ])
    return byMessage
  }

  async function get(auth: AuthContext, id: string): Promise<MailThread> {
    const [row] = await summaries(and(await visible(auth, 'all'), eq(mailThreads.id, id)))
    if (!row) throw NotFound(THREAD_NOT_FOUND)
    const messages = (await messagesOf([id])).get(id) ?? []
    const attachments = await attachmentsOf(messages.map((m) => m.id))
    return {
      ...present(row, digestOf(row, messages)),
      messages: messages.map((m) => presentMessage(m, attachments.get(m.id) ?? [])),
      canReply: row.ownerId === auth.user.id,
    }
  }

  /** An attachment's stored file, for someone who may read its thread (and only then: else not found). */
  async function attachment(auth: AuthContext, attachmentId: string) {
    const [row] = await db
      .select({ fileId: mailAttachments.fileId, threadId: mailMessages.threadId })
      .from(mailAttachments)
      .innerJoin(mailMessages, eq(mailMessages.id, mailAttachments.messageId))
      .where(and(eq(mailAttachments.id, attachmentId), eq(mailAttachments.organizationId, auth.user.organizationId)))
    if (!row) throw NotFound(ATTACHMENT_NOT_FOUND)
    const [visibleThread] = await summaries(and(await visible(auth, 'all'), eq(mailThreads.id, row.threadId)))
    if (!visibleThread) throw NotFound(ATTACHMENT_NOT_FOUND)
    if (!row.fileId) throw NotFound('This attachment was not kept: the file rules refused it')
    return files.ofOrganization(auth, row.fileId)
  }

  /**
   * Sends through the member's SMTP server. An answer goes to the thread's last message from someone else
   * (its sender, or whom the member last wrote to), with In-Reply-To and References so the buyer's mail app
   * files it in the same conversation; it joins the thread here and the deal's timeline, and the same bytes
   * go into the member's Sent folder so their own mail client shows it.
   */
  async function send(auth: AuthContext, input: z.output<typeof SendMail>): Promise<MailThread> {
    const account = await accountOf(auth)
    if (!account) throw Invalid('Connect your mailbox in Settings › Connected apps first', { code: 'mail_not_connected' })
    let to = input.to
    let subject = input.subject
    let threading: { inReplyTo?: string; references?: string[] } = {}
    if (input.threadId) {
      const [thread] = await db
        .select()
        .from(mailThreads)
        .where(and(eq(mailThreads.id, input.threadId), eq(mailThreads.accountId, account.id)))
      if (!thread) throw NotFound(THREAD_NOT_FOUND)
      const messages = (await messagesOf([thread.id])).get(thread.id) ?? []
      const last = messages.at(-1)
      if (last) {
        threading = { inReplyTo: last.messageId, references: [...last.references, last.messageId] }
        const lastIn = messages.findLast((m) => m.direction === 'in')
        to ??= lastIn ? [lastIn.from.address] : last.to.map((a) => a.address)
        subject ||= /^re:/i.test(last.subject) ? last.subject : `Re: ${last.subject || thread.subject}`
      }
    }
    if (!to || to.length === 0) throw Invalid('to: Add at least one recipient')
    if (!subject) throw Invalid('subject: Write a subject')
    const domain = account.email.split('@')[1] ?? 'closeroom.invalid'
    const messageId = `<${randomUUID()}@${domain}>`
    const sentAt = new Date()
    const server = serverAccount(encryption, account)
    // Composed once: the bytes the buyer receives are the bytes kept in the Sent folder.
    const { default: MailComposer } = await import('nodemailer/lib/mail-composer')
    const raw = await new MailComposer({
      from: { name: auth.user.name, address: account.email },
      to,
      subject,
      text: input.text,
      messageId,
      date: sentAt,
      inReplyTo: threading.inReplyTo,
      references: threading.references,
    })
      .compile()
      .build()
    try {
      await sendThroughSmtp(outbound, server, { envelope: { from: account.email, to }, raw })
    } catch (error) {
      refuse(error)
    }
    const threadId = await store.keep(
      account,
      {
        messageId,
        inReplyTo: threading.inReplyTo ?? null,
        references: threading.references ?? [],
        from: { address: account.email, name: auth.user.name },
        to: to.map((address) => ({ address, name: '' })),
        cc: [],
        subject,
        text: input.text,
        html: null,
        attachments: [],
        sentAt,
        uid: null,
      },
      { threadId: input.threadId },
    )
    if (!threadId) throw new Error('a sent message was already kept')
    // The mail has left: a Sent folder that cannot take the copy is said in the log, not as a failed send.
    await appendToSent(outbound, server, raw, sentAt).catch((error: Error) =>
      log.warn({ accountId: account.id, err: error.message }, 'could not keep a sent message in the Sent folder'),
    )
    return get(auth, threadId)
  }

  /** The emails Closeroom sent for the organization (its outbox): for those who may read the outbox. */
  /** A page of the emails Closeroom sent for the organization, newest first, and where the next one starts. */
  async function closeroomEmails(
    { user }: AuthContext,
    query: { before?: string; limit: number },
  ): Promise<{ emails: CloseroomEmail[]; next: string | null }> {
    authorize(user, 'outbox.read')
    const before = query.before ? cursorOf(query.before) : undefined
    const rows = await listOutbox(db, user.organizationId, query.limit + 1, before)
    const page = rows.slice(0, query.limit)
    const last = page.at(-1)
    return { emails: page, next: rows.length > query.limit && last ? `${last.createdAt}_${last.id}` : null }
  }

  /** A client's emails (those this member may read), deals and team messages, newest first. */
  async function timelineOf(auth: AuthContext, clientId: string): Promise<ClientTimelineItem[]> {
    const organizationId = auth.user.organizationId
    if (!(await clientsModule.has(organizationId, clientId))) throw NotFound(CLIENT_NOT_FOUND)
    return clientTimeline(db, organizationId, clientId, await visible(auth, 'all'))
  }

  return { mailbox, connect, disconnect, list, get, attachment, send, closeroomEmails, timelineOf }
}

export type MailService = ReturnType<typeof createMailService>
