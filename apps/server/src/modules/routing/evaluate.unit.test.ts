import {
  isRoutingGroup,
  ROUTING_OPERATORS,
  type RoutingAnswer,
  type RoutingField,
  type RoutingFieldType,
  type RoutingGroup,
  type RoutingRule,
} from '@closeroom/shared'
import { describe, expect, it } from 'vitest'
import { conditionsProblem } from './checks.ts'
import { createEvaluator } from './evaluate.ts'

// A plain reading of the semantics, written without json-logic, for the engine to agree with.
const norm = (v: string) => v.trim().toLowerCase()
const blank = (a: RoutingAnswer | undefined) =>
  a === undefined || (typeof a === 'string' && norm(a) === '') || (Array.isArray(a) && a.every((v) => norm(v) === ''))

function referenceRule(rule: RoutingRule, fields: RoutingField[], answers: Record<string, RoutingAnswer>): boolean {
  const field = fields.find((f) => f.identifier === rule.field)
  const answer = answers[rule.field]
  const empty = !field || blank(answer) || (field.type === 'number' && typeof answer !== 'number')
  if (rule.operator === 'is_empty') return empty
  if (rule.operator === 'is_not_empty') return !empty
  if (rule.operator === 'not_equals') return !referenceRule({ ...rule, operator: 'equals' }, fields, answers)
  if (empty || !field) return false
  const wanted = (Array.isArray(rule.value) ? rule.value : [rule.value]).map((v) => norm(String(v)))
  if (field.type === 'number') {
    const n = answer as number
    const v = rule.value
    if (rule.operator === 'equals') return n === v
    if (rule.operator === 'greater_than') return typeof v === 'number' && n > v
    if (rule.operator === 'less_than') return typeof v === 'number' && n < v
    if (rule.operator === 'between') return Array.isArray(v) && Number(v[0]) <= n && n <= Number(v[1])
    return false
  }
  if (field.type === 'multi_select') {
    const chosen = new Set((Array.isArray(answer) ? answer : [String(answer)]).map(norm).filter((v) => v !== ''))
    const set = new Set(wanted)
    if (rule.operator === 'equals') return chosen.size === set.size && [...chosen].every((c) => set.has(c))
    if (rule.operator === 'any_of') return [...chosen].some((c) => set.has(c))
    if (rule.operator === 'contains') return set.size === 1 && chosen.has(wanted[0] as string)
    return false
  }
  const given = norm(Array.isArray(answer) ? answer.join(', ') : String(answer))
  if (rule.operator === 'equals') return wanted.length === 1 && given === wanted[0]
  if (rule.operator === 'any_of') return wanted.includes(given)
  if (rule.operator === 'contains') return wanted.length === 1 && given.includes(wanted[0] as string)
  return false
}

function referenceGroup(group: RoutingGroup, fields: RoutingField[], answers: Record<string, RoutingAnswer>): boolean {
  if (group.rules.length === 0) return true
  const results = group.rules.map((r) => (isRoutingGroup(r) ? referenceGroup(r, fields, answers) : referenceRule(r, fields, answers)))
  return group.combinator === 'and' ? results.every(Boolean) : results.some(Boolean)
}

// ---- Random forms and answers, from a seed so that a failure reproduces ----

function prng(seed: number) {
  let s = seed >>> 0
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T
  return { next, int, pick }
}
type Random = ReturnType<typeof prng>

const TYPES: RoutingFieldType[] = ['short_text', 'long_text', 'number', 'email', 'phone', 'select', 'multi_select']
const WORDS = ['Europe', 'Asia', 'Enterprise', 'SMB', 'acme', 'Acme Corp', 'deals']

function randomForm(r: Random): RoutingField[] {
  return Array.from({ length: 1 + r.int(6) }, (_, i) => {
    const type = r.pick(TYPES)
    const options = type === 'select' || type === 'multi_select' ? WORDS.slice(r.int(3), 4 + r.int(3)) : []
    return { identifier: `f${i}`, label: `Field ${i}`, type, required: false, options }
  })
}

/** Messy casing and spaces around a word, as buyers and editors type them. */
const messy = (r: Random, word: string) => `${r.pick(['', ' ', '  '])}${r.next() < 0.5 ? word.toUpperCase() : word}${r.pick(['', ' '])}`

function randomRule(r: Random, fields: RoutingField[]): RoutingRule {
  const field = r.pick(fields)
  const operator = r.pick(ROUTING_OPERATORS)
  const words = field.options.length > 0 ? field.options : WORDS
  const number = () => r.int(20) - 5
  let value: RoutingRule['value']
  if (operator === 'is_empty' || operator === 'is_not_empty') value = undefined
  else if (operator === 'between') value = [number(), 5 + number()].sort((a, b) => a - b) as [number, number]
  else if (operator === 'greater_than' || operator === 'less_than') value = number()
  else if (operator === 'any_of') value = Array.from({ length: 1 + r.int(3) }, () => messy(r, r.pick(words)))
  else if (field.type === 'number') value = number()
  else value = field.options.length > 0 ? r.pick(field.options) : messy(r, r.pick(words).slice(0, 2 + r.int(6)))
  return value === undefined ? { field: field.identifier, operator } : { field: field.identifier, operator, value }
}

function randomGroup(r: Random, fields: RoutingField[], depth: number): RoutingGroup {
  return {
    combinator: r.pick(['and', 'or'] as const),
    rules: Array.from({ length: r.int(4) }, () =>
      depth < 3 && r.next() < 0.25 ? randomGroup(r, fields, depth + 1) : randomRule(r, fields),
    ),
  }
}

