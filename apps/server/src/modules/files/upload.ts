import { FILE_REQUIRED, FILE_RULES, type FileUse } from '@closeroom/shared'
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { Invalid } from '../../http/errors.ts'
import type { FileStore, Received } from './store.ts'

/** An upload as a service receives it: the file, already in storage and checked, and the form's other fields. */
export type Upload<Fields> = { file: Received; fields: Fields }
/**
 * Reads the request's upload when called. Services call it after their access checks, so a stranger's
 * upload is refused before a byte of it is stored.
 */
export type Incoming<Fields> = () => Promise<Upload<Fields>>

/** Routes that take uploads, in a scope of their own: multipart bodies are parsed there and nowhere else. */
export function uploadRoutes(app: FastifyInstance, register: (scoped: FastifyInstance) => void) {
  app.register(async (scoped) => {
    await scoped.register(multipart, {
      // The file's size is checked as it streams (module.ts), with a message that names the limit.
      throwFileSizeLimit: false,
      limits: { files: 1, fields: 10, fieldSize: 4096, parts: 11 },
    })
    register(scoped)
  })
}

/** The request's one file, streamed into storage under the rules of `use`, and its text fields checked by `schema`. */
export function incoming<Schema extends z.ZodType>(
  request: FastifyRequest,
  files: FileStore,
  use: FileUse,
  schema: Schema,
): Incoming<z.output<Schema>> {
  return async () => {
    if (!request.isMultipart()) throw Invalid(FILE_REQUIRED, { code: 'file_required' })
    const fields: Record<string, string> = {}
    let file: Received | undefined
    try {
      for await (const part of request.parts({ limits: { fileSize: FILE_RULES[use].maxBytes + 1 } })) {
        if (part.type === 'field') fields[part.fieldname] = String(part.value)
        else if (part.fieldname !== 'file' || file) await drain(part.file)
        else file = await files.receive(part.file, { use, filename: part.filename })
      }
      if (!file) throw Invalid(FILE_REQUIRED, { code: 'file_required' })
      const parsed = schema.safeParse(fields)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        throw Invalid(`${issue?.path.join('.') || 'form'}: ${issue?.message ?? 'is invalid'}`)
      }
      return { file, fields: parsed.data }
    } catch (error) {
      if (file) await files.discard(file)
      throw error
    }
  }
}

async function drain(stream: AsyncIterable<unknown>) {
  for await (const _ of stream);
}
