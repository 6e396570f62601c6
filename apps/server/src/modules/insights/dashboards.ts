import type {
  BookingInsights,
  HomeInsights,
  HomeInsightsQuery,
  InsightsQuery,
  PipelineInsights,
  ProductInsights,
  RevenueInsights,
} from '@closeroom/shared'
import type { Db } from '../../db/client.ts'
import type { AuthContext } from '../auth/module.ts'
import type { CurrencyService } from './currency.ts'

type Query = InsightsQuery
const pending = (): never => {
  throw new Error('insights: not built yet')
}

export function createDashboards(_deps: { db: Db; currency: CurrencyService }) {
  return {
    home: async (_auth: AuthContext, _q: HomeInsightsQuery): Promise<HomeInsights> => pending(),
    pipeline: async (_auth: AuthContext, _q: Query): Promise<PipelineInsights> => pending(),
    bookings: async (_auth: AuthContext, _q: Query): Promise<BookingInsights> => pending(),
    products: async (_auth: AuthContext, _q: Query): Promise<ProductInsights> => pending(),
    revenue: async (_auth: AuthContext, _q: Query): Promise<RevenueInsights> => pending(),
  }
}
