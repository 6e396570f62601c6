import type sanitizeHtml from 'sanitize-html'
import { sanitizer } from '../../lib/sanitize-html.ts'

/** The only images a post may show: the organization's own files, served for the post (routes.ts). */
export const POST_IMAGE_SRC = /^\/api\/public\/post-files\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/

const BLOCKS = ['p', 'h2', 'h3', 'h4', 'li', 'blockquote', 'ul', 'ol']
const DIRECTIONS = new Set(['auto', 'ltr', 'rtl'])

/** A block keeps its direction only when it is one of the three a browser knows. */
const withDirection =
  (tag?: string): sanitizeHtml.Transformer =>
  (tagName, attribs) => ({
    tagName: tag ?? tagName,
    attribs: attribs.dir && DIRECTIONS.has(attribs.dir) ? { dir: attribs.dir } : ({} as Record<string, string>),
  })

const options: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'p', 'br', 'hr', 'ul', 'ol', 'li', 'a', 'strong', 'em', 'u', 's', 'blockquote', 'code', 'pre', 'img'],
  allowedAttributes: {
    a: ['href', 'rel'],
    img: ['src', 'alt'],
    // The editor marks each block's direction from its words (dir="auto"), so mixed-language posts read right.
    ...Object.fromEntries(BLOCKS.map((tag) => [tag, ['dir']])),
  },
  // Links go to the web or to a mailbox; anything else (javascript:, data:, vbscript:) loses its href.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  // A script's or a style's text goes with it, not left behind as words.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math'],
  transformTags: {
    ...Object.fromEntries(BLOCKS.map((tag) => [tag, withDirection()])),
    // The editor's big headings are the page's h2: the post's title is its only h1.
    h1: withDirection('h2'),
    b: 'strong',
    i: 'em',
    strike: 's',
    del: 's',
    // A link leaves the organization's page without handing it the page (noopener) or its standing (nofollow).
    a: (tagName, attribs) => ({ tagName, attribs: { ...(attribs.href ? { href: attribs.href } : {}), rel: 'noopener nofollow' } }),
  },
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' && !POST_IMAGE_SRC.test(frame.attribs.src ?? '')) ||
    (frame.tag === 'a' && !frame.attribs.href && !frame.text.trim()),
}

/** A post's body as it may be stored and shown: the allow-list's tags and attributes, nothing else. */
export function sanitizePostHtml(html: string): string {
  return sanitizer()(html, options).trim()
}

/** The body's words without markup, spaces collapsed: the excerpt when the author wrote none. */
export function plainText(html: string, max: number): string {
  const text = sanitizer()(html.replace(/<\/(p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}

/** A post's summary: its author's, else the start of its body's words. */
export const excerptOf = (post: { excerpt: string; body: string }) => post.excerpt || plainText(post.body, 200)

/** An address made of the title's letters and digits (accents dropped), as a slug may be. */
export function slugOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '')
  return slug || 'post'
}
