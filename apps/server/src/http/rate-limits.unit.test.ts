import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { defaultLimits, scaleLimits } from './rate-limits.ts'

describe('RATE_LIMIT_MULTIPLIER', () => {
  it('leaves the limits as they are when unset', () => {
    const config = loadConfig({})
    expect(config.rateLimitMultiplier).toBe(1)
    expect(scaleLimits(defaultLimits, config.rateLimitMultiplier)).toEqual(defaultLimits)
  })

  it('multiplies every allowance and keeps every window', () => {
    const scaled = scaleLimits(defaultLimits, loadConfig({ RATE_LIMIT_MULTIPLIER: '10' }).rateLimitMultiplier)
    expect(scaled.perIp).toEqual({ max: defaultLimits.perIp.max * 10, windowMs: defaultLimits.perIp.windowMs })
    expect(scaled.perEmail).toEqual({ max: defaultLimits.perEmail.max * 10, windowMs: defaultLimits.perEmail.windowMs })
    expect(scaled.publicReads).toEqual({ max: defaultLimits.publicReads.max * 10, windowMs: defaultLimits.publicReads.windowMs })
    expect(scaled.publicWrites).toEqual({ max: defaultLimits.publicWrites.max * 10, windowMs: defaultLimits.publicWrites.windowMs })
    expect(scaled.apiKey).toEqual({ max: defaultLimits.apiKey.max * 10, windowMs: defaultLimits.apiKey.windowMs })
  })

  it('still allows one try when a fraction would round to none', () => {
    expect(scaleLimits(defaultLimits, 0.001).perEmail.max).toBe(1)
  })

  it('refuses a multiplier that is not a positive number', () => {
    expect(() => loadConfig({ RATE_LIMIT_MULTIPLIER: '0' })).toThrow(/RATE_LIMIT_MULTIPLIER/)
    expect(() => loadConfig({ RATE_LIMIT_MULTIPLIER: 'off' })).toThrow(/RATE_LIMIT_MULTIPLIER/)
  })
})
