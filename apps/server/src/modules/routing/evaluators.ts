import type { RoutingAnswer } from '@closeroom/shared'
import { LRUCache } from 'lru-cache'
import type { Broadcast } from '../../lib/broadcast.ts'
import { createEvaluator, type Evaluation } from './evaluate.ts'
import type { FormRow, OutcomeRow } from './forms.ts'

const CHANNEL = 'routing-evaluators'

/** A form's outcomes in order and their rules compiled, as of one version of the form. */
export type CompiledForm = {
  version: number
  outcomes: OutcomeRow[]
  evaluate: (answers: Record<string, RoutingAnswer>) => Evaluation<OutcomeRow> | null
}

/**
 * This process's copies of each form's outcomes with their rules compiled: every submission runs them, and
 * reading fifty outcomes and translating their conditions cost more than the rest of the routing did
 * (bench/README.md, routing). A copy is of one version of the form, its `updatedAt`, which every change of its
 * questions or outcomes moves, and a submission reads the form anyway: a copy from before a change is never
 * used, in any process. Each change also drops the copies here at once and, with Redis, in every other
 * process, and a read that began before a change does not keep what it read (two changes in one millisecond
 * leave the version as it was).
 */
export function createRoutingEvaluators({ broadcast, read }: { broadcast: Broadcast; read: (formId: string) => Promise<OutcomeRow[]> }) {
  const forms = new LRUCache<string, CompiledForm>({ max: 1_000 })
  let changes = 0

  broadcast.on<string>(CHANNEL, {
    message: (formId) => {
      changes++
      forms.delete(formId)
    },
    // Changes sent while the Redis link was down never arrive: forget everything rather than keep stale copies.
    missed: () => {
      changes++
      forms.clear()
    },
  })

  async function of(form: FormRow): Promise<CompiledForm> {
    const version = form.updatedAt.getTime()
    const held = forms.get(form.id)
    if (held?.version === version) return held
    const before = changes
    const outcomes = await read(form.id)
    const compiled = { version, outcomes, evaluate: createEvaluator(form.fields, outcomes) }
    if (changes === before) forms.set(form.id, compiled)
    return compiled
  }

  return {
    of,
    /** The form's questions or outcomes changed, or it is gone. */
    changed: (formId: string) => broadcast.send(CHANNEL, formId),
  }
}

export type RoutingEvaluators = ReturnType<typeof createRoutingEvaluators>