function randomAnswer(r: Random, field: RoutingField): RoutingAnswer | undefined {
  const roll = r.next()
  if (roll < 0.15) return undefined
  if (roll < 0.25) return field.type === 'multi_select' ? [] : field.type === 'number' ? undefined : r.pick(['', '   '])
  const words = field.options.length > 0 ? field.options : WORDS
  if (field.type === 'number') return r.int(20) - 5
  if (field.type === 'multi_select') return Array.from({ length: 1 + r.int(3) }, () => messy(r, r.pick(words)))
  return messy(r, r.next() < 0.3 ? `${r.pick(words)} ${r.pick(WORDS)}` : r.pick(words))
}

describe('the routing evaluator', () => {
  it('agrees with a plain reference evaluator on random forms, outcomes and answers', () => {
    let compared = 0
    let ruled = 0
    for (let seed = 1; seed <= 300; seed++) {
      const r = prng(seed)
      const fields = randomForm(r)
      const outcomes = [
        ...Array.from({ length: 1 + r.int(5) }, (_, i) => ({ id: `o${i}`, conditions: randomGroup(r, fields, 1), fallback: false })),
        { id: 'fallback', conditions: { combinator: 'and' as const, rules: [] }, fallback: true },
      ]
      // Only outcomes the editor could save: what checks.ts lets through is what the engine must get right.
      const saved = outcomes.filter(
        (o) => o.fallback || conditionsProblem(fields, { ...o, action: { type: 'message', message: 'x' } }) === null,
      )
      const evaluate = createEvaluator(fields, saved)
      for (let round = 0; round < 10; round++) {
        const answers = Object.fromEntries(
          fields.flatMap((f) => {
            const answer = randomAnswer(r, f)
            return answer === undefined ? [] : [[f.identifier, answer]]
          }),
        )
        const expected = saved.find((o) => o.fallback || referenceGroup(o.conditions, fields, answers))
        const got = evaluate(answers)
        const context = JSON.stringify({ seed, round, fields, answers, outcome: got?.outcome })
        expect(got?.outcome.id, context).toBe(expected?.id)
        const topLevel = expected?.fallback
          ? []
          : (expected?.conditions.rules ?? []).flatMap((rule, index) =>
              (isRoutingGroup(rule) ? referenceGroup(rule, fields, answers) : referenceRule(rule, fields, answers)) ? [index] : [],
            )
        expect(got?.matchedRules, context).toEqual(topLevel)
        compared++
        if (!expected?.fallback) ruled++
      }
    }
    expect(compared).toBe(3000)
    // The draw must exercise both sides: answers that meet an outcome's rules and answers that fall through.
    expect(ruled).toBeGreaterThan(600)
    expect(ruled).toBeLessThan(2400)
  })

  const fields: RoutingField[] = [
    { identifier: 'company', label: 'Company', type: 'short_text', required: false, options: [] },
    { identifier: 'size', label: 'Size', type: 'number', required: false, options: [] },
    { identifier: 'needs', label: 'Needs', type: 'multi_select', required: false, options: ['Deals', 'Meetings', 'Signatures'] },
  ]
  const outcome = (id: string, rules: RoutingGroup['rules'], combinator: 'and' | 'or' = 'and') => ({
    id,
    conditions: { combinator, rules },
    fallback: false,
  })
  const fallback = { id: 'fallback', conditions: { combinator: 'and' as const, rules: [] }, fallback: true }

  it('never lets a missing or empty answer satisfy a comparison, and counts it as empty', () => {
    const evaluate = createEvaluator(fields, [
      outcome('compared', [{ field: 'size', operator: 'less_than', value: 100 }]),
      outcome('contains', [{ field: 'company', operator: 'contains', value: '' }]),
      outcome('empty', [
        { field: 'company', operator: 'is_empty' },
        { field: 'needs', operator: 'is_empty' },
        { field: 'size', operator: 'is_empty' },
      ]),
      fallback,
    ])
    for (const answers of [{}, { company: '  ', needs: [] }, { company: '', needs: [' '] }] as Record<string, RoutingAnswer>[])
      expect(evaluate(answers)?.outcome.id, JSON.stringify(answers)).toBe('empty')
    expect(evaluate({ size: 0 })?.outcome.id).toBe('compared')
  })

  it('compares text ignoring case and spaces, and multi selects as sets', () => {
    const evaluate = createEvaluator(fields, [
      outcome('acme', [{ field: 'company', operator: 'equals', value: 'ACME ' }]),
      outcome('both', [{ field: 'needs', operator: 'equals', value: 'deals' }]),
      outcome('any', [{ field: 'needs', operator: 'any_of', value: ['Signatures', 'Meetings'] }]),
      fallback,
    ])
    expect(evaluate({ company: '  acme' })?.outcome.id).toBe('acme')
    expect(evaluate({ needs: ['Deals'] })?.outcome.id).toBe('both')
    expect(evaluate({ needs: ['Deals', 'Meetings'] })?.outcome.id).toBe('any')
    expect(evaluate({ needs: ['Deals', 'Other'] })?.outcome.id).toBe('fallback')
  })

  it('names the top-level rules that held in the outcome that matched', () => {
    const evaluate = createEvaluator(fields, [
      outcome(
        'big or deals',
        [
          { field: 'size', operator: 'greater_than', value: 50 },
          { combinator: 'and', rules: [{ field: 'needs', operator: 'contains', value: 'Deals' }] },
          { field: 'company', operator: 'is_not_empty' },
        ],
        'or',
      ),
      fallback,
    ])
    expect(evaluate({ size: 10, needs: ['Deals'], company: 'Acme' })).toEqual({
      outcome: expect.objectContaining({ id: 'big or deals' }),
      matchedRules: [1, 2],
    })
    expect(evaluate({ size: 10 })).toEqual({ outcome: fallback, matchedRules: [] })
  })
})
