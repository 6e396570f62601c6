// The app's typeface, in the weights the theme uses: a stylesheet of @font-face rules (font-display: swap), which
// the server inlines into the pages it renders (apps/server/src/http/web.ts).
import '@fontsource/public-sans/400.css'
import '@fontsource/public-sans/500.css'
import '@fontsource/public-sans/600.css'
import '@fontsource/public-sans/700.css'
import '@fontsource/public-sans/800.css'
