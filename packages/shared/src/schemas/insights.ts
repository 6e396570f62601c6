import { z } from 'zod'
import { TimeZone } from './auth.ts'
import { IsoDate } from './booking.ts'
import { Id } from './common.ts'
import { Currency, MinorAmount, Person } from './deals.ts'

// The dashboards ("insights") a sales manager runs the week on. Every figure is computed in SQL over the
// caller's organization; a member sees their own figures, owners and admins everyone's (or one member's or
// one team's). Days, weeks and months are the viewer's, in the `tz` zone. Money is never mixed silently:
// amounts come per currency, plus a total converted into the reporting currency when the organization has
// set one, flagged `converted: true`. Every figure carries a `drill` key: GET /api/insights/records?key=…
// answers the records behind it.

export const INSIGHTS_LIMITS = {
  /** The longest period one request may cover, in days (from and to included). */
  maxRangeDays: 731,
  maxPageSize: 100,
  maxDrillKeyLength: 2000,
  maxQuotas: 2000,
  maxRates: 200,
  maxReasonLength: 200,
} as const

/** A deal without any activity for this many days needs its owner (home page). */
export const STALE_DEAL_DAYS = 14
/** Open deals in stages of at least this probability (percent) make the forecast's commit. */
export const COMMIT_PROBABILITY = 70
/** How many deals the home page lists as needing the person; the drill key lists them all. */
export const HOME_LIST_SIZE = 10

// ---- Shared pieces ----

/** An opaque key naming the records behind one figure, to pass to GET /api/insights/records. */
export const DrillKey = z.string().min(1).max(INSIGHTS_LIMITS.maxDrillKeyLength)

export const CurrencyAmount = z.object({ currency: z.string(), amount: z.number().int() })
export type CurrencyAmount = z.infer<typeof CurrencyAmount>

/**
 * A total in the organization's reporting currency: each currency's amount times the organization's rate,
 * rounded once to the reporting currency's minor unit. Currencies without a rate are left out and listed.
 */
export const ConvertedAmount = z.object({
  currency: z.string(),
  amount: z.number().int(),
  converted: z.literal(true),
  /** Currencies present in `amounts` that have no rate, hence are not in `amount`. */
  missingRates: z.array(z.string()),
})
export type ConvertedAmount = z.infer<typeof ConvertedAmount>

/** Money: one amount per currency (largest first), and the converted total or null when no reporting currency is set. */
export const Money = z.object({ amounts: z.array(CurrencyAmount), converted: ConvertedAmount.nullable() })
export type Money = z.infer<typeof Money>

/** A count with the key to its records. */
export const CountFigure = z.object({ count: z.number().int(), drill: DrillKey })
export type CountFigure = z.infer<typeof CountFigure>

/** A count and its money (deals), with the key to its records. */
export const DealsFigure = z.object({ count: z.number().int(), value: Money, drill: DrillKey })
export type DealsFigure = z.infer<typeof DealsFigure>

/** The dates a period covers, both included, in `timeZone`. */
export const Period = z.object({ from: IsoDate, to: IsoDate })
export type Period = z.infer<typeof Period>

/** Whose figures: everyone's (both null, admins only), one member's, or one team's members'. */
export const InsightsScope = z.object({ ownerId: Id.nullable(), teamId: Id.nullable() })
export type InsightsScope = z.infer<typeof InsightsScope>

const scopeFields = {
  /** IANA zone the days are counted in; the signed-in person's zone by default. */
  tz: TimeZone.optional(),
  /** Owners and admins only: one member's figures. A member may only name themselves (else 403). */
  ownerId: Id.optional(),
  /** Owners and admins only: the figures of one team's members. */
  teamId: Id.optional(),
}

/**
 * The query of the period dashboards: from and to are dates in the viewer's zone, both included; the answer
 * also carries the previous period of the same length (the days just before `from`) for comparison.
 * Without ownerId/teamId, a member gets their own figures and an admin everyone's.
 */
