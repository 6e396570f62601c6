import { z } from 'zod'
import { Id } from './common.ts'

/** What sets a product's rule off. */
export const AUTOMATION_TRIGGERS = ['product_form_submitted', 'booking_made', 'room_first_visited'] as const
export const AutomationTrigger = z.enum(AUTOMATION_TRIGGERS)
export type AutomationTrigger = z.infer<typeof AutomationTrigger>

const Text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, { message: `${label} is required` })
    .max(max, { message: `${label} must be at most ${max} characters` })

/**
 * What a rule does, in order. Email subjects and bodies may use {{name}}, {{email}}, {{company}},
 * {{product}} and {{deal}}; they are sent as plain text.
 */
export const AutomationAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('create_deal'), stageId: Id }),
  z.object({ type: z.literal('assign_owner'), teamId: Id }),
  z.object({ type: z.literal('send_email'), subject: Text('Subject', 200), body: Text('Body', 5000) }),
  z.object({ type: z.literal('notify'), userId: Id, message: Text('Message', 500) }),
])
export type AutomationAction = z.infer<typeof AutomationAction>

/** One line of a run's log: the action, whether it did its work, and what it did or why not. */
export const AutomationLogEntry = z.object({
  action: z.string(),
  ok: z.boolean(),
  detail: z.string(),
})
export type AutomationLogEntry = z.infer<typeof AutomationLogEntry>
