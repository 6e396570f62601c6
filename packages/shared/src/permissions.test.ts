import { describe, expect, it } from 'vitest'
import { type Action, can, refusalMessage } from './permissions.ts'
import type { Role } from './schemas/auth.ts'

const person = (id: string, role: Role) => ({ id, role })
const owner = person('o', 'owner')
const admin = person('a', 'admin')
const member = person('m', 'member')
const otherOwner = person('o2', 'owner')
const otherAdmin = person('a2', 'admin')
const otherMember = person('m2', 'member')

type Row = [string, boolean, ...Parameters<typeof can>]

describe('who may do what', () => {
  it.each<Row>([
    // Inviting: owners and admins invite; only owners invite owners.
    ['an owner invites an owner', true, owner, 'users.invite', 'owner'],
    ['an owner invites an admin', true, owner, 'users.invite', 'admin'],
    ['an owner invites a member', true, owner, 'users.invite', 'member'],
    ['an admin invites an owner', false, admin, 'users.invite', 'owner'],
    ['an admin invites an admin', true, admin, 'users.invite', 'admin'],
    ['an admin invites a member', true, admin, 'users.invite', 'member'],
    ['a member invites an owner', false, member, 'users.invite', 'owner'],
    ['a member invites an admin', false, member, 'users.invite', 'admin'],
    ['a member invites a member', false, member, 'users.invite', 'member'],

    // Editing someone: owners edit anyone; admins edit anyone but owners; members edit nobody.
    ['an owner edits an owner', true, owner, 'users.update', otherOwner],
    ['an owner edits an admin', true, owner, 'users.update', otherAdmin],
    ['an owner edits a member', true, owner, 'users.update', otherMember],
    ['an admin edits an owner', false, admin, 'users.update', otherOwner],
    ['an admin edits an admin', true, admin, 'users.update', otherAdmin],
    ['an admin edits a member', true, admin, 'users.update', otherMember],
    ['a member edits an owner', false, member, 'users.update', otherOwner],
    ['a member edits an admin', false, member, 'users.update', otherAdmin],
    ['a member edits a member', false, member, 'users.update', otherMember],

    // Roles: nobody changes their own; only owners grant or remove 'owner'.
    ['an owner makes an admin an owner', true, owner, 'users.setRole', otherAdmin, 'owner'],
    ['an owner makes a member an admin', true, owner, 'users.setRole', otherMember, 'admin'],
    ['an owner demotes an owner', true, owner, 'users.setRole', otherOwner, 'member'],
    ['an owner demotes an admin', true, owner, 'users.setRole', otherAdmin, 'member'],
    ['an owner changes their own role', false, owner, 'users.setRole', owner, 'member'],
    ['an admin makes a member an admin', true, admin, 'users.setRole', otherMember, 'admin'],
    ['an admin demotes an admin', true, admin, 'users.setRole', otherAdmin, 'member'],
    ['an admin makes a member an owner', false, admin, 'users.setRole', otherMember, 'owner'],
    ['an admin makes an admin an owner', false, admin, 'users.setRole', otherAdmin, 'owner'],
    ['an admin demotes an owner', false, admin, 'users.setRole', otherOwner, 'member'],
    ['an admin makes an owner an admin', false, admin, 'users.setRole', otherOwner, 'admin'],
    ['an admin makes themselves an owner', false, admin, 'users.setRole', admin, 'owner'],
    ['an admin makes themselves a member', false, admin, 'users.setRole', admin, 'member'],
    ['a member makes a member an admin', false, member, 'users.setRole', otherMember, 'admin'],
    ['a member demotes an admin', false, member, 'users.setRole', otherAdmin, 'member'],
    ['a member promotes themselves', false, member, 'users.setRole', member, 'admin'],

    // Deactivating (and reactivating): nobody themselves; only owners touch owners.
    ['an owner deactivates an owner', true, owner, 'users.deactivate', otherOwner],
    ['an owner deactivates an admin', true, owner, 'users.deactivate', otherAdmin],
    ['an owner deactivates a member', true, owner, 'users.deactivate', otherMember],
    ['an owner deactivates themselves', false, owner, 'users.deactivate', owner],
    ['an admin deactivates an owner', false, admin, 'users.deactivate', otherOwner],
    ['an admin deactivates an admin', true, admin, 'users.deactivate', otherAdmin],
    ['an admin deactivates a member', true, admin, 'users.deactivate', otherMember],
    ['an admin deactivates themselves', false, admin, 'users.deactivate', admin],
    ['a member deactivates an admin', false, member, 'users.deactivate', otherAdmin],
    ['a member deactivates a member', false, member, 'users.deactivate', otherMember],
    ['a member deactivates themselves', false, member, 'users.deactivate', member],

    // Routing attributes: owners and admins set them, their own too; only owners set an owner's; a member not even their own.
    ["an owner sets an owner's attributes", true, owner, 'users.setAttributes', otherOwner],
    ["an admin sets a member's attributes", true, admin, 'users.setAttributes', otherMember],
    ['an admin sets their own attributes', true, admin, 'users.setAttributes', admin],
    ["an admin sets an owner's attributes", false, admin, 'users.setAttributes', otherOwner],
    ['a member sets their own attributes', false, member, 'users.setAttributes', member],
    ["a member sets a member's attributes", false, member, 'users.setAttributes', otherMember],

    // Teams and the outbox: owners and admins.
    ['an owner manages teams', true, owner, 'teams.manage'],
    ['an admin manages teams', true, admin, 'teams.manage'],
    ['a member manages teams', false, member, 'teams.manage'],
    ['an owner reads the outbox', true, owner, 'outbox.read'],
    ['an admin reads the outbox', true, admin, 'outbox.read'],
    ['a member reads the outbox', false, member, 'outbox.read'],
    ['an admin reads every mail thread', true, admin, 'mail.readAll'],
    ['a member reads every mail thread', false, member, 'mail.readAll'],

    // The pipeline and products: owners and admins; deals: anyone edits, the owner of the deal or an admin deletes.
    ['an owner changes the pipeline', true, owner, 'pipeline.manage'],
    ['an admin changes the pipeline', true, admin, 'pipeline.manage'],
    ['a member changes the pipeline', false, member, 'pipeline.manage'],
    ['an owner manages products', true, owner, 'products.manage'],
    ['an admin manages products', true, admin, 'products.manage'],
    ['a member manages products', false, member, 'products.manage'],
    ["an owner deletes a member's deal", true, owner, 'deals.delete', { ownerId: member.id }],
    ["an admin deletes a member's deal", true, admin, 'deals.delete', { ownerId: member.id }],
    ['a member deletes their own deal', true, member, 'deals.delete', { ownerId: member.id }],
    ["a member deletes a teammate's deal", false, member, 'deals.delete', { ownerId: otherMember.id }],
    ['an admin deletes a client', true, admin, 'clients.delete'],
    ['a member deletes a client', false, member, 'clients.delete'],
    ['a member edits their own message', true, member, 'messages.edit', { authorId: member.id }],
    ["an owner edits a member's message", false, owner, 'messages.edit', { authorId: member.id }],
    ["an admin deletes a member's message", true, admin, 'messages.delete', { authorId: member.id }],
    ['a member deletes their own message', true, member, 'messages.delete', { authorId: member.id }],
    ["a member deletes a teammate's message", false, member, 'messages.delete', { authorId: otherMember.id }],

    // The organization's settings: owners and admins change them; only an owner walks through setting it up.
    ['an owner changes the organization', true, owner, 'organization.update'],
    ['an admin changes the organization', true, admin, 'organization.update'],
    ['a member changes the organization', false, member, 'organization.update'],
    ['an owner opens the admin settings', true, owner, 'adminSettings.open'],
    ['an admin opens the admin settings', true, admin, 'adminSettings.open'],
    ['a member opens the admin settings', false, member, 'adminSettings.open'],
    ['an owner sets up the organization', true, owner, 'organization.setUp'],
    ['an admin sets up the organization', false, admin, 'organization.setUp'],
    ['a member sets up the organization', false, member, 'organization.setUp'],
    ['an owner manages landing pages', true, owner, 'landing.manage'],
    ['an admin manages landing pages', true, admin, 'landing.manage'],
    ['a member manages landing pages', false, member, 'landing.manage'],
    ["an admin changes a member's routing form", true, admin, 'routings.manage', { ownerId: member.id }],
    ['a member changes their own routing form', true, member, 'routings.manage', { ownerId: member.id }],
    ["a member changes a teammate's routing form", false, member, 'routings.manage', { ownerId: otherMember.id }],
    ["an admin publishes a member's post", true, admin, 'posts.manage', { authorId: member.id }],
    ['a member publishes their own post', true, member, 'posts.manage', { authorId: member.id }],
    ["a member changes a teammate's post", false, member, 'posts.manage', { authorId: otherMember.id }],
    ['a member changes a post whose author left', false, member, 'posts.manage', { authorId: null }],
    ['an owner deletes a client', true, owner, 'clients.delete'],

    // Comments on a recording: their author alone deletes them, whatever the roles.
    ['a member deletes their own comment', true, member, 'recordingComments.delete', { authorId: member.id }],
    ["an owner deletes a member's comment", false, owner, 'recordingComments.delete', { authorId: member.id }],
    ['an admin deletes a comment whose author was removed', false, admin, 'recordingComments.delete', { authorId: null }],

    // Recipients' links: the agreement's sender, owners and admins.
    ["an owner sees the links of a member's agreement", true, owner, 'agreements.seeLinks', { ownerId: member.id }],
    ["an admin sees the links of a member's agreement", true, admin, 'agreements.seeLinks', { ownerId: member.id }],
    ['a member sees the links of the agreement they sent', true, member, 'agreements.seeLinks', { ownerId: member.id }],
    ["a member sees the links of a teammate's agreement", false, member, 'agreements.seeLinks', { ownerId: otherMember.id }],

    // Bookings: a member sees the ones they take part in; owners and admins everyone's.
    ['an owner marks an invoice paid or voids it', true, owner, 'invoices.settle'],
    ['an admin marks an invoice paid or voids it', true, admin, 'invoices.settle'],
    ['a member does not mark an invoice paid or void it', false, member, 'invoices.settle'],
    ['an admin sets the invoice numbering and seller details', true, admin, 'invoices.configure'],
    ['a member does not set the invoice numbering', false, member, 'invoices.configure'],
    ["an owner sees everyone's bookings", true, owner, 'bookings.readAll'],
    ["an admin sees everyone's bookings", true, admin, 'bookings.readAll'],
    ["a member sees everyone's bookings", false, member, 'bookings.readAll'],

    // Event types: team ones are for owners and admins; a personal one for its owner alone, whatever their role.
    ['an owner manages team event types', true, owner, 'eventTypes.manageTeam'],
    ['an admin manages team event types', true, admin, 'eventTypes.manageTeam'],
    ['a member manages team event types', false, member, 'eventTypes.manageTeam'],
    ["an owner edits a team's event type", true, owner, 'eventTypes.manage', { teamId: 't', ownerId: member.id }],
    ["an admin edits a team's event type", true, admin, 'eventTypes.manage', { teamId: 't', ownerId: owner.id }],
    ["a member edits their team's event type they created", false, member, 'eventTypes.manage', { teamId: 't', ownerId: member.id }],
    ['a member edits their own event type', true, member, 'eventTypes.manage', { teamId: null, ownerId: member.id }],
    ["an owner edits a member's own event type", false, owner, 'eventTypes.manage', { teamId: null, ownerId: member.id }],
    ["an admin edits a member's own event type", false, admin, 'eventTypes.manage', { teamId: null, ownerId: member.id }],

    // Self-edits: the service lets anyone rename themselves without asking; the rule itself ranks roles only.
    ['an owner edits themselves', true, owner, 'users.update', owner],
    ['an admin edits themselves', true, admin, 'users.update', admin],
    ['an owner makes a member an owner', true, owner, 'users.setRole', otherMember, 'owner'],
    ['an owner makes an owner an admin', true, owner, 'users.setRole', otherOwner, 'admin'],
    ['an owner makes themselves an admin', false, owner, 'users.setRole', owner, 'admin'],
  ])('%s: %s', (_, allowed, actor, action: Action, ...args) => {
    // The table mixes actions, so the per-action argument types are checked by the rows, not here.
    const check = can as (actor: unknown, action: Action, ...rest: unknown[]) => boolean
    expect(check(actor, action, ...args)).toBe(allowed)
  })

  it.each<Action>(['teams.manage', 'messages.edit', 'deals.delete'])('nobody signed in may %s', (action) => {
    const check = can as (actor: unknown, action: Action, ...rest: unknown[]) => boolean
    expect(check(null, action, { ownerId: 'm', authorId: 'm' })).toBe(false)
  })
})

