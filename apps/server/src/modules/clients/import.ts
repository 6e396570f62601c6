import { type ClientImportField, type ClientImportRequest, CreateClient, type ImportReport, type RefusedRow } from '@closeroom/shared'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { clients } from '../../db/schema/index.ts'
import { cellOf, IMPORT_CHUNK, nameMissing, readCsv, refusal, refuseUnlessClean, reportOf, suggestMapping } from '../../lib/csv-import.ts'
import type { AuthContext } from '../auth/module.ts'
import type { WebhookEmitMany } from '../webhooks/module.ts'
import { presentClient } from './service.ts'

/** The other names a column of each field goes by in CRM exports and spreadsheets (English and French). */
const synonyms: Record<ClientImportField, string[]> = {
  name: ['full name', 'contact', 'contact name', 'person', 'nom', 'nom complet'],
  email: ['e-mail', 'email address', 'mail', 'courriel', 'adresse e-mail'],
  phone: ['phone number', 'telephone', 'tel', 'mobile', 'téléphone', 'numéro de téléphone'],
  company: ['organization', 'organisation', 'account', 'account name', 'company name', 'société', 'entreprise'],
  title: ['job title', 'position', 'role', 'poste', 'titre', 'fonction'],
}
const fields = Object.keys(synonyms) as ClientImportField[]

/**
 * Clients from a CSV file, all or nothing: every row is checked as the form checks a client (the phone rule, an
 * email's form), and a row whose email the organization already has, or an earlier row of the file has, is
 * refused or skipped as the member chose (emails compared in any case, as a buyer's email finds its client).
 * One refused row and nothing is written; otherwise every row is written in one transaction. A dry run only
 * checks and tells what the import would do.
 */
export function createClientImport({ db, emitMany }: { db: Db; emitMany: WebhookEmitMany }) {
  return async function importClients(auth: AuthContext, request: z.output<typeof ClientImportRequest>): Promise<ImportReport> {
    const { organizationId } = auth.user
    const table = readCsv(request.csv)
    const mapping = suggestMapping(table.columns, synonyms, request.mapping)
    if (mapping.name === null) return nameMissing(table, mapping, request.dryRun, 'Choose the column that holds each client’s name')
    const refused: RefusedRow[] = []
    const checked: { line: number; client: z.output<typeof CreateClient> }[] = []
    for (const { line, cells } of table.rows) {
      const parsed = CreateClient.safeParse(Object.fromEntries(fields.map((field) => [field, cellOf(cells, mapping, field)])))
      if (parsed.success) checked.push({ line, client: parsed.data })
      else refused.push(refusal(line, parsed.error.issues))
    }

    const emails = [...new Set(checked.map(({ client }) => client.email.toLowerCase()).filter(Boolean))]
    const known = new Set<string>()
    for (let at = 0; at < emails.length; at += IMPORT_CHUNK) {
      const rows = await db
        .select({ email: sql<string>`lower(${clients.email})` })
        .from(clients)
        .where(and(eq(clients.organizationId, organizationId), inArray(sql`lower(${clients.email})`, emails.slice(at, at + IMPORT_CHUNK))))
      for (const { email } of rows) known.add(email)
    }
    const firstLine = new Map<string, number>()
    const written: z.output<typeof CreateClient>[] = []
    let skipped = 0
    for (const { line, client } of checked) {
      const email = client.email.toLowerCase()
      const earlier = email ? firstLine.get(email) : undefined
      if (email && (known.has(email) || earlier !== undefined)) {
        if (request.duplicates === 'skip') skipped++
        else
          refused.push(
            known.has(email)
              ? { line, field: 'email', reason: 'exists', message: 'A client with this email exists already' }
              : { line, field: 'email', reason: 'repeated', message: `Line ${earlier} has the same email`, sameAs: earlier },
          )
        continue
      }
      if (email) firstLine.set(email, line)
      written.push(client)
    }
    refused.sort((a, b) => a.line - b.line)

    refuseUnlessClean(table, refused, request.dryRun)
    if (!request.dryRun) {
      const created = await db.transaction(async (tx) => {
        const rows: (typeof clients.$inferSelect)[] = []
        for (let at = 0; at < written.length; at += IMPORT_CHUNK)
          rows.push(
            ...(await tx
              .insert(clients)
              .values(written.slice(at, at + IMPORT_CHUNK).map((client) => ({ ...client, organizationId })))
              .returning()),
          )
        return rows
      })
      // Each imported client is a client created, for the organization's webhooks as for one added by hand:
      // queued together, in a few statements however many rows the file had.
      await emitMany(organizationId, 'client.created', created.map(presentClient))
    }
    return reportOf(table, mapping, [], refused, {
      imported: refused.length > 0 ? 0 : written.length,
      skipped,
      dryRun: request.dryRun,
    })
  }
}
