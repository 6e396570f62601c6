import { z } from 'zod'
import { PersonName, Role, User } from './auth.ts'
import { Email, Id } from './common.ts'
import { MemberAttributes } from './routing.ts'

export const InviteUser = z.object({ email: Email, name: PersonName.optional(), role: Role.default('member') })
export type InviteUser = z.infer<typeof InviteUser>

/** `attributes` replaces the person's routing attributes as a whole (`{}` clears them). */
export const UpdateUser = z.object({ name: PersonName, role: Role, active: z.boolean(), attributes: MemberAttributes }).partial()
export type UpdateUser = z.infer<typeof UpdateUser>

/** A person as the users screens show them: with the attributes routing matches buyers on (region, segment…). */
export const UserDetail = User.extend({ attributes: z.record(z.string(), z.array(z.string())) })
export type UserDetail = z.infer<typeof UserDetail>

export const UserList = z.object({ users: z.array(UserDetail) })

/** The organization's people with a live connection right now (user-online / user-offline keep it current). */
export const OnlineUsers = z.object({ online: z.array(z.object({ userId: Id, active: z.boolean() })) })
export type OnlineUsers = z.infer<typeof OnlineUsers>
