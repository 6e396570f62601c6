import { z } from 'zod'
import { PersonName, Role, User } from './auth.ts'
import { Email, Id } from './common.ts'

export const InviteUser = z.object({ email: Email, name: PersonName.optional(), role: Role.default('member') })
export type InviteUser = z.infer<typeof InviteUser>

export const UpdateUser = z.object({ name: PersonName, role: Role, active: z.boolean() }).partial()
export type UpdateUser = z.infer<typeof UpdateUser>

export const UserList = z.object({ users: z.array(User) })

/** The organization's people with a live connection right now (user-online / user-offline keep it current). */
export const OnlineUsers = z.object({ online: z.array(z.object({ userId: Id, active: z.boolean() })) })
export type OnlineUsers = z.infer<typeof OnlineUsers>
