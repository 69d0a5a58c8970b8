import { describe, expect, it } from 'vitest';
import { dataDirs, startScript } from './test/process.ts';

// `npm run worker` as a real process; with PostgreSQL it is exercised by multi-process.pg.test.ts.
const dataDir = dataDirs('meridian-worker-');

describe('npm run worker', () => {
  it('refuses the embedded database, which belongs to the server process', async () => {
    const run = startScript('src/server/worker.ts', { DATA_DIR: await dataDir() });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('npm run worker needs DATABASE_URL');
  }, 60_000);
});
