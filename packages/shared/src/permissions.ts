import type { Role } from './schemas/auth.ts'

export type Actor = { id: string; role: Role }
type Target = { id: string; role: Role }
type EventTypeOwnership = { teamId: string | null; ownerId: string }

/**
 * Who may do what inside an organization, in one table: the server enforces it (`authorize`) and the web app
 * asks it before showing a control, so the two cannot disagree. The organization boundary itself is enforced
 * by scoping every query on the server, so these rules only rank people of one organization.
 */
const rules = {
  'users.invite': (actor: Actor, role?: Role) => isAdmin(actor) && (role !== 'owner' || actor.role === 'owner'),
  'users.update': (actor: Actor, target?: Target) => isAdmin(actor) && (target?.role !== 'owner' || actor.role === 'owner'),
  'users.setRole': (actor: Actor, target?: Target, role?: Role) =>
    isAdmin(actor) && actor.id !== target?.id && (actor.role === 'owner' || (target?.role !== 'owner' && role !== 'owner')),
  'users.deactivate': (actor: Actor, target?: Target) =>
    isAdmin(actor) && actor.id !== target?.id && (target?.role !== 'owner' || actor.role === 'owner'),
  // Attributes decide which buyers reach whom: like a role, they are set by admins, not by the person routed.
  'users.setAttributes': (actor: Actor, target?: Target) => isAdmin(actor) && (target?.role !== 'owner' || actor.role === 'owner'),
  'teams.manage': (actor: Actor) => isAdmin(actor),
  'outbox.read': (actor: Actor) => isAdmin(actor),
  // /mail/all: owners and admins read every member's mail threads; a member their own and those on deals they own.
  'mail.readAll': (actor: Actor) => isAdmin(actor),
  'organization.update': (actor: Actor) => isAdmin(actor),
  // The walkthrough after signing up sets up a new organization, which only its owner has just created.
  'organization.setUp': (actor: Actor) => actor.role === 'owner',
  // The admin settings area gathers the pages of organization.update and pipeline.manage.
  'adminSettings.open': (actor: Actor) => isAdmin(actor),
  'pipeline.manage': (actor: Actor) => isAdmin(actor),
  // An endpoint receives every chosen event of the whole organization (clients, deals, bookings): admins add them.
  'webhooks.manage': (actor: Actor) => isAdmin(actor),
  // An export holds everything the organization owns (every client, deal, agreement): admins ask for and download it.
  'exports.manage': (actor: Actor) => isAdmin(actor),
  'products.manage': (actor: Actor) => isAdmin(actor),
  'landing.manage': (actor: Actor) => isAdmin(actor),
  // Any member builds routing forms; changing one is for whoever made it and the admins.
  'routings.manage': (actor: Actor, form?: { ownerId: string }) => isAdmin(actor) || form?.ownerId === actor.id,
  // Any member writes posts; changing, publishing or deleting one is for its author and the admins, since a
  // published post speaks for the organization in public.
  'posts.manage': (actor: Actor, post?: { authorId: string | null }) => isAdmin(actor) || (!!post && post.authorId === actor.id),
  // Any member edits any deal of the organization (a sales team works together); deleting is for its owner and admins.
  'deals.delete': (actor: Actor, deal?: { ownerId: string }) => isAdmin(actor) || deal?.ownerId === actor.id,
  'clients.delete': (actor: Actor) => isAdmin(actor),
  'messages.edit': (actor: Actor, message?: { authorId: string }) => message?.authorId === actor.id,
  'messages.delete': (actor: Actor, message?: { authorId: string }) => isAdmin(actor) || message?.authorId === actor.id,
  // A comment left on a recording is its author's alone: an admin does not delete it either.
  'recordingComments.delete': (actor: Actor, comment?: { authorId: string | null }) => comment?.authorId === actor.id,
  // A recipient's link acts as them: the agreement's sender and the owners and admins see it, not every member
  // who reads the agreement.
  'agreements.seeLinks': (actor: Actor, agreement?: { ownerId: string }) => isAdmin(actor) || agreement?.ownerId === actor.id,
  // Anyone may prepare and send an agreement for a deal, as they edit it; calling off one out for signature tells
  // its signers it is void, which is for its sender and the admins.
  'agreements.void': (actor: Actor, agreement?: { ownerId: string }) => isAdmin(actor) || agreement?.ownerId === actor.id,
  // Any member drafts and sends invoices (they see every deal); recording a payment or voiding an invoice is
  // bookkeeping, for owners and admins, as are the numbering and the seller's details printed on every invoice.
  'invoices.settle': (actor: Actor) => isAdmin(actor),
  'invoices.configure': (actor: Actor) => isAdmin(actor),
  // A member sees and handles the bookings they take part in; owners and admins those of everyone.
  'bookings.readAll': (actor: Actor) => isAdmin(actor),
  // A member's dashboards show their own figures; owners and admins see anyone's, or a team's, or everyone's.
  'insights.readOthers': (actor: Actor) => isAdmin(actor),
  // Quotas, the reporting currency and its rates are what everyone is measured against: admins set them.
  'insights.manage': (actor: Actor) => isAdmin(actor),
  // Team event types belong to owners and admins, who also see every team's; a personal one to its owner alone.
  'eventTypes.manageTeam': (actor: Actor) => isAdmin(actor),
  'eventTypes.manage': (actor: Actor, eventType?: EventTypeOwnership) =>
    eventType?.teamId ? isAdmin(actor) : eventType?.ownerId === actor.id,
} as const

