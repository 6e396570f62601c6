import { defineConfig } from 'vitest/config'

// unit: pure logic. api: the real server on a test database of its own per file (PGlite, or PostgreSQL
// with TEST_DATABASE_URL). e2e: Chromium against the built app. scale: several processes sharing Redis.
// The tests decide the zone they run in, not the machine: UTC for Node here (workers inherit it), and UTC for
// browser contexts in e2e/harness.ts. A test about another zone names it.
process.env.TZ = 'UTC'

export default defineConfig({
  test: {
    // Two files at once where files are independent (unit, api: each api file has a database of its own): on 2
    // cores Vitest's default is one. The browser files run after them, one at a time (groupOrder), so a page's
    // timing is never shared with another file's server; then the multi-process files, one at a time too.
    maxWorkers: 2,
    projects: [
      { test: { name: 'unit', include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.unit.test.{ts,tsx}'] } },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['**/*.unit.test.ts', '**/*.scale.test.ts'],
          // One migrated database for the run, which each file's database starts from.
          globalSetup: ['apps/server/src/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A poll waits for a job (an email, a notification) the queue runs when it can: on a loaded machine
          // that is more than the default second.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/global-setup.ts', 'apps/server/src/testing/global-setup.ts'],
          testTimeout: 60_000,
          // A poll waits for what the page will show: its default second is too short for a page under load (the
          // sign-up test's saved organization name once took longer), and a longer one costs nothing when it is quick.
          expect: { poll: { timeout: 10_000 } },
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'scale',
          include: ['apps/server/src/**/*.scale.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
})
