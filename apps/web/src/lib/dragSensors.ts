import {
  type Announcements,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core'

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
 * The sensors of every drag in the app: mouse, touch and, when the page gives a way to step with the arrow
 * keys, keyboard.
 */
export function useDragSensors(coordinateGetter?: KeyboardCoordinateGetter) {
  const keyboard = useSensor(KeyboardSensor, { keyboardCodes, coordinateGetter })
  return useSensors(useSensor(MouseSensor, mouse), useSensor(TouchSensor, touch), coordinateGetter ? keyboard : null)
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
