import { z } from 'zod'
import { MESSAGES } from '../messages.ts'
import { httpsUrl } from '../rules.ts'
import { TimeZone } from './auth.ts'

export const OrganizationName = z.string().trim().min(1, { message: MESSAGES.nameRequired }).max(120)

/** The organization as its members see it. */
export const Organization = z.object({
  id: z.uuid(),
  name: z.string(),
  website: z.string().nullable(),
  logoUrl: z.string().nullable(),
  timeZone: z.string(),
  createdAt: z.string(),
})
export type Organization = z.infer<typeof Organization>

/** What owners and admins change in /admin-settings/account. An empty URL removes it. */
export const UpdateOrganization = z.object({ name: OrganizationName, website: httpsUrl, logoUrl: httpsUrl, timeZone: TimeZone }).partial()
export type UpdateOrganization = z.infer<typeof UpdateOrganization>
