import { ProductSocketEvents } from '@closeroom/shared'
import type { Realtime } from '../../realtime/server.ts'
import type { AgreementRow } from './present.ts'

/** agreement-changed to the agreement's organization: its page and the lists read again. */
export function createAgreementNews(realtime: Pick<Realtime, 'toOrganization'>) {
  return {
    changed(row: Pick<AgreementRow, 'id' | 'organizationId' | 'dealId' | 'status'>) {
      realtime.toOrganization(row.organizationId, ProductSocketEvents.agreementChanged, {
        agreementId: row.id,
        dealId: row.dealId,
        status: row.status,
      })
    },
  }
}

export type AgreementNews = ReturnType<typeof createAgreementNews>
