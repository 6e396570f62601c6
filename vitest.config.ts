import { defineConfig } from 'vitest/config'

// unit: pure logic. api: the real server on a test database of its own per file (PGlite, or PostgreSQL
// with TEST_DATABASE_URL). e2e: Chromium against the built app. scale: several processes sharing Redis.
// The tests decide the zone they run in, not the machine: UTC for Node here (workers inherit it), and UTC for
// browser contexts in e2e/harness.ts. A test about another zone names it.
process.env.TZ = 'UTC'

export default defineConfig({
  test: {
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
        },
      },
      { test: { name: 'scale', include: ['apps/server/src/**/*.scale.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 } },
    ],
  },
})
