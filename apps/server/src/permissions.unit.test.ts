import type { Role } from '@closeroom/shared'
import { describe, expect, it } from 'vitest'
import { type Action, can } from './permissions.ts'

const person = (id: string, role: Role) => ({ id, role, organizationId: 'org' })
const owner = person('o', 'owner')
const admin = person('a', 'admin')
const member = person('m', 'member')
const otherOwner = person('o2', 'owner')
const otherAdmin = person('a2', 'admin')
const otherMember = person('m2', 'member')

describe('who may do what', () => {
  it.each<[string, boolean, ...Parameters<typeof can>]>([
    ['an owner invites an owner', true, owner, 'users.invite', 'owner'],
    ['an admin invites an admin', true, admin, 'users.invite', 'admin'],
    ['an admin invites an owner', false, admin, 'users.invite', 'owner'],
    ['a member invites a member', false, member, 'users.invite', 'member'],
    ['an admin edits a member', true, admin, 'users.update', otherMember],
    ['an admin edits an owner', false, admin, 'users.update', otherOwner],
    ['an owner edits an owner', true, owner, 'users.update', otherOwner],
    ['a member edits a member', false, member, 'users.update', otherMember],
    ['an owner makes an admin an owner', true, owner, 'users.setRole', otherAdmin, 'owner'],
    ['an owner changes their own role', false, owner, 'users.setRole', owner, 'member'],
    ['an admin makes a member an admin', true, admin, 'users.setRole', otherMember, 'admin'],
    ['an admin makes a member an owner', false, admin, 'users.setRole', otherMember, 'owner'],
    ['an admin demotes an owner', false, admin, 'users.setRole', otherOwner, 'member'],
    ['an admin demotes an admin', true, admin, 'users.setRole', otherAdmin, 'member'],
    ['a member promotes themselves', false, member, 'users.setRole', member, 'admin'],
    ['an owner deactivates an owner', true, owner, 'users.deactivate', otherOwner],
    ['an owner deactivates themselves', false, owner, 'users.deactivate', owner],
    ['an admin deactivates a member', true, admin, 'users.deactivate', otherMember],
    ['an admin deactivates an owner', false, admin, 'users.deactivate', otherOwner],
    ['a member deactivates a member', false, member, 'users.deactivate', otherMember],
    ['an admin manages teams', true, admin, 'teams.manage'],
    ['a member manages teams', false, member, 'teams.manage'],
    ['an owner reads the outbox', true, owner, 'outbox.read'],
    ['a member reads the outbox', false, member, 'outbox.read'],
  ] as [string, boolean, ...Parameters<typeof can>][])('%s: %s', (_, allowed, actor, action: Action, ...args) => {
    // The table mixes actions, so the per-action argument types are checked by the rows, not here.
    const check = can as (actor: unknown, action: Action, ...rest: unknown[]) => boolean
    expect(check(actor, action, ...args)).toBe(allowed)
  })
})
