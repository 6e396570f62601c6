import type { CreateRoutingForm, RoutingField, RoutingForm, RoutingRule } from '@closeroom/shared'
import type { TestApp } from './app.ts'
import { type Client, request } from './factories.ts'

/** A form's questions covering every kind of answer: the tests' default. */
export const FIELDS: RoutingField[] = [
  { identifier: 'name', label: 'Your name', type: 'short_text', required: true, options: [] },
  { identifier: 'email', label: 'Work email', type: 'email', required: true, options: [] },
  { identifier: 'phone', label: 'Phone', type: 'phone', required: false, options: [] },
  { identifier: 'company', label: 'Company', type: 'short_text', required: false, options: [] },
  { identifier: 'size', label: 'Team size', type: 'number', required: false, options: [] },
  { identifier: 'region', label: 'Region', type: 'select', required: false, options: ['Europe', 'Americas', 'Asia'] },
  { identifier: 'needs', label: 'Needs', type: 'multi_select', required: false, options: ['Meetings', 'Deals', 'Signatures'] },
  { identifier: 'notes', label: 'Anything else', type: 'long_text', required: false, options: [] },
]

export const rule = (field: string, operator: RoutingRule['operator'], value?: RoutingRule['value']): RoutingRule =>
  value === undefined ? { field, operator } : { field, operator, value }

/** Creates a routing form for the client; every test makes its own, with an address of its own. */
export async function buildForm(app: TestApp, client: Client, fields: Partial<CreateRoutingForm> = {}): Promise<RoutingForm> {
  const res = await request(app, client, 'POST', '/api/routings', {
    name: 'Talk to sales',
    slug: `sales-${Math.random().toString(36).slice(2, 10)}`,
    fields: FIELDS,
    ...fields,
  })
  if (res.statusCode !== 201) throw new Error(`routing form failed: ${res.statusCode} ${res.body}`)
  return res.json()
}
