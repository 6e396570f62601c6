import type { InsightRecordList, InsightsRecordsQuery } from '@closeroom/shared'
import type { Db } from '../../db/client.ts'
import type { AuthContext } from '../auth/module.ts'

export function createRecordsService(_deps: { db: Db }) {
  return {
    list: async (_auth: AuthContext, _q: InsightsRecordsQuery): Promise<InsightRecordList> => {
      throw new Error('insights: not built yet')
    },
  }
}
