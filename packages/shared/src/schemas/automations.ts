import { z } from 'zod'
import { Id, patchOf } from './common.ts'

/** What sets a product's rule off. */
export const AUTOMATION_TRIGGERS = ['product_form_submitted', 'booking_made', 'room_first_visited', 'agreement_completed'] as const
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

export const AUTOMATION_LIMITS = { maxActions: 10, maxPageSize: 100 } as const

/** A rule as saved: a name, what sets it off and its actions in order. */
export const SaveAutomationRule = z.object({
  name: Text('Name', 120),
  trigger: AutomationTrigger,
  actions: z
    .array(AutomationAction)
    .min(1, { message: 'Add at least one action' })
    .max(AUTOMATION_LIMITS.maxActions, { message: `A rule has at most ${AUTOMATION_LIMITS.maxActions} actions` }),
  active: z.boolean().default(true),
})
export type SaveAutomationRule = z.input<typeof SaveAutomationRule>
/** Any part of a rule; `{ active: false }` pauses it. */
export const UpdateAutomationRule = patchOf(SaveAutomationRule)
export type UpdateAutomationRule = z.input<typeof UpdateAutomationRule>

export const AutomationRule = z.object({
  id: Id,
  productId: Id,
  name: z.string(),
  trigger: AutomationTrigger,
  actions: z.array(AutomationAction),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type AutomationRule = z.infer<typeof AutomationRule>
export const AutomationRuleList = z.object({ rules: z.array(AutomationRule) })

export const AutomationRuleParams = z.object({ id: Id, ruleId: Id })

export const AUTOMATION_RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const
export const AutomationRunStatus = z.enum(AUTOMATION_RUN_STATUSES)

/** One run as the product's page lists it: the rule, what set it off, how it went, action by action. */
export const AutomationRun = z.object({
  id: Id,
  ruleId: Id,
  ruleName: z.string(),
  trigger: AutomationTrigger,
  /** Who set it off, as "Name <email> · Company": plain text. */
  summary: z.string(),
  /** The deal the run worked on, when it had one. */
  dealId: Id.nullable(),
  status: AutomationRunStatus,
  log: z.array(AutomationLogEntry),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
})
export type AutomationRun = z.infer<typeof AutomationRun>

export const AutomationRunsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(AUTOMATION_LIMITS.maxPageSize).default(20),
  /** The nextCursor of the previous page. */
  cursor: z.string().max(200).optional(),
})
export type AutomationRunsQuery = z.input<typeof AutomationRunsQuery>
export const AutomationRunList = z.object({ runs: z.array(AutomationRun), nextCursor: z.string().nullable() })
export type AutomationRunList = z.infer<typeof AutomationRunList>

/** The `user-new-notification` a rule's notify action sends: the message is the rule's, shown as text. */
export const AutomationNotification = z.object({
  type: z.literal('automation-notify'),
  message: z.string(),
  ruleName: z.string(),
  productId: Id,
  productName: z.string(),
  dealId: Id.nullable(),
})
export type AutomationNotification = z.infer<typeof AutomationNotification>
