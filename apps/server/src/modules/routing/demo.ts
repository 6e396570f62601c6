import type { RoutingAction, RoutingField } from '@closeroom/shared'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { eventTypes, pipelineStages, routingForms, routingOutcomes, users } from '../../db/schema/index.ts'
import { fallbackOutcome } from './forms.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

const FIELDS: RoutingField[] = [
  { identifier: 'email', label: 'Work email', type: 'email', required: true, options: [] },
  // Named as the product demo's questions, so the booking form arrives filled in.
  { identifier: 'company', label: 'Company', type: 'short_text', required: true, options: [] },
  { identifier: 'team_size', label: 'Team size', type: 'select', required: true, options: ['1-10', '11-50', '51-200', '200+'] },
  { identifier: 'region', label: 'Where is your team?', type: 'select', required: true, options: ['Europe', 'Americas', 'Asia-Pacific'] },
]

/**
 * The demo's routing form at /f/demo: larger teams go to the Enterprise seller of their region (the demo's
 * people carry a region attribute) with a deal opened in Qualified, smaller ones book the owner's product demo,
 * and anyone else reads a thank-you.
 */
export async function seedRoutingForm(tx: Tx, organizationId: string) {
  const [owner] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.role, 'owner')))
  const slugs = await tx
    .select({ id: eventTypes.id, slug: eventTypes.slug })
    .from(eventTypes)
    .where(eq(eventTypes.organizationId, organizationId))
  const eventType = (slug: string) => slugs.find((e) => e.slug === slug)?.id
  const sales = eventType('sales')
  const demo = eventType('demo')
  const [qualified] = await tx
    .select({ id: pipelineStages.id })
    .from(pipelineStages)
    .where(and(eq(pipelineStages.organizationId, organizationId), eq(pipelineStages.name, 'Qualified')))
  if (!owner || !sales || !demo) throw new Error('demo routing form: the demo people and event types come first')

  const [form] = await tx
    .insert(routingForms)
    .values({
      organizationId,
      ownerId: owner.id,
      name: 'Talk to Acme Sales',
      slug: 'demo',
      description: 'Four questions, and you land with the right person.',
      fields: FIELDS,
    })
    .returning({ id: routingForms.id })
  if (!form) throw new Error('demo routing form insert returned nothing')
  const large: RoutingAction = {
    type: 'members',
    eventTypeId: sales,
    match: [{ attribute: 'region', field: 'region' }],
    fallback: [],
    ownerFirst: true,
  }
  const small: RoutingAction = { type: 'event-type', eventTypeId: demo, ownerFirst: true }
  await tx.insert(routingOutcomes).values([
    {
      formId: form.id,
      organizationId,
      name: 'Larger teams: their region’s seller',
      conditions: { combinator: 'and', rules: [{ field: 'team_size', operator: 'any_of', value: ['51-200', '200+'] }] },
      action: large,
      dealStageId: qualified?.id ?? null,
      position: 0,
    },
    {
      formId: form.id,
      organizationId,
      name: 'Smaller teams: a product demo',
      conditions: { combinator: 'and', rules: [{ field: 'team_size', operator: 'any_of', value: ['1-10', '11-50'] }] },
      action: small,
      position: 1,
    },
    fallbackOutcome(form.id, organizationId, 2),
  ])
}
