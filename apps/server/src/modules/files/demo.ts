import { createHash, randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { eq } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { files, libraryFolders } from '../../db/schema/index.ts'
import type { FileRow, FileStore, Received } from './store.ts'

/**
 * The demo library's PDFs, committed beside this file (made by scripts/demo-documents.ts, which checks the
 * page counts said here): the seed stores them without opening them, as no PDF library is loaded at start.
 */
export const DEMO_DOCUMENTS = [
  { file: 'pricing-2027.pdf', name: 'Closeroom – pricing 2027.pdf', folder: 'Sales collateral', pages: 2 },
  { file: 'security-overview.pdf', name: 'Security overview.pdf', folder: 'Security and compliance', pages: 1 },
] as const

export type DemoDocument = (typeof DEMO_DOCUMENTS)[number]['file']

/**
 * The demo organization's library: a folder for each document, the PDF's bytes in file storage like an
 * upload's, its row counted in the organization's storage. Answers each document's file row by its file name.
 */
export async function seedLibrary(
  tx: Tx,
  store: FileStore,
  { organizationId, uploadedBy }: { organizationId: string; uploadedBy: string },
): Promise<Map<DemoDocument, FileRow>> {
  // Uploaded a week ago, before the seller shared pricing into the Northwind room.
  const uploadedAt = new Date(Date.now() - 7 * 86_400_000)
  const folderNames = [...new Set(DEMO_DOCUMENTS.map((d) => d.folder))]
  const folders = await tx
    .insert(libraryFolders)
    .values(folderNames.map((name) => ({ organizationId, name, createdAt: uploadedAt })))
    .returning()
  const seeded = new Map<DemoDocument, FileRow>()
  for (const document of DEMO_DOCUMENTS) {
    const bytes = await readFile(new URL(`./demo/${document.file}`, import.meta.url))
    const received: Received = {
      storageKey: `${new Date().toISOString().slice(0, 7)}/${randomUUID()}`,
      name: document.name,
      contentType: 'application/pdf',
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      pages: document.pages,
    }
    await store.storage.put(received.storageKey, Readable.from([bytes]))
    const folderId = folders.find((f) => f.name === document.folder)?.id ?? null
    // Bytes whose row is refused (the storage limit) are discarded, as a refused upload's are.
    const row = await store.keep(received, () => store.record(tx, received, { organizationId, uploadedBy, inLibrary: true, folderId }))
    const [dated] = await tx.update(files).set({ createdAt: uploadedAt, updatedAt: uploadedAt }).where(eq(files.id, row.id)).returning()
    seeded.set(document.file, dated ?? row)
  }
  return seeded
}
