import type { WebhookEventType } from '@closeroom/shared'
import { eq, inArray } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import { dealLines, deals, organizations, users } from '../../db/schema/index.ts'
import type { AutomationsModule } from '../automations/module.ts'
import type { DealsModule } from '../deals/module.ts'
import type { Mailer } from '../mail/module.ts'
import type { Notifications } from '../notifications/module.ts'
import type { WebhookEmit } from '../webhooks/module.ts'
import { completedEmail, declinedEmail, invitationEmail, reminderEmail, voidedEmail } from './emails.ts'
import { roomLinks } from './links.ts'
import type { AgreementNews } from './news.ts'
import type { AgreementRow, RecipientRow } from './present.ts'
import type { SigningTokens } from './tokens.ts'

export type Step = 'created' | 'sent' | 'opened' | 'signed' | 'approved' | 'declined' | 'voided' | 'expired' | 'completed'

type Deps = {
  db: Db
  appUrl: string
  mailer: Mailer
  tokens: SigningTokens
  news: AgreementNews
  deals: Pick<DealsModule, 'recordActivity'>
  notifications: Pick<Notifications, 'send'>
  automations: Pick<AutomationsModule, 'fire'>
  emit: WebhookEmit
  log: FastifyBaseLogger
}

/** The steps an endpoint can subscribe to; an approval, an opening or a draft stays inside the product. */
const HOOKS = {
  sent: 'agreement.sent',
  signed: 'agreement.signed',
  completed: 'agreement.completed',
  declined: 'agreement.declined',
} as const satisfies Partial<Record<Step, WebhookEventType>>

/**
 * What an agreement's step sets off outside its own tables, after the step is committed: emails to the people
 * whose turn it is, the deal's timeline, the agreement-signed notification, the 'agreement completed' rules and
 * the live update. A failure here is logged: the step itself has happened.
 */
export function createEffects({ db, appUrl, mailer, tokens, news, deals: pipeline, notifications, automations, emit, log }: Deps) {
  async function sender(row: AgreementRow) {
    const [found] = await db
      .select({ name: users.name, email: users.email, language: users.locale, organizationName: organizations.name })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .where(eq(users.id, row.ownerId))
    return found ?? { name: '', email: '', language: 'en' as const, organizationName: '' }
  }

  /** Their link, into the deal's sales room when it has a published one they may enter (they sign there). */
  async function invite(row: AgreementRow, recipients: RecipientRow[], kind: 'invitation' | 'reminder' = 'invitation') {
    if (recipients.length === 0) return
    const from = await sender(row)
    const inRoom = await roomLinks(db, tokens, row.dealId)
    for (const r of recipients) {
      const email = (kind === 'invitation' ? invitationEmail : reminderEmail)(r.language, {
        recipientName: r.name,
        role: r.role,
        senderName: from.name,
        organizationName: from.organizationName,
        title: row.title,
        url: inRoom(r) ?? tokens.urlOf(r.id),
      })
      await mailer.send({ to: r.email, ...email, organizationId: row.organizationId })
    }
  }

  async function completed(row: AgreementRow, recipients: RecipientRow[]) {
    const from = await sender(row)
    for (const r of recipients)
      await mailer.send({
        to: r.email,
        ...completedEmail(r.language, { recipientName: r.name, title: row.title, url: tokens.urlOf(r.id) }),
        organizationId: row.organizationId,
      })
    await mailer.send({
      to: from.email,
      ...completedEmail(from.language, { recipientName: from.name, title: row.title, url: `${appUrl}/agreements/${row.id}` }),
      organizationId: row.organizationId,
    })
  }

  async function voided(row: AgreementRow, recipients: RecipientRow[], reason: string) {
    const from = await sender(row)
    for (const r of recipients)
      await mailer.send({
        to: r.email,
        ...voidedEmail(r.language, { recipientName: r.name, title: row.title, senderName: from.name, reason, url: tokens.urlOf(r.id) }),
        organizationId: row.organizationId,
      })
  }

  async function declined(row: AgreementRow, by: RecipientRow, reason: string) {
    const from = await sender(row)
    await mailer.send({
      to: from.email,
      ...declinedEmail(from.language, {
        senderName: from.name,
        recipientName: by.name,
        title: row.title,
        reason,
        url: `${appUrl}/agreements/${row.id}`,
      }),
      organizationId: row.organizationId,
    })
  }

  /**
   * The sender and the deal's owner hear that someone signed or approved, as their preferences say: one kind
   * (agreement-signed, one preference) whose `step` says which, so an approval reads "approved".
   */
  async function signed(row: AgreementRow, by: RecipientRow) {
    const step = by.status === 'approved' ? 'approved' : 'signed'
    const people = new Set([row.ownerId])
    if (row.dealId) {
      const [deal] = await db.select({ ownerId: deals.ownerId }).from(deals).where(eq(deals.id, row.dealId))
      if (deal) people.add(deal.ownerId)
    }
    for (const userId of people)
      await notifications.send(
        { userId, kind: 'agreement-signed', data: { name: by.name, title: row.title, step }, url: `/agreements/${row.id}` },
        { agreementId: row.id, dealId: row.dealId },
      )
  }

  /** Each product on the deal's lines sets off its own 'agreement completed' rules (moving the deal to won, say). */
  async function fireCompleted(row: AgreementRow) {
    if (!row.dealId) return
    const lines = await db
      .select({ productId: dealLines.productId })
      .from(dealLines)
      .where(inArray(dealLines.dealId, [row.dealId]))
    for (const productId of new Set(lines.map((l) => l.productId)))
      await automations.fire({
        organizationId: row.organizationId,
        productId,
        trigger: 'agreement_completed',
        event: { dealId: row.dealId },
      })
  }

  /** The step on the deal's timeline, the live update, and what the step itself asks for. */
  async function after(
    row: AgreementRow,
    step: Step,
    who: { userId?: string | null; name: string },
    work: () => Promise<void> = async () => undefined,
  ) {
    news.changed(row)
    const hook = HOOKS[step as keyof typeof HOOKS]
    if (hook)
      await emit(row.organizationId, hook, {
        id: row.id,
        title: row.title,
        status: row.status,
        dealId: row.dealId,
        by: { name: who.name },
      })
    try {
      if (row.dealId)
        await pipeline.recordActivity({
          organizationId: row.organizationId,
          dealId: row.dealId,
          kind: 'agreement',
          actorId: who.userId ?? null,
          data: { agreementId: row.id, title: row.title, step, by: who.name },
        })
      await work()
    } catch (error) {
      log.error({ err: error, agreementId: row.id, step }, 'an agreement step’s follow-ups failed')
    }
  }

  return { after, invite, completed, voided, declined, signed, fireCompleted }
}

export type Effects = ReturnType<typeof createEffects>
