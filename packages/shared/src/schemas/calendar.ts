import { z } from 'zod'

// Calendar feeds: the connections themselves (CalDAV) are in booking.ts with the rest of the booking contract.

/** The signed-in user's secret ICS address, for any calendar app to subscribe to. */
export const CalendarFeed = z.object({ feedUrl: z.string() })
export type CalendarFeed = z.infer<typeof CalendarFeed>

/** A feed's token, as its address carries it (optionally ending in .ics); an unknown one answers 404. */
export const CalendarFeedParams = z.object({ token: z.string().max(100) })
