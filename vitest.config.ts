import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// *.pg.test.ts need the machine's PostgreSQL: part of the PostgreSQL run (TEST_DATABASE_URL).
const exclude = [
  '**/node_modules/**',
  ...(process.env.TEST_DATABASE_URL ? [] : ['src/**/*.pg.test.ts']),
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The files wait on their databases and servers as much as they compute: two at once even on
    // two cores (vitest's default leaves one core idle there).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude,
          // The server's files share their worker's modules: loading the server's module graph
          // once per worker, not once per file, halves the suite's time. They hold no module
          // state of their own (each starts its own server and database) and mock no module.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.ts', 'src/web/**/*.test.tsx'],
          exclude,
          // The web's component tests mock modules (vi.mock): each file keeps its own.
        },
      },
    ],
  },
});
