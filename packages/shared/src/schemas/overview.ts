import { z } from 'zod'
import type { Role } from './auth.ts'

/** Days of sign-in activity the overview charts. */
export const OVERVIEW_DAYS = 14

const count = z.number().int()

/** The organization at a glance, for the home page's cards and charts. */
export const Overview = z.object({
  people: z.object({
    // An object of every role rather than a record keyed by the roles: OpenAPI types a record's keys as any string.
    byRole: z.object({ owner: count, admin: count, member: count } satisfies Record<Role, typeof count>),
    active: z.number().int(),
    invited: z.number().int(),
    deactivated: z.number().int(),
  }),
  teams: z.number().int(),
  /** One entry per day, oldest first, in the caller's time zone: how many sign-ins the organization had. */
  signIns: z.array(z.object({ day: z.string(), count: z.number().int() })),
})
export type Overview = z.infer<typeof Overview>
