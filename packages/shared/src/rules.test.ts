import { describe, expect, it } from 'vitest'
import { httpsUrl, PHONE_INVALID, phone, URL_INVALID } from './rules.ts'

describe('phone rule', () => {
  it.each(['', '+33 6 12 34 56 78', '+1 415 555 2671', '+84 912 345 678', '+971 50 123 4567'])('accepts %j', (value) => {
    expect(phone.safeParse(value).success).toBe(true)
  })

  it.each(['12', 'not a phone', '+1 555', '+33 1'])('refuses %j with the spec’s message', (value) => {
    const result = phone.safeParse(value)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe(PHONE_INVALID)
    expect(PHONE_INVALID).toBe('This phone number is not valid')
  })
})

describe('https URL rule', () => {
  it.each([
    ['', ''],
    ['example.com', 'https://example.com'],
    ['closeroom.dev/rooms/1?x=2', 'https://closeroom.dev/rooms/1?x=2'],
    ['http://example.com', 'https://example.com'],
    ['https://example.com', 'https://example.com'],
  ])('turns %j into %j', (value, expected) => {
    expect(httpsUrl.parse(value)).toBe(expected)
  })

  it.each(['not a url', 'exa mple.com', 'nodot'])('refuses %j with the spec’s message', (value) => {
    const result = httpsUrl.safeParse(value)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe(URL_INVALID)
    expect(URL_INVALID).toBe('Must be a valid URL')
  })
})
