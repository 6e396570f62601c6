import { z } from 'zod'
import { MESSAGES } from '../messages.ts'
import { IsoDate, Slug } from './booking.ts'
import { Email, Id, patchOf } from './common.ts'

// Routing forms: a buyer answers a few questions on /f/{slug} (or where a landing page or product room embeds
// the form) and is sent to an outcome: the first whose conditions match their answers, else the form's
// fallback, which always exists and is always last. An outcome books an event type (optionally narrowed to
// the team members whose attributes match), shows a message or redirects, and may also put a deal in a stage.
// Conditions are a typed tree here and become json-logic on the server, where they are evaluated.

export const ROUTING_LIMITS = {
  maxFields: 30,
  maxOptions: 50,
  maxOutcomes: 100,
  /** Rules (and nested groups) in one group. */
  maxRules: 20,
  /** Groups inside groups: the top group is depth 1. */
  maxDepth: 3,
  maxShortText: 500,
  maxLongText: 5000,
  maxMessage: 2000,
  maxAttributes: 20,
  maxAttributeValues: 20,
  /** Minutes after a routed buyer's answer without a booking before the routed owner hears of it. */
  maxNoBookingDelay: 7 * 24 * 60,
} as const

export const ROUTING_FIELD_TYPES = ['short_text', 'long_text', 'number', 'email', 'phone', 'select', 'multi_select'] as const
export const RoutingFieldType = z.enum(ROUTING_FIELD_TYPES)
export type RoutingFieldType = z.infer<typeof RoutingFieldType>

/**
 * A field's stable key: the answer's name in conditions, in redirect query parameters and in the booking
 * form, where a booking question with the same key is filled with the answer. `name`, `email`, `phone` and
 * `notes` fill the booking form's own fields.
 */
export const FieldIdentifier = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, { message: MESSAGES.key })

export const RoutingField = z
  .object({
    identifier: FieldIdentifier,
    label: z.string().trim().min(1, { message: MESSAGES.label }).max(200),
    type: RoutingFieldType,
    required: z.boolean().default(false),
    /** The choices of a select or multi select field. */
    options: z.array(z.string().trim().min(1).max(100)).max(ROUTING_LIMITS.maxOptions).default([]),
  })
  .refine((f) => !(f.type === 'select' || f.type === 'multi_select') || f.options.length >= 2, {
    message: MESSAGES.options,
    path: ['options'],
  })
export type RoutingField = z.infer<typeof RoutingField>

// ---- Conditions ----

export const ROUTING_OPERATORS = [
  'equals',
  'not_equals',
  /** The answer (or, for a multi select, one of its choices) is one of `value`'s. */
  'any_of',
  /** Text containing `value`, ignoring case; a multi select holding `value`. */
  'contains',
  'greater_than',
  'less_than',
  /** `value` is [low, high], both included. */
  'between',
  'is_empty',
  'is_not_empty',
] as const
export const RoutingOperator = z.enum(ROUTING_OPERATORS)
export type RoutingOperator = z.infer<typeof RoutingOperator>

/** One test on one answer. What `value` holds depends on the operator (see `ruleValueProblem`). */
export const RoutingRule = z.object({
  field: FieldIdentifier,
  operator: RoutingOperator,
  value: z
    .union([
      z.string().max(500),
      z.number(),
      z.array(z.string().max(500)).max(ROUTING_LIMITS.maxOptions),
      z.tuple([z.number(), z.number()]),
    ])
    .optional(),
})
export type RoutingRule = z.infer<typeof RoutingRule>

export type RoutingGroup = { combinator: 'and' | 'or'; rules: Array<RoutingRule | RoutingGroup> }

/** AND/OR groups of rules, nested up to ROUTING_LIMITS.maxDepth. An empty group always matches. */
// Named in the OpenAPI document's components: a recursive schema can only be written there as a $ref to itself.
export const RoutingGroup: z.ZodType<RoutingGroup> = z
  .object({
    combinator: z.enum(['and', 'or']),
    get rules() {
      return z.array(z.union([RoutingRule, RoutingGroup])).max(ROUTING_LIMITS.maxRules)
    },
  })
  .meta({ id: 'RoutingGroup' })

