import './theme/fonts'

// The public pages' entry (public.html), which the server adds to the pages it renders (`/u`, `/d`, `/p`, `/l`,
// `/f`, `/m`: apps/server/src/http/web.ts): the page is on screen already and this only makes it interactive. Its one
// static import is the typeface's stylesheet (which the server inlines), so it is a few hundred bytes; the code it needs comes in stages, each evaluated in a task of
// its own: a browser evaluates a module and everything it imports statically in one task, and the whole app's
// entry (main.tsx) was one of 500 ms and more on a phone (4× slower CPU, bench/README.md, lighthouse), a blocked
// page for that long. The build preloads every stage's chunks with the entry (vite.config.ts), so they download
// together and only their evaluation is spread out.

/** Lets the browser paint and answer input before the next stage is evaluated. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

async function stages() {
  // The texts first: a few kilobytes that start fetching the reader's language as they are evaluated.
  await import('./locales/i18n')
  await nextTask()
  await import('react-dom/client')
  await nextTask()
  // MUI's styling core, emotion and the theme.
  await import('./theme/ThemeProvider')
  await nextTask()
  const { startPublic } = await import('./app/PublicApp')
  await startPublic()
}

void stages()