describe('what a refused person is told', () => {
  it.each<[string, Parameters<typeof can>, string]>([
    [
      'an admin inviting an owner',
      [admin, 'users.invite', 'owner'],
      'Only owners and admins can invite users; only owners can invite owners',
    ],
    [
      'an admin renaming an owner',
      [admin, 'users.update', otherOwner],
      'Only owners and admins can edit users; only owners can edit owners',
    ],
    [
      'an admin granting owner',
      [admin, 'users.setRole', otherMember, 'owner'],
      "Only owners and admins can change roles; nobody changes their own role, and only owners grant or remove 'owner'",
    ],
    [
      'an owner deactivating themselves',
      [owner, 'users.deactivate', owner],
      'Only owners and admins can deactivate users; nobody deactivates themselves, and only owners deactivate owners',
    ],
    ['a member managing teams', [member, 'teams.manage'], 'Only owners and admins can manage teams'],
    ['a member reading the outbox', [member, 'outbox.read'], 'Only owners and admins can read the outbox'],
    ['a member adding a stage', [member, 'pipeline.manage'], 'Only owners and admins can change the pipeline'],
    ['a member editing a product', [member, 'products.manage'], 'Only owners and admins can manage products'],
    [
      "a member deleting a teammate's deal",
      [member, 'deals.delete', { ownerId: otherMember.id }],
      "Only owners, admins and the deal's owner can delete a deal",
    ],
    [
      "a member editing their team's event type",
      [member, 'eventTypes.manage', { teamId: 't', ownerId: member.id }],
      'Only owners and admins can manage team event types',
    ],
    [
      "an admin editing a member's own event type",
      [admin, 'eventTypes.manage', { teamId: null, ownerId: member.id }],
      'Only its owner can change this event type',
    ],
    [
      "an owner deleting a member's comment on a recording",
      [owner, 'recordingComments.delete', { authorId: member.id }],
      'You can only delete your own comments',
    ],
  ])('%s is refused with a sentence saying who may', (_, [actor, action, ...args], message) => {
    // As in the table above, each row's argument types are checked where the row is written.
    const check = can as (actor: unknown, action: Action, ...rest: unknown[]) => boolean
    const explain = refusalMessage as (action: Action, ...rest: unknown[]) => string
    expect(check(actor, action, ...args)).toBe(false)
    expect(explain(action, ...args)).toBe(message)
  })
})