export const isRoutingGroup = (rule: RoutingRule | RoutingGroup): rule is RoutingGroup => 'combinator' in rule

/** Why a rule's value does not suit its operator, or null: checked on save against the form's fields too. */
export function ruleValueProblem(rule: RoutingRule): string | null {
  const { operator, value } = rule
  switch (operator) {
    case 'is_empty':
    case 'is_not_empty':
      return value === undefined ? null : 'This operator takes no value'
    case 'any_of':
      return Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string') ? null : 'Choose at least one value'
    case 'between':
      return Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'number') && Number(value[0]) <= Number(value[1])
        ? null
        : 'Give a low and a high number, the low one first'
    case 'greater_than':
    case 'less_than':
      return typeof value === 'number' ? null : 'Give a number'
    default:
      return typeof value === 'string' || typeof value === 'number' ? null : 'Give a value'
  }
}

export function groupDepth(group: RoutingGroup): number {
  return 1 + Math.max(0, ...group.rules.filter(isRoutingGroup).map(groupDepth))
}

// ---- Actions ----

/** A member attribute's key, as set in /users/{id}/edit: 'region', 'segment', 'language'. */
export const AttributeKey = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, { message: MESSAGES.key })
export const AttributeValue = z.string().trim().min(1).max(60)

/** A member's attributes: each key with one or more values (a seller may cover two regions). */
export const MemberAttributes = z
  .record(AttributeKey, z.array(AttributeValue).min(1).max(ROUTING_LIMITS.maxAttributeValues))
  .refine((a) => Object.keys(a).length <= ROUTING_LIMITS.maxAttributes, { message: `At most ${ROUTING_LIMITS.maxAttributes} attributes` })
export type MemberAttributes = z.infer<typeof MemberAttributes>

/**
 * A member matches when one of their values of `attribute` equals (ignoring case) the buyer's answer to
 * `field` (any of a multi select's choices), or one of the fixed `values`.
 */
export const AttributeMatch = z.union([
  z.object({ attribute: AttributeKey, field: FieldIdentifier }),
  z.object({ attribute: AttributeKey, values: z.array(AttributeValue).min(1).max(ROUTING_LIMITS.maxAttributeValues) }),
])
export type AttributeMatch = z.infer<typeof AttributeMatch>

export const ROUTING_ACTION_TYPES = ['event-type', 'members', 'message', 'url'] as const
export const RoutingActionType = z.enum(ROUTING_ACTION_TYPES)
export type RoutingActionType = z.infer<typeof RoutingActionType>

/**
 * Ownership first: when the buyer's email belongs to a client of the organization and that client's deal
 * owner hosts the event type, the owner takes the meeting before any round robin.
 */
const OwnerFirst = z.boolean().default(true)

export const RoutingAction = z.discriminatedUnion('type', [
  /** Book an event type (personal or team) with the answers carried into the booking. */
  z.object({ type: z.literal('event-type'), eventTypeId: Id, ownerFirst: OwnerFirst }),
  /**
   * Book a team event type with only the hosts whose attributes all match, by the event type's weighted
   * round robin. When none matches, the hosts matching `fallback` (all of them when it is empty) are used.
   */
  z.object({
    type: z.literal('members'),
    eventTypeId: Id,
    match: z.array(AttributeMatch).min(1).max(10),
    fallback: z.array(AttributeMatch).max(10).default([]),
    ownerFirst: OwnerFirst,
  }),
  z.object({ type: z.literal('message'), message: z.string().trim().min(1, { message: MESSAGES.message }).max(ROUTING_LIMITS.maxMessage) }),
  /** Redirect; the answers are added to the URL as query parameters named by their identifiers. */
  z.object({ type: z.literal('url'), url: z.url({ protocol: /^https?$/, message: MESSAGES.url }).max(2000) }),
])
export type RoutingAction = z.infer<typeof RoutingAction>

