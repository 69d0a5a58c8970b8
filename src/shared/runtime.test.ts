import { describe, expect, it } from 'vitest';

describe('the runtime', () => {
  // npm puts node_modules/.bin first on PATH, where the `node` package links Node 24; the test
  // runners, the server, the CLI and the benchmark all run on it, whatever the system's Node is.
  it('is Node 24', () => {
    expect(process.versions.node).toMatch(/^24\./);
  });
});
