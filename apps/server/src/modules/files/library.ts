import {
  type FileUsage,
  LIBRARY_LISTED,
  type LibraryFile,
  type LibraryFolder,
  type LibraryFolderContents,
  type LibraryListing,
  type UploadLibraryFile,
} from '@closeroom/shared'
import { and, asc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db, Tx } from '../../db/client.ts'
import {
  agreements,
  deals,
  files,
  libraryFolders,
  posts,
  productFiles,
  products,
  salesroomDocuments,
  users,
} from '../../db/schema/index.ts'
import { Conflict, Invalid, NotFound, pgErrorOf } from '../../http/errors.ts'
import type { AuthContext } from '../auth/module.ts'
import { FILE_NOT_FOUND, type FileRow, type FileStore, type Received } from './store.ts'
import type { Incoming } from './upload.ts'

const FOLDER_NOT_FOUND = 'Folder not found'
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

const presentFolder = (row: typeof libraryFolders.$inferSelect): LibraryFolder => ({
  id: row.id,
  name: row.name,
  parentId: row.parentId,
  createdAt: row.createdAt.toISOString(),
})

const join = (names: string[]) => names.join(', ')
const USE_LABEL = { salesroom: 'sales room', product: 'product', agreement: 'agreement', post: 'post' } as const
const usesText = (usages: FileUsage[]) => join(usages.map((u) => `${USE_LABEL[u.kind]} ${u.name}`))

/** Where a post's body shows a picture (posts' sanitize.ts keeps only these). */
const postImageSrc = sql`'/api/public/post-files/' || ${posts.id} || '/' || ${files.id}`

/** Nothing shows the file: checked in the delete itself, as a room or product may take it after a check. */
const unused = and(
  sql`not exists (select 1 from ${salesroomDocuments} where ${salesroomDocuments.fileId} = ${files.id})`,
  sql`not exists (select 1 from ${productFiles} where ${productFiles.fileId} = ${files.id})`,
  sql`not exists (select 1 from ${agreements} where ${agreements.originalFileId} = ${files.id} or ${agreements.sealedFileId} = ${files.id} or ${agreements.libraryFileId} = ${files.id})`,
  sql`not exists (select 1 from ${posts} where ${posts.coverFileId} = ${files.id})`,
  sql`not exists (select 1 from ${posts} where strpos(${posts.body}, ${postImageSrc}) > 0)`,
)

/**
 * Told, inside the transaction that changes a library file's bytes, of its new version: another module that
 * keeps something derived from the bytes (an agreement draft's page sizes) updates it, or refuses the version.
 */
export type NewVersionHook = (tx: Tx, file: FileRow, version: Received, bytes: () => Promise<Uint8Array>) => Promise<void>

/**
 * The organization's library: folders and files every member sees and arranges. A library file is shared into
 * sales rooms, products and agreements by reference (their rows point at it), so a new version of it is what
 * they all show, and it cannot be deleted while one of them still does.
 */
