import { describe, expect, it } from 'vitest'
import { httpsUrl, phone } from './rules.ts'

describe('phone rule', () => {
  it.each([
    '',
    '   ',
    '+33 6 12 34 56 78',
    '+1 415 555 2671',
    '+1 (415) 555-2671',
    '+84 912 345 678',
    '+971 50 123 4567',
    '+447911123456',
    '+81 3-1234-5678',
    '+55 11 91234-5678',
    '+86 138 0013 8000',
    '+91 98765 43210',
  ])('accepts %j', (value) => {
    expect(phone.safeParse(value).success).toBe(true)
  })

  it('keeps one way of writing each number: E.164', () => {
    expect(phone.parse('  +1 415 555 2671 ')).toBe('+14155552671')
    expect(phone.parse('+33 (0)6 12-34-56-78')).toBe('+33612345678')
    expect(phone.parse('')).toBe('')
  })

  // Too short, too long, an unknown country code, or no +country code at all (it cannot be read internationally).
  it.each(['12', 'not a phone', '+', '+1 555', '+33 1', '+33 6 12 34 56 78 9', '+999 123456', '06 12 34 56 78', '00 33 6 12 34 56 78'])(
    'refuses %j with "This phone number is not valid"',
    (value) => {
      const result = phone.safeParse(value)
      expect(result.success).toBe(false)
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(['This phone number is not valid'])
    },
  )
})

describe('https URL rule', () => {
  it.each([
    ['', ''],
    ['   ', ''],
    ['example.com', 'https://example.com'],
    ['  example.com  ', 'https://example.com'],
    ['closeroom.dev/rooms/1?x=2', 'https://closeroom.dev/rooms/1?x=2'],
    ['http://example.com', 'https://example.com'],
    ['HTTPS://example.com', 'https://example.com'],
    ['https://example.com', 'https://example.com'],
    ['localhost:3000', 'https://localhost:3000'],
  ])('turns %j into %j', (value, expected) => {
    expect(httpsUrl.parse(value)).toBe(expected)
  })

  it.each(['not a url', 'exa mple.com', 'nodot', 'https://', 'http://', 'javascript:alert(1)', 'ftp://example.com', 'example.com:99999'])(
    'refuses %j with "Must be a valid URL"',
    (value) => {
      const result = httpsUrl.safeParse(value)
      expect(result.success).toBe(false)
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Must be a valid URL'])
    },
  )
})
