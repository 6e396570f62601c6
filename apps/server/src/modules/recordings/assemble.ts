import { Readable } from 'node:stream'
import { Decoder, type EBMLElementDetail, Reader, tools } from 'ts-ebml'
import type { FileStorage } from '../files/module.ts'

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
  const ends = new TrackEnds()
  let total = 0
  for (const key of chunkKeys) {
    const bytes = await readAll(storage.open(key))
    total += bytes.length
    for (const element of decoder.decode(arrayBufferOf(bytes))) {
      const block = asSimpleBlock(element)
      reader.read(block)
      ends.read(block)
    }
  }
  reader.stop()
  if (reader.metadatas.length === 0 || reader.metadataSize === 0) throw new Error('the chunks hold no WebM header')
  const duration = ends.duration()
  const header = seekableHeader(reader, duration)
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
  return { durationMs: Math.round((duration * reader.timestampScale) / 1_000_000), size: header.length + total - skip }
}

/**
 * Where the recording ends, in the file's timestamp units: the latest block of any track, plus its length
 * (the step from the block before it on the same track, as a block does not say how long it lasts).
 *
 * Not ts-ebml's `reader.duration`, which keeps each track's last block timestamps relative to their own
 * clusters but adds them to the last cluster's timestamp. A call recording's last cluster often holds sound
 * only (it starts at the last 2 s chunk and may last a few hundred ms, while canvas frames come every 66 ms
 * at best and far apart under load); the video's last timestamp in the cluster before (up to ~2000 ms into
 * it) then counted as if it were in the last one, and the Duration came out up to 2 s too long (measured:
 * sound to 4.27 s, video to 2.94 s, Duration 4.97 s). Here every block's time is its own cluster's
 * timestamp plus its own, so is the step to the block before, and the tracks are compared on those.
 */
class TrackEnds {
  private clusterTimestamp = 0
  /** Per track number, its last two blocks' absolute timestamps. */
  private readonly lastTwo = new Map<number, [number, number]>()

  read(element: EBMLElementDetail) {
    // A cluster's Timestamp, which its blocks' own timestamps are relative to.
    if (element.type === 'u' && element.name === 'Timestamp') this.clusterTimestamp = Number(element.value)
    else if (element.type === 'b' && element.name === 'SimpleBlock') {
      const { trackNumber, timecode } = tools.ebmlBlock(element.data)
      const at = this.clusterTimestamp + timecode
      this.lastTwo.set(trackNumber, [this.lastTwo.get(trackNumber)?.[1] ?? at, at])
    }
  }

  duration(): number {
    let end = 0
    let last = Number.NEGATIVE_INFINITY
    for (const [before, at] of this.lastTwo.values()) {
      if (at > last) {
        last = at
        end = at + Math.max(0, at - before)
      }
    }
    return end
  }
}

/**
 * The Reader indexes SimpleBlocks only; Chromium writes a Block inside a BlockGroup when a frame carries
 * extra data (a canvas with alpha). Both share one layout (track, timecode, flags), so it reads either.
 */
const asSimpleBlock = (element: EBMLElementDetail): EBMLElementDetail =>
  element.name === 'Block' ? ({ ...element, name: 'SimpleBlock' } as EBMLElementDetail) : element

function seekableHeader(reader: Reader, duration: number): Buffer {
  // ts-ebml answers with its Buffer's whole ArrayBuffer, which for a small header is Node's shared 8 KB
  // pool (with other bytes around it). Without the pool the ArrayBuffer is the header alone. The call is
  // synchronous, so nothing else allocates meanwhile.
  const poolSize = Buffer.poolSize
  Buffer.poolSize = 0
  try {
    return Buffer.from(tools.makeMetadataSeekable(reader.metadatas, duration, reader.cues))
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
