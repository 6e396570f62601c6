import { ImapFlow } from 'imapflow'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { type Dovecot, startDovecot } from './dovecot.ts'

export type Mailbox = { username: string; password: string }

/**
 * The mail servers a member's mailbox talks to, for tests: Dovecot (IMAP) with one user per mailbox, and an SMTP
 * server on loopback that takes the same usernames and passwords and keeps what it is sent.
 */
export async function startMailServers(mailboxes: Mailbox[], options: { sentFolder?: string } = {}) {
  const dovecot: Dovecot = await startDovecot(mailboxes, options)
  const received: ParsedMail[] = []
  const waiters: (() => void)[] = []
  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, done) {
      if (mailboxes.some((m) => m.username === auth.username && m.password === auth.password)) return done(null, { user: auth.username })
      done(new Error('Invalid username or password'))
    },
    onData(stream, _session, done) {
      simpleParser(stream).then((mail) => {
        received.push(mail)
        for (const wake of waiters.splice(0)) wake()
        done()
      }, done)
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const address = smtp.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')

  const open = async (mailbox: Mailbox) => {
    const imap = new ImapFlow({
      host: dovecot.host,
      port: dovecot.port,
      secure: false,
      auth: { user: mailbox.username, pass: mailbox.password },
      logger: false,
    })
    await imap.connect()
    return imap
  }

  return {
    dovecot,
    smtpPort: address.port,
    /** What a member types in /settings/connected-apps for one of these mailboxes: both servers here, no TLS. */
    settingsFor(mailbox: Mailbox, email = `${mailbox.username}@seller.test`) {
      return {
        email,
        imapHost: dovecot.host,
        imapPort: dovecot.port,
        imapTls: false,
        smtpHost: '127.0.0.1',
        smtpPort: address.port,
        smtpTls: false,
        username: mailbox.username,
        password: mailbox.password,
      }
    },
    /**
     * Puts a message into a mailbox's folder with IMAP APPEND: into INBOX as a mail server delivers it, or into
     * Sent as the member's other mail client keeps what they sent (the folder is created when missing). Answers
     * its UID.
     */
    async deliver(to: Mailbox, lines: string[], body: string, folder = 'INBOX'): Promise<number> {
      const imap = await open(to)
      try {
        if (folder !== 'INBOX') await imap.mailboxCreate(folder).catch(() => undefined)
        const appended = await imap.append(folder, `${lines.join('\r\n')}\r\n\r\n${body}\r\n`)
        if (appended === false || !appended.uid) throw new Error('APPEND gave no UID')
        return appended.uid
      } finally {
        await imap.logout()
      }
    },
    /** Puts several messages into INBOX over one IMAP connection, in order (a backlog): answers their UIDs. */
    async deliverAll(to: Mailbox, messages: { lines: string[]; body: string }[]): Promise<number[]> {
      const imap = await open(to)
      try {
        const uids: number[] = []
        for (const { lines, body } of messages) {
          const appended = await imap.append('INBOX', `${lines.join('\r\n')}\r\n\r\n${body}\r\n`)
          if (appended === false || !appended.uid) throw new Error('APPEND gave no UID')
          uids.push(appended.uid)
        }
        return uids
      } finally {
        await imap.logout()
      }
    },
    /** What a folder of a mailbox holds, as the member's own mail client would read it: each message and its flags. */
    async folder(of: Mailbox, path: string): Promise<{ uid: number; flags: string[]; mail: ParsedMail }[]> {
      const imap = await open(of)
      try {
        const folders = await imap.list()
        if (!folders.some((f) => f.path === path)) return []
        const lock = await imap.getMailboxLock(path)
        try {
          const found: { uid: number; flags: string[]; source: Buffer }[] = []
          if (imap.mailbox && imap.mailbox.exists > 0)
            for await (const m of imap.fetch('1:*', { uid: true, flags: true, source: true }))
              if (m.source) found.push({ uid: m.uid, flags: [...(m.flags ?? [])], source: m.source })
          return Promise.all(found.map(async (m) => ({ uid: m.uid, flags: m.flags, mail: await simpleParser(m.source) })))
        } finally {
          lock.release()
        }
      } finally {
        await imap.logout()
      }
    },
    /** The message the SMTP server received with this subject, once it has. */
    async sent(subject: string): Promise<ParsedMail> {
      for (;;) {
        const mail = received.find((m) => m.subject === subject)
        if (mail) return mail
        await new Promise<void>((resolve) => waiters.push(resolve))
      }
    },
    async stop() {
      await dovecot.stop()
      await new Promise<void>((resolve) => smtp.close(resolve))
    },
  }
}

export type MailServers = Awaited<ReturnType<typeof startMailServers>>
