import { z } from 'zod'
import { phone } from '../rules.ts'
import { PersonName } from './auth.ts'
import { IsoDate } from './booking.ts'
import { Email, Id, patchOf } from './common.ts'
import { ThreadNext } from './thread-pages.ts'

// The pipeline: stages, deals, the buyer contacts (clients) and the products on a deal. Money is an
// integer amount of the currency's minor unit (cents) plus an ISO 4217 code, never a float.

export const DEAL_LIMITS = {
  /** 10^13 minor units: a hundred billion in a two-decimal currency. */
  maxAmount: 10_000_000_000_000,
  maxStages: 30,
  maxPageSize: 100,
  maxProductsPerDeal: 100,
  maxContactsPerDeal: 50,
  maxMessageLength: 5000,
} as const

export const Currency = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, { message: 'Must be a three-letter currency code such as EUR' })
export const MinorAmount = z.number().int({ message: 'Must be a whole number of cents' }).min(0).max(DEAL_LIMITS.maxAmount)

const Name = (label: string, max = 200) =>
  z
    .string()
    .trim()
    .min(1, { message: `${label} is required` })
    .max(max)
const OptionalText = (max: number) => z.string().trim().max(max)

export const Person = z.object({ id: Id, name: z.string(), avatarUrl: z.string().nullable() })
export type Person = z.infer<typeof Person>

// ---- Pipeline stages ----

/** open stages hold deals in progress; won and lost close them (a board shows them last). */
export const STAGE_KINDS = ['open', 'won', 'lost'] as const
export const StageKind = z.enum(STAGE_KINDS)

/** How likely a deal in the stage is to be won, in percent: weighs the pipeline and the forecast. */
export const StageProbability = z.number().int({ message: 'Must be a whole percentage' }).min(0).max(100)
export const PipelineStage = z.object({
  id: Id,
  name: z.string(),
  kind: StageKind,
  position: z.number().int(),
  probability: StageProbability,
})
export type PipelineStage = z.infer<typeof PipelineStage>
export const PipelineStageList = z.object({ stages: z.array(PipelineStage) })
export const CreatePipelineStage = z.object({ name: Name('Name', 60), kind: StageKind.default('open') })
/** Changing the kind without a probability sets won's 100 and lost's 0. */
export const UpdatePipelineStage = z.object({ name: Name('Name', 60), kind: StageKind, probability: StageProbability }).partial()
/** The whole new order: every stage id of the organization once. */
export const ReorderPipelineStages = z.object({ ids: z.array(Id).min(1).max(DEAL_LIMITS.maxStages) })
/** Deleting a stage that holds deals moves them to another stage first. */
export const DeletePipelineStageQuery = z.object({ moveTo: Id.optional() })

// ---- Clients (buyer contacts) ----

export const ClientFields = z.object({
  name: PersonName,
  email: z.union([Email, z.literal('')]).default(''),
  phone: phone.default(''),
  company: OptionalText(200).default(''),
  title: OptionalText(200).default(''),
})
export const Client = z.object({
  id: Id,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  company: z.string(),
  title: z.string(),
  createdAt: z.string(),
})
export type Client = z.infer<typeof Client>
export const CreateClient = ClientFields
export type CreateClient = z.input<typeof CreateClient>
export const UpdateClient = patchOf(ClientFields)
export const ClientListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(DEAL_LIMITS.maxPageSize).default(50),
})
export const ClientList = z.object({ clients: z.array(Client) })

// ---- Products ----

export const ProductFields = z.object({
  name: Name('Name'),
  description: OptionalText(10_000).default(''),
  price: MinorAmount,
  currency: Currency,
  active: z.boolean().default(true),
})
export const Product = ProductFields.extend({ id: Id, createdAt: z.string() })
export type Product = z.infer<typeof Product>
export const CreateProduct = ProductFields
export type CreateProduct = z.input<typeof CreateProduct>
export const UpdateProduct = patchOf(ProductFields)
export const ProductList = z.object({ products: z.array(Product) })

// ---- Deals ----

/** A product line on a deal: its price is copied when added, so a later price change does not rewrite the deal. */
export const DealLineInput = z.object({
  productId: Id,
  quantity: z.number().int().min(1).max(1_000_000),
  /** Defaults to the product's price at the time. */
  unitPrice: MinorAmount.optional(),
})
export const DealLine = z.object({
  productId: Id,
  name: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  currency: z.string(),
})
export type DealLine = z.infer<typeof DealLine>

/** The currency of a deal that nobody priced yet (typed in without one, or opened by a routing form). */
export const DEFAULT_DEAL_CURRENCY = 'EUR'

