import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';

/**
 * unit: pure rules and client units (client tests pick jsdom per file with a docblock).
 * api: real HTTP against a real server and database; SQLite always, PostgreSQL when
 * TEST_DATABASE_URL is set. Files run in parallel; each makes its own database.
 * The unit project compiles Lingui macros and .po imports like the app build does.
 */
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react(), babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), lingui()],
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