export function createLibrary({ db, store }: { db: Db; store: FileStore }) {
  const org = (auth: AuthContext) => auth.user.organizationId

  async function folderOf(auth: AuthContext, folderId: string) {
    const [row] = await db
      .select()
      .from(libraryFolders)
      .where(and(eq(libraryFolders.id, folderId), eq(libraryFolders.organizationId, org(auth))))
    if (!row) throw NotFound(FOLDER_NOT_FOUND)
    return row
  }

  /** A file of the organization's library (not a room's own upload). */
  async function fileOf(auth: AuthContext, fileId: string): Promise<FileRow> {
    const file = await store.ofOrganization(auth, fileId)
    if (!file.inLibrary) throw NotFound(FILE_NOT_FOUND)
    return file
  }

  /** Every sales room, product and agreement showing each of these files. */
  async function usagesOf(fileIds: string[]): Promise<Map<string, FileUsage[]>> {
    const usages = new Map<string, FileUsage[]>()
    if (fileIds.length === 0) return usages
    const add = (fileId: string, usage: FileUsage) => usages.set(fileId, [...(usages.get(fileId) ?? []), usage])
    const [rooms, productRows, agreementRows, postRows, postImages] = await Promise.all([
      db
        .selectDistinct({ fileId: salesroomDocuments.fileId, id: deals.id, name: deals.name })
        .from(salesroomDocuments)
        .innerJoin(deals, eq(deals.id, salesroomDocuments.dealId))
        .where(inArray(salesroomDocuments.fileId, fileIds)),
      db
        .select({ fileId: productFiles.fileId, id: products.id, name: products.name })
        .from(productFiles)
        .innerJoin(products, eq(products.id, productFiles.productId))
        .where(inArray(productFiles.fileId, fileIds)),
      db
        .select({
          original: agreements.originalFileId,
          sealed: agreements.sealedFileId,
          library: agreements.libraryFileId,
          id: agreements.id,
          name: agreements.title,
        })
        .from(agreements)
        .where(
          or(
            inArray(agreements.originalFileId, fileIds),
            inArray(agreements.sealedFileId, fileIds),
            inArray(agreements.libraryFileId, fileIds),
          ),
        ),
      // A post's cover: deleting it would take the picture off a published post without a word.
      db.select({ fileId: posts.coverFileId, id: posts.id, name: posts.title }).from(posts).where(inArray(posts.coverFileId, fileIds)),
      // A picture in a post's text: deleting it would leave a hole in the post.
      db
        .select({ fileId: files.id, id: posts.id, name: posts.title })
        .from(posts)
        .innerJoin(files, and(eq(files.organizationId, posts.organizationId), inArray(files.id, fileIds)))
        .where(sql`strpos(${posts.body}, ${postImageSrc}) > 0`),
    ])
    for (const r of rooms) add(r.fileId, { kind: 'salesroom', id: r.id, name: r.name, url: `/deals/${r.id}/room` })
    for (const p of productRows) add(p.fileId, { kind: 'product', id: p.id, name: p.name, url: `/products/${p.id}` })
    for (const a of agreementRows) {
      const usage = { kind: 'agreement' as const, id: a.id, name: a.name, url: `/agreements/${a.id}/edit` }
      for (const fileId of new Set([a.original, a.sealed, a.library])) if (fileId && fileIds.includes(fileId)) add(fileId, usage)
    }
    const inPosts = new Set<string>()
    for (const p of [...postRows, ...postImages])
      if (p.fileId && !inPosts.has(`${p.fileId} ${p.id}`)) {
        inPosts.add(`${p.fileId} ${p.id}`)
        add(p.fileId, { kind: 'post', id: p.id, name: p.name, url: `/blog/post/${p.id}` })
      }
    return usages
  }

  async function present(rows: (FileRow & { uploader: string | null })[]): Promise<LibraryFile[]> {
    const usages = await usagesOf(rows.map((r) => r.id))
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      folderId: row.folderId,
      contentType: row.contentType,
      size: row.size,
      pages: row.pages,
      url: `/api/files/${row.id}`,
      uploadedBy: row.uploader,
      usages: usages.get(row.id) ?? [],
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }))
  }

  async function filesWhere(where: ReturnType<typeof and>, limit = LIBRARY_LISTED) {
    const rows = await db
      .select({ file: files, uploader: users.name })
      .from(files)
      .leftJoin(users, eq(users.id, files.uploadedBy))
      .where(where)
      .orderBy(asc(files.name), asc(files.id))
      .limit(limit)
    return present(rows.map((r) => ({ ...r.file, uploader: r.uploader })))
  }

  /** A page of LIBRARY_LISTED files by name, after the cursor `after`, and the cursor of the next page if any. */
  async function listed(where: ReturnType<typeof and>, after: string | undefined) {
    const [afterId = '', encodedName = ''] = after?.split('.') ?? []
    const start = after
      ? sql`(${files.name}, ${files.id}) > (${Buffer.from(encodedName, 'base64url').toString('utf8')}, ${afterId}::uuid)`
      : undefined
    const found = await filesWhere(and(where, start), LIBRARY_LISTED + 1)
    const page = found.slice(0, LIBRARY_LISTED)
    const last = page.at(-1)
    const next = found.length > LIBRARY_LISTED && last ? `${last.id}.${Buffer.from(last.name, 'utf8').toString('base64url')}` : null
    return { files: page, next }
  }

  async function storage(auth: AuthContext) {
    return { usedBytes: await store.used(db, org(auth)), limitBytes: Number.isFinite(store.limitBytes) ? store.limitBytes : 0 }
  }

  /** The folders above a folder, top first (folders are few levels deep). */
  async function pathOf(auth: AuthContext, folder: typeof libraryFolders.$inferSelect) {
    const path = [folder]
    let parentId = folder.parentId
    while (parentId && path.length < 50) {
      const parent = await folderOf(auth, parentId)
      path.unshift(parent)
      parentId = parent.parentId
    }
    return path.map(presentFolder)
  }

  /** A folder's folders and files, or, with a search, matching files from every folder. */
  async function listing(auth: AuthContext, query: { folderId?: string; q?: string; after?: string }): Promise<LibraryListing> {
    const folder = query.folderId ? await folderOf(auth, query.folderId) : null
    const mine = and(eq(files.organizationId, org(auth)), eq(files.inLibrary, true))
    if (query.q)
      return {
        folder: null,
        path: [],
        folders: [],
        ...(await listed(and(mine, ilike(files.name, `%${likeEscape(query.q)}%`)), query.after)),
        storage: await storage(auth),
      }
    const folders = await db
      .select()
      .from(libraryFolders)
      .where(
        and(
          eq(libraryFolders.organizationId, org(auth)),
          folder ? eq(libraryFolders.parentId, folder.id) : isNull(libraryFolders.parentId),
        ),
      )
      .orderBy(asc(libraryFolders.name))
    return {
      folder: folder ? presentFolder(folder) : null,
      path: folder ? await pathOf(auth, folder) : [],
      folders: folders.map(presentFolder),
      ...(await listed(and(mine, folder ? eq(files.folderId, folder.id) : isNull(files.folderId)), query.after)),
      storage: await storage(auth),
    }
  }

  const nameTaken = (error: unknown) => pgErrorOf(error)?.code === '23505'

  async function createFolder(auth: AuthContext, input: { name: string; parentId: string | null }): Promise<LibraryFolder> {
    if (input.parentId) {
      const parent = await folderOf(auth, input.parentId)
      if ((await pathOf(auth, parent)).length >= 8) throw Invalid('parentId: Folders go at most 8 levels deep')
    }
    try {
      const [row] = await db
        .insert(libraryFolders)
        .values({ organizationId: org(auth), parentId: input.parentId, name: input.name })
        .returning()
      if (!row) throw new Error('folder insert returned nothing')
      return presentFolder(row)
    } catch (error) {
      if (nameTaken(error)) throw Conflict(`name: A folder named “${input.name}” is already there`, { code: 'folder_name_taken' })
      throw error
    }
  }

  /** Renames and/or moves a folder, with everything inside it. */
  async function updateFolder(
    auth: AuthContext,
    folderId: string,
    input: { name?: string; parentId?: string | null },
  ): Promise<LibraryFolder> {
    const folder = await folderOf(auth, folderId)
    if (input.parentId) {
      // Inside itself, or a folder of its own, the branch would hang from nothing in a loop.
      const path = await pathOf(auth, await folderOf(auth, input.parentId))
      if (path.some((above) => above.id === folderId)) throw Invalid('parentId: A folder cannot go inside itself or a folder it holds')
      if (path.length >= 8) throw Invalid('parentId: Folders go at most 8 levels deep')
    }
    try {
      const [row] = await db.update(libraryFolders).set(input).where(eq(libraryFolders.id, folderId)).returning()
      if (!row) throw NotFound(FOLDER_NOT_FOUND)
      return presentFolder(row)
    } catch (error) {
      if (nameTaken(error)) {
        throw Conflict(`name: A folder named “${input.name ?? folder.name}” is already there`, { code: 'folder_name_taken' })
      }
      throw error
    }
  }

  /** A folder and every folder under it, each with its depth below the folder (0 for itself). */
  async function branchOf(auth: AuthContext, folderId: string) {
    const all = await db
      .select({ id: libraryFolders.id, parentId: libraryFolders.parentId })
      .from(libraryFolders)
      .where(eq(libraryFolders.organizationId, org(auth)))
    const branch = [{ id: folderId, depth: 0 }]
    for (let i = 0; i < branch.length; i++) {
      const { id, depth } = branch[i] as { id: string; depth: number }
      for (const child of all) if (child.parentId === id) branch.push({ id: child.id, depth: depth + 1 })
    }
    return branch
  }

  /** What deleting a folder would take with it: its folders and files, and the files something still shows. */
  async function folderContents(auth: AuthContext, folderId: string): Promise<LibraryFolderContents> {
    await folderOf(auth, folderId)
    const branch = await branchOf(auth, folderId)
    const inside = await db
      .select({ id: files.id, name: files.name })
      .from(files)
      .where(
        and(
          eq(files.organizationId, org(auth)),
          inArray(
            files.folderId,
            branch.map((f) => f.id),
          ),
        ),
      )
      .orderBy(asc(files.name))
    const usages = await usagesOf(inside.map((f) => f.id))
    return {
      folders: branch.length - 1,
      files: inside.length,
      inUse: inside.flatMap((f) => (usages.has(f.id) ? [{ fileId: f.id, name: f.name, usages: usages.get(f.id) ?? [] }] : [])),
    }
  }

  /**
   * Deletes a folder. One with something inside goes only when asked to take its content (`withContents`), all
   * of it in one transaction, and not at all (409, naming them and what shows them) while a file inside is in use.
   */
  async function removeFolder(auth: AuthContext, folderId: string, { withContents = false } = {}): Promise<void> {
    const contents = await folderContents(auth, folderId)
    if (contents.folders + contents.files > 0 && !withContents)
      throw Conflict(`This folder is not empty: it holds ${contents.folders} folders and ${contents.files} files`, {
        code: 'folder_not_empty',
      })
    const refused = () =>
      Conflict(
        `This folder holds files in use, so nothing was deleted: ${contents.inUse.map((f) => `${f.name} (${usesText(f.usages)})`).join('; ')}`,
        { code: 'file_in_use' },
      )
    if (contents.inUse.length > 0) throw refused()
    const branch = await branchOf(auth, folderId)
    const gone = await db.transaction(async (tx) => {
      const ids = branch.map((f) => f.id)
      // Files first, only those nothing shows: one taken since the check leaves its folder, which then refuses.
      const removed = await tx
        .delete(files)
        .where(and(eq(files.organizationId, org(auth)), inArray(files.folderId, ids), unused))
        .returning({ storageKey: files.storageKey })
      const [left] = await tx.select({ n: sql<number>`count(*)::int` }).from(files).where(inArray(files.folderId, ids))
      if (Number(left?.n ?? 0) > 0) throw refused()
      // Deepest first: a folder goes only once nothing hangs from it (parent_id restricts).
      const depths = [...new Set(branch.map((f) => f.depth))].sort((a, b) => b - a)
      for (const depth of depths)
        await tx.delete(libraryFolders).where(
          inArray(
            libraryFolders.id,
            branch.filter((f) => f.depth === depth).map((f) => f.id),
          ),
        )
      return removed
    })
    await Promise.all(gone.map((file) => store.storage.remove(file.storageKey)))
  }

  async function one(fileId: string): Promise<LibraryFile> {
    const [file] = await filesWhere(eq(files.id, fileId))
    if (!file) throw NotFound(FILE_NOT_FOUND)
    return file
  }

  async function upload(auth: AuthContext, incoming: Incoming<z.output<typeof UploadLibraryFile>>): Promise<LibraryFile> {
    const { file: received, fields } = await incoming()
    const row = await store.keep(received, async () => {
      if (fields.folderId) await folderOf(auth, fields.folderId)
      return store.record(db, received, {
        organizationId: org(auth),
        uploadedBy: auth.user.id,
        inLibrary: true,
        folderId: fields.folderId ?? null,
      })
    })
    return one(row.id)
  }

  async function update(auth: AuthContext, fileId: string, input: { name?: string; folderId?: string | null }): Promise<LibraryFile> {
    await fileOf(auth, fileId)
    if (input.folderId) await folderOf(auth, input.folderId)
    await db
      .update(files)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(files.id, fileId))
    return one(fileId)
  }

  /**
   * A new version: the same file (same id, so every room, product and agreement draft showing it shows the new
   * bytes), of the same type. A sent agreement keeps a copy of the version it was sent with, so it is not touched.
   */
  async function replace(auth: AuthContext, fileId: string, incoming: Incoming<unknown>): Promise<LibraryFile> {
    const file = await fileOf(auth, fileId)
    const { file: received } = await incoming()
    await store.keep(received, async () => {
      if (received.contentType !== file.contentType)
        throw Invalid(`A new version must be of the same type as ${file.name} (${file.contentType})`, { code: 'version_type_differs' })
      await db.transaction(async (tx) => {
        await store.checkRoom(tx, org(auth), received.size, file.size)
        for (const hook of versionHooks) await hook(tx, file, received, () => store.bytes(received))
        await tx
          .update(files)
          .set({
            storageKey: received.storageKey,
            size: received.size,
            sha256: received.sha256,
            pages: received.pages,
            uploadedBy: auth.user.id,
            updatedAt: sql`now()`,
          })
          .where(eq(files.id, fileId))
      })
    })
    await store.storage.remove(file.storageKey)
    return one(fileId)
  }

  const versionHooks: NewVersionHook[] = []
  /** Registers a hook told of each new version (see NewVersionHook). */
  const onNewVersion = (hook: NewVersionHook) => {
    versionHooks.push(hook)
  }

  /** Deletes a library file, refused (409, naming them) while a room, product, agreement or post shows it. */
  async function remove(auth: AuthContext, fileId: string): Promise<void> {
    const file = await fileOf(auth, fileId)
    const usages = (await usagesOf([fileId])).get(fileId) ?? []
    if (usages.length > 0) throw Conflict(`${file.name} is in use, remove it there first: ${usesText(usages)}`, { code: 'file_in_use' })
    const gone = await db
      .delete(files)
      .where(and(eq(files.id, fileId), unused))
      .returning({ storageKey: files.storageKey })
    if (gone.length === 0) throw Conflict(`${file.name} is in use, remove it there first`, { code: 'file_in_use' })
    await store.storage.remove(file.storageKey)
  }

  return {
    listing,
    createFolder,
    updateFolder,
    folderContents,
    removeFolder,
    upload,
    update,
    replace,
    onNewVersion,
    remove,
    fileOf,
    usagesOf,
  }
}

export type Library = ReturnType<typeof createLibrary>
