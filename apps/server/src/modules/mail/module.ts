// Outgoing mail: the mailer and the templates every email is laid out with. Other modules use only this file.
export type { Attachment, Mailer } from './mailer.ts'
export * from './templates.ts'