const DealFields = z.object({
  name: Name('Name'),
  company: OptionalText(200).default(''),
  /** Who owns the deal; the creator by default. */
  ownerId: Id.optional(),
  /** The first open stage by default. */
  stageId: Id.optional(),
  amount: MinorAmount.default(0),
  currency: Currency.default(DEFAULT_DEAL_CURRENCY),
  expectedCloseDate: IsoDate.nullable().default(null),
  notes: OptionalText(20_000).default(''),
  contactIds: z
    .array(Id)
    .max(DEAL_LIMITS.maxContactsPerDeal)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'Each contact once' })
    .default([]),
  lines: z
    .array(DealLineInput)
    .max(DEAL_LIMITS.maxProductsPerDeal)
    .refine((lines) => new Set(lines.map((l) => l.productId)).size === lines.length, { message: 'Each product once' })
    .default([]),
})
export const CreateDeal = DealFields
export type CreateDeal = z.input<typeof CreateDeal>
export const UpdateDeal = z
  .object({
    name: Name('Name'),
    company: OptionalText(200),
    ownerId: Id,
    stageId: Id,
    amount: MinorAmount,
    currency: Currency,
    expectedCloseDate: IsoDate.nullable(),
    notes: OptionalText(20_000),
    contactIds: DealFields.shape.contactIds.removeDefault(),
    lines: DealFields.shape.lines.removeDefault(),
    /** Why it was lost: kept only while the deal sits in a lost stage. */
    lostReason: z.string().trim().max(200).nullable(),
  })
  .partial()
export type UpdateDeal = z.input<typeof UpdateDeal>

/** A deal as lists and the board show it. */
export const DealSummary = z.object({
  id: Id,
  name: z.string(),
  company: z.string(),
  owner: Person,
  stageId: Id,
  amount: z.number().int(),
  currency: z.string(),
  expectedCloseDate: IsoDate.nullable(),
  contactCount: z.number().int(),
  /** When it entered a won or lost stage; null while open. */
  closedAt: z.string().nullable(),
  lostReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type DealSummary = z.infer<typeof DealSummary>

export const Deal = DealSummary.extend({
  notes: z.string(),
  contacts: z.array(Client),
  lines: z.array(DealLine),
})
export type Deal = z.infer<typeof Deal>

export const DEAL_SORTS = ['updated', 'created', 'name', 'amount', 'close'] as const
export const DealListQuery = z.object({
  /** Searches name and company. */
  q: z.string().trim().max(200).optional(),
  stageId: Id.optional(),
  ownerId: Id.optional(),
  closeFrom: IsoDate.optional(),
  closeTo: IsoDate.optional(),
  sort: z.enum(DEAL_SORTS).default('updated'),
  order: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(DEAL_LIMITS.maxPageSize).default(25),
  /** The opaque nextCursor of the previous page (keyset pagination: no offset scan at any depth). */
  cursor: z.string().max(500).optional(),
})
export type DealListQuery = z.input<typeof DealListQuery>
export const DealList = z.object({
  deals: z.array(DealSummary),
  nextCursor: z.string().nullable(),
  /** Every deal matching the filters, counted for the first page only (no cursor); later pages answer null, and the first page's count stands. */
  total: z.number().int().nullable(),
})

/** A drop on the board: into a stage, before a given deal or at the end. */
export const MoveDeal = z.object({
  stageId: Id,
  beforeId: Id.nullable().default(null),
  /** Why it was lost, on a move to a lost stage. */
  lostReason: z.string().trim().max(200).nullable().optional(),
})
export type MoveDeal = z.input<typeof MoveDeal>

export const BoardColumn = z.object({
  stage: PipelineStage,
  deals: z.array(DealSummary),
  count: z.number().int(),
  /** Totals per currency, in minor units. */
  totals: z.array(z.object({ currency: z.string(), amount: z.number().int() })),
})
export const Board = z.object({ columns: z.array(BoardColumn) })
export type Board = z.infer<typeof Board>

// ---- Timeline and messages ----

export const DEAL_ACTIVITY_KINDS = [
  'created',
  'stage_changed',
  'owner_changed',
  'message',
  'booking',
  'salesroom_visit',
  'agreement',
  /** A buyer's answers to a routing form moved the deal or gave it its owner. */
  'routing',
  /** An invoice of the deal was sent, paid or voided (data.step). */
  'invoice',
  /** An email with one of the deal's clients, received or sent from a member's connected mailbox (data.threadId). */
  'email',
] as const
export const DealActivity = z.object({
  id: Id,
  kind: z.enum(DEAL_ACTIVITY_KINDS),
  actor: Person.nullable(),
  /** What changed: from/to stage names, the booking's time, the document opened… */
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  createdAt: z.string(),
})
export type DealActivity = z.infer<typeof DealActivity>
export const DealActivityList = z.object({ activities: z.array(DealActivity) })

export const MessageBody = z
  .string()
  .trim()
  .min(1, { message: 'Write a message first' })
  .max(DEAL_LIMITS.maxMessageLength, { message: `Must be at most ${DEAL_LIMITS.maxMessageLength} characters` })
export const PostMessage = z.object({ body: MessageBody })
/** Messages are plain text: the browser shows them as text, never as HTML. */
export const Message = z.object({ id: Id, author: Person, body: z.string(), createdAt: z.string(), editedAt: z.string().nullable() })
export type Message = z.infer<typeof Message>
/** A page of a deal's or client's thread, oldest first (ThreadPageQuery asks for it). */
export const MessageList = z.object({ messages: z.array(Message), next: ThreadNext })
export type MessageList = z.infer<typeof MessageList>
export const MessageParams = z.object({ id: Id, messageId: Id })
