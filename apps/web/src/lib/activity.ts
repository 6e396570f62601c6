import { ACTIVITY } from '@closeroom/shared'

const INPUT_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart'] as const

/**
 * Whether the person is at their desk (spec section 4, Activity): active while the window has focus or
 * there was mouse or keyboard input in the last 5 minutes; losing focus makes them inactive after 60 s.
 * Input is handled at most once a second, so a moving mouse costs nothing. `onChange` hears every change,
 * never the same state twice in a row. Tracking starts active (opening the app is activity), as the
 * socket announces on connecting. Returns the function that stops tracking.
 */
export function trackActivity(onChange: (active: boolean) => void, target: Window = window): () => void {
  let active = true
  let lastInput = Number.NEGATIVE_INFINITY
  let timer: ReturnType<typeof setTimeout> | undefined

  const set = (next: boolean) => {
    if (next === active) return
    active = next
    onChange(next)
  }
  const inactiveIn = (ms: number) => {
    clearTimeout(timer)
    timer = setTimeout(() => set(false), ms)
  }

  const onFocus = () => {
    clearTimeout(timer)
    set(true)
  }
  const onBlur = () => inactiveIn(ACTIVITY.blurInactiveMs)
  const onInput = () => {
    const now = Date.now()
    if (now - lastInput < ACTIVITY.inputThrottleMs) return
    lastInput = now
    set(true)
    // With focus the person stays active anyway; without it, input keeps them active for 5 minutes.
    if (!target.document.hasFocus()) inactiveIn(ACTIVITY.idleInactiveMs)
  }

  if (!target.document.hasFocus()) inactiveIn(ACTIVITY.idleInactiveMs)
  target.addEventListener('focus', onFocus)
  target.addEventListener('blur', onBlur)
  for (const event of INPUT_EVENTS) target.addEventListener(event, onInput, { passive: true })
  return () => {
    clearTimeout(timer)
    target.removeEventListener('focus', onFocus)
    target.removeEventListener('blur', onBlur)
    for (const event of INPUT_EVENTS) target.removeEventListener(event, onInput)
  }
}
