import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import MailComposer from 'nodemailer/lib/mail-composer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clients, files, mailAccounts, mailMessages, mailThreads } from '../../db/schema/index.ts'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildDeal } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client, request } from '../../testing/factories.ts'
import { type MailServers, startMailServers } from '../../testing/mailservers.ts'

// Each Dovecot user is one member's mailbox; the SMTP server takes the same usernames and passwords.
const mailboxes = ['ann', 'bob', 'cid', 'dan', 'eve', 'fay', 'gus', 'hal'].map((username) => ({
  username,
  password: `pw-${username}-${randomBytes(6).toString('hex')}`,
}))
const password = (username: string) => mailboxes.find((m) => m.username === username)?.password ?? ''

let app: TestApp
let servers: MailServers

beforeAll(async () => {
  servers = await startMailServers(mailboxes)
  // The test servers listen on loopback, which the server refuses to reach unless told it may.
  app = await buildTestApp({ env: { ALLOW_PRIVATE_TARGETS: '127.0.0.1/32' } })
})
afterAll(async () => {
  await app?.close()
  await servers?.stop()
})

const settings = (username: string, overrides: Record<string, unknown> = {}) => ({
  ...servers.settingsFor({ username, password: password(username) }),
  ...overrides,
})

async function connect(client: Client, username: string) {
  const res = await request(app, client, 'PUT', '/api/mail/mailbox', settings(username))
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

const deliver = (username: string, lines: string[], body: string, folder = 'INBOX') =>
  servers.deliver({ username, password: password(username) }, lines, body, folder)
const folder = (username: string, path: string) => servers.folder({ username, password: password(username) }, path)
const smtpMessage = (subject: string) => servers.sent(subject)

/** A buyer the organization knows, and a deal with them, owned by `owner`. */
async function buyerDeal(owner: Client, email: string, dealOwnerId?: string) {
  const [client] = await app.database.db
    .insert(clients)
    .values({ organizationId: owner.user.organizationId, name: 'Bea Buyer', email, company: 'Acme' })
    .returning()
  if (!client) throw new Error('no client')
  const deal = await buildDeal(app, owner, {
    name: `Rollout for ${email}`,
    contactIds: [client.id],
    ...(dealOwnerId ? { ownerId: dealOwnerId } : {}),
  })
  return { client, deal }
}

describe('connecting a mailbox', () => {
  it('refuses a wrong password with a clear error, and saves nothing', async () => {
    const owner = await buildOwner(app)
    const res = await request(app, owner, 'PUT', '/api/mail/mailbox', settings('ann', { password: 'wrong' }))
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'mail_sign_in_failed', message: expect.stringContaining('refused the username or password') })
    expect((await request(app, owner, 'GET', '/api/mail/mailbox')).json()).toEqual({ mailbox: null })
  })

  it('refuses a server on a private address unless the operator allowed it', async () => {
    const guarded = await buildTestApp()
    try {
      const owner = await buildOwner(guarded)
      const res = await request(guarded, owner, 'PUT', '/api/mail/mailbox', settings('ann'))
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        code: 'mail_private_address',
        message: expect.stringContaining('127.0.0.1 is a private or local network address'),
      })
    } finally {
      await guarded.close()
    }
  })

  it('refuses an unreachable server and a malformed port', async () => {
    const owner = await buildOwner(app)
    const down = await request(app, owner, 'PUT', '/api/mail/mailbox', settings('ann', { imapPort: 1 }))
    expect(down.statusCode).toBe(400)
    expect(down.json().code).toBe('mail_unreachable')
    const bad = await request(app, owner, 'PUT', '/api/mail/mailbox', settings('ann', { imapPort: 70_000 }))
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain('Enter a port between 1 and 65535')
  })
})

