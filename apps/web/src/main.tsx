import { App } from './app/App'
import { preloadPage } from './app/router'
import { start } from './app/start'

// The whole app's entry (index.html). The public pages the server renders load main-public.tsx instead.
void start(<App />, preloadPage)
