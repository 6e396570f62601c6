import { Readable } from 'node:stream'
import { Decoder, type EBMLElementDetail, Reader, tools } from 'ts-ebml'
import type { FileStorage } from '../files/storage.ts'

export type Assembled = { durationMs: number; size: number }

/**
 * Joins a recording's chunks, in order, into one WebM that players can seek: MediaRecorder writes a
 * stream with no duration and no index (Cues), so its header is rewritten with both and the clusters follow
 * unchanged. Chunks are read one at a time, twice (to index, then to copy), never the whole file at once.
 */
export async function assembleWebm(storage: FileStorage, chunkKeys: string[], targetKey: string): Promise<Assembled> {
  const decoder = new Decoder()
  const reader = new Reader()
  reader.logging = false
  let total = 0
  for (const key of chunkKeys) {
    const bytes = await readAll(storage.open(key))
    total += bytes.length
    for (const element of decoder.decode(arrayBufferOf(bytes))) reader.read(asSimpleBlock(element))
  }
  reader.stop()
  if (reader.metadatas.length === 0 || reader.metadataSize === 0) throw new Error('the chunks hold no WebM header')
  const header = seekableHeader(reader)
  const skip = reader.metadataSize
  async function* file() {
    yield header
    let offset = 0
    for (const key of chunkKeys) {
      const bytes = await readAll(storage.open(key))
      const from = Math.max(0, skip - offset)
      offset += bytes.length
      if (from < bytes.length) yield bytes.subarray(from)
    }
  }
  await storage.put(targetKey, Readable.from(file()))
  return { durationMs: Math.round((reader.duration * reader.timestampScale) / 1_000_000), size: header.length + total - skip }
}

/**
 * The Reader indexes SimpleBlocks only; Chromium writes a Block inside a BlockGroup when a frame carries
 * extra data (a canvas with alpha). Both share one layout (track, timecode, flags), so it reads either.
 */
const asSimpleBlock = (element: EBMLElementDetail): EBMLElementDetail =>
  element.name === 'Block' ? ({ ...element, name: 'SimpleBlock' } as EBMLElementDetail) : element

function seekableHeader(reader: Reader): Buffer {
  // ts-ebml answers with its Buffer's whole ArrayBuffer, which for a small header is Node's shared 8 KB
  // pool (with other bytes around it). Without the pool the ArrayBuffer is the header alone. The call is
  // synchronous, so nothing else allocates meanwhile.
  const poolSize = Buffer.poolSize
  Buffer.poolSize = 0
  try {
    return Buffer.from(tools.makeMetadataSeekable(reader.metadatas, reader.duration, reader.cues))
  } finally {
    Buffer.poolSize = poolSize
  }
}

const arrayBufferOf = (bytes: Buffer): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = []
  for await (const part of stream) parts.push(part as Buffer)
  return Buffer.concat(parts)
}
