import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';

/**
 * unit: pure rules and client units, in Node; a client test that needs a DOM says so itself with
 * a `// @vitest-environment jsdom` docblock, so the others do not pay for jsdom.
 * api: real HTTP against a real server and database; SQLite always, PostgreSQL when
 * TEST_DATABASE_URL is set (only for files that reach the database: tests/support/db.ts).
 * Files run in parallel; each makes its own databases.
 * The unit project compiles Lingui macros and .po imports like the app build does.
 */
export default defineConfig({
  test: {
    // Vitest's default leaves a core idle (cores − 1: a single worker on a 2-core machine). The API
    // files mostly wait on their server and the database, so one worker per core keeps both busy.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        plugins: [
          react(),
          // Macros live in the client only: Babel does not need to parse server, shared or test files.
          babel({ plugins: ['@lingui/babel-plugin-lingui-macro'], include: [/[\\/]src[\\/]app[\\/].*\.[jt]sx?(?:$|\?)/] }),
          lingui(),
        ],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Vitest's 5 s leaves a jsdom test's first render (its catalogs and modules transformed on
          // demand) no room on a loaded host; a hang still fails (issue 34).
          testTimeout: 15_000,
          // Threads start faster than processes; nothing here needs a process of its own.
          pool: 'threads',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Files share a worker's module cache instead of re-importing the server for each one:
          // every file builds its own server, databases and clock (tests/support), and none mocks
          // modules, so there is no state to leak from one file to the next.
          isolate: false,
        },
      },
    ],
  },
});