describe('a connected mailbox', () => {
  it("shows a buyer's mail in /mail and on the deal, and sends a threaded reply through SMTP", async () => {
    const owner = await buildOwner(app, { name: 'Ann Seller' })
    const { client, deal } = await buyerDeal(owner, 'bea@buyer.test')
    const mailbox = await connect(owner, 'ann')
    expect(mailbox).toMatchObject({ email: 'ann@seller.test', imapHost: '127.0.0.1', lastError: null })
    expect(JSON.stringify(mailbox)).not.toContain(password('ann'))
    // At rest the password is only encrypted, as the CalDAV one is: the server needs it back to sign in, so not a hash.
    const [row] = await app.database.db.select().from(mailAccounts).where(eq(mailAccounts.id, mailbox.id))
    expect(row?.passwordEncrypted).toMatch(/^v1\./)
    expect(row?.passwordEncrypted).not.toContain(password('ann'))

    const uid = await deliver(
      'ann',
      [
        'From: Bea Buyer <bea@buyer.test>',
        'To: Ann Seller <ann@seller.test>',
        'Subject: Pricing for 40 seats',
        'Message-ID: <first-question@buyer.test>',
        'Date: Tue, 24 Nov 2026 09:30:00 +0000',
        'Content-Type: text/plain; charset=utf-8',
      ],
      'Hello Ann, what would 40 seats cost?',
    )
    await app.inbox.sync.readUpTo(mailbox.id, uid)

    const list = await request(app, owner, 'GET', '/api/mail/threads')
    expect(list.statusCode).toBe(200)
    const [thread] = list.json().threads
    expect(thread).toMatchObject({
      subject: 'Pricing for 40 seats',
      participants: [{ address: 'bea@buyer.test', name: 'Bea Buyer' }],
      snippet: 'Hello Ann, what would 40 seats cost?',
      labels: ['inbox'],
      client: { id: client.id, name: 'Bea Buyer' },
      deal: { id: deal.id, title: deal.name },
    })
    const timeline = (await request(app, owner, 'GET', `/api/deals/${deal.id}/activities`)).json().activities
    expect(timeline[0]).toMatchObject({ kind: 'email', data: { threadId: thread.id, direction: 'in', subject: 'Pricing for 40 seats' } })

    const reply = await request(app, owner, 'POST', '/api/mail/send', {
      threadId: thread.id,
      text: 'Hi Bea, 40 seats are 1,960 EUR a month.',
    })
    expect(reply.statusCode, reply.body).toBe(201)
    const sent = await smtpMessage('Re: Pricing for 40 seats')
    expect(sent.inReplyTo).toBe('<first-question@buyer.test>')
    expect(sent.references).toBe('<first-question@buyer.test>')
    expect(sent.from?.value).toEqual([{ name: 'Ann Seller', address: 'ann@seller.test' }])
    expect(sent.to && !Array.isArray(sent.to) ? sent.to.text : '').toBe('bea@buyer.test')
    expect(sent.text?.trim()).toBe('Hi Bea, 40 seats are 1,960 EUR a month.')
    expect(reply.json()).toMatchObject({ id: thread.id, labels: ['inbox', 'sent'], messageCount: 2, canReply: true })
    expect(reply.json().messages[1]).toMatchObject({ direction: 'out', messageId: sent.messageId })
    const after = (await request(app, owner, 'GET', `/api/deals/${deal.id}/activities`)).json().activities
    expect(after[0]).toMatchObject({ kind: 'email', actor: { id: owner.user.id }, data: { threadId: thread.id, direction: 'out' } })

    // Ann's own mail client shows the reply among what she sent, read, threaded like the one Bea received.
    const [copy, ...more] = await folder('ann', 'Sent')
    expect(more).toEqual([])
    expect(copy?.flags).toContain('\\Seen')
    expect(copy?.mail).toMatchObject({
      messageId: sent.messageId,
      inReplyTo: '<first-question@buyer.test>',
      references: '<first-question@buyer.test>',
      subject: 'Re: Pricing for 40 seats',
    })
    expect(copy?.mail.text?.trim()).toBe('Hi Bea, 40 seats are 1,960 EUR a month.')
    // The sync reads the copy back from Sent and keeps the message once.
    await app.inbox.sync.readUpTo(mailbox.id, copy?.uid ?? Number.MAX_SAFE_INTEGER, 'sent')
    expect((await request(app, owner, 'GET', `/api/mail/threads/${thread.id}`)).json().messageCount).toBe(2)

    // The buyer answers the reply: it joins the same thread, by its In-Reply-To.
    const answerUid = await deliver(
      'ann',
      [
        'From: bea@buyer.test',
        'To: ann@seller.test',
        'Subject: Re: Pricing for 40 seats',
        'Message-ID: <second@buyer.test>',
        `In-Reply-To: ${sent.messageId}`,
        `References: <first-question@buyer.test> ${sent.messageId}`,
      ],
      'Deal.',
    )
    await app.inbox.sync.readUpTo(mailbox.id, answerUid)
    const threads = (await request(app, owner, 'GET', '/api/mail/threads')).json().threads
    expect(threads).toHaveLength(1)
    expect(threads[0]).toMatchObject({ id: thread.id, messageCount: 3, snippet: 'Deal.' })
    expect((await request(app, owner, 'GET', '/api/mail/threads?label=sent')).json().threads.map((t: { id: string }) => t.id)).toEqual([
      thread.id,
    ])
  })

  it('sends a new email to a client, which starts a thread on their deal', async () => {
    const owner = await buildOwner(app, { name: 'Ann Seller' })
    const { deal } = await buyerDeal(owner, 'new@buyer.test')
    await connect(owner, 'ann')
    const missing = await request(app, owner, 'POST', '/api/mail/send', { to: ['new@buyer.test'], text: 'Hello' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toBe('subject: Write a subject')
    const badTo = await request(app, owner, 'POST', '/api/mail/send', { to: ['not an address'], subject: 'Hi', text: 'Hello' })
    expect(badTo.statusCode).toBe(400)
    const res = await request(app, owner, 'POST', '/api/mail/send', {
      to: ['new@buyer.test'],
      subject: 'Our proposal',
      text: 'Attached below.',
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ subject: 'Our proposal', labels: ['sent'], deal: { id: deal.id } })
    const sent = await smtpMessage('Our proposal')
    expect(sent.inReplyTo).toBeUndefined()
    expect(sent.to && !Array.isArray(sent.to) ? sent.to.text : '').toBe('new@buyer.test')
  })

  it('reads the Sent folder, so a reply sent from another mail client joins the thread, once', async () => {
    const owner = await buildOwner(app, { name: 'Ann Seller' })
    const { deal } = await buyerDeal(owner, 'sam@buyer.test')
    const mailbox = await connect(owner, 'ann')
    const question = await deliver(
      'ann',
      ['From: Sam <sam@buyer.test>', 'To: ann@seller.test', 'Subject: Onboarding', 'Message-ID: <onboarding@buyer.test>'],
      'When can we start?',
    )
    await app.inbox.sync.readUpTo(mailbox.id, question)
    // Ann answers from her phone: the answer is in her Sent folder only, sent from an alias.
    const answer = await deliver(
      'ann',
      [
        'From: Ann <sales@seller.test>',
        'To: sam@buyer.test',
        'Subject: Re: Onboarding',
        'Message-ID: <from-phone@seller.test>',
        'In-Reply-To: <onboarding@buyer.test>',
        'References: <onboarding@buyer.test>',
      ],
      'Monday works.',
      'Sent',
    )
    await app.inbox.sync.readUpTo(mailbox.id, answer, 'sent')
    const threads = (await request(app, owner, 'GET', '/api/mail/threads?label=sent')).json().threads
    const onboarding = threads.find((t: { subject: string }) => t.subject === 'Onboarding')
    expect(onboarding).toMatchObject({ messageCount: 2, labels: ['inbox', 'sent'], snippet: 'Monday works.', deal: { id: deal.id } })
    const messages = (await request(app, owner, 'GET', `/api/mail/threads/${onboarding.id}`)).json().messages
    expect(messages.map((m: { direction: string }) => m.direction)).toEqual(['in', 'out'])

    // She copied herself: the same message in INBOX and in Sent is one message of the thread.
    const lines = [
      'From: ann@seller.test',
      'To: sam@buyer.test, ann@seller.test',
      'Subject: Re: Onboarding',
      'Message-ID: <copied@seller.test>',
      'In-Reply-To: <from-phone@seller.test>',
    ]
    const inSent = await deliver('ann', lines, 'See you Monday.', 'Sent')
    const inInbox = await deliver('ann', lines, 'See you Monday.')
    await app.inbox.sync.readUpTo(mailbox.id, inSent, 'sent')
    await app.inbox.sync.readUpTo(mailbox.id, inInbox)
    const thread = (await request(app, owner, 'GET', `/api/mail/threads/${onboarding.id}`)).json()
    expect(thread.messages.map((m: { messageId: string }) => m.messageId)).toEqual([
      '<onboarding@buyer.test>',
      '<from-phone@seller.test>',
      '<copied@seller.test>',
    ])
    // Each folder resumes from its own last UID after a restart.
    await app.inbox.stop()
    const later = await deliver(
      'ann',
      [
        'From: ann@seller.test',
        'To: sam@buyer.test',
        'Subject: Re: Onboarding',
        'Message-ID: <later@seller.test>',
        'In-Reply-To: <copied@seller.test>',
      ],
      'One more thing.',
      'Sent',
    )
    await app.inbox.start()
    await app.inbox.sync.readUpTo(mailbox.id, later, 'sent')
    const resumed = (await request(app, owner, 'GET', `/api/mail/threads/${onboarding.id}`)).json()
    expect(resumed.messageCount).toBe(4)
  })

  it("keeps a message's attachments as files and its HTML sanitised, downloadable only by who may read the thread", async () => {
    const owner = await buildOwner(app, { name: 'Ann Seller' })
    const other = await buildMember(app, owner)
    await buyerDeal(owner, 'hal@buyer.test')
    const mailbox = await connect(owner, 'ann')
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
    const raw = await new MailComposer({
      from: 'Hal <hal@buyer.test>',
      to: 'ann@seller.test',
      subject: 'Signed quote',
      messageId: '<signed-quote@buyer.test>',
      text: 'The quote, signed.',
      html:
        '<p onclick="steal()">The quote, <b>signed</b>.<script>alert(1)</script></p><img src="https://tracker.test/open.gif">' +
        '<a href="https://buyer.test/portal">Portal</a><form action="https://evil.test"><input name="password"></form>',
      attachments: [
        { filename: 'quote.pdf', content: pdf, contentType: 'application/octet-stream' },
        // Markup a browser would run, whatever its name says: listed, never kept.
        { filename: 'logo.png', content: '<svg onload="alert(1)"></svg>', contentType: 'image/png' },
      ],
    })
      .compile()
      .build()
    const text = raw.toString()
    const split = text.indexOf('\r\n\r\n')
    const uid = await deliver('ann', text.slice(0, split).split('\r\n'), text.slice(split + 4))
    await app.inbox.sync.readUpTo(mailbox.id, uid)

    const [summary] = (await request(app, owner, 'GET', '/api/mail/threads'))
      .json()
      .threads.filter((t: { subject: string }) => t.subject === 'Signed quote')
    const [message] = (await request(app, owner, 'GET', `/api/mail/threads/${summary.id}`)).json().messages
    expect(message.html).toBe(
      '<p>The quote, <b>signed</b>.</p><img data-remote-src="https://tracker.test/open.gif" />' +
        '<a href="https://buyer.test/portal" target="_blank" rel="noopener noreferrer">Portal</a>',
    )
    expect(message.attachments).toEqual([
      { id: expect.any(String), name: 'quote.pdf', contentType: 'application/pdf', size: pdf.length, kept: true },
      { id: expect.any(String), name: 'logo.png', contentType: 'image/png', size: 29, kept: false },
    ])
    const [kept, refused] = message.attachments

    const download = await request(app, owner, 'GET', `/api/mail/attachments/${kept.id}`)
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('application/pdf')
    expect(download.headers['content-disposition']).toContain('attachment')
    expect(download.rawPayload.equals(pdf)).toBe(true)
    // The bytes count in the organization's storage, like any file of its library.
    const [usage] = await app.database.db
      .select({ bytes: sql<string>`coalesce(sum(${files.size}), 0)` })
      .from(files)
      .where(eq(files.organizationId, owner.user.organizationId))
    expect(Number(usage?.bytes)).toBe(pdf.length)

    const notKept = await request(app, owner, 'GET', `/api/mail/attachments/${refused.id}`)
    expect(notKept.statusCode).toBe(404)
    expect(notKept.json().message).toContain('not kept')
    // A colleague who may not read the thread cannot fetch its files either; nor can another organization.
    expect((await request(app, other, 'GET', `/api/mail/attachments/${kept.id}`)).statusCode).toBe(404)
    const stranger = await buildOwner(app)
    expect((await request(app, stranger, 'GET', `/api/mail/attachments/${kept.id}`)).statusCode).toBe(404)
    expect((await request(app, owner, 'GET', '/api/mail/attachments/not-an-id')).statusCode).toBe(400)
  })

  it("gives a client a timeline of their emails, deals and the team's messages, newest first", async () => {
    const owner = await buildOwner(app, { name: 'Ann Seller' })
    const other = await buildMember(app, owner)
    const { client, deal } = await buyerDeal(owner, 'tia@buyer.test')
    const posted = await request(app, owner, 'POST', `/api/clients/${client.id}/messages`, { body: 'Met Tia at the fair.' })
    expect(posted.statusCode, posted.body).toBe(201)
    const mailbox = await connect(owner, 'ann')
    const uid = await deliver(
      'ann',
      ['From: Tia <tia@buyer.test>', 'To: ann@seller.test', 'Subject: Budget approved', 'Message-ID: <budget@buyer.test>'],
      'We have the budget.',
    )
    await app.inbox.sync.readUpTo(mailbox.id, uid)
    const sent = await request(app, owner, 'POST', '/api/mail/send', {
      to: ['tia@buyer.test'],
      subject: 'Next steps',
      text: 'Contract attached soon.',
    })
    expect(sent.statusCode, sent.body).toBe(201)

    const res = await request(app, owner, 'GET', `/api/clients/${client.id}/timeline`)
    expect(res.statusCode).toBe(200)
    type Item = { kind: string; at: string; subject?: string }
    const items: Item[] = res.json().items
    // Newest first. An email's time is the IMAP server's arrival time, to the second, so within one second an email
    // may rightly come after a message posted a moment before it: the order is checked by the times given.
    const times = items.map((i) => Date.parse(i.at))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect(items.map((i) => i.kind).sort()).toEqual(['deal', 'email', 'email', 'message'])
    const find = (match: (i: Item) => boolean) => items.find(match)
    expect(find((i) => i.subject === 'Next steps')).toMatchObject({ direction: 'out', from: { address: 'ann@seller.test' } })
    expect(find((i) => i.subject === 'Budget approved')).toMatchObject({
      direction: 'in',
      from: { address: 'tia@buyer.test', name: 'Tia' },
    })
    expect(find((i) => i.kind === 'message')).toMatchObject({ author: 'Ann Seller', body: 'Met Tia at the fair.' })
    expect(find((i) => i.kind === 'deal')).toMatchObject({ id: deal.id, title: deal.name })

    // A colleague sees the client's deal and messages but not mail they may not read; another organization nothing.
    const theirs = (await request(app, other, 'GET', `/api/clients/${client.id}/timeline`)).json().items
    expect(theirs.map((i: { kind: string }) => i.kind)).toEqual(['message', 'deal'])
    const stranger = await buildOwner(app)
    const hidden = await request(app, stranger, 'GET', `/api/clients/${client.id}/timeline`)
    expect(hidden.statusCode).toBe(404)
    expect(hidden.json().message).toBe('Client not found')
  })

  it('uses the folder the server marks \\Sent, whatever its name, for copies and for the sync', async () => {
    const zed = { username: 'zed', password: `pw-zed-${randomBytes(6).toString('hex')}` }
    const marked = await startMailServers([zed], { sentFolder: 'Mailed out' })
    try {
      const owner = await buildOwner(app, { name: 'Zed Seller' })
      const res = await request(app, owner, 'PUT', '/api/mail/mailbox', marked.settingsFor(zed))
      expect(res.statusCode, res.body).toBe(200)
      const sent = await request(app, owner, 'POST', '/api/mail/send', { to: ['ivy@buyer.test'], subject: 'Hello Ivy', text: 'Hi.' })
      expect(sent.statusCode, sent.body).toBe(201)
      const [copy] = await marked.folder(zed, 'Mailed out')
      expect(copy?.mail.subject).toBe('Hello Ivy')
      // No folder named Sent was made beside it.
      expect(await marked.folder(zed, 'Sent')).toEqual([])
      const other = await marked.deliver(
        zed,
        ['From: zed@seller.test', 'To: ivy@buyer.test', 'Subject: From my phone', 'Message-ID: <phone@seller.test>'],
        'Sent elsewhere.',
        'Mailed out',
      )
      await app.inbox.sync.readUpTo(res.json().id, other, 'sent')
      const subjects = (await request(app, owner, 'GET', '/api/mail/threads?label=sent'))
        .json()
        .threads.map((t: { subject: string }) => t.subject)
      expect(subjects).toEqual(['From my phone', 'Hello Ivy'])
      await request(app, owner, 'DELETE', '/api/mail/mailbox')
    } finally {
      await marked.stop()
    }
  })

  it('lists an attachment the organization has no room for, without keeping it', async () => {
    // About 105 bytes of storage: room for one small PDF, not two.
    const small = await buildTestApp({ env: { ALLOW_PRIVATE_TARGETS: '127.0.0.1/32', FILES_STORAGE_LIMIT_MB: '0.0001' } })
    try {
      const owner = await buildOwner(small)
      const res = await request(small, owner, 'PUT', '/api/mail/mailbox', settings('eve'))
      expect(res.statusCode, res.body).toBe(200)
      const pdf = (n: number) => Buffer.from(`%PDF-1.4\n% copy ${n} ${'x'.repeat(30)}\ntrailer << /Root 1 0 R >>\n%%EOF\n`)
      const raw = (
        await new MailComposer({
          from: 'ops@buyer.test',
          to: 'eve@seller.test',
          subject: 'Two contracts',
          messageId: '<two-contracts@buyer.test>',
          text: 'Both attached.',
          attachments: [
            { filename: 'one.pdf', content: pdf(1) },
            { filename: 'two.pdf', content: pdf(2) },
          ],
        })
          .compile()
          .build()
      ).toString()
      const split = raw.indexOf('\r\n\r\n')
      const uid = await deliver('eve', raw.slice(0, split).split('\r\n'), raw.slice(split + 4))
      await small.inbox.sync.readUpTo(res.json().id, uid)
      const thread = (await request(small, owner, 'GET', '/api/mail/threads'))
        .json()
        .threads.find((t: { subject: string }) => t.subject === 'Two contracts')
      const [message] = (await request(small, owner, 'GET', `/api/mail/threads/${thread.id}`)).json().messages
      expect(message.attachments.map((a: { name: string; kept: boolean }) => [a.name, a.kept])).toEqual([
        ['one.pdf', true],
        ['two.pdf', false],
      ])
      await request(small, owner, 'DELETE', '/api/mail/mailbox')
    } finally {
      await small.close()
    }
  })

  it('resumes after a restart from the last UID it read, without reading a message twice', async () => {
    const owner = await buildOwner(app)
    const mailbox = await connect(owner, 'bob')
    const first = await deliver('bob', ['From: a@out.test', 'To: bob@seller.test', 'Subject: One', 'Message-ID: <one@out.test>'], 'one')
    await app.inbox.sync.readUpTo(mailbox.id, first)
    await app.inbox.stop()
    const second = await deliver('bob', ['From: a@out.test', 'To: bob@seller.test', 'Subject: Two', 'Message-ID: <two@out.test>'], 'two')
    await app.inbox.start()
    await app.inbox.sync.readUpTo(mailbox.id, second)
    const subjects = (await request(app, owner, 'GET', '/api/mail/threads')).json().threads.map((t: { subject: string }) => t.subject)
    expect(subjects).toEqual(['Two', 'One'])
    const saved = (await request(app, owner, 'GET', '/api/mail/mailbox')).json().mailbox
    expect(saved).toMatchObject({ lastError: null, lastSyncedAt: expect.any(String) })
  })

  it('reads a backlog of several batches after a restart, every message once', async () => {
    const owner = await buildOwner(app)
    const mailbox = await connect(owner, 'gus')
    const mail = (n: number) => ['From: a@out.test', 'To: gus@seller.test', `Subject: Backlog ${n}`, `Message-ID: <backlog-${n}@out.test>`]
    const first = await deliver('gus', mail(0), 'before the restart')
    await app.inbox.sync.readUpTo(mailbox.id, first)
    await app.inbox.stop()
    // More than two of the sync's batches (100) arrive while the server is down.
    const backlog = Array.from({ length: 230 }, (_, i) => ({ lines: mail(i + 1), body: `message ${i + 1}` }))
    const uids = [first, ...(await servers.deliverAll({ username: 'gus', password: password('gus') }, backlog))]
    await app.inbox.start()
    await app.inbox.sync.readUpTo(mailbox.id, uids.at(-1) ?? 0)
    const kept = await app.database.db
      .select({ uid: mailMessages.uid })
      .from(mailMessages)
      .where(eq(mailMessages.accountId, mailbox.id))
      .orderBy(mailMessages.uid)
    expect(kept.map((m) => m.uid)).toEqual(uids)
    // 230 messages put into the mailbox while the server is down, then read: a minute is ample on a loaded machine.
  }, 60_000)

  it('lists threads a page at a time, newest first, none skipped or repeated when several share a time', async () => {
    const owner = await buildOwner(app)
    const mailbox = await connect(owner, 'fay')
    // Five threads; three of them at the very same time, which only the id then orders.
    const dates = ['Mon, 2 Nov 2026 09:00:00 +0000', ...Array(3).fill('Mon, 2 Nov 2026 10:00:00 +0000'), 'Mon, 2 Nov 2026 11:00:00 +0000']
    let uid = 0
    for (const [n, date] of dates.entries()) {
      uid = await deliver(
        'fay',
        ['From: a@out.test', 'To: fay@seller.test', `Subject: Thread ${n + 1}`, `Message-ID: <page-${n}@out.test>`, `Date: ${date}`],
        `Body ${n + 1}`,
      )
    }
    await app.inbox.sync.readUpTo(mailbox.id, uid)
    const everything = (await request(app, owner, 'GET', '/api/mail/threads')).json()
    expect(everything.next).toBeNull()
    expect(everything.threads).toHaveLength(5)
    expect(everything.threads[0].subject).toBe('Thread 5')
    expect(everything.threads[4].subject).toBe('Thread 1')

    const paged: string[] = []
    let before: string | null = null
    const sizes: number[] = []
    do {
      const url: string = `/api/mail/threads?limit=2${before ? `&before=${encodeURIComponent(before)}` : ''}`
      const page = await request(app, owner, 'GET', url)
      expect(page.statusCode, page.body).toBe(200)
      const body = page.json() as { threads: { id: string }[]; next: string | null }
      sizes.push(body.threads.length)
      paged.push(...body.threads.map((t) => t.id))
      before = body.next
    } while (before)
    expect(sizes).toEqual([2, 2, 1])
    expect(paged).toEqual(everything.threads.map((t: { id: string }) => t.id))

    const bad = await request(app, owner, 'GET', '/api/mail/threads?before=yesterday')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('before: Use the next value of the previous page')
    expect((await request(app, owner, 'GET', '/api/mail/threads?limit=0')).statusCode).toBe(400)
  })

  it('sums up a long thread in the list as its page does: message count, latest text, each correspondent once', async () => {
    const owner = await buildOwner(app)
    const mailbox = await connect(owner, 'hal')
    // 300 long messages (a thread with a year of history), written as the sync keeps them.
    const organizationId = owner.user.organizationId
    const start = Date.parse('2026-10-01T09:00:00Z')
    const count = 300
    const [thread] = await app.database.db
      .insert(mailThreads)
      .values({ organizationId, accountId: mailbox.id, subject: 'Rollout', lastMessageAt: new Date(start + (count - 1) * 60_000) })
      .returning()
    if (!thread) throw new Error('no thread')
    const ann = { address: 'ann@buyer.test', name: 'Ann' }
    const hal = { address: mailbox.email, name: 'Hal' }
    await app.database.db.insert(mailMessages).values(
      Array.from({ length: count }, (_, i) => ({
        organizationId,
        accountId: mailbox.id,
        threadId: thread.id,
        messageId: `<long-${i}@buyer.test>`,
        from: i % 2 ? hal : ann,
        to: i % 2 ? [{ ...ann, name: 'Ann B.' }] : [hal],
        // Colleagues copied in later; Ann again under another name, who stays as she first appeared.
        cc:
          i === 120
            ? [
                { address: 'it@buyer.test', name: 'IT' },
                { address: 'ann@buyer.test', name: '' },
              ]
            : i === 250
              ? [{ address: 'cfo@buyer.test', name: 'CFO' }]
              : [],
        subject: 'Re: Rollout',
        text: `${i === count - 1 ? 'Signed,\n\n  see you   Monday.' : `Message ${i}`}\n\n${'> quoted line\n'.repeat(200)}`,
        direction: i % 2 ? ('out' as const) : ('in' as const),
        sentAt: new Date(start + i * 60_000),
      })),
    )
    const listed = (await request(app, owner, 'GET', '/api/mail/threads')).json().threads
    expect(listed).toHaveLength(1)
    expect(listed[0]).toMatchObject({
      messageCount: count,
      participants: [ann, { address: 'it@buyer.test', name: 'IT' }, { address: 'cfo@buyer.test', name: 'CFO' }],
      labels: ['inbox', 'sent'],
    })
    expect(listed[0].snippet).toMatch(/^Signed, see you Monday\. > quoted line > quoted line/)
    expect(listed[0].snippet).toHaveLength(160)
    // The same summary as the thread's own page, which reads every message.
    const { messages, canReply, ...page } = (await request(app, owner, 'GET', `/api/mail/threads/${thread.id}`)).json()
    expect(messages).toHaveLength(count)
    expect(listed[0]).toEqual(page)
  })

  it('shows a mailbox that stopped working with its error in settings, and keeps the server up', async () => {
    const owner = await buildOwner(app)
    const mailbox = await connect(owner, 'dan')
    // The server moved: the next sign-in fails, is recorded on the mailbox and tried again later.
    await app.database.db.update(mailAccounts).set({ imapPort: 1 }).where(eq(mailAccounts.id, mailbox.id))
    const failed = app.inbox.sync.readUpTo(mailbox.id, Number.MAX_SAFE_INTEGER)
    await app.inbox.sync.start(mailbox.id)
    await expect(failed).rejects.toThrow('Could not reach the IMAP server 127.0.0.1')
    const saved = (await request(app, owner, 'GET', '/api/mail/mailbox')).json().mailbox
    expect(saved.lastError).toContain('Could not reach the IMAP server 127.0.0.1')
    expect((await request(app, owner, 'GET', '/api/health')).statusCode).toBe(200)
    await request(app, owner, 'DELETE', '/api/mail/mailbox')
  })

  it("keeps a member out of another member's mailbox, except threads on deals they own; admins see all", async () => {
    const owner = await buildOwner(app)
    const writer = await buildMember(app, owner, { name: 'Cid' })
    const other = await buildMember(app, owner, { name: 'Dan' })
    const dealOwner = await buildMember(app, owner, { name: 'Eve' })
    await buyerDeal(owner, 'zed@buyer.test', dealOwner.user.id)
    const mailbox = await connect(writer, 'cid')
    const uid = await deliver(
      'cid',
      ['From: zed@buyer.test', 'To: cid@seller.test', 'Subject: Contract', 'Message-ID: <contract@buyer.test>'],
      'Signed.',
    )
    await app.inbox.sync.readUpTo(mailbox.id, uid)
    const [thread] = (await request(app, writer, 'GET', '/api/mail/threads')).json().threads
    expect(thread.subject).toBe('Contract')

    // Another member: nothing in their /mail, nothing in /mail/all, and the thread is not found.
    expect((await request(app, other, 'GET', '/api/mail/threads')).json().threads).toEqual([])
    expect((await request(app, other, 'GET', '/api/mail/threads?scope=all')).json().threads).toEqual([])
    expect((await request(app, other, 'GET', `/api/mail/threads/${thread.id}`)).statusCode).toBe(404)
    // Nor can they answer it from their own mailbox.
    await connect(other, 'dan')
    expect((await request(app, other, 'POST', '/api/mail/send', { threadId: thread.id, text: 'Hi' })).statusCode).toBe(404)

    // The deal's owner reads it in /mail/all (it is their buyer) but cannot answer from someone else's mailbox.
    const seen = (await request(app, dealOwner, 'GET', '/api/mail/threads?scope=all')).json().threads
    expect(seen.map((t: { id: string }) => t.id)).toEqual([thread.id])
    expect((await request(app, dealOwner, 'GET', `/api/mail/threads/${thread.id}`)).json()).toMatchObject({ canReply: false })
    // The owner sees every thread of the organization.
    const all = (await request(app, owner, 'GET', '/api/mail/threads?scope=all')).json().threads
    expect(all.map((t: { id: string }) => t.id)).toContain(thread.id)
    expect((await request(app, owner, 'GET', '/api/mail/threads')).json().threads).toEqual([])
  })

  it('shows the emails Closeroom sent to owners and admins only, and refuses sending without a mailbox', async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner)
    const emails = (await request(app, owner, 'GET', '/api/mail/closeroom')).json().emails
    expect(emails.map((e: { to: string }) => e.to)).toContain(member.user.email)
    expect((await request(app, member, 'GET', '/api/mail/closeroom')).statusCode).toBe(403)
    const res = await request(app, member, 'POST', '/api/mail/send', { to: ['x@buyer.test'], subject: 'Hi', text: 'Hello' })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('mail_not_connected')
  })

  it('lists the emails Closeroom sent a page at a time, newest first, each once', async () => {
    const owner = await buildOwner(app)
    for (let n = 0; n < 4; n++) await buildMember(app, owner)
    const everything = (await request(app, owner, 'GET', '/api/mail/closeroom')).json()
    expect(everything.next).toBeNull()
    expect(everything.emails.length).toBeGreaterThanOrEqual(4)
    const paged: string[] = []
    let before: string | null = null
    do {
      const url: string = `/api/mail/closeroom?limit=2${before ? `&before=${encodeURIComponent(before)}` : ''}`
      const page = await request(app, owner, 'GET', url)
      expect(page.statusCode, page.body).toBe(200)
      const body = page.json() as { emails: { id: string }[]; next: string | null }
      expect(body.emails.length).toBeLessThanOrEqual(2)
      paged.push(...body.emails.map((e) => e.id))
      before = body.next
    } while (before)
    expect(paged).toEqual(everything.emails.map((e: { id: string }) => e.id))
    expect((await request(app, owner, 'GET', '/api/mail/closeroom?before=soon')).statusCode).toBe(400)
  })
})
