import { LANGUAGES, type Language } from '@closeroom/shared'
import { expect, it } from 'vitest'
import { PLURAL_CATEGORIES, pluralCategory } from './plurals'

// Every text exists in all five languages. The areas' types check most of it; the screens' texts have no type,
// and a counted text's forms differ by language (Arabic has six, Chinese one), which a type cannot tell.

type Tree = { [key: string]: unknown }

const modules = import.meta.glob<Record<string, Tree>>('./**/{en,fr,vi,cn,ar}.ts', { eager: true })

/** Each folder's texts (the root's are the screens'), by language. */
const areas = new Map<string, Partial<Record<Language, Tree>>>()
for (const [path, module] of Object.entries(modules)) {
  const [, folder, language] = path.match(/^\.\/(?:(.+)\/)?(\w+)\.ts$/) as [string, string | undefined, Language]
  const area = folder ?? 'screens'
  areas.set(area, { ...areas.get(area), [language]: module[language] ?? module.default })
}

/** Every text's full key: lists are one text. */
function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null && !Array.isArray(value) ? keysOf(value as Tree, `${prefix}${key}.`) : [`${prefix}${key}`],
  )
}

const plural = new RegExp(`_(${PLURAL_CATEGORIES.join('|')})$`)
const withoutForm = (key: string) => key.replace(plural, '')

const cases = [...areas].flatMap(([area, languages]) => LANGUAGES.map((language) => [area, language, languages] as const))

it('finds the texts of every area in every language', () => {
  expect(areas.size).toBeGreaterThan(15)
  for (const [area, languages] of areas) expect(Object.keys(languages).sort(), area).toEqual([...LANGUAGES].sort())
})

it.each(cases)('has the same texts in %s in %s as in English', (_, language, languages) => {
  const english = new Set(keysOf(languages.en as Tree).map(withoutForm))
  const translated = new Set(keysOf(languages[language] as Tree).map(withoutForm))
  expect(
    [...english].filter((key) => !translated.has(key)),
    'missing',
  ).toEqual([])
  expect(
    [...translated].filter((key) => !english.has(key)),
    'not in English',
  ).toEqual([])
})

it.each(cases)('counts in %s in %s with every plural form the language uses', (_, language, languages) => {
  const keys = new Set(keysOf(languages[language] as Tree))
  const counted = new Set(
    keysOf(languages.en as Tree)
      .filter((key) => key.endsWith('_other'))
      .map(withoutForm),
  )
  const missing = new Set<string>()
  for (const key of counted) {
    if (!keys.has(`${key}_other`)) missing.add(`${key}_other`)
    // Counts up to 1000 meet every form but French's "many" (a million and up), which falls back to "other".
    for (let count = 0; count <= 1000; count++) {
      const form = `${key}_${pluralCategory(language, count)}`
      if (!keys.has(form)) missing.add(form)
    }
  }
  expect([...missing]).toEqual([])
})
