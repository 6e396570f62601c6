import { describe, expect, it } from 'vitest'
import { demoPosts } from './demo.ts'
import { sanitizePostHtml } from './sanitize.ts'

describe('demo posts', () => {
  it('are stored as the sanitizer keeps a body, since the seed does not run it', () => {
    for (const post of demoPosts) expect(sanitizePostHtml(post.body)).toBe(post.body)
  })
})
