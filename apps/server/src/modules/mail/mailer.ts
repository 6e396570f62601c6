import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import type { Db } from '../../db/client.ts'
import { outboxEmails } from '../../db/schema/index.ts'

export type Email = {
  to: string
  subject: string
  text: string
  html?: string
  /** Whose outbox keeps it when no SMTP server is configured. */
  organizationId?: string | null
  attachments?: { filename: string; content: string; contentType: string }[]
}

export type Mailer = { send(email: Email): Promise<void> }

/**
 * Real SMTP when SMTP_URL is set. Otherwise nothing leaves the machine: messages go to the outbox table,
 * readable by the organization's admins, and to the log, so the embedded default still works end to end.
 */
export function createMailer(options: { db: Db; smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  const { db, smtpUrl, from, log } = options
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null
  return {
    async send(email) {
      if (transport) {
        await transport.sendMail({
          from,
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
          attachments: email.attachments,
        })
        return
      }
      await db.insert(outboxEmails).values({
        organizationId: email.organizationId ?? null,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html ?? null,
      })
      log.info({ to: email.to, subject: email.subject }, `email kept in the outbox (no SMTP_URL):\n${email.text}`)
    },
  }
}
