import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite'

// In development the API and socket.io run on the server (npm run serve); Vite proxies them so the
// browser sees one origin, as it does in production.
const server = 'http://localhost:3000'

/**
 * Closeroom's theme has no CSS variables (no `cssVariables`, no `colorSchemes`: theme/theme.ts), so MUI's
 * createTheme and ThemeProvider always take their plain paths. Their CSS-variables halves (createThemeWithVars,
 * CssVarsProvider, InitColorSchemeScript, about 8 KB gzipped) are still imported, by every page, for the
 * branch not taken: the build replaces them with stubs that throw if a theme ever asks for them.
 */
function muiWithoutCssVars(): Plugin {
  const stubs: Record<string, string> = {
    './createThemeWithVars.mjs': 'export default unused\nexport const createGetCssVar = unused\n',
    './ThemeProviderWithVars.mjs':
      'export const CssVarsProvider = unused\nexport const Experimental_CssVarsProvider = unused\nexport const useColorScheme = unused\nexport const getInitColorSchemeScript = unused\n',
  }
  const prefix = '\0mui-without-css-vars:'
  return {
    name: 'closeroom:mui-without-css-vars',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source in stubs && importer?.replaceAll('\\', '/').includes('/@mui/material/styles/')) return prefix + source
      return null
    },
    load(id) {
      if (!id.startsWith(prefix)) return null
      const unused = `function unused() {\n  throw new Error('MUI CSS variables themes are left out of this build (apps/web/vite.config.ts)')\n}\n`
      return unused + stubs[id.slice(prefix.length)]
    },
  }
}

/**
 * Writes a Brotli and a gzip copy beside each script, stylesheet and text asset of the browser's build, which the
 * server sends to a browser that accepts them (@fastify/static's preCompressed). Compressed once here at the
 * highest levels, instead of on every request: the entry script is about a sixth of its size in Brotli, and a
 * phone on a slow network waits for every byte before the page works.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress)
  const gzipped = promisify(gzip)
  const compressible = /\.(js|css|svg|json|txt|html)$/
  return {
    name: 'closeroom:precompress',
    apply: (_config, { isSsrBuild }) => !isSsrBuild,
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist'
      await Promise.all(
        Object.values(bundle).map(async (file) => {
          const body = file.type === 'chunk' ? Buffer.from(file.code) : Buffer.from(file.source)
          // Below a kilobyte the headers weigh as much as the saving.
          if (!compressible.test(file.fileName) || body.length < 1024) return
          const path = join(outDir, file.fileName)
          const [br, gz] = await Promise.all([
            brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
            gzipped(body, { level: 9 }),
          ])
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)])
        }),
      )
    },
  }
}

/**
 * The public pages' entry (main-public.tsx) imports its stages dynamically so each is evaluated in a task of its
 * own; listed as modulepreloads in public.html (with the chunks they import), they download with the entry instead
 * of one after the other.
 */
function preloadStages(): Plugin {
  return {
    name: 'closeroom:preload-stages',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk?.facadeModuleId?.endsWith('public.html')) return []
        const files = new Set<string>()
        const add = (fileName: string) => {
          const found = bundle[fileName]
          if (files.has(fileName) || found?.type !== 'chunk') return
          files.add(fileName)
          for (const imported of found.imports) add(imported)
        }
        for (const stage of chunk.dynamicImports) add(stage)
        // The entry's own imports are preloaded by Vite already; the stages import helpers from the entry itself.
        for (const imported of [chunk.fileName, ...chunk.imports]) files.delete(imported)
        return [...files].map(
          (fileName): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
            injectTo: 'head',
          }),
        )
      },
    },
  }
}

/**
 * `vite build --ssr src/entry-server.tsx` (after the browser's build): the public pages' server renderer, an
 * entry with its packages inside (each lazy page a chunk the server loads only when it renders that page), in
 * dist/ssr, which the server imports (apps/server/src/http/web.ts) and never serves.
 */
const ssrBuild = {
  outDir: 'dist/ssr',
  emptyOutDir: false,
  sourcemap: true,
  copyPublicDir: false,
}

/**
 * `vite build --mode public` (after the app's build, into the same dist): the public pages' entry, public.html and
 * main-public.tsx, with a chunk graph of its own, so a buyer's page downloads and evaluates only what the public
 * pages use (no session, no signed-in route table, none of the chunks the app's entry groups for its first paint).
 */
const publicBuild = {
  outDir: 'dist',
  emptyOutDir: false,
  sourcemap: true,
  modulePreload: { polyfill: false },
  rolldownOptions: {
    input: 'public.html',
    output: {
      codeSplitting: {
        // One chunk per stage of main-public.tsx: React, React DOM, then MUI's styling core with the components
        // nearly every page shows (the higher priority takes a module first; a group takes its modules' imports too).
        groups: [
          { name: 'react', priority: 3, test: /node_modules[\\/](react|scheduler)[\\/]/ },
          { name: 'react-dom', priority: 2, test: /node_modules[\\/]react-dom[\\/]/ },
          {
            name: 'mui',
            priority: 1,
            test: /node_modules[\\/]@mui[\\/]material[\\/](ButtonBase|Button|Typography|Stack|Paper|Container|IconButton|Link|Chip|Alert|Avatar|AvatarGroup|SvgIcon)[\\/]/,
          },
        ],
      },
    },
  },
}

export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [react(), muiWithoutCssVars(), precompress(), preloadStages()],
  server: {
    port: 5173,
    proxy: { '/api': server, '/socket.io': { target: server, ws: true } },
  },
  ssr: { noExternal: true },
  // The server renderer runs React's production build whatever NODE_ENV the server was started with.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild
    ? ssrBuild
    : mode === 'public'
      ? publicBuild
      : {
          outDir: 'dist',
          emptyOutDir: true,
          sourcemap: true,
          // Every browser the app supports preloads modules natively (Baseline 2023): no polyfill in the entry.
          modulePreload: { polyfill: false },
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  // Everything the first paint needs (React, the router, the texts, MUI's styling core, the theme) in one
                  // chunk: split by which lazy pages also use them, it was three chunks and more bytes.
                  { name: 'app', tags: ['$initial'] },
                  // The few MUI components nearly every page shows, the buyer's booking page included, as one chunk
                  // instead of fifteen small ones (each with its own imports, exports and gzip dictionary).
                  {
                    name: 'mui',
                    test: /node_modules[\\/]@mui[\\/]material[\\/](ButtonBase|Button|Typography|Stack|Paper|Container|IconButton|Link|Chip|Alert|Avatar|AvatarGroup|SvgIcon)[\\/]/,
                  },
                ],
              },
            },
          },
        },
}))
