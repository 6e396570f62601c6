import type sanitizeHtml from 'sanitize-html'
import { sanitizer } from '../../lib/sanitize-html.ts'

/** Past this, an HTML body is cut (as the text body is): a newsletter's markup, not a database's worth. */
const MAX_HTML = 500_000

/** Inline styles a mail may keep: looks only. Any value that could fetch something (url(), image-set) is dropped. */
const SAFE_VALUE = [/^(?![\s\S]*(url|image|expression|\\)\s*[(\\]?)[\s\S]*$/i]
const STYLES = [
  'color',
  'background-color',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-align',
  'text-decoration',
  'line-height',
  'margin',
  'margin-top',
  'margin-bottom',
  'margin-left',
  'margin-right',
  'padding',
  'padding-top',
  'padding-bottom',
  'padding-left',
  'padding-right',
  'border',
  'border-collapse',
  'border-radius',
  'width',
  'max-width',
  'height',
  'vertical-align',
  'white-space',
]

/** Built on first use, from sanitize-html's own defaults (lib/sanitize-html.ts: the library loads then). */
const mailOptions = (library: typeof sanitizeHtml): sanitizeHtml.IOptions => ({
  allowedTags: [...library.defaults.allowedTags.filter((tag) => tag !== 'style'), 'img', 'font', 'center', 'span', 'div'],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'data-remote-src', 'alt', 'width', 'height', 'title'],
    td: ['colspan', 'rowspan', 'align', 'valign', 'width'],
    th: ['colspan', 'rowspan', 'align', 'valign', 'width'],
    table: ['width', 'align', 'cellpadding', 'cellspacing', 'border'],
    font: ['color'],
    '*': ['style', 'dir', 'align'],
  },
  allowedStyles: { '*': Object.fromEntries(STYLES.map((property) => [property, SAFE_VALUE])) },
  // Links go to the web or to a mailbox; javascript:, data: and the like lose their href.
  allowedSchemes: ['http', 'https', 'mailto'],
  // An image shows only when it is in the message itself (data:); a remote one waits in data-remote-src.
  allowedSchemesByTag: { img: ['data'] },
  allowProtocolRelative: false,
  // A script's, a style sheet's or a form's text goes with it, not left behind as words.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'title', 'head'],
  transformTags: {
    // Links open in a new tab, which gets no handle on the app (noopener) nor the address it came from.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), target: '_blank', rel: 'noopener noreferrer' },
    }),
    // Remote images tell the sender when and where the mail was read: held back until the reader asks.
    img: (tagName, attribs) => {
      const { src = '', alt, width, height, title } = attribs
      const kept: Record<string, string> = Object.fromEntries(
        Object.entries({ alt, width, height, title }).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      )
      if (/^https?:\/\//i.test(src)) kept['data-remote-src'] = src
      else if (/^data:image\/(png|jpeg|gif|webp);/i.test(src)) kept.src = src
      return { tagName, attribs: kept }
    },
  },
})

let options: sanitizeHtml.IOptions | undefined

/**
 * An HTML mail body as Closeroom keeps and shows it: no scripts, event handlers, forms, frames or style sheets;
 * inline styles that only change looks; links opening in a new tab with rel noopener; remote images not loaded
 * (their address moves to data-remote-src). The web also shows it in a frame that runs no script at all.
 */
export function sanitizeMailHtml(html: string): string {
  const sanitize = sanitizer()
  options ??= mailOptions(sanitize)
  return sanitize(html.slice(0, MAX_HTML), options).trim()
}
