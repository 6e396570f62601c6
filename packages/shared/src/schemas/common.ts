import { z } from 'zod'
import { ERROR_CODES } from '../errors.ts'
import { MESSAGES } from '../messages.ts'

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
  .pipe(z.email({ message: MESSAGES.email }).max(254))

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
