// Outgoing mail: the mailer, the templates every email is laid out with, and the outbox. Other modules use only this file.
export type { Attachment, Mailer } from './mailer.ts'
export { listOutbox } from './outbox.ts'
export * from './templates.ts'
