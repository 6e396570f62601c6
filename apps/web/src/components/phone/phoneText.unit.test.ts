import { PHONE_INVALID, phone } from '@closeroom/shared'
import { describe, expect, it } from 'vitest'
import { browserCountry, countriesIn } from './countries'
import { countryOfTyped, formatTyped, retypeForCountry, textOfValue, valueOfTyped } from './phoneText'

describe('a phone number as typed', () => {
  it('is written the selected country’s way and held in E.164', () => {
    expect(formatTyped('0612345678', 'FR')).toBe('06 12 34 56 78')
    expect(valueOfTyped('06 12 34 56 78', 'FR')).toBe('+33612345678')
    expect(formatTyped('2133734253', 'US')).toBe('(213) 373-4253')
    expect(valueOfTyped('(213) 373-4253', 'US')).toBe('+12133734253')
  })

  it('names its own country with a +code, whatever country is selected', () => {
    expect(countryOfTyped('+44 20 7946 0958')).toBe('GB')
    expect(valueOfTyped('+44 20 7946 0958', 'FR')).toBe('+442079460958')
    expect(countryOfTyped('0612345678')).toBeUndefined()
  })

  it('holds nothing when empty, and something the phone rule refuses when it is not a number', () => {
    expect(valueOfTyped('  ', 'FR')).toBe('')
    expect(phone.safeParse(valueOfTyped('', 'FR')).success).toBe(true)
    for (const typed of ['12', 'call me', '+']) {
      const result = phone.safeParse(valueOfTyped(typed, 'FR'))
      expect(result.success, typed).toBe(false)
      expect(result.error?.issues[0]?.message).toBe(PHONE_INVALID)
    }
  })

  it('keeps the number and drops the old +code when another country is chosen', () => {
    const retyped = retypeForCountry('+33 6 12 34 56 78', 'BE')
    expect(retyped).not.toContain('+')
    expect(valueOfTyped(retyped, 'BE')).toBe('+32612345678')
  })

  it('shows a stored value in its country’s national format, and reads it back unchanged', () => {
    for (const value of ['+33612345678', '+12133734253', '+442079460958', '+84912345678']) {
      const shown = textOfValue(value, 'FR')
      expect(valueOfTyped(shown.text, shown.country)).toBe(value)
    }
    expect(textOfValue('+12133734253', 'FR')).toEqual({ text: '(213) 373-4253', country: 'US' })
    expect(textOfValue('', 'VN')).toEqual({ text: '', country: 'VN' })
  })
})

describe('countries', () => {
  it('default to the browser’s region, else where its language is mostly spoken, else the United States', () => {
    expect(browserCountry(['fr-CA', 'fr'])).toBe('CA')
    expect(browserCountry(['vi'])).toBe('VN')
    expect(browserCountry(['zh-CN'])).toBe('CN')
    expect(browserCountry(['not a tag', 'de'])).toBe('DE')
    expect(browserCountry([])).toBe('US')
  })

  it('are named in the reader’s language, with their calling codes and flags for every one', () => {
    const french = countriesIn('fr')
    expect(french.find((c) => c.code === 'DE')).toMatchObject({ name: 'Allemagne', alias: 'Germany', callingCode: '49' })
    expect(countriesIn('cn').find((c) => c.code === 'FR')?.name).toBe('法国')
    expect(french.length).toBe(245)
  })
})
