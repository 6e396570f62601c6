import type { ContactMessage } from '@closeroom/shared'
import type { FastifyBaseLogger } from 'fastify'
import type { Mailer } from '../mail/module.ts'
import { contactEmail } from './email.ts'

/**
 * Hands a visitor's message to the instance's operator: by email to CONTACT_EMAIL, with Reply-To set to the
 * visitor so that answering is one click. An instance without CONTACT_EMAIL keeps the message in its log.
 */
export function createContactService({ mailer, to, log }: { mailer: Mailer; to?: string; log: FastifyBaseLogger }) {
  return {
    async send(message: ContactMessage): Promise<void> {
      const email = contactEmail(message)
      if (!to) {
        log.info({ contact: message }, `contact message (no CONTACT_EMAIL to send it to): ${email.subject}\n${email.text}`)
        return
      }
      await mailer.send({ to, replyTo: message.email, ...email })
    },
  }
}

export type ContactService = ReturnType<typeof createContactService>
