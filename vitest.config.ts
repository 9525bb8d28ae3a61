import { defineConfig } from 'vitest/config';

/**
 * unit: pure rules and client units (client tests pick jsdom per file with a docblock).
 * api: real HTTP against a real server and database; SQLite always, PostgreSQL when
 * TEST_DATABASE_URL is set. Files run in parallel; each makes its own database.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
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
        },
      },
    ],
  },
});
