import { z } from 'zod'
import { ROLES } from '../constants.ts'

/** Days of sign-in activity the overview charts. */
export const OVERVIEW_DAYS = 14

/** The organization at a glance, for the home page's cards and charts. */
export const Overview = z.object({
  people: z.object({
    byRole: z.record(z.enum(ROLES), z.number().int()),
    active: z.number().int(),
    invited: z.number().int(),
    deactivated: z.number().int(),
  }),
  teams: z.number().int(),
  /** One entry per day, oldest first, in the caller's time zone: how many sign-ins the organization had. */
  signIns: z.array(z.object({ day: z.string(), count: z.number().int() })),
})
export type Overview = z.infer<typeof Overview>
