import { z } from 'zod'
import { MESSAGES } from '../messages.ts'
import { AGREEMENT_MAX_BYTES } from './agreements.ts'
import { Id, IdParams } from './common.ts'

// Uploaded files: room documents and product media. The content type is what the bytes are (sniffed on
// upload), never what the uploader's browser claimed.

const MB = 1024 * 1024

export const FILE_LIMITS = {
  /** Room documents and product documents. */
  documentBytes: 25 * MB,
  /** Product images. */
  imageBytes: 5 * MB,
  maxRoomDocuments: 50,
  maxProductFiles: 30,
  /** One file of the organization's library (videos included). */
  libraryBytes: 200 * MB,
} as const

/** Pictures a browser shows safely. Never SVG: it can carry script. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const
const OFFICE_TYPES = [
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
] as const
/** What a sales document can be: PDF, Office (docx, xlsx, pptx), plain text or CSV, and pictures. Never HTML. */
export const DOCUMENT_TYPES = ['application/pdf', ...OFFICE_TYPES, 'text/plain', 'text/csv', ...IMAGE_TYPES] as const

/** What an upload is for: which types it may be and how big. An agreement is a PDF to sign. */
export const VIDEO_TYPES = ['video/mp4', 'video/webm'] as const
/** What the library takes: documents, pictures and videos. */
export const LIBRARY_TYPES = [...DOCUMENT_TYPES, ...VIDEO_TYPES] as const
export const FileUse = z.enum(['document', 'image', 'agreement', 'library'])
export type FileUse = z.infer<typeof FileUse>
export const FILE_RULES: Record<FileUse, { types: readonly string[]; maxBytes: number }> = {
  document: { types: DOCUMENT_TYPES, maxBytes: FILE_LIMITS.documentBytes },
  image: { types: IMAGE_TYPES, maxBytes: FILE_LIMITS.imageBytes },
  agreement: { types: ['application/pdf'], maxBytes: AGREEMENT_MAX_BYTES },
  library: { types: LIBRARY_TYPES, maxBytes: FILE_LIMITS.libraryBytes },
}

export const FILE_REQUIRED = 'Choose a file to upload'
export const fileTooBig = (use: FileUse) => `Files must be at most ${FILE_RULES[use].maxBytes / MB} MB`

export const FileParams = z.object({ fileId: Id })
export const DownloadQuery = z.object({
  /** 1: save the file (Content-Disposition: attachment) instead of showing it. */
  download: z.enum(['0', '1']).optional(),
})

// ---- Room documents ----

const DocumentTitle = z.string().trim().min(1, { message: MESSAGES.title }).max(200, { message: 'Must be at most 200 characters' })

/** A document in a deal's sales room, as the seller sees it. */
export const RoomDocument = z.object({
  id: Id,
  title: z.string(),
  /** The uploaded file's name, cleaned. */
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** A file of the organization's library shown here by reference (its new versions show too). */
  fromLibrary: z.boolean(),
  /** Where the seller's team opens it: /api/files/{fileId}. */
  url: z.string(),
  createdAt: z.string(),
})
export type RoomDocument = z.infer<typeof RoomDocument>
export const RoomDocumentList = z.object({ documents: z.array(RoomDocument) })
/** The multipart fields beside the file; without a title the file's name is the title. */
export const UploadRoomDocument = z.object({ title: DocumentTitle.optional() })
export const RenameRoomDocument = z.object({ title: DocumentTitle })
export const RoomDocumentParams = IdParams.extend({ documentId: Id })

/** A document as the buyer sees it at /d/{publicId}: it opens at /api/public/salesrooms/{publicId}/documents/{id}. */
export const PublicRoomDocument = z.object({ id: Id, title: z.string(), contentType: z.string(), size: z.number().int() })
export type PublicRoomDocument = z.infer<typeof PublicRoomDocument>
export const PublicDocumentQuery = DownloadQuery.extend({
  /** The visit the buyer's page reported (POST …/events): the opening is recorded under it. */
  visit: Id.optional(),
})

/** A buyer opened (viewed) or downloaded a document during a visit. */
export const DocumentEvent = z.object({
  documentId: Id,
  title: z.string(),
  kind: z.enum(['opened', 'downloaded']),
  at: z.string(),
})

// ---- Product media ----

export const ProductFileKind = z.enum(['image', 'document'])
/** An image or document of a product; `url` serves it to the organization (GET /api/files/{id}). */
export const ProductFile = z.object({
  id: Id,
  kind: ProductFileKind,
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  position: z.number().int(),
  url: z.string(),
  createdAt: z.string(),
})
export type ProductFile = z.infer<typeof ProductFile>
/** Images in their order, then documents. */
export const ProductFileList = z.object({ files: z.array(ProductFile) })
export const UploadProductFile = z.object({ kind: ProductFileKind.default('image') })
/** Every image of the product, in the order it should show. */
export const ReorderProductImages = z.object({ fileIds: z.array(Id).max(FILE_LIMITS.maxProductFiles) })
export const ProductFileParams = IdParams.extend({ fileId: Id })
export const PublicProductFileParams = z.object({
  roomId: z.string().regex(/^[A-Za-z0-9_-]{4,64}$/, { message: 'Product not found' }),
  fileId: Id,
})
