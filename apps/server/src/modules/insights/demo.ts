import type { Tx } from '../../db/client.ts'
import { exchangeRates, quotas, reportingCurrencies } from '../../db/schema/index.ts'

/**
 * The demo's targets: each member a monthly quota in euros from six months back to three ahead, the whole
 * team a quarterly one, and euros as the reporting currency with a dollar rate, so Maya's dollar deals
 * show converted totals.
 */
export async function seedInsights(tx: Tx, organizationId: string, memberIds: string[], teamId: string) {
  const today = new Date()
  const months = Array.from({ length: 10 }, (_, i) => {
    const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 6 + i, 1))
    return d.toISOString().slice(0, 10)
  })
  const quarters = [
    ...new Set(months.map((m) => `${m.slice(0, 5)}${String(Math.floor((Number(m.slice(5, 7)) - 1) / 3) * 3 + 1).padStart(2, '0')}-01`)),
  ]
  await tx.insert(quotas).values([
    ...memberIds.flatMap((userId, i) =>
      months.map((start) => ({
        organizationId,
        userId,
        period: 'month' as const,
        start,
        amount: (12_000 + i * 3_000) * 100,
        currency: 'EUR',
      })),
    ),
    ...quarters.map((start) => ({ organizationId, teamId, period: 'quarter' as const, start, amount: 120_000_00, currency: 'EUR' })),
  ])
  await tx.insert(reportingCurrencies).values({ organizationId, currency: 'EUR' })
  await tx.insert(exchangeRates).values({ organizationId, currency: 'USD', rate: '0.92' })
}
