import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { automationRules, pipelineStages, products, teams } from '../../db/schema/index.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * The demo's rule on Closeroom Enterprise: a buyer's inquiry becomes a deal in Qualified, handed in turn to the
 * Enterprise team, and the buyer gets a thank-you email.
 */
export async function seedAutomations(tx: Tx, organizationId: string) {
  const [product] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.organizationId, organizationId), eq(products.name, 'Closeroom Enterprise')))
  const [stage] = await tx
    .select({ id: pipelineStages.id })
    .from(pipelineStages)
    .where(and(eq(pipelineStages.organizationId, organizationId), eq(pipelineStages.name, 'Qualified')))
  const [team] = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.organizationId, organizationId), eq(teams.name, 'Enterprise')))
  if (!product || !stage || !team) return
  await tx.insert(automationRules).values({
    organizationId,
    productId: product.id,
    name: 'New inquiry',
    trigger: 'product_form_submitted',
    actions: [
      { type: 'create_deal', stageId: stage.id },
      { type: 'assign_owner', teamId: team.id },
      {
        type: 'send_email',
        subject: 'Thank you, {{name}}',
        body: 'Hello {{name}},\n\nThank you for your interest in {{product}}. Someone of our Enterprise team will write to you today.\n\nAcme Sales',
      },
    ],
  })
}
