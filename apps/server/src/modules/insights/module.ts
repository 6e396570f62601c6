import type { Db } from '../../db/client.ts'
import { createCurrencyService } from './currency.ts'
import { createDashboards } from './dashboards.ts'
import { createQuotaService } from './quotas.ts'
import { createRecordsService } from './records.ts'

/**
 * The dashboards ("insights"): figures aggregated in SQL over the organization's deals, bookings and rooms,
 * the records behind each figure, and what they are measured against (quotas, the reporting currency and its
 * rates). Only this module writes quotas, exchange rates and the reporting currency.
 */
export function createInsightsModule({ db, now }: { db: Db; now?: () => number }) {
  const currency = createCurrencyService({ db })
  return {
    dashboards: createDashboards({ db, currency, now }),
    records: createRecordsService({ db }),
    quotas: createQuotaService({ db }),
    currency,
  }
}

export type InsightsModule = ReturnType<typeof createInsightsModule>

export { seedInsights } from './demo.ts'
