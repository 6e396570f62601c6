import { describe, expect, it } from 'vitest'
import { createPageClock } from './pageClock'

describe('the page clock', () => {
  it('counts time per page while the tab is visible, and hands it over once', () => {
    let time = 0
    const clock = createPageClock(() => time)
    clock.show(1)
    time = 3000
    clock.show(2)
    time = 4500
    // Hidden for a minute: not reading.
    clock.visibility(false)
    time = 64_500
    clock.visibility(true)
    time = 65_000
    expect(clock.take()).toEqual([
      { page: 1, ms: 3000 },
      { page: 2, ms: 2000 },
    ])
    expect(clock.take()).toEqual([])
    time = 66_000
    clock.show(1)
    time = 67_000
    clock.show(null)
    time = 90_000
    expect(clock.take()).toEqual([
      { page: 1, ms: 1000 },
      { page: 2, ms: 1000 },
    ])
  })
})
