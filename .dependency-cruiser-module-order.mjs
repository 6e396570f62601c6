// Server modules depend on each other one way (ARCHITECTURE.md, "Rules of the road"), checked by `npm run lint`
// after .dependency-cruiser.mjs. A module loop need not show as a file cycle, since each module is entered only
// through its module.ts (a/x → b/module → b/y → a/module → a/z has none), so this rule looks at module folders.
// It sees modules/ alone: http/, realtime/ and testing/ are layers that app.ts wires to modules, and a loop
// through one of them is about that layer, not about the order of modules.
// dependency-cruiser's folder rules do not read via/viaOnly, so that scope is this cruise's includeOnly.
// Tests are left out: they build the whole app and may seed the demo, so they sit above every module.
import base from './.dependency-cruiser.mjs'

const MODULE = '^apps/server/src/modules/[^/]+$'

export default {
  forbidden: [
    {
      name: 'no-module-cycle',
      comment: 'A module that reaches back to one that uses it makes two modules one; pass a port in through app.ts instead.',
      severity: 'error',
      scope: 'folder',
      from: { path: MODULE },
      to: { path: MODULE, circular: true },
    },
  ],
  options: {
    ...base.options,
    includeOnly: '^apps/server/src/modules/',
    exclude: { path: '\\.test\\.ts$' },
  },
}
