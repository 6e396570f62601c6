import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import { outboxEmails } from '../../db/schema/index.ts'
import type { Jobs } from '../../jobs/queue.ts'

export type Email = {
  to: string
  subject: string
  text: string
  html?: string
  /** Where an answer goes, when not to the sender (a visitor's own address on a contact message). */
  replyTo?: string
  /** Files sent along, e.g. a calendar invitation (text/calendar; method=REQUEST). */
  attachments?: Attachment[]
  /** Whose outbox keeps it when no SMTP server is configured. */
  organizationId?: string | null
}

/** `content` is text, or the file's bytes in base64 when `encoding` says so (a PDF). */
export type Attachment = { filename: string; contentType: string; content: string; encoding?: 'base64' }

export type Mailer = { send(email: Email): Promise<void> }

const SEND_EMAIL = 'send-email'

/**
 * With SMTP_URL, an email is a job: the request that caused it answers at once, and a slow or
 * unreachable SMTP server means retries with backoff, not a failed sign-up. Without SMTP_URL nothing
 * leaves the machine: the message is only in the outbox and the log, so the embedded default still works
 * end to end. Either way the outbox records it.
 */
export async function createMailer(options: {
  db: Db
  jobs: Jobs
  smtpUrl?: string
  from: string
  log: FastifyBaseLogger
}): Promise<Mailer> {
  const { db, jobs, smtpUrl, from, log } = options
  // Every email is recorded in the organization's outbox, whichever way it leaves: its admins see what
  // Closeroom sent for them ("Sent by Closeroom" in /mail) with or without an SMTP server.
  const record = (email: Email) =>
    db.insert(outboxEmails).values({
      organizationId: email.organizationId ?? null,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html ?? null,
      attachments: email.attachments ?? [],
    })
  if (!smtpUrl) {
    return {
      async send(email) {
        await record(email)
        log.info({ to: email.to, subject: email.subject }, `email kept in the outbox (no SMTP_URL):\n${email.text}`)
      },
    }
  }

  // Imported only with an SMTP server to send through: the default start keeps every email in the outbox.
  const { default: nodemailer } = await import('nodemailer')
  const transport = nodemailer.createTransport(smtpUrl)
  await jobs.createQueue(SEND_EMAIL, { retryLimit: 8, retryDelay: 15, retryBackoff: true, expireInSeconds: 120 })
  await jobs.work<Email>(SEND_EMAIL, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
    if (!job) return
    const { to, subject, text, html, replyTo, attachments } = job.data
    await transport.sendMail({ from, to, subject, text, html, replyTo, attachments })
  })
  return {
    async send(email) {
      await jobs.send(SEND_EMAIL, email)
      await record(email)
    },
  }
}
