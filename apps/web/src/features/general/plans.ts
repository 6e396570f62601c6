import { BILLING_PERIODS, type BillingPeriod, PAID_PLANS, type PaidPlan, PLAN_PRICES } from '@closeroom/shared'

export const PLAN_IDS = ['community', ...PAID_PLANS] as const
export type PlanId = (typeof PLAN_IDS)[number]

export const isPaidPlan = (value: string | null): value is PaidPlan => (PAID_PLANS as readonly string[]).includes(value ?? '')
export const isBillingPeriod = (value: string | null): value is BillingPeriod =>
  (BILLING_PERIODS as readonly string[]).includes(value ?? '')

/** How much less a month costs billed yearly, in whole percent: the smallest saving of any plan, so it holds for all. */
export function yearlySaving(): number {
  return Math.min(...PAID_PLANS.map((plan) => Math.round((1 - PLAN_PRICES[plan].yearly / PLAN_PRICES[plan].monthly) * 100)))
}

export const paymentPath = (plan: PaidPlan, period: BillingPeriod) => `/payment?plan=${plan}&period=${period}`
