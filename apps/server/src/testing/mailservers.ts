import { ImapFlow } from 'imapflow'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { type Dovecot, startDovecot } from './dovecot.ts'

export type Mailbox = { username: string; password: string }

/**
 * The mail servers a member's mailbox talks to, for tests: Dovecot (IMAP) with one user per mailbox, and an SMTP
 * server on loopback that takes the same usernames and passwords and keeps what it is sent.
 */
export async function startMailServers(mailboxes: Mailbox[]) {
  const dovecot: Dovecot = await startDovecot(mailboxes)
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

  return {
    dovecot,
    smtpPort: address.port,
    /** Delivers a message into a mailbox's INBOX as a mail server would, with IMAP APPEND; answers its UID. */
    async deliver(to: Mailbox, lines: string[], body: string): Promise<number> {
      const imap = new ImapFlow({
        host: dovecot.host,
        port: dovecot.port,
        secure: false,
        auth: { user: to.username, pass: to.password },
        logger: false,
      })
      await imap.connect()
      const appended = await imap.append('INBOX', `${lines.join('\r\n')}\r\n\r\n${body}\r\n`)
      await imap.logout()
      if (appended === false || !appended.uid) throw new Error('APPEND gave no UID')
      return appended.uid
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
