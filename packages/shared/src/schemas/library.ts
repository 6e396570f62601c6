import { z } from 'zod'
import { MESSAGES } from '../messages.ts'
import { Id } from './common.ts'
import { ProductFileKind } from './files.ts'

// The organization's file library (/files-manager): folders, files shared by reference into sales rooms,
// product rooms and agreements, and what buyers did with them (/file).

const Name = z.string().trim().min(1, { message: MESSAGES.nameRequired }).max(200, { message: 'Must be at most 200 characters' })

export const LibraryFolder = z.object({
  id: Id,
  name: z.string(),
  parentId: Id.nullable(),
  createdAt: z.string(),
})
export type LibraryFolder = z.infer<typeof LibraryFolder>

/** Where a file is used: each of these shows the file itself, so a new version reaches all of them. */
export const FileUsage = z.object({
  kind: z.enum(['salesroom', 'product', 'agreement', 'post']),
  id: Id,
  name: z.string(),
  /** Where in the app to see it. */
  url: z.string(),
})
export type FileUsage = z.infer<typeof FileUsage>

export const LibraryFile = z.object({
  id: Id,
  name: z.string(),
  folderId: Id.nullable(),
  contentType: z.string(),
  size: z.number().int(),
  /** A PDF's page count; null for other files, or a PDF whose pages could not be counted. */
  pages: z.number().int().nullable(),
  /** GET it to show the file, with `?download=1` to save it. */
  url: z.string(),
  uploadedBy: z.string().nullable(),
  usages: z.array(FileUsage),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type LibraryFile = z.infer<typeof LibraryFile>

export const LibraryStorage = z.object({ usedBytes: z.number().int(), limitBytes: z.number().int() })
export type LibraryStorage = z.infer<typeof LibraryStorage>

/**
 * Where a page of the library ends: the last file's id and its name (base64url), so the next page starts after it by
 * (name, id) even if that file has since been renamed or deleted.
 */
export const LibraryPageCursor = z
  .string()
  .regex(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]*$/i, { message: 'Use the next value of the previous page' })

export const LibraryListing = z.object({
  /** The folder listed (null: the top), and the folders above it, top first. */
  folder: LibraryFolder.nullable(),
  path: z.array(LibraryFolder),
  folders: z.array(LibraryFolder),
  files: z.array(LibraryFile),
  /** The `after` of the page with the next files by name; null when these are the last. */
  next: LibraryPageCursor.nullable(),
  storage: LibraryStorage,
})
/** How many files a page of a folder or a search lists at most. */
export const LIBRARY_LISTED = 500
export type LibraryListing = z.infer<typeof LibraryListing>

export const LibraryQuery = z.object({
  folderId: Id.optional(),
  /** Searches every folder by file name. */
  q: z.string().trim().max(100).optional(),
  /** The files after this one by name (the previous page's `next`); none: the first page. */
  after: LibraryPageCursor.optional(),
})
export const CreateLibraryFolder = z.object({ name: Name, parentId: Id.nullable().default(null) })
/** Rename and/or move a folder: `parentId` null moves it to the top. */
export const UpdateLibraryFolder = z
  .object({ name: Name.optional(), parentId: Id.nullable().optional() })
  .refine((v) => v.name !== undefined || v.parentId !== undefined, { message: 'Give a name or a folder' })
/** The multipart fields beside an uploaded file. */
export const UploadLibraryFile = z.object({ folderId: Id.optional() })
/** Rename and/or move: `folderId` null moves to the top. */
export const UpdateLibraryFile = z
  .object({ name: Name.optional(), folderId: Id.nullable().optional() })
  .refine((v) => v.name !== undefined || v.folderId !== undefined, { message: 'Give a name or a folder' })
export const LibraryFileParams = z.object({ fileId: Id })
export const LibraryFolderParams = z.object({ folderId: Id })
/** `withContents=1` deletes a folder with everything it holds; without it only an empty folder goes. */
export const DeleteLibraryFolderQuery = z.object({ withContents: z.enum(['0', '1']).optional() })

/** What deleting a folder would take with it, and the files inside that something still shows. */
export const LibraryFolderContents = z.object({
  /** Folders under it, at any depth. */
  folders: z.number().int(),
  /** Files in it and in its folders. */
  files: z.number().int(),
  inUse: z.array(z.object({ fileId: Id, name: z.string(), usages: z.array(FileUsage) })),
})
export type LibraryFolderContents = z.infer<typeof LibraryFolderContents>

/** A library file added to a sales room (by reference). */
export const ShareLibraryDocument = z.object({ fileId: Id, title: z.string().trim().min(1).max(200).optional() })
/** A library file added to a product's media (by reference). */
export const ShareLibraryProductFile = z.object({ fileId: Id, kind: ProductFileKind.default('document') })

// ---- Page-by-page reading of room documents ----

export const PAGE_VIEW_LIMITS = {
  pagesPerReport: 100,
  maxPage: 10_000,
  /** One report covers at most this much reading per page: the viewer reports at least every 15 s. */
  maxMsPerPage: 5 * 60 * 1000,
} as const

/** Time the buyer's viewer spent on pages since its last report (POST …/documents/{id}/pages, keepalive). */
export const DocumentPageReport = z.object({
  visitId: Id,
  pages: z
    .array(
      z.object({
        page: z.number().int().min(1).max(PAGE_VIEW_LIMITS.maxPage),
        ms: z.number().int().min(0).max(PAGE_VIEW_LIMITS.maxMsPerPage),
      }),
    )
    .min(1)
    .max(PAGE_VIEW_LIMITS.pagesPerReport),
})
export type DocumentPageReport = z.infer<typeof DocumentPageReport>

export const PageTime = z.object({ page: z.number().int(), ms: z.number().int() })
export const VisitorReading = z.object({
  /** The buyer's invited email; null for a visitor of a link room. */
  visitor: z.string().nullable(),
  opens: z.number().int(),
  ms: z.number().int(),
  pages: z.array(PageTime),
  lastOpenedAt: z.string().nullable(),
})
export const DocumentReading = z.object({
  documentId: Id,
  title: z.string(),
  contentType: z.string(),
  /** A PDF's page count (null when not known): pages it has that no buyer spent time on are worth a look. */
  pageCount: z.number().int().nullable(),
  opens: z.number().int(),
  ms: z.number().int(),
  pages: z.array(PageTime),
  visitors: z.array(VisitorReading),
})
export type DocumentReading = z.infer<typeof DocumentReading>
export const RoomDocumentReadings = z.object({ documents: z.array(DocumentReading) })
export type RoomDocumentReadings = z.infer<typeof RoomDocumentReadings>

/** /file: reading across every room of the organization. */
export const DocumentViewsOverview = z.object({
  totals: z.object({ documents: z.number().int(), opens: z.number().int(), ms: z.number().int(), visitors: z.number().int() }),
  documents: z.array(
    z.object({
      documentId: Id,
      title: z.string(),
      dealId: Id,
      dealName: z.string(),
      opens: z.number().int(),
      visitors: z.number().int(),
      ms: z.number().int(),
      lastOpenedAt: z.string().nullable(),
    }),
  ),
  visitors: z.array(
    z.object({
      visitor: z.string().nullable(),
      dealId: Id,
      dealName: z.string(),
      documents: z.number().int(),
      opens: z.number().int(),
      ms: z.number().int(),
    }),
  ),
})
export type DocumentViewsOverview = z.infer<typeof DocumentViewsOverview>
