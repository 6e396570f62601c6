import { z } from 'zod'
import { LANGUAGES } from '../constants.ts'
import { IsoDate } from './booking.ts'
import { Email, Id } from './common.ts'
import { Currency, DEAL_LIMITS, MinorAmount } from './deals.ts'

// Invoices: made from a won deal or by hand, numbered from the organization's sequence when sent, then paid or
// voided. Money is integer minor units of the invoice's currency; rates (discount, tax) are basis points
// (1/100 of a percent: 20 % is 2000), so no amount ever passes through a float.

export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'void'] as const
export const InvoiceStatus = z.enum(INVOICE_STATUSES)
export type InvoiceStatus = z.infer<typeof InvoiceStatus>

export const INVOICE_LIMITS = {
  maxLines: 100,
  maxQuantity: 1_000_000,
  /** Quantities carry at most this many decimals (1.5 hours, 0.125 tonnes). */
  quantityDecimals: 3,
  maxDescription: 500,
  maxNotes: 2000,
  maxAddress: 500,
  maxPrefix: 20,
  maxPageSize: 200,
} as const

/** 100 % in basis points. */
export const FULL_RATE = 10_000

/** Whether Intl knows the currency (ISO 4217), which is also how we know its exponent. */
export function isKnownCurrency(code: string): boolean {
  try {
    return Intl.supportedValuesOf('currency').includes(code)
  } catch {
    return false
  }
}

/** How many decimals the currency has (JPY 0, EUR 2, BHD 3), as Intl knows it. */
export function currencyExponent(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
}

export const InvoiceCurrency = Currency.refine(isKnownCurrency, { message: 'Unknown currency: use an ISO 4217 code such as EUR' })

const hasAtMostDecimals = (value: number, decimals: number) =>
  Number.isInteger(Math.round(value * 10 ** decimals)) && Math.abs(Math.round(value * 10 ** decimals) - value * 10 ** decimals) < 1e-6

export const InvoiceQuantity = z
  .number({ message: 'Quantity must be a number' })
  .positive({ message: 'Quantity must be more than zero' })
  .max(INVOICE_LIMITS.maxQuantity, { message: `Quantity must be at most ${INVOICE_LIMITS.maxQuantity}` })
  .refine((value) => hasAtMostDecimals(value, INVOICE_LIMITS.quantityDecimals), {
    message: `Quantity has at most ${INVOICE_LIMITS.quantityDecimals} decimals`,
  })

export const BasisPoints = (label: string) =>
  z
    .number()
    .int({ message: `${label} is a whole number of basis points (20 % is 2000)` })
    .min(0, { message: `${label} cannot be negative` })
    .max(FULL_RATE, { message: `${label} is at most 100 %` })

export const InvoiceLineInput = z
  .object({
    description: z.string().trim().min(1, { message: 'Description is required' }).max(INVOICE_LIMITS.maxDescription),
    productId: Id.nullable().default(null),
    quantity: InvoiceQuantity,
    /** Per unit, in minor units of the invoice's currency. */
    unitPrice: MinorAmount,
    /** Percent off the line, in basis points. */
    discount: BasisPoints('Discount').default(0),
    /** Tax on the line after its discount, in basis points. */
    taxRate: BasisPoints('Tax rate').default(0),
  })
  // Past this an amount is no longer exact in JSON numbers; no real line comes near it.
  .refine((line) => priceLine(line).total <= DEAL_LIMITS.maxAmount, {
    message: 'This line comes to more than an invoice can hold',
    path: ['unitPrice'],
  })
export type InvoiceLineInput = z.input<typeof InvoiceLineInput>

export const InvoiceBuyer = z.object({
  name: z.string().trim().min(1, { message: "The buyer's name is required" }).max(200),
  /** Needed to send the invoice by email; a draft may go without. */
  email: z.union([Email, z.literal('')]).default(''),
  company: z.string().trim().max(200).default(''),
  address: z.string().trim().max(INVOICE_LIMITS.maxAddress).default(''),
})

const invoiceFields = {
  dealId: Id.nullable().default(null),
  buyer: InvoiceBuyer,
  currency: InvoiceCurrency,
  /** The buyer's language: the PDF and the email are written in it. */
  language: z.enum(LANGUAGES).default('en'),
  issueDate: IsoDate,
  dueDate: IsoDate,
  notes: z.string().trim().max(INVOICE_LIMITS.maxNotes).default(''),
  lines: z
    .array(InvoiceLineInput)
    .min(1, { message: 'Add at least one line' })
    .max(INVOICE_LIMITS.maxLines, { message: `An invoice has at most ${INVOICE_LIMITS.maxLines} lines` }),
}

/** A draft's whole content: creating one and saving it again take the same body. */
export const InvoiceInput = z.object(invoiceFields).refine((invoice) => invoice.dueDate >= invoice.issueDate, {
  message: 'The due date cannot be before the issue date',
  path: ['dueDate'],
})
export type InvoiceInput = z.input<typeof InvoiceInput>
export const CreateInvoice = InvoiceInput
export const UpdateInvoice = InvoiceInput

/** What a deal puts on a new invoice: its lines, prices and buyer; the form starts from it. */
export const InvoiceFromDealQuery = z.object({ dealId: Id })
export const InvoicePrefill = z.object(invoiceFields)
export type InvoicePrefill = z.infer<typeof InvoicePrefill>

