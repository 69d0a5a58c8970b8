import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    // *.pg.test.ts need the machine's PostgreSQL: part of the PostgreSQL run (TEST_DATABASE_URL).
    exclude: [
      '**/node_modules/**',
      ...(process.env.TEST_DATABASE_URL ? [] : ['src/**/*.pg.test.ts']),
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
