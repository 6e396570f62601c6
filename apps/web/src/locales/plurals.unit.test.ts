import { expect, it } from 'vitest'
import { countedKeys, pluralCategory } from './plurals'

it('gives Arabic its six forms', () => {
  const forms = (counts: number[]) => counts.map((count) => pluralCategory('ar', count))
  expect(forms([0])).toEqual(['zero'])
  expect(forms([1])).toEqual(['one'])
  expect(forms([2])).toEqual(['two'])
  expect(forms([3, 4, 7, 10, 103, 110])).toEqual(Array(6).fill('few'))
  expect(forms([11, 12, 50, 99, 111, 199])).toEqual(Array(6).fill('many'))
  expect(forms([100, 101, 102, 200, 1000])).toEqual(Array(5).fill('other'))
})

it('gives English one for 1 alone, and French one for 0 and 1', () => {
  expect([0, 1, 2, 5].map((count) => pluralCategory('en', count))).toEqual(['other', 'one', 'other', 'other'])
  expect([0, 1, 2, 5].map((count) => pluralCategory('fr', count))).toEqual(['one', 'one', 'other', 'other'])
})

it('gives Chinese and Vietnamese one form for every count', () => {
  for (const language of ['cn', 'vi'] as const) {
    expect([0, 1, 2, 3, 11, 100].map((count) => pluralCategory(language, count))).toEqual(Array(6).fill('other'))
  }
})

it('tries the form, then the other form, then the key alone', () => {
  expect(countedKeys('deals', 'ar', 2)).toEqual(['deals_two', 'deals_other', 'deals'])
  expect(countedKeys('deals', 'en', 1)).toEqual(['deals_one', 'deals_other', 'deals'])
})
