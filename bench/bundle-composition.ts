import { existsSync, readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { SourceMapConsumer } from 'source-map-js'

/**
 * What the scripts a page loaded are made of, by package (or app folder), from the build's source maps.
 * Each chunk's gzipped size is shared among its sources in proportion to the minified bytes each one
 * produced: an estimate (gzip does not compress every source alike), good to a kilobyte or so.
 */
export function composition(distDir: URL, scriptPaths: string[]): { chunks: [string, number][]; parts: [string, number][] } {
  const parts = new Map<string, number>()
  const chunks: [string, number][] = []
  for (const path of scriptPaths) {
    const file = new URL(`.${path}`, distDir)
    const code = readFileSync(file, 'utf8')
    const gz = gzipSync(code, { level: 9 }).length
    chunks.push([path, gz / 1024])
    const mapFile = new URL(`${file.href}.map`)
    if (!existsSync(mapFile)) {
      parts.set('(no source map)', (parts.get('(no source map)') ?? 0) + gz)
      continue
    }
    const consumer = new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8')))
    const lines = code.split('\n')
    const bytesBySource = new Map<string, number>()
    let previous: { line: number; column: number; source: string } | undefined
    const credit = (source: string, bytes: number) => bytesBySource.set(source, (bytesBySource.get(source) ?? 0) + bytes)
    const offsetOf = (line: number, column: number) => {
      let offset = column
      for (let i = 0; i < line - 1; i++) offset += (lines[i]?.length ?? 0) + 1
      return offset
    }
    const mappings: { line: number; column: number; source: string }[] = []
    consumer.eachMapping((m) => {
      mappings.push({ line: m.generatedLine, column: m.generatedColumn, source: m.source ?? '(unmapped)' })
    })
    mappings.sort((a, b) => a.line - b.line || a.column - b.column)
    let mapped = 0
    for (const m of mappings) {
      if (previous) {
        const bytes = offsetOf(m.line, m.column) - offsetOf(previous.line, previous.column)
        credit(previous.source, bytes)
        mapped += bytes
      }
      previous = m
    }
    if (previous) {
      const bytes = code.length - offsetOf(previous.line, previous.column)
      credit(previous.source, bytes)
      mapped += bytes
    }
    credit('(unmapped)', code.length - mapped)
    for (const [source, bytes] of bytesBySource) {
      const part = partOf(source)
      parts.set(part, (parts.get(part) ?? 0) + (gz * bytes) / code.length)
    }
  }
  return {
    chunks,
    parts: [...parts].map(([part, bytes]): [string, number] => [part, bytes / 1024]).sort((a, b) => b[1] - a[1]),
  }
}

/** node_modules/@mui/material/Button/Button.js → @mui/material/Button; app sources by folder. */
function partOf(source: string): string {
  const modules = source.lastIndexOf('node_modules/')
  if (modules >= 0) {
    const rest = source.slice(modules + 'node_modules/'.length).split('/')
    const name = rest[0]?.startsWith('@') ? rest.slice(0, 2).join('/') : (rest[0] ?? source)
    const sub = rest[0]?.startsWith('@') ? rest[2] : rest[1]
    if (name === '@mui/material' || name === '@mui/system' || name === 'react-router') return `${name}/${sub ?? ''}`
    return name
  }
  const src = source.indexOf('/src/')
  if (src >= 0)
    return source
      .slice(src + 1)
      .split('/')
      .slice(0, 3)
      .join('/')
  return source
}