export const InvoiceLine = z.object({
  description: z.string(),
  productId: z.string().nullable(),
  quantity: z.number(),
  unitPrice: z.number().int(),
  discount: z.number().int(),
  taxRate: z.number().int(),
  /** After the discount, before tax, rounded once to the currency's minor unit. */
  net: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
})
export type InvoiceLine = z.infer<typeof InvoiceLine>

const Totals = { subtotal: z.number().int(), tax: z.number().int(), total: z.number().int() }

export const Invoice = z.object({
  id: z.string(),
  /** Given when the invoice is sent (INV-2026-0001); null while a draft. */
  number: z.string().nullable(),
  status: InvoiceStatus,
  deal: z.object({ id: z.string(), name: z.string() }).nullable(),
  buyer: z.object({ name: z.string(), email: z.string(), company: z.string(), address: z.string() }),
  currency: z.string(),
  language: z.enum(LANGUAGES),
  issueDate: z.string(),
  dueDate: z.string(),
  notes: z.string(),
  lines: z.array(InvoiceLine),
  ...Totals,
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The seller as the PDF shows it. */
  seller: z.object({ name: z.string(), address: z.string(), logoUrl: z.string().nullable(), brandColor: z.string() }),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  /** The PDF for members (GET, ?download=1 to save it). */
  pdfUrl: z.string(),
  /** The buyer's link to the PDF once sent: public, unguessable. */
  publicPdfUrl: z.string().nullable(),
})
export type Invoice = z.infer<typeof Invoice>

export const InvoiceSummary = Invoice.pick({
  id: true,
  number: true,
  status: true,
  deal: true,
  currency: true,
  issueDate: true,
  dueDate: true,
  total: true,
  createdAt: true,
}).extend({
  buyer: z.object({ name: z.string(), company: z.string() }),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
})
export type InvoiceSummary = z.infer<typeof InvoiceSummary>

export const InvoiceListQuery = z.object({
  status: InvoiceStatus.optional(),
  /** Number, buyer name, company or email, or the deal's name. */
  q: z.string().trim().max(200).optional(),
  dealId: Id.optional(),
  limit: z.coerce.number().int().min(1).max(INVOICE_LIMITS.maxPageSize).default(50),
  /** The opaque nextCursor of the previous page. */
  cursor: z.string().max(500).optional(),
})
export type InvoiceListQuery = z.input<typeof InvoiceListQuery>
/** Newest first. */
export const InvoiceList = z.object({ invoices: z.array(InvoiceSummary), nextCursor: z.string().nullable() })
export type InvoiceList = z.infer<typeof InvoiceList>

/** The organization's invoicing settings: the number's prefix and what the PDF shows of the seller. */
export const InvoiceSettings = z.object({
  /** Before the year and the sequence: INV- gives INV-2026-0001. */
  prefix: z
    .string()
    .trim()
    .min(1, { message: 'The prefix is required' })
    .max(INVOICE_LIMITS.maxPrefix)
    .regex(/^[A-Za-z0-9/_-]+$/, { message: 'Letters, digits, - / and _ only' }),
  address: z.string().trim().max(INVOICE_LIMITS.maxAddress),
  brandColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: 'A colour such as #00a76f' }),
})
export type InvoiceSettings = z.infer<typeof InvoiceSettings>

export const InvoicePublicParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, { message: 'Invoice not found' }),
})
export const InvoicePdfQuery = z.object({ download: z.literal('1').optional() })

/** A deal's invoice as its sales room lists it: sent or paid ones only. */
export const PublicRoomInvoice = z.object({
  number: z.string(),
  status: z.enum(['sent', 'paid']),
  currency: z.string(),
  total: z.number().int(),
  issueDate: z.string(),
  dueDate: z.string(),
  pdfUrl: z.string(),
})
export type PublicRoomInvoice = z.infer<typeof PublicRoomInvoice>

// ---- Money ----

/** Rounds a non-negative fraction num/den to the nearest integer, halves away from zero. */
function roundHalfUp(num: bigint, den: bigint): bigint {
  return (2n * num + den) / (2n * den)
}

/**
 * One line's amounts, each rounded once to the currency's minor unit (the amounts are already in minor units,
 * whose size the currency's exponent sets): net = quantity × unit price less the discount, computed exactly and
 * rounded once; tax = that net × the rate, rounded once. Halves round up. Exact integers throughout (BigInt), so
 * a 0.001 quantity of a 10¹³ price is as right as 1 × 1.
 */
export function priceLine(line: { quantity: number; unitPrice: number; discount?: number; taxRate?: number }) {
  const scale = 10n ** BigInt(INVOICE_LIMITS.quantityDecimals)
  const quantity = BigInt(Math.round(line.quantity * Number(scale)))
  const gross = quantity * BigInt(line.unitPrice) * BigInt(FULL_RATE - (line.discount ?? 0))
  const net = roundHalfUp(gross, scale * BigInt(FULL_RATE))
  const tax = roundHalfUp(net * BigInt(line.taxRate ?? 0), BigInt(FULL_RATE))
  return { net: Number(net), tax: Number(tax), total: Number(net + tax) }
}

/** The invoice's totals: sums of its lines' rounded amounts, so the lines always add up to what is due. */
export function priceInvoice<L extends { quantity: number; unitPrice: number; discount?: number; taxRate?: number }>(lines: L[]) {
  const priced = lines.map((line) => ({ ...line, ...priceLine(line) }))
  return {
    lines: priced,
    subtotal: priced.reduce((sum, line) => sum + line.net, 0),
    tax: priced.reduce((sum, line) => sum + line.tax, 0),
    total: priced.reduce((sum, line) => sum + line.total, 0),
  }
}
