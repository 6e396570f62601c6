import Cookies from 'js-cookie'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { currentLanguage, directionOf, i18nReady } from './locales/i18n'
import { loadRtlCache } from './theme/ThemeProvider'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

/** A right-to-left reader's first paint is mirrored already: the RTL styles plugin loads with their texts. */
async function ready() {
  await i18nReady
  if ((Cookies.get('themeDirection') ?? directionOf(currentLanguage())) === 'rtl') await loadRtlCache()
}

// The first paint is in the reader's language: its texts load first (a few kilobytes).
void ready().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
)