/** Alongside any action: create the buyer's deal in this stage, or move their open deal there, owned by the routed member. */
export const RoutingDealAction = z.object({ stageId: Id })

const OutcomeName = z.string().trim().min(1, { message: MESSAGES.title }).max(120)

export const CreateRoutingOutcome = z.object({
  name: OutcomeName,
  conditions: RoutingGroup,
  action: RoutingAction,
  deal: RoutingDealAction.nullable().default(null),
})
export type CreateRoutingOutcome = z.input<typeof CreateRoutingOutcome>
/** The fallback's conditions cannot be set: it matches whatever reaches it. */
export const UpdateRoutingOutcome = patchOf(CreateRoutingOutcome)
export type UpdateRoutingOutcome = z.input<typeof UpdateRoutingOutcome>

/** Every outcome but the fallback, in their new order; the fallback stays last. */
export const RoutingOutcomeOrder = z.object({ outcomeIds: z.array(Id).max(ROUTING_LIMITS.maxOutcomes) })

export const RoutingOutcome = z.object({
  id: Id,
  name: z.string(),
  conditions: RoutingGroup,
  action: RoutingAction,
  deal: RoutingDealAction.nullable(),
  fallback: z.boolean(),
  position: z.number().int(),
})
export type RoutingOutcome = z.infer<typeof RoutingOutcome>

// ---- Forms ----

/** A form's public address is /f/{slug}; slugs are unique across the instance, as booking handles are. */
export const RoutingSlug = Slug.refine((s) => !/^[0-9a-f]{8}-[0-9a-f]{4}-/.test(s), { message: MESSAGES.slug })

const RoutingFormFields = z.object({
  name: z.string().trim().min(1, { message: MESSAGES.title }).max(120),
  /** Chosen from the name when left out. */
  slug: RoutingSlug.optional(),
  description: z.string().trim().max(2000).default(''),
  fields: z
    .array(RoutingField)
    .min(1)
    .max(ROUTING_LIMITS.maxFields)
    .refine((f) => new Set(f.map((x) => x.identifier)).size === f.length, { message: MESSAGES.keyTwice }),
  /** Minutes after a booking outcome without a booking before the routed owner is notified; null for never. */
  noBookingDelay: z.number().int().min(1).max(ROUTING_LIMITS.maxNoBookingDelay).nullable().default(15),
  /** Unpublished forms answer 404 to buyers. */
  published: z.boolean().default(true),
})
export const CreateRoutingForm = RoutingFormFields
export type CreateRoutingForm = z.input<typeof CreateRoutingForm>
export const UpdateRoutingForm = patchOf(RoutingFormFields)
export type UpdateRoutingForm = z.input<typeof UpdateRoutingForm>

