import { getCountries } from 'libphonenumber-js'
import { z } from 'zod'
import { MESSAGES, SEATS_MAX } from '../messages.ts'
import { PersonName } from './auth.ts'
import { Email } from './common.ts'

// What the public pages send to the instance's operator through POST /api/public/contact: a message from
// the contact page, a purchase request from the payment page, or a "notify me" from a coming-soon page.

/** Topics a visitor picks on the contact page. */
export const CONTACT_TOPICS = ['sales', 'support', 'partnership', 'press', 'other'] as const
export type ContactTopic = (typeof CONTACT_TOPICS)[number]

/** The plans sold on top of the free self-hosted edition: support (and help hosting), per seat. */
export const PAID_PLANS = ['team', 'enterprise'] as const
export type PaidPlan = (typeof PAID_PLANS)[number]
export const BILLING_PERIODS = ['monthly', 'yearly'] as const
export type BillingPeriod = (typeof BILLING_PERIODS)[number]

/** Price of one seat for one month, in minor units of PLAN_CURRENCY; yearly billing costs less per month. */
export const PLAN_PRICES: Record<PaidPlan, Record<BillingPeriod, number>> = {
  team: { monthly: 1200, yearly: 1000 },
  enterprise: { monthly: 2900, yearly: 2400 },
}
export const PLAN_CURRENCY = 'USD'

/** What one billing period costs, in minor units: per month when monthly, for twelve months when yearly. */
export function planTotal(plan: PaidPlan, period: BillingPeriod, seats: number): number {
  return PLAN_PRICES[plan][period] * seats * (period === 'yearly' ? 12 : 1)
}

/** Features announced on a coming-soon page, whose release people can ask to hear about. */
export const UPCOMING_FEATURES = ['mobile-apps'] as const

/** ISO 3166 codes of the countries and territories a buyer can be billed in. */
export const COUNTRIES: readonly string[] = getCountries()

export const MESSAGE_MAX_LENGTH = 5000

const Company = z.string().trim().max(120)
const Seats = z
  .number({ error: MESSAGES.seats })
  .int({ error: MESSAGES.seats })
  .min(1, { error: MESSAGES.seats })
  .max(SEATS_MAX, { error: MESSAGES.seats })

/** A message from the contact page. */
export const GeneralMessage = z.object({
  topic: z.enum(CONTACT_TOPICS, { error: MESSAGES.topic }),
  name: PersonName,
  email: Email,
  company: Company.optional(),
  message: z.string().trim().min(1, { error: MESSAGES.message }).max(MESSAGE_MAX_LENGTH),
})
export type GeneralMessage = z.infer<typeof GeneralMessage>

/** A request to buy a paid plan: the team answers with an invoice, no card is taken. */
export const PurchaseRequest = z.object({
  topic: z.literal('purchase'),
  plan: z.enum(PAID_PLANS, { error: MESSAGES.plan }),
  period: z.enum(BILLING_PERIODS),
  seats: Seats,
  name: PersonName,
  email: Email,
  company: Company.min(1, { error: MESSAGES.company }),
  country: z.string().refine((code) => COUNTRIES.includes(code), { error: MESSAGES.country }),
  /** Anything the invoice needs: a purchase order number, a tax id. */
  message: z.string().trim().max(MESSAGE_MAX_LENGTH).optional(),
})
export type PurchaseRequest = z.infer<typeof PurchaseRequest>

/** Someone who wants to hear when an upcoming feature is released. */
export const NotifyRequest = z.object({
  topic: z.literal('notify'),
  email: Email,
  feature: z.enum(UPCOMING_FEATURES),
})
export type NotifyRequest = z.infer<typeof NotifyRequest>

/** Everything POST /api/public/contact accepts; the topic says which kind it is. */
export const ContactMessage = z.discriminatedUnion('topic', [GeneralMessage, PurchaseRequest, NotifyRequest])
export type ContactMessage = z.infer<typeof ContactMessage>
