// Generates the country flags the phone input shows: apps/web/public/assets/flags/{cc}.webp, one per
// country libphonenumber-js knows (lower-case ISO 3166 code), LAYOUT.flag.width × LAYOUT.flag.height pixels.
//   node scripts/flags.ts
// The pictures come from the flag-icons package (MIT, © Panayiotis Lipiridis): its 4:3 SVGs, rendered by
// sharp and cropped to the spec's 26:20 from the centre. The output is committed, so the app never needs
// either package at run time; run this again only after upgrading libphonenumber-js (new countries) or
// flag-icons (redrawn flags). Ascension (AC) and Tristan da Cunha (TA) have calling codes of their own but
// flag-icons files them under Saint Helena, as sh-ac and sh-ta.
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { getCountries } from 'libphonenumber-js'
import sharp from 'sharp'
import { LAYOUT } from '../packages/shared/src/constants.ts'

const svgDir = join(dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')), 'flags', '4x3')
const outDir = join(import.meta.dirname, '..', 'apps', 'web', 'public', 'assets', 'flags')
const svgNames: Record<string, string> = { ac: 'sh-ac', ta: 'sh-ta' }

const { width, height } = LAYOUT.flag
mkdirSync(outDir, { recursive: true })
// A country libphonenumber-js dropped leaves no stale file behind.
for (const file of readdirSync(outDir)) rmSync(join(outDir, file))

const codes = getCountries().map((country) => country.toLowerCase())
for (const code of codes) {
  const svg = readFileSync(join(svgDir, `${svgNames[code] ?? code}.svg`))
  // Rendered large first so the downscale averages the detail (coats of arms) instead of dropping it.
  await sharp(svg, { density: 300 })
    .resize(width, height, { fit: 'cover', position: 'centre' })
    .webp({ quality: 90, effort: 6 })
    .toFile(join(outDir, `${code}.webp`))
}
console.log(`${codes.length} flags written to ${outDir}`)