export const InsightsQuery = z
  .object({ from: IsoDate, to: IsoDate, ...scopeFields })
  .refine((q) => q.from <= q.to, { message: 'from must be on or before to', path: ['from'] })
  .refine((q) => daysBetween(q.from, q.to) + 1 <= INSIGHTS_LIMITS.maxRangeDays, {
    message: `A period covers at most ${INSIGHTS_LIMITS.maxRangeDays} days`,
    path: ['to'],
  })
  .refine((q) => !(q.ownerId && q.teamId), { message: 'Give ownerId or teamId, not both', path: ['teamId'] })
export type InsightsQuery = z.input<typeof InsightsQuery>

/** The home page is the signed-in person's own week: only the zone can be chosen. */
export const HomeInsightsQuery = z.object({ tz: TimeZone.optional() })
export type HomeInsightsQuery = z.input<typeof HomeInsightsQuery>

/** What every period dashboard answers around its figures. */
const periodAnswer = {
  timeZone: z.string(),
  period: Period,
  previousPeriod: Period,
  scope: InsightsScope,
  /** The organization's reporting currency, or null when none is set (then every `converted` is null). */
  reportingCurrency: z.string().nullable(),
}

// ---- Records behind a figure ----

export const InsightsRecordsQuery = z.object({
  key: DrillKey,
  limit: z.coerce.number().int().min(1).max(INSIGHTS_LIMITS.maxPageSize).default(25),
  /** The opaque nextCursor of the previous page. */
  cursor: z.string().max(500).optional(),
})
export type InsightsRecordsQuery = z.input<typeof InsightsRecordsQuery>

export const INSIGHT_RECORD_KINDS = ['deal', 'booking'] as const
/** One record behind a figure: a deal or a booking, with where to open it in the app. */
export const InsightRecord = z.object({
  kind: z.enum(INSIGHT_RECORD_KINDS),
  id: Id,
  name: z.string(),
  /** The deal's owner, or the booking's first host. */
  owner: Person.nullable(),
  /** A deal's amount; null for a booking. */
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  /** The instant that put it in the figure (won at, created at, booking start…), ISO 8601 UTC. */
  date: z.string(),
  /**
   * True when `date` is a calendar date (a deal's expected close date, at 00:00 UTC): shown as that date in every
   * zone. Otherwise an instant, shown in the reader's (the browser's) zone.
   */
  dateOnly: z.boolean(),
  /** A deal's stage name, or a booking's status ('accepted', 'cancelled', 'no_show', …). */
  status: z.string(),
  /** The app path that opens it: /deals/{id} or /calendar?booking={id}. */
  link: z.string(),
})
export type InsightRecord = z.infer<typeof InsightRecord>

export const InsightRecordList = z.object({
  kind: z.enum(['deals', 'bookings']),
  records: z.array(InsightRecord),
  nextCursor: z.string().nullable(),
  /** Every record behind the figure, counted on the first page only (null on later pages). */
  total: z.number().int().nullable(),
})
export type InsightRecordList = z.infer<typeof InsightRecordList>

// ---- Home: the signed-in person's week ----

export const DEAL_ATTENTION_REASONS = ['stale', 'overdue', 'visited'] as const
export const DealAttentionReason = z.enum(DEAL_ATTENTION_REASONS)
export type DealAttentionReason = z.infer<typeof DealAttentionReason>

export const HomeInsights = z.object({
  timeZone: z.string(),
  /** Today's date and the week (Monday to Sunday) in the zone. */
  today: IsoDate,
  week: Period,
  reportingCurrency: z.string().nullable(),
  meetings: z.object({
    today: CountFigure,
    week: CountFigure,
    /** Today's meetings still to come (at most HOME_LIST_SIZE), soonest first. */
    upcoming: z.array(InsightRecord),
  }),
  attention: z.object({
    /** Open deals without activity for STALE_DEAL_DAYS days. */
    stale: CountFigure,
    /** Open deals whose expected close date has passed. */
    overdue: CountFigure,
    /** Deals whose sales room a buyer visited since the person last opened the deal. */
    visited: CountFigure,
    staleDays: z.number().int(),
    /** The deals needing the person, most reasons first (at most HOME_LIST_SIZE). */
    deals: z.array(z.object({ deal: InsightRecord, reasons: z.array(DealAttentionReason) })),
  }),
  pipeline: z.object({ open: DealsFigure, weighted: Money }),
  /** Since the start of yesterday in the zone. */
  changes: z.object({
    since: z.string(),
    dealsCreated: CountFigure,
    dealsWon: DealsFigure,
    dealsLost: DealsFigure,
    bookingsMade: CountFigure,
    bookingsCancelled: CountFigure,
    roomVisits: CountFigure,
  }),
})
export type HomeInsights = z.infer<typeof HomeInsights>

