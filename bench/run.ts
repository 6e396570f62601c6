import { authMeBench } from './auth-me.ts'
import { bundleBench } from './bundle.ts'
import { dealsBench } from './deals.ts'
import { fanoutBench } from './fanout.ts'
import { hooksBench } from './hooks.ts'
import { insightsBench } from './insights.ts'
import { lighthouseBench } from './lighthouse.ts'
import { memoryBench } from './memory.ts'
import { presenceBench } from './presence.ts'
import { type Result, report } from './report.ts'
import { routingBench } from './routing.ts'
import { sealBench } from './seal.ts'
import { slotsBench } from './slots.ts'
import { slotsHttpBench } from './slots-http.ts'
import { soakBench } from './soak.ts'

// `npm run bench` runs every benchmark; `npm run bench -- auth-me` runs the ones named.
const benches: Record<string, () => Promise<Result[]>> = {
  'auth-me': authMeBench,
  bundle: bundleBench,
  deals: dealsBench,
  fanout: fanoutBench,
  hooks: hooksBench,
  insights: insightsBench,
  lighthouse: lighthouseBench,
  memory: memoryBench,
  presence: presenceBench,
  routing: routingBench,
  seal: sealBench,
  slots: slotsBench,
  soak: soakBench,
  'slots-http': slotsHttpBench,
}

const wanted = process.argv.slice(2)
const unknown = wanted.filter((name) => !(name in benches))
if (unknown.length > 0) {
  console.error(`unknown benchmark: ${unknown.join(', ')} (known: ${Object.keys(benches).join(', ')})`)
  process.exit(2)
}

const results: Result[] = []
for (const [name, run] of Object.entries(benches)) {
  if (wanted.length === 0 || wanted.includes(name)) results.push(...(await run()))
}
report(results)
