import { defineConfig } from 'vitest/config';

/**
 * Four projects, one command each in scripts/test.mjs:
 * - unit: pure rules and components beside the code (*.test.ts, *.test.tsx);
 * - api-pglite / api-postgres: in-process API tests (*.api.test.ts) on each database driver, each
 *   file on its own copy of a database migrated once per run (docs/testing.md);
 * - e2e: real Chromium against a real server (tests/e2e).
 */
const apiProject = (name: string, driver: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    include: ['src/**/*.api.test.ts', 'tests/api/**/*.test.ts'],
    env: { TEST_DB_DRIVER: driver },
    // Migrates once per run; each test file then copies the migrated database.
    globalSetup: ['tests/support/api-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file has its own database and app, so files may share a worker's loaded modules (the
    // app and PGlite's WebAssembly are loaded once per worker, not once per file: half the CPU
    // time) and run two at a time (one waits on the database while the other computes). A test
    // file must therefore keep no state in module variables of src/ or tests/support.
    isolate: false,
    maxWorkers: 2,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'src/**/*.test.tsx',
            'scripts/**/*.test.ts',
            'tests/load/**/*.test.ts',
          ],
          exclude: ['src/**/*.api.test.ts'],
        },
      },
      apiProject('api-pglite', 'pglite'),
      apiProject('api-postgres', 'postgres'),
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          // Generous limits: a test fails on what it finds, not because the machine is slow or
          // shared. On a CI machine three times slower than a quiet one, multi-step flows took
          // 60-70 s (decision 241).
          testTimeout: 180_000,
          hookTimeout: 240_000,
          expect: { poll: { timeout: 15_000 } },
          // Two files at a time, each with its own browser, against the one server: the browsers
          // keep both cores busy, so a third file only slows every test (decision 241).
          maxWorkers: 2,
        },
      },
    ],
  },
});
