import { ACTIVITY } from '@closeroom/shared'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { trackActivity } from './activity'

// A window reduced to what the tracker uses: focus, blur and input events, and document.hasFocus().
function fakeWindow() {
  const target = new EventTarget()
  let focused = true
  const window = Object.assign(target, { document: { hasFocus: () => focused } }) as unknown as Window
  return {
    window,
    focus() {
      focused = true
      target.dispatchEvent(new Event('focus'))
    },
    blur() {
      focused = false
      target.dispatchEvent(new Event('blur'))
    },
    input(type = 'mousemove') {
      target.dispatchEvent(new Event(type))
    },
  }
}

let changes: boolean[]
let fake: ReturnType<typeof fakeWindow>
let stop: () => void
beforeEach(() => {
  vi.useFakeTimers()
  changes = []
  fake = fakeWindow()
  stop = trackActivity((active) => changes.push(active), fake.window)
})
afterEach(() => {
  stop()
  vi.useRealTimers()
})

it('stays active while the window has focus, however long without input', () => {
  vi.advanceTimersByTime(ACTIVITY.idleInactiveMs * 3)
  expect(changes).toEqual([])
})

it('turns inactive 60 s after the window loses focus, and active again on focus', () => {
  fake.blur()
  vi.advanceTimersByTime(ACTIVITY.blurInactiveMs - 1)
  expect(changes).toEqual([])
  vi.advanceTimersByTime(1)
  expect(changes).toEqual([false])
  fake.focus()
  expect(changes).toEqual([false, true])
})

it('does not turn inactive when focus comes back within 60 s', () => {
  fake.blur()
  vi.advanceTimersByTime(ACTIVITY.blurInactiveMs - 1)
  fake.focus()
  vi.advanceTimersByTime(ACTIVITY.blurInactiveMs * 2)
  expect(changes).toEqual([])
})

it('counts input without focus as activity for 5 minutes', () => {
  fake.blur()
  vi.advanceTimersByTime(ACTIVITY.blurInactiveMs)
  expect(changes).toEqual([false])

  fake.input('keydown')
  expect(changes).toEqual([false, true])
  vi.advanceTimersByTime(ACTIVITY.idleInactiveMs - 1)
  expect(changes).toEqual([false, true])
  vi.advanceTimersByTime(1)
  expect(changes).toEqual([false, true, false])
})

it('handles input at most once a second', () => {
  fake.blur()
  fake.input()
  // Ignored: within a second of the last handled input, so it does not extend the 5 minutes.
  vi.advanceTimersByTime(ACTIVITY.inputThrottleMs - 1)
  fake.input()
  vi.advanceTimersByTime(ACTIVITY.idleInactiveMs - ACTIVITY.inputThrottleMs + 1)
  expect(changes).toEqual([false])

  // Handled: a second or more after the last one.
  fake.input()
  vi.advanceTimersByTime(ACTIVITY.inputThrottleMs)
  fake.input()
  vi.advanceTimersByTime(ACTIVITY.idleInactiveMs - 1)
  expect(changes).toEqual([false, true])
  vi.advanceTimersByTime(1)
  expect(changes).toEqual([false, true, false])
})

it('stops listening when stopped', () => {
  stop()
  fake.blur()
  vi.advanceTimersByTime(ACTIVITY.idleInactiveMs)
  expect(changes).toEqual([])
})
