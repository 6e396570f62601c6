// Module boundaries of the server (ARCHITECTURE.md, "Rules of the road"), checked by `npm run lint`.
// TypeScript 7 has no compiler API that dependency-cruiser can load, so files are parsed with swc, which reads
// the source before any compilation: `import type` counts as a dependency too (checked with a type-only import
// of another module's internals, which fails lint). tsPreCompilationDeps would ask for the TypeScript compiler
// for the same result, and only warn without it.
// A cycle between modules need not be a file cycle: .dependency-cruiser-module-order.mjs checks module folders.
const MODULES = '^apps/server/src/modules/'

export default {
  forbidden: [
    {
      name: 'module-internals',
      comment:
        "A module's module.ts is the only door other modules use (commands, queries, events); everything else in a module is its own business.",
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/` },
      to: { path: `${MODULES}[^/]+/`, pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/module\\.ts$`] },
    },
    {
      name: 'no-circular',
      comment: 'Files depend on each other one way: a cycle makes load order matter and hides which piece owns what.',
      severity: 'error',
      from: { path: '^(apps/server/src|packages/shared/src)/' },
      to: { circular: true },
    },
  ],
  options: {
    parser: 'swc',
    tsPreCompilationDeps: false,
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^(apps/server/src|packages/shared/src)/',
    moduleSystems: ['es6'],
    cache: false,
  },
}
