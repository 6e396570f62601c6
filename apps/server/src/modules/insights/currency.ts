import type { CurrencySettings } from '@closeroom/shared'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { exchangeRates, reportingCurrencies } from '../../db/schema/index.ts'
import { authorize } from '../../permissions.ts'
import type { AuthContext } from '../auth/module.ts'
import type { Rates } from './context.ts'

/** A decimal as the database returns it (numeric(22,10): trailing zeros) written back short: 1.0825000000 → 1.0825. */
const short = (rate: string) => (rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate)

/** The organization's reporting currency and exchange rates: everyone reads them, admins set them. */
export function createCurrencyService({ db }: { db: Db }) {
  async function ratesOf(organizationId: string): Promise<Rates> {
    const [reporting] = await db.select().from(reportingCurrencies).where(eq(reportingCurrencies.organizationId, organizationId))
    const rates = await db.select().from(exchangeRates).where(eq(exchangeRates.organizationId, organizationId))
    return { reportingCurrency: reporting?.currency ?? null, rates: new Map(rates.map((r) => [r.currency, short(r.rate)])) }
  }

  async function get(auth: AuthContext): Promise<CurrencySettings> {
    const { reportingCurrency, rates } = await ratesOf(auth.user.organizationId)
    return {
      reportingCurrency,
      rates: [...rates].map(([currency, rate]) => ({ currency, rate })).sort((a, b) => a.currency.localeCompare(b.currency)),
    }
  }

  /** Replaces the settings as a whole: the rates listed are the rates. */
  async function save(auth: AuthContext, input: CurrencySettings): Promise<CurrencySettings> {
    authorize(auth.user, 'insights.manage')
    const organizationId = auth.user.organizationId
    await db.transaction(async (tx) => {
      await tx.delete(exchangeRates).where(eq(exchangeRates.organizationId, organizationId))
      await tx.delete(reportingCurrencies).where(eq(reportingCurrencies.organizationId, organizationId))
      if (input.reportingCurrency) await tx.insert(reportingCurrencies).values({ organizationId, currency: input.reportingCurrency })
      if (input.rates.length > 0)
        await tx.insert(exchangeRates).values(input.rates.map((r) => ({ organizationId, currency: r.currency, rate: r.rate })))
    })
    return get(auth)
  }

  return { get, save, ratesOf }
}
export type CurrencyService = ReturnType<typeof createCurrencyService>
