import type { AutomationAction, AutomationNotification } from '@closeroom/shared'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { automationRules, deals, teamMembers, teams, users } from '../../db/schema/index.ts'
import type { ClientsModule } from '../clients/module.ts'
import type { DealsModule } from '../deals/module.ts'
import type { Mailer } from '../mail/module.ts'
import type { Notifications } from '../notifications/module.ts'

/** A rule could not do its work for a reason its owner can fix: logged on the run, never retried. */
export class ActionFailed extends Error {}

/** What a run knows as it goes: the rule, its product, the event, and the deal once it has one. */
export type RunContext = {
  organizationId: string
  rule: { id: string; name: string }
  product: { id: string; name: string; price: number; currency: string }
  event: Record<string, string | null>
  dealId: string | null
}

type Deps = {
  db: Db
  mailer: Mailer
  notifications: Pick<Notifications, 'send'>
  deals: Pick<DealsModule, 'stage' | 'open' | 'moveToStage' | 'assignOwner'>
  clients: Pick<ClientsModule, 'has' | 'findOrCreateByEmail'>
}

const PLACEHOLDERS = /\{\{\s*(name|email|company|product|deal)\s*\}\}/g

/** The four things a rule can do. Each returns what it did, in words for the run's log, or throws ActionFailed. */
export function createActions({ db, mailer, notifications, deals: pipeline, clients }: Deps) {
  async function dealOf(ctx: RunContext) {
    if (!ctx.dealId) return undefined
    const [deal] = await db
      .select()
      .from(deals)
      .where(and(eq(deals.id, ctx.dealId), eq(deals.organizationId, ctx.organizationId)))
    if (!deal) throw new ActionFailed('The deal of this run no longer exists')
    return deal
  }

  /** The client the event names, or the first with its email address, or a new one. */
  async function clientFor(ctx: RunContext): Promise<string | null> {
    const { clientId, email, name, company } = ctx.event
    if (clientId && (await clients.has(ctx.organizationId, clientId))) return clientId
    if (!email) return null
    return clients.findOrCreateByEmail(ctx.organizationId, { email, name: name || email, company: company ?? '' })
  }

  /** A new deal starts with the organization's first owner; an assign_owner action after it hands it on. */
  async function defaultOwner(organizationId: string) {
    const [owner] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.organizationId, organizationId), eq(users.status, 'active')))
      .orderBy(sql`${users.role} = 'owner' desc`, asc(users.createdAt))
      .limit(1)
    if (!owner) throw new ActionFailed('The organization has no active member to own the deal')
    return owner.id
  }

  async function createDeal(action: Extract<AutomationAction, { type: 'create_deal' }>, ctx: RunContext): Promise<string> {
    const stage = await pipeline.stage(ctx.organizationId, action.stageId)
    if (!stage) throw new ActionFailed('The stage of this action no longer exists: choose another one in the rule')
    const existing = await dealOf(ctx)
    // The talk-to-sales form made a deal already: the rule moves it rather than making a second.
    if (existing) {
      if (existing.stageId === stage.id) return `Deal '${existing.name}' is already in ${stage.name}`
      await pipeline.moveToStage({ organizationId: ctx.organizationId, dealId: existing.id, stageId: stage.id, actorId: null })
      return `Moved deal '${existing.name}' to ${stage.name}`
    }

    const { company, name, email } = ctx.event
    const dealName = `${company || name || email || ctx.product.name} — ${ctx.product.name}`
    const ownerId = await defaultOwner(ctx.organizationId)
    const deal = await pipeline.open({
      organizationId: ctx.organizationId,
      name: dealName,
      company: company ?? '',
      ownerId,
      stageId: stage.id,
      clientId: await clientFor(ctx),
      product: ctx.product,
      origin: { automation: ctx.rule.name },
    })
    ctx.dealId = deal.id
    return `Created deal '${dealName}' in ${stage.name}`
  }

  /** Round robin in name order: the rule's counter goes up by one in a single UPDATE, so two runs at once never take the same turn. */
  async function assignOwner(action: Extract<AutomationAction, { type: 'assign_owner' }>, ctx: RunContext): Promise<string> {
    const deal = await dealOf(ctx)
    if (!deal) throw new ActionFailed("There is no deal to assign: put 'Create a deal' before this action")
    const [team] = await db
      .select({ name: teams.name })
      .from(teams)
      .where(and(eq(teams.id, action.teamId), eq(teams.organizationId, ctx.organizationId)))
    if (!team) throw new ActionFailed('The team of this action no longer exists: choose another one in the rule')
    const members = await db
      .select({ id: users.id, name: users.name })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, action.teamId), eq(users.status, 'active')))
      .orderBy(asc(users.name), asc(users.id))
    if (members.length === 0) throw new ActionFailed(`Team ${team.name} has no active members`)
    const [turn] = await db
      .update(automationRules)
      .set({ assigned: sql`${automationRules.assigned} + 1` })
      .where(eq(automationRules.id, ctx.rule.id))
      .returning({ assigned: automationRules.assigned })
    const owner = members[((turn?.assigned ?? 1) - 1) % members.length] as (typeof members)[number]
    if (owner.id !== deal.ownerId)
      await pipeline.assignOwner({ organizationId: ctx.organizationId, dealId: deal.id, ownerId: owner.id, actorId: null })
    return `Assigned deal '${deal.name}' to ${owner.name} (team ${team.name})`
  }

  /** {{name}} and the others, from the event, the product and the run's deal; text stays text. */
  async function fill(template: string, ctx: RunContext) {
    const deal = ctx.dealId ? await dealOf(ctx).catch(() => undefined) : undefined
    const values: Record<string, string> = {
      name: ctx.event.name ?? '',
      email: ctx.event.email ?? '',
      company: ctx.event.company ?? '',
      product: ctx.product.name,
      deal: deal?.name ?? '',
    }
    return template.replace(PLACEHOLDERS, (_, key: string) => values[key] ?? '')
  }

  async function sendEmail(action: Extract<AutomationAction, { type: 'send_email' }>, ctx: RunContext): Promise<string> {
    const to = ctx.event.email
    if (!to) throw new ActionFailed('This event has no email address to write to')
    // A name with a line break must not become a second header line.
    const subject = (await fill(action.subject, ctx)).replace(/[\r\n]+/g, ' ')
    await mailer.send({ to, subject, text: await fill(action.body, ctx), organizationId: ctx.organizationId })
    return `Sent '${subject}' to ${to}`
  }

  async function notify(action: Extract<AutomationAction, { type: 'notify' }>, ctx: RunContext): Promise<string> {
    const [user] = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.id, action.userId), eq(users.organizationId, ctx.organizationId), eq(users.status, 'active')))
    if (!user) throw new ActionFailed('The person to notify is no longer an active member: choose another one in the rule')
    const notification: AutomationNotification = {
      type: 'automation-notify',
      message: await fill(action.message, ctx),
      ruleName: ctx.rule.name,
      productId: ctx.product.id,
      productName: ctx.product.name,
      dealId: ctx.dealId,
    }
    await notifications.send(
      {
        userId: user.id,
        kind: 'automation',
        data: { message: notification.message, rule: ctx.rule.name, product: ctx.product.name },
        url: ctx.dealId ? `/deals/${ctx.dealId}` : `/products/${ctx.product.id}/automations`,
      },
      notification,
    )
    return `Notified ${user.name}`
  }

  function run(action: AutomationAction, ctx: RunContext): Promise<string> {
    switch (action.type) {
      case 'create_deal':
        return createDeal(action, ctx)
      case 'assign_owner':
        return assignOwner(action, ctx)
      case 'send_email':
        return sendEmail(action, ctx)
      case 'notify':
        return notify(action, ctx)
    }
  }

  return { run }
}

export type Actions = ReturnType<typeof createActions>
