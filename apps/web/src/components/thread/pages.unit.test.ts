import { describe, expect, it } from 'vitest'
import { type ThreadPages, threadMessages, upsertMessage } from './pages'

type M = { id: string; body: string }
const m = (id: string, body = id): M => ({ id, body })
// Pages from the latest back, as the infinite query keeps them: [d, e] is the latest, [a, b, c] the one before.
const thread: ThreadPages<M> = {
  pages: [
    { messages: [m('d'), m('e')], next: 'cursor-d' },
    { messages: [m('a'), m('b'), m('c')], next: null },
  ],
  pageParams: [null, 'cursor-d'],
}
const ids = (data: ThreadPages<M> | undefined) => (data ? threadMessages(data).map((x) => x.body) : [])

describe('a thread of pages', () => {
  it('reads earliest page first, each page oldest first', () => {
    expect(ids(thread)).toEqual(['a', 'b', 'c', 'd', 'e'])
  })

  it('appends a new message to the latest page, once however often it arrives', () => {
    const once = upsertMessage(thread, m('f'))
    expect(ids(once)).toEqual(['a', 'b', 'c', 'd', 'e', 'f'])
    expect(ids(upsertMessage(once, m('f')))).toEqual(['a', 'b', 'c', 'd', 'e', 'f'])
    expect(once?.pageParams).toEqual(thread.pageParams)
  })

  it('shows an edit of a message on an earlier page where it is', () => {
    const edited = upsertMessage(thread, m('b', 'b edited'))
    expect(ids(edited)).toEqual(['a', 'b edited', 'c', 'd', 'e'])
    expect(edited?.pages[1]?.next).toBeNull()
  })

  it('leaves a thread not loaded yet alone', () => {
    expect(upsertMessage(undefined, m('f'))).toBeUndefined()
  })
})