// ---- Pipeline (/analytics) ----

const StageRef = z.object({ stageId: Id, name: z.string(), kind: z.enum(['open', 'won', 'lost']), position: z.number().int() })

export const PipelineFigures = z.object({
  /** Deals in each stage at the end of the period (from the stage history), with value and weighted value. */
  byStage: z.array(
    StageRef.extend({ probability: z.number().int(), count: z.number().int(), value: Money, weighted: Money, drill: DrillKey }),
  ),
  created: DealsFigure,
  won: DealsFigure,
  lost: DealsFigure,
  /** won ÷ (won + lost) of the deals closed in the period, 0–1; null when none closed. */
  winRate: z.number().nullable(),
  /** Mean amount of the deals won in the period, per currency. */
  averageDealSize: Money,
  /** Mean days from creation to close of the deals won in the period; null when none. */
  salesCycleDays: z.number().nullable(),
  /**
   * Per open stage, in pipeline order: deals that entered it in the period, how many of them went on to a
   * later stage or won (so far), the share, and the mean days spent in it by the stays that ended in the period.
   */
  conversion: z.array(
    StageRef.extend({
      entered: z.number().int(),
      advanced: z.number().int(),
      rate: z.number().nullable(),
      averageDays: z.number().nullable(),
      drill: DrillKey,
    }),
  ),
  /** Deals lost in the period per reason (null: no reason given), most first. */
  lostByReason: z.array(z.object({ reason: z.string().nullable(), count: z.number().int(), value: Money, drill: DrillKey })),
  /** Per owner: won and lost in the period, open at its end. Admins' answers list every member with a figure. */
  byOwner: z.array(z.object({ owner: Person, won: DealsFigure, lost: DealsFigure, open: DealsFigure, winRate: z.number().nullable() })),
  /**
   * Per team (a deal counts for each team its owner belongs to): on everyone's figures every team, on one team's
   * that team; empty on one member's figures.
   */
  byTeam: z.array(
    z.object({
      team: z.object({ id: Id, name: z.string() }),
      won: DealsFigure,
      lost: DealsFigure,
      open: DealsFigure,
      winRate: z.number().nullable(),
    }),
  ),
})
export type PipelineFigures = z.infer<typeof PipelineFigures>

export const PipelineInsights = z.object({ ...periodAnswer, current: PipelineFigures, previous: PipelineFigures })
export type PipelineInsights = z.infer<typeof PipelineInsights>

// ---- Bookings (/booking) ----

export const LEAD_TIME_BUCKETS = ['same_day', 'next_day', 'within_week', 'within_month', 'later'] as const

export const BookingFigures = z.object({
  /** Bookings made in the period. */
  created: CountFigure,
  /** Reschedules done in the period (a booking moved twice counts twice; the drill lists the bookings). */
  rescheduled: CountFigure,
  /** Cancellations done in the period. */
  cancelled: CountFigure,
  /** Bookings starting in the period marked no-show. */
  noShow: CountFigure,
  /** Accepted bookings starting in the period (meetings held or to hold, no-shows excluded). */
  held: CountFigure,
  /** Of the bookings made in the period, by event type, host and routing form (null: not through a form). */
  byEventType: z.array(
    z.object({ eventTypeId: Id, name: z.string(), count: z.number().int(), cancelled: z.number().int(), drill: DrillKey }),
  ),
  byMember: z.array(
    z.object({ member: Person, count: z.number().int(), cancelled: z.number().int(), noShow: z.number().int(), drill: DrillKey }),
  ),
  byRoutingForm: z.array(z.object({ formId: Id.nullable(), name: z.string().nullable(), count: z.number().int(), drill: DrillKey })),
  /** Bookings (not cancelled or declined) starting in the period, by ISO weekday (1 Monday … 7 Sunday) and hour in the zone; only non-zero cells. */
  heatmap: z.array(
    z.object({ weekday: z.number().int().min(1).max(7), hour: z.number().int().min(0).max(23), count: z.number().int(), drill: DrillKey }),
  ),
  /** The busiest cells of the heat map, at most five, busiest first. */
  popularTimes: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), count: z.number().int(), drill: DrillKey })),
  /** From booking to start, for the bookings made in the period. */
  leadTime: z.object({
    averageHours: z.number().nullable(),
    medianHours: z.number().nullable(),
    buckets: z.array(z.object({ bucket: z.enum(LEAD_TIME_BUCKETS), count: z.number().int(), drill: DrillKey })),
  }),
})
export type BookingFigures = z.infer<typeof BookingFigures>

