import type { RoutingAnswer } from '@closeroom/shared'
import type { ClientsModule } from '../clients/module.ts'
import type { DealsModule } from '../deals/module.ts'

type Deps = {
  deals: Pick<DealsModule, 'stage' | 'newestOpenDealOf' | 'open' | 'moveToStage' | 'assignOwner' | 'recordActivity'>
  clients: Pick<ClientsModule, 'findOrCreateByEmail'>
}

export type RoutedDeal = {
  organizationId: string
  form: { name: string }
  outcomeName: string
  stageId: string
  email: string
  ownerId: string
  answers: Record<string, RoutingAnswer>
}

const textAnswer = (answers: Record<string, RoutingAnswer>, id: string) => {
  const answer = answers[id]
  return typeof answer === 'string' ? answer : ''
}

/**
 * An outcome's deal: the buyer becomes (or is found as) the organization's client by their email; their newest
 * open deal moves to the outcome's stage and goes to the routed owner, or a new deal opens there with that owner.
 * Every write is the deals module's command, and the timeline says which form did it. A stage deleted since the
 * outcome was read (its copy is kept in memory) turns the deal off, as it does in the outcome's row: no deal, null.
 */
export function createRoutedDeals({ deals, clients }: Deps) {
  async function route(input: RoutedDeal): Promise<string | null> {
    const { organizationId, answers, ownerId } = input
    if (!(await deals.stage(organizationId, input.stageId))) return null
    const name = textAnswer(answers, 'name') || input.email
    const company = textAnswer(answers, 'company')
    const clientId = await clients.findOrCreateByEmail(organizationId, {
      email: input.email,
      name,
      phone: textAnswer(answers, 'phone') || undefined,
      company: company || undefined,
    })
    const origin = { via: 'routing', title: input.form.name, outcome: input.outcomeName }
    const existing = await deals.newestOpenDealOf(organizationId, clientId)
    if (!existing) {
      const opened = await deals.open({
        organizationId,
        name: `${company || name} — ${input.form.name}`,
        company,
        ownerId,
        stageId: input.stageId,
        clientId,
        origin,
      })
      return opened.id
    }
    await deals.moveToStage({ organizationId, dealId: existing.id, stageId: input.stageId, actorId: null })
    if (existing.ownerId !== ownerId) await deals.assignOwner({ organizationId, dealId: existing.id, ownerId, actorId: null })
    await deals.recordActivity({ organizationId, dealId: existing.id, kind: 'routing', data: origin }, { announce: true })
    return existing.id
  }

  return { route }
}

export type RoutedDeals = ReturnType<typeof createRoutedDeals>
