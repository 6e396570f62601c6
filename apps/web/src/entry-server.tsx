import { createHash } from 'node:crypto'
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type PublicPost, salesroomPassCookie } from '@closeroom/shared'
import createCache from '@emotion/cache'
import createEmotionServer from '@emotion/server/create-instance'
import { StrictMode } from 'react'
import { prerender } from 'react-dom/static'
import { matchPath, StaticRouter } from 'react-router'
import rtlPlugin from 'stylis-plugin-rtl'
import { PublicRoutes, preloadPublicPage } from './app/publicRouter'
import { PRELOADED_ELEMENT_ID, STALE_ATTRIBUTE, serializePreloaded, setPreloaded } from './components/public/preloaded'
import { bookingPaths } from './features/booking-public/api'
import { landingPaths } from './features/landing-public/api'
import { type LobbyMeeting, lobbyOf, meetingPaths } from './features/meeting-public/api'
import { productRoomPaths } from './features/product-room-public/api'
import { routingPublicPaths } from './features/routing-public/api'
import { roomPaths } from './features/salesroom-public/api'
import { isLanguage, LANGUAGE_COOKIE, speakOnServer } from './locales/i18n'
import { initialSettings, SettingsProvider } from './theme/SettingsProvider'
import { ThemeProvider } from './theme/ThemeProvider'

// The buyer's public pages rendered on the server (apps/server/src/http/web.ts calls renderPublicPage), so a
// phone paints them as the HTML arrives instead of after the app's scripts and the page's data have come one
// after the other. The browser then hydrates them with the public pages' entry (main-public.tsx, public.html). Built by `vite build --ssr` into dist/ssr.

/**
 * The pages rendered here, and the public API answers each one is rendered with (the same payload the page
 * would fetch: components/public/preloaded.ts). `null`: this address is left to the browser, as before.
 */
const pages: {
  pattern: string
  data(params: Record<string, string | undefined>, search: URLSearchParams, cookie: PageRequest['cookie']): string[] | null
  /** The document's title and description from the page's first answer, for search engines and link previews. */
  head?(answer: unknown): { title: string; description: string }
  /** What of each answer the page embeds and is rendered with, when not all of it (default: the whole answer). */
  embed?(answer: unknown): unknown
}[] = [
  // With ?type= the booker opens, whose calendar is in the buyer's time zone, which only the browser knows.
  { pattern: '/u/:id', data: ({ id = '' }, search) => (search.has('type') ? null : [bookingPaths.profile(id)]) },
  // The server asks without the reader's cookies, so a private room answers 401 and is left to the browser (its
  // door, then the room once the pass cookie is set). A reader carrying a pass may be answered with their email,
  // and a signer (?sign=) opens their agreement: both are left to the browser too.
  {
    pattern: '/d/:id',
    data: ({ id = '' }, search, cookie) => (search.has('sign') || cookie(salesroomPassCookie(id)) ? null : [roomPaths.room(id)]),
  },
  { pattern: '/p/:id', data: ({ id = '' }) => [productRoomPaths.product(id)] },
  { pattern: '/l/:id', data: ({ id = '' }) => [landingPaths.page(id)] },
  {
    pattern: '/l/:id/posts/:slug',
    data: ({ id = '', slug = '' }) => [landingPaths.post(id, slug)],
    head: (answer) => {
      const post = answer as PublicPost
      return { title: `${post.title} · ${post.organization.name}`, description: post.excerpt }
    },
  },
  { pattern: '/f/:slug', data: ({ slug = '' }) => [routingPublicPaths.form(slug)] },
  // The meeting's lobby. A signed-in reader is left to the browser, as before: their session makes them a member,
  // who joins without a name, and the server asks without the reader's cookies. The page embeds only what the lobby
  // shows (lobbyOf): the call's ICE servers, TURN credentials among them, come from the browser's own request.
  {
    pattern: '/m/:id',
    data: ({ id = '' }, _search, cookie) => (cookie(SESSION_COOKIE) ? null : [meetingPaths.meeting(id)]),
    embed: (answer) => lobbyOf(answer as LobbyMeeting),
  },
]

/** The session cookie of a signed-in reader (apps/server/src/modules/auth/sessions.ts). */
const SESSION_COOKIE = 'closeroom_session'

/** What the server knows of the request. */
export type PageRequest = {
  /** Path and query. */
  url: string
  cookie(name: string): string | undefined
  /** The Sec-CH-Prefers-Color-Scheme client hint, when the browser sent it. */
  prefersDark: boolean | undefined
  /** GET /api`path` answered by the server itself, as the reader's own request would be. */
  fetchPublic(path: string): Promise<{ status: number; body: unknown }>
}

