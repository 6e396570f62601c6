import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

// Browser tests run against the built SPA; build it once if this checkout has not yet.
export default function setup() {
  const dist = new URL('../apps/web/dist/index.html', import.meta.url)
  if (!existsSync(dist)) execFileSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: new URL('..', import.meta.url) })
  if (!existsSync('/usr/bin/chromium')) throw new Error('Browser tests need Debian chromium: apt-get install chromium')
}
