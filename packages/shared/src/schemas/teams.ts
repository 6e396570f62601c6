import { z } from 'zod'
import { MESSAGES } from '../messages.ts'
import { Id } from './common.ts'

export const TeamMember = z.object({ id: z.uuid(), name: z.string(), email: z.string(), avatarUrl: z.string().nullable() })

export const Team = z.object({
  id: z.uuid(),
  name: z.string(),
  members: z.array(TeamMember),
  createdAt: z.string(),
})
export type Team = z.infer<typeof Team>

const TeamName = z.string().trim().min(1, { message: MESSAGES.nameRequired }).max(120)
const MemberIds = z.array(Id).max(500)

export const CreateTeam = z.object({ name: TeamName, memberIds: MemberIds.optional() })
export type CreateTeam = z.infer<typeof CreateTeam>

export const UpdateTeam = z.object({ name: TeamName, memberIds: MemberIds }).partial()
export type UpdateTeam = z.infer<typeof UpdateTeam>

export const TeamList = z.object({ teams: z.array(Team) })