/**
 * Run in <head> before the page paints: a reader whose language (kept in localStorage) or system scheme is not
 * the one the server guessed gets the page hidden, and main.tsx renders it afresh instead of hydrating it.
 */
const staleGuard = `(function(){var d=document.documentElement,l;try{l=localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)})}catch(e){}if(${JSON.stringify(LANGUAGES)}.indexOf(l)<0)l=${JSON.stringify(DEFAULT_LANGUAGE)};var m=(document.cookie.match(/(?:^|; )themeMode=([^;]*)/)||[])[1],k=m==='dark'||(m!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches);if(l!==d.lang||(k?'1':'0')!==d.getAttribute('data-dark'))d.setAttribute(${JSON.stringify(STALE_ATTRIBUTE)},'')})()`

/** The Content-Security-Policy sources that allow the one inline script of these pages. */
export const INLINE_SCRIPT_SOURCES = [`'sha256-${createHash('sha256').update(staleGuard).digest('base64')}'`]

/** One render at a time: the texts' language and the preloaded answers are the module's, as in the browser. */
let queue: Promise<unknown> = Promise.resolve()

/**
 * The page at `request.url` as a whole document built on the SPA's index.html (`template`), or null when this
 * address is not rendered here or its data did not answer 200 (the browser then does as it always did: an
 * unknown or unpublished page shows the same not-found page as before).
 */
export async function renderPublicPage(template: string, request: PageRequest): Promise<string | null> {
  const url = new URL(request.url, 'http://closeroom.invalid')
  for (const page of pages) {
    const match = matchPath(page.pattern, url.pathname)
    if (!match) continue
    const paths = page.data(match.params, url.searchParams, request.cookie)
    if (!paths) return null
    const answers = await Promise.all(paths.map((path) => request.fetchPublic(path)))
    if (answers.some((answer) => answer.status !== 200)) return null
    const data = Object.fromEntries(paths.map((path, i) => [path, page.embed ? page.embed(answers[i]?.body) : answers[i]?.body]))
    const head = page.head?.(answers[0]?.body)
    const rendered = queue.then(() => render(head ? withHead(template, head) : template, request, url.pathname + url.search, data))
    queue = rendered.catch(() => undefined)
    return rendered
  }
  return null
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The template with the page's own title and description in place of the app's. */
function withHead(template: string, head: { title: string; description: string }) {
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(head.description)}" />`,
    )
}

async function render(template: string, request: PageRequest, location: string, data: Record<string, unknown>) {
  const chosen = request.cookie(LANGUAGE_COOKIE)
  const language = isLanguage(chosen) ? chosen : DEFAULT_LANGUAGE
  await speakOnServer(language)
  await preloadPublicPage(location.split('?')[0] ?? location)
  const settings = initialSettings((name) => request.cookie(name), language)
  const prefersDark = request.prefersDark ?? false
  const dark = settings.themeMode === 'dark' || (settings.themeMode === 'system' && prefersDark)
  const rtl = settings.themeDirection === 'rtl'
  // The browser's caches have these keys and plugins (theme/ThemeProvider.tsx), so it takes these styles over.
  const cache = rtl ? createCache({ key: 'mui-rtl', stylisPlugins: [rtlPlugin] }) : createCache({ key: 'mui' })
  const emotion = createEmotionServer(cache)
  setPreloaded(data)
  let failed: unknown
  try {
    const { prelude } = await prerender(
      <StrictMode>
        <SettingsProvider server={{ settings, prefersDark }}>
          <ThemeProvider serverCache={cache}>
            <StaticRouter location={location}>
              <PublicRoutes />
            </StaticRouter>
          </ThemeProvider>
        </SettingsProvider>
      </StrictMode>,
      {
        onError(error) {
          failed = error
        },
      },
    )
    if (failed) throw failed
    const body = await new Response(prelude).text()
    const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(body))
    const head = `<style>[${STALE_ATTRIBUTE}] #root{visibility:hidden}</style><script>${staleGuard}</script>${styles}<script id="${PRELOADED_ELEMENT_ID}" type="application/json">${serializePreloaded(data)}</script>`
    return template
      .replace(
        /<html[^>]*>/,
        `<html lang="${language}" dir="${settings.themeDirection}" data-dark="${dark ? 1 : 0}" style="color-scheme: ${dark ? 'dark' : 'light'}">`,
      )
      .replace('</head>', () => `${head}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`)
  } finally {
    setPreloaded({})
  }
}
