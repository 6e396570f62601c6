// Module boundaries of the server (ARCHITECTURE.md, "Rules of the road"), checked by `npm run lint`.
// TypeScript 7 has no compiler API that dependency-cruiser can load, so files are parsed with swc; swc keeps
// `import type`, which is what tsPreCompilationDeps asks for: a type-only import is a dependency too.
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
    {
      // Acyclic files are not enough on their own: a.ts → b/module.ts → b/x.ts → a/module.ts has no file cycle,
      // yet modules a and b would lean on each other. Checked on the folders, where such a loop shows.
      name: 'no-circular-modules',
      comment: 'Dependencies between modules go one way.',
      severity: 'error',
      scope: 'folder',
      from: { path: `${MODULES}[^/]+$` },
      to: { path: `${MODULES}[^/]+$`, circular: true },
    },
  ],
  options: {
    parser: 'swc',
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^(apps/server/src|packages/shared/src)/',
    moduleSystems: ['es6'],
    cache: false,
  },
}