export const RoutingForm = z.object({
  id: Id,
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  fields: z.array(RoutingField),
  noBookingDelay: z.number().int().nullable(),
  published: z.boolean(),
  /** The outcomes in order, the fallback last. */
  outcomes: z.array(RoutingOutcome),
  ownerId: Id,
  responseCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type RoutingForm = z.infer<typeof RoutingForm>

export const RoutingFormSummary = RoutingForm.omit({ fields: true, outcomes: true }).extend({
  fieldCount: z.number().int(),
  outcomeCount: z.number().int(),
})
export const RoutingFormList = z.object({ routings: z.array(RoutingFormSummary) })

/** Attribute keys and the values members hold for them, for the outcome editor's choices. */
export const RoutingAttributeList = z.object({ attributes: z.array(z.object({ key: z.string(), values: z.array(z.string()) })) })

// ---- Answers and why ----

/** An answer as the buyer gave it: text, a number, or the choices of a multi select. */
export const RoutingAnswer = z.union([
  z.string().max(ROUTING_LIMITS.maxLongText),
  z.number(),
  z.array(z.string().max(100)).max(ROUTING_LIMITS.maxOptions),
])
export type RoutingAnswer = z.infer<typeof RoutingAnswer>
/** Checked against the form's own fields on the server (required, types, options, the phone rule). */
export const RoutingAnswers = z.object({ answers: z.record(FieldIdentifier, RoutingAnswer) })
export type RoutingAnswers = z.infer<typeof RoutingAnswers>

/** Why a member was routed to: the client's owner, matching attributes, the fallback's, or the event type's hosts. */
export const ROUTING_REASONS = ['owner', 'attributes', 'fallback', 'hosts'] as const
export const RoutingReason = z.enum(ROUTING_REASONS)
export type RoutingReason = z.infer<typeof RoutingReason>

/** What routing decided for one set of answers: stored with a response, or shown by the test panel. */
export const RoutingDecision = z.object({
  outcomeId: Id,
  outcomeName: z.string(),
  fallback: z.boolean(),
  /** The top-level rules of the matched outcome that held, by their index, for "why". Empty for the fallback. */
  matchedRules: z.array(z.number().int()),
  /** Who may take the meeting (booking actions), the first the provisional owner; empty otherwise. */
  members: z.array(z.object({ id: Id, name: z.string() })),
  reason: RoutingReason.nullable(),
  /**
   * The event type the buyer was sent to book (booking actions), kept with the decision so the booking still
   * works if the outcome is changed or deleted meanwhile. Absent in responses routed before it was recorded.
   */
  eventTypeId: Id.optional(),
})
export type RoutingDecision = z.infer<typeof RoutingDecision>

/** What the buyer's page does next. */
export const RoutingNext = z.discriminatedUnion('type', [
  /** A relative booking address with the answers as prefill and the response to narrow the hosts. */
  z.object({ type: z.literal('booking'), bookingUrl: z.string() }),
  z.object({ type: z.literal('message'), message: z.string() }),
  z.object({ type: z.literal('url'), url: z.string() }),
])
export type RoutingNext = z.infer<typeof RoutingNext>

export const RoutingSubmitted = z.object({ responseId: Id, outcome: RoutingNext })
export type RoutingSubmitted = z.infer<typeof RoutingSubmitted>

export const RoutingResponse = z.object({
  id: Id,
  answers: z.record(z.string(), RoutingAnswer),
  email: Email.nullable(),
  decision: RoutingDecision,
  /** The member who ended up owning the meeting or deal, once known. */
  routedTo: z.object({ id: Id, name: z.string() }).nullable(),
  bookingId: Id.nullable(),
  dealId: Id.nullable(),
  createdAt: z.string(),
})
export type RoutingResponse = z.infer<typeof RoutingResponse>

export const RoutingResponsesQuery = z.object({
  outcomeId: Id.optional(),
  booked: z.enum(['yes', 'no']).optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  page: z.coerce.number().int().min(1).default(1),
})
export type RoutingResponsesQuery = z.input<typeof RoutingResponsesQuery>
export const RoutingResponseList = z.object({ responses: z.array(RoutingResponse), total: z.number().int() })

/** The report on /routings/{id}: responses per day, and per outcome, each with how many booked. */
export const RoutingReport = z.object({
  days: z.array(z.object({ date: z.string(), responses: z.number().int(), booked: z.number().int() })),
  outcomes: z.array(z.object({ outcomeId: Id, name: z.string(), responses: z.number().int(), booked: z.number().int() })),
})
export type RoutingReport = z.infer<typeof RoutingReport>

// ---- Public side ----

/** What a buyer sees of a form, and nothing else of the organization. */
export const PublicRoutingForm = z.object({
  id: Id,
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  fields: z.array(RoutingField),
  organization: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
})
export type PublicRoutingForm = z.infer<typeof PublicRoutingForm>

/** A routing form shown on a landing page or in a product room: what the page needs to load it from /f/{slug}'s API. */
export const EmbeddedRoutingForm = z.object({ slug: z.string(), name: z.string() })
export type EmbeddedRoutingForm = z.infer<typeof EmbeddedRoutingForm>
