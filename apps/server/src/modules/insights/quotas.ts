import type { CreateQuota, Quota, UpdateQuota } from '@closeroom/shared'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import type { AuthContext } from '../auth/module.ts'

const pending = (): never => {
  throw new Error('insights: not built yet')
}
export function createQuotaService(_deps: { db: Db }) {
  return {
    list: async (_auth: AuthContext, _q: { from?: string; to?: string }): Promise<Quota[]> => pending(),
    create: async (_auth: AuthContext, _input: z.output<typeof CreateQuota>): Promise<Quota> => pending(),
    update: async (_auth: AuthContext, _id: string, _input: z.output<typeof UpdateQuota>): Promise<Quota> => pending(),
    remove: async (_auth: AuthContext, _id: string): Promise<void> => pending(),
  }
}
