import type {
  BookingInsights,
  HomeInsights,
  HomeInsightsQuery,
  InsightsQuery,
  PipelineInsights,
  ProductInsights,
  RevenueInsights,
} from '@closeroom/shared'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import type { AuthContext } from '../auth/module.ts'
import { bookingPeriods } from './bookings.ts'
import { resolveScope, windowOf, zoneOf } from './context.ts'
import type { CurrencyService } from './currency.ts'
import { homeFigures } from './home.ts'
import { pipelinePeriods } from './pipeline.ts'
import { productFigures } from './products.ts'
import { revenueFigures } from './revenue.ts'

type Query = z.output<typeof InsightsQuery>

/** The five dashboards: each resolves whose figures and which days, then runs its grouped statements. */
export function createDashboards({ db, currency, now = Date.now }: { db: Db; currency: CurrencyService; now?: () => number }) {
  async function setUp(auth: AuthContext, query: Query) {
    const scope = await resolveScope(db, auth, query)
    const [window, rates] = await Promise.all([windowOf(db, query, zoneOf(auth, query.tz)), currency.ratesOf(auth.user.organizationId)])
    const frame = {
      timeZone: window.timeZone,
      period: window.period,
      previousPeriod: window.previousPeriod,
      scope: scope.asked,
      reportingCurrency: rates.reportingCurrency,
    }
    return { scope, window, rates, frame }
  }

  async function home(auth: AuthContext, query: HomeInsightsQuery): Promise<HomeInsights> {
    return homeFigures(db, auth, await currency.ratesOf(auth.user.organizationId), zoneOf(auth, query.tz), now())
  }

  async function pipeline(auth: AuthContext, query: Query): Promise<PipelineInsights> {
    const { scope, window, rates, frame } = await setUp(auth, query)
    return { ...frame, ...(await pipelinePeriods(db, scope, rates, window)) }
  }

  async function bookings(auth: AuthContext, query: Query): Promise<BookingInsights> {
    const { scope, window, frame } = await setUp(auth, query)
    return { ...frame, ...(await bookingPeriods(db, scope, window)) }
  }

  async function products(auth: AuthContext, query: Query): Promise<ProductInsights> {
    const { scope, window, rates, frame } = await setUp(auth, query)
    const [current, previous] = await Promise.all([
      productFigures(db, scope, rates, window.current),
      productFigures(db, scope, rates, window.previous),
    ])
    return { ...frame, current, previous }
  }

  async function revenue(auth: AuthContext, query: Query): Promise<RevenueInsights> {
    const { scope, window, rates, frame } = await setUp(auth, query)
    return { ...frame, ...(await revenueFigures(db, scope, rates, window)) }
  }

  return { home, pipeline, bookings, products, revenue }
}