export const BookingInsights = z.object({ ...periodAnswer, current: BookingFigures, previous: BookingFigures })
export type BookingInsights = z.infer<typeof BookingInsights>

// ---- Products (/ecommerce) ----

export const ProductFigures = z.object({
  /** Deals won in the period (the attach rate's denominator). */
  wonDeals: z.number().int(),
  products: z.array(
    z.object({
      productId: Id,
      name: z.string(),
      /** Quantity × unit price of its lines in deals won in the period, per currency. */
      revenue: Money,
      units: z.number().int(),
      /** Won deals in the period containing it. */
      deals: CountFigure,
      /** deals ÷ wonDeals, 0–1; null when no deal was won. */
      attachRate: z.number().nullable(),
      /**
       * The product room's funnel in the period: visits (the organization's whatever the scope: a visit has no
       * owner), inquiries (deals its form opened in the period), and those of them won since.
       */
      roomVisits: z.number().int(),
      inquiries: CountFigure,
      inquiriesWon: CountFigure,
    }),
  ),
})
export type ProductFigures = z.infer<typeof ProductFigures>

export const ProductInsights = z.object({ ...periodAnswer, current: ProductFigures, previous: ProductFigures })
export type ProductInsights = z.infer<typeof ProductInsights>

// ---- Revenue (/banking) ----

export const QUOTA_PERIODS = ['month', 'quarter'] as const
export const QuotaPeriod = z.enum(QUOTA_PERIODS)

export const RevenueMonth = z.object({
  /** YYYY-MM in the zone. */
  month: z.string(),
  /** Won in that month. */
  won: DealsFigure,
  /** Open deals expected to close that month: amount × stage probability. */
  forecast: Money,
  /** The open deals that forecast is made of (expected that month, in stages of probability above 0). */
  forecastDeals: CountFigure,
  /** Open deals expected that month in stages of probability ≥ COMMIT_PROBABILITY, at full amount. */
  commit: DealsFigure,
  /** All open deals expected that month, at full amount. */
  bestCase: DealsFigure,
  /** The monthly quotas of the members in the scope for that month (team and quarter quotas are in `quotas`). */
  quota: Money,
  /** What those quotas are measured against: the deals their members won that month. */
  quotaWon: DealsFigure,
})
export type RevenueMonth = z.infer<typeof RevenueMonth>

/** One quota against what its subject won in its month or quarter, in the quota's currency (won in other currencies converted when rates allow). */
export const QuotaAttainment = z.object({
  quotaId: Id,
  subject: z.object({ kind: z.enum(['member', 'team']), id: Id, name: z.string() }),
  period: QuotaPeriod,
  /** First and last day of the month or quarter. */
  start: IsoDate,
  end: IsoDate,
  quota: CurrencyAmount,
  /** Won in the quota's currency, plus the other currencies converted when the organization has rates. */
  won: Money,
  /** won (in the quota's currency, converted ones included) ÷ quota, 0–∞; null for a zero quota. */
  attainment: z.number().nullable(),
  drill: DrillKey,
})
export type QuotaAttainment = z.infer<typeof QuotaAttainment>

