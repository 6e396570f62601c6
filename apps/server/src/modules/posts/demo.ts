import type { Db } from '../../db/client.ts'
import { posts } from '../../db/schema/index.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

const DAY = 24 * 60 * 60 * 1000

/**
 * Written as sanitizePostHtml keeps a body (demo.unit.test.ts checks it), so seeding a first start does not load
 * the sanitizer for text of our own.
 */
export const demoPosts = [
  {
    slug: 'northwind-closes-faster',
    title: 'How Northwind closed its pilot in three weeks',
    excerpt:
      'One sales room for the proposal, the security answers and the next steps: how a buying team in three offices agreed in three weeks.',
    daysAgo: 9,
    body: `<p>Northwind's buying team was spread over three offices and two time zones. Instead of long email threads, their seller opened <strong>one sales room</strong> for the pilot: the proposal, the security answers and the next steps in one place.</p>
<h2>What changed</h2>
<ul><li>Every stakeholder saw the same documents and the same plan.</li><li>Meetings were booked from the room, in each person's own time zone.</li><li>The agreement was signed in the room, without printing a page.</li></ul>
<blockquote><p>We stopped asking where the latest version was. It was always in the room.</p></blockquote>
<p>Want to see it for your team? <a href="/u/demo" rel="noopener nofollow">Book a call with Olivia</a>.</p>`,
  },
  {
    slug: 'release-notes-autumn',
    title: 'Release notes: routing forms and invoices',
    excerpt: 'Send each buyer to the right person with a few questions, and invoice a deal without leaving Closeroom.',
    daysAgo: 3,
    body: `<p>This release brings two things our customers asked for most.</p>
<h2>Routing forms</h2>
<p>Ask a buyer a few questions and send them to the <em>right person</em> to book, by team size, region or anything else you ask.</p>
<h2>Invoices</h2>
<p>Draft an invoice from a deal, send it and record the payment. Numbers, taxes and your company's details are set once in the settings.</p>`,
  },
]

/** Two published posts of the demo organization, shown on /l/demo. */
export async function seedPosts(tx: Tx, organizationId: string, authorId: string) {
  const now = Date.now()
  await tx.insert(posts).values(
    demoPosts.map((post) => ({
      organizationId,
      authorId,
      title: post.title,
      slug: post.slug,
      body: post.body,
      excerpt: post.excerpt,
      publishedAt: new Date(now - post.daysAgo * DAY),
      createdAt: new Date(now - post.daysAgo * DAY),
      updatedAt: new Date(now - post.daysAgo * DAY),
    })),
  )
}
