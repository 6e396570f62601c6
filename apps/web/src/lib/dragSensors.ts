import {
  type Announcements,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import { useCallback, useRef } from 'react'

/** A mouse drag starts past 5 px, so a click on the dragged thing still opens it. */
const mouse = { activationConstraint: { distance: 5 } }

/**
 * A finger rests 250 ms (wobbling up to 5 px) before it drags: a finger that moves sooner scrolls the page,
 * and a tap stays a click. Dragged elements set `touch-action: manipulation`, so this waiting game decides.
 */
const touch = { activationConstraint: { delay: 250, tolerance: 5 } }

/** Space picks up (Enter keeps opening what is focused); Space or Enter drops; Escape or Tab puts back. */
const keyboardCodes = { start: ['Space'], end: ['Space', 'Enter', 'NumpadEnter'], cancel: ['Escape', 'Tab'] }

/**
 * The sensors of every drag in the app: mouse, touch and, when the page steps a lifted item itself, keyboard.
 * Our lists step by places, not pixels: `step` gets each key pressed while an item is lifted (its latest
 * version, so it sees the page's current state), moves the item or not, and the sensor moves nothing itself.
 */
export function useDragSensors(step?: (event: KeyboardEvent) => void) {
  const latestStep = useRef(step)
  latestStep.current = step
  const coordinateGetter = useCallback<KeyboardCoordinateGetter>((event) => {
    latestStep.current?.(event)
    return undefined
  }, [])
  const keyboard = useSensor(KeyboardSensor, { keyboardCodes, coordinateGetter })
  return useSensors(useSensor(MouseSensor, mouse), useSensor(TouchSensor, touch), step ? keyboard : null)
}

/**
 * Runs `announce` once dnd-kit's keyboard sensor hears keys: the sensor starts listening on a timer it sets just
 * after a drag starts, and the browser may run a key press before that timer. Saying "picked up" only then
 * means an arrow pressed on hearing it moves the item (under load a test's arrows were lost, the item staying
 * lifted where it was).
 */
export function afterKeyboardSensorListens(announce: () => void) {
  setTimeout(() => setTimeout(announce))
}

const silent = () => undefined

/**
 * dnd-kit's own live region stays quiet: its words are English only, and our pages announce moves in the
 * reader's language through their own status region.
 */
export const quietDragAccessibility: { announcements: Announcements; screenReaderInstructions: { draggable: string } } = {
  announcements: { onDragStart: silent, onDragOver: silent, onDragEnd: silent, onDragCancel: silent },
  screenReaderInstructions: { draggable: '' },
}
