import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { i18nReady } from './locales/i18n'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
// The first paint is in the reader's language: its texts load first (a few kilobytes).
void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
)
