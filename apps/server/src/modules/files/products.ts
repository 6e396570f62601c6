import { FILE_LIMITS, FILE_RULES, fileTooBig, type ProductFile, type UploadProductFile } from '@closeroom/shared'
import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { files, productFiles, products } from '../../db/schema/index.ts'
import { Invalid, NotFound } from '../../http/errors.ts'
import { authorize } from '../../permissions.ts'
import type { AuthContext } from '../auth/module.ts'
import type { Library } from './library.ts'
import { FILE_NOT_FOUND, type FileRow, type FileStore, typeRefused } from './store.ts'
import type { Incoming } from './upload.ts'

const PRODUCT_NOT_FOUND = 'Product not found'

type Row = { file: FileRow; kind: 'image' | 'document'; position: number }

const present = ({ file, kind, position }: Row): ProductFile => ({
  id: file.id,
  kind,
  name: file.name,
  contentType: file.contentType,
  size: file.size,
  position,
  url: `/api/files/${file.id}`,
  createdAt: file.createdAt.toISOString(),
})

/**
 * A product's media: images shown in its public room, in the seller's order, and documents to download.
 * Everyone in the organization sees them; owners and admins (products.manage) change them.
 */
export function createProductFiles({ db, files: store, library }: { db: Db; files: FileStore; library: Pick<Library, 'fileOf'> }) {
  async function productOf(auth: AuthContext, productId: string) {
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.organizationId, auth.user.organizationId)))
    if (!product) throw NotFound(PRODUCT_NOT_FOUND)
    return product
  }

  async function rows(productId: string): Promise<Row[]> {
    return db
      .select({ file: files, kind: productFiles.kind, position: productFiles.position })
      .from(productFiles)
      .innerJoin(files, eq(files.id, productFiles.fileId))
      .where(eq(productFiles.productId, productId))
      .orderBy(sql`${productFiles.kind} = 'document'`, asc(productFiles.position), asc(productFiles.createdAt))
  }

  async function list(auth: AuthContext, productId: string): Promise<ProductFile[]> {
    await productOf(auth, productId)
    return (await rows(productId)).map(present)
  }

  /** The upload streams under the document rules (the wider ones); an image must then also pass the image rules. */
  async function add(auth: AuthContext, productId: string, upload: Incoming<z.output<typeof UploadProductFile>>) {
    authorize(auth.user, 'products.manage')
    await productOf(auth, productId)
    const [existing] = await db.select({ n: count() }).from(productFiles).where(eq(productFiles.productId, productId))
    if (Number(existing?.n ?? 0) >= FILE_LIMITS.maxProductFiles)
      throw Invalid(`A product holds at most ${FILE_LIMITS.maxProductFiles} files`, { code: 'limit_reached' })
    const { file: received, fields } = await upload()
    return store.keep(received, async () => {
      const rules = FILE_RULES[fields.kind]
      if (!rules.types.includes(received.contentType)) throw typeRefused(received.name, fields.kind)
      if (received.size > rules.maxBytes) throw Invalid(fileTooBig(fields.kind), { code: 'file_too_large' })
      const row = await db.transaction(async (tx) => {
        const file = await store.record(tx, received, { organizationId: auth.user.organizationId, uploadedBy: auth.user.id })
        // New media go last among their kind.
        const [link] = await tx
          .insert(productFiles)
          .values({
            productId,
            fileId: file.id,
            kind: fields.kind,
            position: sql`(select coalesce(max(${productFiles.position}) + 1, 0) from ${productFiles} where ${productFiles.productId} = ${productId} and ${productFiles.kind} = ${fields.kind})`,
          })
          .returning()
        if (!link) throw new Error('product file insert returned nothing')
        return { file, kind: link.kind, position: link.position }
      })
      return present(row)
    })
  }

  /** A library file shown with the product's media: the same file, by reference, so its new versions show too. */
  async function addFromLibrary(auth: AuthContext, productId: string, input: { fileId: string; kind: 'image' | 'document' }) {
    authorize(auth.user, 'products.manage')
    await productOf(auth, productId)
    const file = await library.fileOf(auth, input.fileId)
    const rules = FILE_RULES[input.kind]
    if (!rules.types.includes(file.contentType)) throw typeRefused(file.name, input.kind)
    if (file.size > rules.maxBytes) throw Invalid(fileTooBig(input.kind), { code: 'file_too_large' })
    const [existing] = await db.select({ n: count() }).from(productFiles).where(eq(productFiles.productId, productId))
    if (Number(existing?.n ?? 0) >= FILE_LIMITS.maxProductFiles)
      throw Invalid(`A product holds at most ${FILE_LIMITS.maxProductFiles} files`, { code: 'limit_reached' })
    const [link] = await db
      .insert(productFiles)
      .values({
        productId,
        fileId: file.id,
        kind: input.kind,
        position: sql`(select coalesce(max(${productFiles.position}) + 1, 0) from ${productFiles} where ${productFiles.productId} = ${productId} and ${productFiles.kind} = ${input.kind})`,
      })
      .onConflictDoNothing()
      .returning()
    if (!link) throw Invalid('fileId: This file is already with the product')
    return present({ file, kind: link.kind, position: link.position })
  }

  /** Puts the product's images in the given order; the list must name each of them once. */
  async function reorderImages(auth: AuthContext, productId: string, fileIds: string[]): Promise<ProductFile[]> {
    authorize(auth.user, 'products.manage')
    await productOf(auth, productId)
    const images = (await rows(productId)).filter((row) => row.kind === 'image').map((row) => row.file.id)
    if (fileIds.length !== images.length || new Set(fileIds).size !== fileIds.length || !fileIds.every((id) => images.includes(id)))
      throw Invalid('fileIds: List every image of the product once')
    await db.transaction(async (tx) => {
      for (const [position, fileId] of fileIds.entries())
        await tx
          .update(productFiles)
          .set({ position })
          .where(and(eq(productFiles.productId, productId), eq(productFiles.fileId, fileId)))
    })
    return list(auth, productId)
  }

  async function remove(auth: AuthContext, productId: string, fileId: string): Promise<void> {
    authorize(auth.user, 'products.manage')
    await productOf(auth, productId)
    const gone = await db
      .delete(productFiles)
      .where(and(eq(productFiles.productId, productId), eq(productFiles.fileId, fileId)))
      .returning({ fileId: productFiles.fileId })
    if (gone.length === 0) throw NotFound(FILE_NOT_FOUND)
    await store.release([fileId])
  }

  /**
   * A file of a product whose public room is open, for the room's buyers: images are shown, documents saved.
   * Any other file id, or a room unpublished or at another address, is not found.
   */
  async function ofPublicRoom(roomId: string, fileId: string) {
    const [row] = await db
      .select({ file: files, kind: productFiles.kind })
      .from(productFiles)
      .innerJoin(products, eq(products.id, productFiles.productId))
      .innerJoin(files, and(eq(files.id, productFiles.fileId), eq(files.organizationId, products.organizationId)))
      .where(and(eq(products.roomId, roomId), eq(products.roomPublished, true), eq(productFiles.fileId, fileId)))
    if (!row) throw NotFound(FILE_NOT_FOUND)
    return row
  }

  return { list, add, addFromLibrary, reorderImages, remove, ofPublicRoom }
}

export type ProductFiles = ReturnType<typeof createProductFiles>
