import type { Language } from '@closeroom/shared'
import { intlLocale } from '../lib/intl'

/**
 * A counted text has one key per plural form of its language, i18next's way: `deals_one`, `deals_other`, and in
 * Arabic also `deals_zero`, `deals_two`, `deals_few`, `deals_many`. The forms are Intl's (CLDR's) categories.
 */
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const satisfies readonly Intl.LDMLPluralRule[]
export type PluralCategory = (typeof PLURAL_CATEGORIES)[number]

// Building a PluralRules loads the language's CLDR data: once per language is enough.
const rules = new Map<Language, Intl.PluralRules>()

/** The plural form `count` takes in `language`: in Arabic 0 zero, 1 one, 2 two, 3–10 few, 11–99 many, 100 other. */
export function pluralCategory(language: Language, count: number): PluralCategory {
  let rule = rules.get(language)
  if (!rule) {
    rule = new Intl.PluralRules(intlLocale(language))
    rules.set(language, rule)
  }
  return rule.select(count)
}

/** The keys to try, in order, for `key` counted `count` in `language`: its form, then `_other`, then the key alone. */
export function countedKeys(key: string, language: Language, count: number): string[] {
  return [`${key}_${pluralCategory(language, count)}`, `${key}_other`, key]
}

type Counted<K> = K extends `${infer Base}_${PluralCategory}` ? Base : never

/**
 * The shape another language's texts take after English's: the same keys, except that a counted text needs only
 * its `_other` form (Chinese and Vietnamese have no other), and may have the forms English lacks (Arabic's six).
 * Which forms each language really needs is checked by locales.unit.test.ts.
 */
export type Translation<T> = T extends string
  ? string
  : T extends readonly unknown[]
    ? T
    : { [K in keyof T as [Counted<K>] extends [never] ? K : never]: Translation<T[K]> } & {
        [K in keyof T as [Counted<K>] extends [never] ? never : `${Counted<K>}_other`]: string
      } & {
        [K in keyof T as [Counted<K>] extends [never] ? never : `${Counted<K>}_${Exclude<PluralCategory, 'other'>}`]?: string
      }