export type Action = keyof typeof rules
export type ActionArgs<A extends Action> = DropFirst<Parameters<(typeof rules)[A]>>

function isAdmin(actor: Actor) {
  return actor.role === 'owner' || actor.role === 'admin'
}

/** Whether the actor may do this; nobody signed in may do nothing. */
export function can<A extends Action>(actor: Actor | null | undefined, action: A, ...args: ActionArgs<A>): boolean {
  return !!actor && (rules[action] as (actor: Actor, ...rest: unknown[]) => boolean)(actor, ...args)
}

const TEAM_EVENT_TYPES_REFUSAL = 'Only owners and admins can manage team event types'

const refusals: { [A in Action]: string | ((...args: ActionArgs<A>) => string) } = {
  'users.invite': 'Only owners and admins can invite users; only owners can invite owners',
  'users.update': 'Only owners and admins can edit users; only owners can edit owners',
  'users.setRole': "Only owners and admins can change roles; nobody changes their own role, and only owners grant or remove 'owner'",
  'users.deactivate': 'Only owners and admins can deactivate users; nobody deactivates themselves, and only owners deactivate owners',
  'users.setAttributes': "Only owners and admins can set people's routing attributes; only owners set an owner's",
  'teams.manage': 'Only owners and admins can manage teams',
  'outbox.read': 'Only owners and admins can read the outbox',
  'mail.readAll': "Only owners and admins can read every member's mail",
  'organization.update': "Only owners and admins can change the organization's settings",
  'organization.setUp': 'Only owners can set up the organization',
  'adminSettings.open': "Only owners and admins can open the organization's settings",
  'pipeline.manage': 'Only owners and admins can change the pipeline',
  'webhooks.manage': 'Only owners and admins can manage webhooks',
  'exports.manage': "Only owners and admins can export the organization's data",
  'products.manage': 'Only owners and admins can manage products',
  'landing.manage': 'Only owners and admins can manage landing pages',
  'routings.manage': "Only the form's owner, owners and admins can change a routing form",
  'posts.manage': "Only the post's author, owners and admins can change, publish or delete a post",
  'deals.delete': "Only owners, admins and the deal's owner can delete a deal",
  'clients.delete': 'Only owners and admins can delete clients',
  'messages.edit': 'Only its author can edit a message',
  'messages.delete': 'Only its author, owners and admins can delete a message',
  'recordingComments.delete': 'You can only delete your own comments',
  'agreements.seeLinks': "Only the agreement's sender, owners and admins can see the recipients' links",
  'agreements.void': "Only the agreement's sender, owners and admins can void it",
  'invoices.settle': 'Only owners and admins can mark an invoice paid or void it',
  'invoices.configure': 'Only owners and admins can change the invoicing settings',
  'bookings.readAll': "Only owners and admins can see other members' bookings",
  'insights.readOthers': "Only owners and admins can see other members' or teams' figures",
  'insights.manage': 'Only owners and admins can set quotas, the reporting currency and exchange rates',
  'eventTypes.manageTeam': TEAM_EVENT_TYPES_REFUSAL,
  'eventTypes.manage': (eventType) => (eventType?.teamId ? TEAM_EVENT_TYPES_REFUSAL : 'Only its owner can change this event type'),
}

/** The sentence a refused person reads: who may do this. */
export function refusalMessage<A extends Action>(action: A, ...args: ActionArgs<A>): string {
  const refusal = refusals[action] as string | ((...rest: unknown[]) => string)
  return typeof refusal === 'string' ? refusal : refusal(...args)
}

type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never
