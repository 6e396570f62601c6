import { z } from 'zod'

export const ErrorBody = z.object({ message: z.string() })
export type ErrorBody = z.infer<typeof ErrorBody>

export const Id = z.uuid({ message: 'Must be a valid id' })
export const IdParams = z.object({ id: Id })

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Must be a valid email address' }).max(254))

export const Ok = z.object({ ok: z.literal(true) })
