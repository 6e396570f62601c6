import { z } from 'zod'

/**
 * What went wrong, as a stable identifier: API clients branch on it and the web app translates it, while the
 * message stays a sentence for people reading the API. Most follow the status; a few name a case a client
 * handles on its own (a time taken meanwhile).
 */
export const ERROR_CODES = [
  'invalid',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'too_large',
  'unsupported_type',
  'out_of_range',
  'rate_limited',
  'unavailable',
  'server_error',
  'slot_taken',
  // An uploaded agreement the server cannot take, each said precisely so the uploader knows what to do about it.
  'not_pdf',
  'pdf_encrypted',
  'pdf_broken',
  'too_many_pages',
] as const
export const ErrorCode = z.enum(ERROR_CODES)
export type ErrorCode = z.infer<typeof ErrorCode>

/** Every error answer: `field` names the input at fault (a dotted path into the body, query or params), when one is. */
export const ErrorBody = z.object({ message: z.string(), code: ErrorCode, field: z.string().optional() })
export type ErrorBody = z.infer<typeof ErrorBody>

export const Id = z.uuid({ message: 'Must be a valid id' })
export const IdParams = z.object({ id: Id })

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Must be a valid email address' }).max(254))

export const Ok = z.object({ ok: z.literal(true) })

/**
 * The body of a PATCH: every field optional and none filled in by its default, so a body naming one field
 * changes only that field. zod's own .partial() keeps defaults: `{ hidden: true }` would reset the rest.
 * A field's refinements must come before its .default() to survive (zod keeps them on the default wrapper).
 */
export function patchOf<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  const shape: Record<string, z.ZodOptional> = {}
  for (const [key, field] of Object.entries(schema.shape)) {
    const plain = (field instanceof z.ZodDefault ? field.removeDefault() : field) as z.ZodType
    shape[key] = plain.optional()
  }
  return z.object(shape) as unknown as ReturnType<z.ZodObject<Shape>['partial']>
}
