import { expect, it } from 'vitest'
import { prefillOf, withParams } from './prefill'

const ROUTING = '0b1c2d3e-4f50-4617-8899-aabbccddeeff'

it('reads the buyer’s details, the answers by question and the routing response from the address', () => {
  const params = new URLSearchParams(
    `type=intro&date=2026-12-07&time=x&duration=30&routing=${ROUTING}&name=Bea&email=bea%40b.example&phone=%2B33612345678&notes=Hi&company=Northwind&needs=Deals&needs=Meetings`,
  )
  expect(prefillOf(params)).toEqual({
    name: 'Bea',
    email: 'bea@b.example',
    phone: '+33612345678',
    notes: 'Hi',
    answers: { company: 'Northwind', needs: 'Deals, Meetings' },
    routing: ROUTING,
  })
})

it('leaves out a routing response that is not an id, and starts empty without parameters', () => {
  expect(prefillOf(new URLSearchParams('routing=nope')).routing).toBeUndefined()
  expect(prefillOf(new URLSearchParams())).toEqual({ name: '', email: '', phone: '', notes: '', answers: {}, routing: undefined })
})

it('keeps every other parameter when one changes or goes', () => {
  const params = new URLSearchParams('type=intro&date=2026-12-07&name=Bea')
  expect(withParams(params, { type: 'demo', date: null })).toBe('?type=demo&name=Bea')
})
