import { type Action, type ActionArgs, type Actor, can, refusalMessage } from '@closeroom/shared'
import { Forbidden } from './http/errors.ts'

/** Services call this before acting: the shared table refuses with a 403 saying who may. */
export function authorize<A extends Action>(actor: Actor, action: A, ...args: ActionArgs<A>): void {
  if (!can(actor, action, ...args)) throw Forbidden(refusalMessage(action, ...args))
}
