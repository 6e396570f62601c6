import type { CurrencySettings } from '@closeroom/shared'
import type { Db } from '../../db/client.ts'
import type { AuthContext } from '../auth/module.ts'

const pending = (): never => {
  throw new Error('insights: not built yet')
}
export function createCurrencyService(_deps: { db: Db }) {
  return {
    get: async (_auth: AuthContext): Promise<CurrencySettings> => pending(),
    save: async (_auth: AuthContext, _input: CurrencySettings): Promise<CurrencySettings> => pending(),
  }
}
export type CurrencyService = ReturnType<typeof createCurrencyService>
