import { readdirSync } from 'node:fs'
import { LAYOUT } from '@closeroom/shared'
import { getCountries } from 'libphonenumber-js'
import sharp from 'sharp'
import { expect, it } from 'vitest'

// scripts/flags.ts made these; the phone input shows one for every country it offers.
const dir = new URL('../../../public/assets/flags/', import.meta.url)

it('has a 26 × 20 webp flag for every country libphonenumber-js knows, and nothing else', async () => {
  const expected = getCountries().map((code) => `${code.toLowerCase()}.webp`)
  expect(readdirSync(dir).sort()).toEqual(expected.sort())
  const sizes = await Promise.all(
    expected.map(
      async (file) => (await sharp(new URL(file, dir).pathname).metadata()) as { format: string; width: number; height: number },
    ),
  )
  for (const [index, size] of sizes.entries())
    expect({ file: expected[index], format: size.format, width: size.width, height: size.height }).toEqual({
      file: expected[index],
      format: 'webp',
      width: LAYOUT.flag.width,
      height: LAYOUT.flag.height,
    })
})
