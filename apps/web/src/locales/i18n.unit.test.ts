import { beforeAll, expect, it, vi } from 'vitest'

// The texts layer on its own, outside a browser: no localStorage (so English to start), a bare <html>.
vi.stubGlobal('document', { documentElement: { lang: '' } })
const { changeLanguage, i18nReady, loadTexts, translate } = await import('./i18n')

beforeAll(() => i18nReady)

it('starts in English, with the screens loaded before the first paint', () => {
  expect(translate('errors.crash.title')).toBe('This page could not be shown')
  expect(document.documentElement.lang).toBe('en')
})

it('puts values into their {{placeholders}}, and nothing where a value is missing', () => {
  expect(translate('validation.passwordTooShort', { min: 8 })).toBe('Must be at least 8 characters')
  expect(translate('validation.passwordTooShort')).toBe('Must be at least  characters')
})

it('answers an unknown key with the default given, else the key itself', () => {
  expect(translate('no.such.text', { defaultValue: 'send_email' })).toBe('send_email')
  expect(translate('no.such.text')).toBe('no.such.text')
  // A branch of the tree is not a text either.
  expect(translate('errors.crash')).toBe('errors.crash')
})

it('gives a list when asked for one', async () => {
  await loadTexts('app')
  const features = translate('general.pricing.plans.team.features', { returnObjects: true })
  expect(Array.isArray(features)).toBe(true)
  expect((features as string[]).length).toBeGreaterThan(0)
})

it('changes language once the areas in use have loaded in it, and names it on <html>', async () => {
  await changeLanguage('fr')
  expect(translate('errors.crash.title')).toBe('Cette page n’a pas pu s’afficher')
  expect(translate('general.pricing.plans.team.features', { returnObjects: true })).not.toEqual(
    (await import('./general/en')).en.general.pricing.plans.team.features,
  )
  expect(document.documentElement.lang).toBe('fr')
})

it('picks the plural form the count takes in the language shown', async () => {
  await changeLanguage('en')
  expect(translate('pipeline.dealCount', { count: 1 })).toBe('1 deal')
  expect(translate('pipeline.dealCount', { count: 0 })).toBe('0 deals')
  await changeLanguage('fr')
  expect([0, 1, 2].map((count) => translate('pipeline.dealCount', { count }))).toEqual(['0 affaire', '1 affaire', '2 affaires'])
  await changeLanguage('ar')
  expect([0, 1, 2, 3, 11, 100].map((count) => translate('pipeline.dealCount', { count }))).toEqual([
    'لا توجد صفقات',
    'صفقة واحدة',
    'صفقتان',
    '3 صفقات',
    '11 صفقة',
    '100 صفقة',
  ])
  await changeLanguage('cn')
  expect([1, 2].map((count) => translate('pipeline.dealCount', { count }))).toEqual(['1 笔交易', '2 笔交易'])
})

it('counts a text without plural forms as it is', async () => {
  await changeLanguage('en')
  await loadTexts('components')
  expect(translate('gallery.tables.rows', { from: 1, to: 5, count: 9 })).toBe('1–5 of 9')
})
