import type { Role } from '@closeroom/shared'
import { Forbidden } from './http/errors.ts'

type Actor = { id: string; role: Role; organizationId: string }
type Target = { id: string; role: Role }

/**
 * Who may do what inside an organization, in one table. Services call `authorize`; the organization
 * boundary itself is enforced by scoping every query, so these rules only rank people of one organization.
 */
const rules = {
  'users.invite': (actor: Actor, role?: Role) => isAdmin(actor) && (role !== 'owner' || actor.role === 'owner'),
  'users.update': (actor: Actor, target?: Target) => isAdmin(actor) && (target?.role !== 'owner' || actor.role === 'owner'),
  'users.setRole': (actor: Actor, target?: Target, role?: Role) =>
    isAdmin(actor) && actor.id !== target?.id && (actor.role === 'owner' || (target?.role !== 'owner' && role !== 'owner')),
  'users.deactivate': (actor: Actor, target?: Target) =>
    isAdmin(actor) && actor.id !== target?.id && (target?.role !== 'owner' || actor.role === 'owner'),
  'teams.manage': (actor: Actor) => isAdmin(actor),
  'outbox.read': (actor: Actor) => isAdmin(actor),
  'organization.update': (actor: Actor) => isAdmin(actor),
  'pipeline.manage': (actor: Actor) => isAdmin(actor),
  'products.manage': (actor: Actor) => isAdmin(actor),
  'landing.manage': (actor: Actor) => isAdmin(actor),
  // Any member edits any deal of the organization (a sales team works together); deleting is for its owner and admins.
  'deals.delete': (actor: Actor, deal?: { ownerId: string }) => isAdmin(actor) || deal?.ownerId === actor.id,
  'clients.delete': (actor: Actor) => isAdmin(actor),
  'messages.edit': (actor: Actor, message?: { authorId: string }) => message?.authorId === actor.id,
  'messages.delete': (actor: Actor, message?: { authorId: string }) => isAdmin(actor) || message?.authorId === actor.id,
} as const

export type Action = keyof typeof rules

function isAdmin(actor: Actor) {
  return actor.role === 'owner' || actor.role === 'admin'
}

export function can<A extends Action>(actor: Actor, action: A, ...args: DropFirst<Parameters<(typeof rules)[A]>>): boolean {
  return (rules[action] as (actor: Actor, ...rest: unknown[]) => boolean)(actor, ...args)
}

const messages: Record<Action, string> = {
  'users.invite': 'Only owners and admins can invite users; only owners can invite owners',
  'users.update': 'Only owners and admins can edit users; only owners can edit owners',
  'users.setRole': "Only owners and admins can change roles; nobody changes their own role, and only owners grant or remove 'owner'",
  'users.deactivate': 'Only owners and admins can deactivate users; nobody deactivates themselves, and only owners deactivate owners',
  'teams.manage': 'Only owners and admins can manage teams',
  'outbox.read': 'Only owners and admins can read the outbox',
  'organization.update': "Only owners and admins can change the organization's settings",
  'pipeline.manage': 'Only owners and admins can change the pipeline',
  'products.manage': 'Only owners and admins can manage products',
  'landing.manage': 'Only owners and admins can manage landing pages',
  'deals.delete': "Only owners, admins and the deal's owner can delete a deal",
  'clients.delete': 'Only owners and admins can delete clients',
  'messages.edit': 'Only its author can edit a message',
  'messages.delete': 'Only its author, owners and admins can delete a message',
}

export function authorize<A extends Action>(actor: Actor, action: A, ...args: DropFirst<Parameters<(typeof rules)[A]>>): void {
  if (!can(actor, action, ...args)) throw Forbidden(messages[action])
}

type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never