export const RevenueInsights = z.object({
  ...periodAnswer,
  commitProbability: z.number().int(),
  /** Each month touching the period, oldest first. */
  months: z.array(RevenueMonth),
  totals: z.object({ won: DealsFigure, forecast: Money, forecastDeals: CountFigure, commit: DealsFigure, bestCase: DealsFigure }),
  /** Open deals without an expected close date (in no month's forecast). */
  unscheduled: DealsFigure,
  /** Quotas of the scope whose month or quarter overlaps the period. */
  quotas: z.array(QuotaAttainment),
  /** The previous period's won total, for comparison. */
  previousWon: DealsFigure,
})
export type RevenueInsights = z.infer<typeof RevenueInsights>

// ---- Quotas (admins set them) ----

export const QuotaFields = z
  .object({
    /** Exactly one of userId and teamId. */
    userId: Id.nullable().default(null),
    teamId: Id.nullable().default(null),
    period: QuotaPeriod,
    /** The first day of the month, or of the quarter (January, April, July, October). */
    start: IsoDate,
    amount: MinorAmount,
    currency: Currency,
  })
  .refine((q) => (q.userId === null) !== (q.teamId === null), { message: 'A quota is for one member or one team', path: ['userId'] })
  .refine((q) => q.start.endsWith('-01'), { message: 'A quota starts on the first day of a month', path: ['start'] })
  .refine((q) => q.period === 'month' || ['01', '04', '07', '10'].includes(q.start.slice(5, 7)), {
    message: 'A quarter starts in January, April, July or October',
    path: ['start'],
  })
export const CreateQuota = QuotaFields
export type CreateQuota = z.input<typeof CreateQuota>
export const UpdateQuota = z.object({ amount: MinorAmount, currency: Currency }).partial()
export type UpdateQuota = z.input<typeof UpdateQuota>
export const Quota = z.object({
  id: Id,
  subject: z.object({ kind: z.enum(['member', 'team']), id: Id, name: z.string() }),
  period: QuotaPeriod,
  start: IsoDate,
  end: IsoDate,
  amount: z.number().int(),
  currency: z.string(),
})
export type Quota = z.infer<typeof Quota>
export const QuotaListQuery = z.object({
  /** Quotas whose month or quarter overlaps this range (all when absent). */
  from: IsoDate.optional(),
  to: IsoDate.optional(),
})
export const QuotaList = z.object({ quotas: z.array(Quota) })

// ---- Reporting currency and exchange rates (admins set them) ----

/** A positive decimal with at most 12 digits before and 10 after the point, kept exactly (no float). */
export const ExchangeRateValue = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,10})?$/, { message: 'Must be a positive decimal number such as 1.0825' })
  .refine((s) => /[1-9]/.test(s), { message: 'A rate must be above zero' })

/** One unit of `currency` is worth `rate` units of the reporting currency (major units: 1 USD = 0.92 EUR). */
export const ExchangeRate = z.object({ currency: Currency, rate: ExchangeRateValue })
export type ExchangeRate = z.infer<typeof ExchangeRate>

export const CurrencySettings = z.object({
  reportingCurrency: Currency.nullable(),
  rates: z
    .array(ExchangeRate)
    .max(INSIGHTS_LIMITS.maxRates)
    .refine((rates) => new Set(rates.map((r) => r.currency)).size === rates.length, { message: 'Each currency once' }),
})
export type CurrencySettings = z.infer<typeof CurrencySettings>
export const SaveCurrencySettings = CurrencySettings.refine((s) => s.reportingCurrency !== null || s.rates.length === 0, {
  message: 'Rates need a reporting currency',
  path: ['rates'],
}).refine((s) => !s.rates.some((r) => r.currency === s.reportingCurrency), {
  message: 'The reporting currency needs no rate',
  path: ['rates'],
})
export type SaveCurrencySettings = z.input<typeof SaveCurrencySettings>

// ---- Additions to other domains' payloads used by the dashboards ----

/** Marks (or unmarks) a past accepted booking as a no-show: POST /api/bookings/:id/no-show. */
export const MarkNoShow = z.object({ noShow: z.boolean() })
export type MarkNoShow = z.infer<typeof MarkNoShow>

export const LostReason = z.string().trim().max(INSIGHTS_LIMITS.maxReasonLength)

/** Whole days from one ISO date to another (negative when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}
