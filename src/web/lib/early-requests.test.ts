// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

const answer = (status = 200) => Promise.resolve(new Response('{}', { status }));

// The module reads what public/initial-loader.js left on `window` once: a fresh module per test.
async function withEarly(early: Window['__meridianEarly']) {
  vi.resetModules();
  window.__meridianEarly = early;
  return import('./early-requests');
}

describe('early requests', () => {
  beforeEach(() => {
    delete window.__meridianEarly;
  });

  it('gives each answer once, then nothing', async () => {
    const { takeEarlyResponse } = await withEarly({ session: { response: answer() } });
    const first = takeEarlyResponse('session');
    expect(first).not.toBeNull();
    expect((await first)?.status).toBe(200);
    expect(takeEarlyResponse('session')).toBeNull();
    expect(window.__meridianEarly).toBeUndefined();
  });

  it('gives nothing when the loader started nothing', async () => {
    const { takeEarlyResponse } = await withEarly(undefined);
    expect(takeEarlyResponse('session')).toBeNull();
    expect(takeEarlyResponse('me')).toBeNull();
  });

  it('gives /me only for the organisation it was asked for', async () => {
    const { takeEarlyResponse } = await withEarly({ me: { orgId: 'org-1', response: answer() } });
    expect(takeEarlyResponse('me', 'org-2')).toBeNull();
    // Not kept for later either: the organisation changed since.
    expect(takeEarlyResponse('me', 'org-1')).toBeNull();
  });

  it('gives /me asked without an organisation to a caller without one', async () => {
    const { takeEarlyResponse } = await withEarly({ me: { orgId: null, response: answer() } });
    expect(takeEarlyResponse('me', null)).not.toBeNull();
  });

  it('gives the agent only to the query of that agent in that organisation', async () => {
    const agent = (orgId: string, key: string) => ({ agent: { orgId, key, response: answer() } });
    let early = await withEarly(agent('org-1', 'agent-1'));
    expect(early.takeEarlyResponse('agent', 'org-1', 'agent-2')).toBeNull();
    early = await withEarly(agent('org-1', 'agent-1'));
    expect(early.takeEarlyResponse('agent', 'org-2', 'agent-1')).toBeNull();
    early = await withEarly(agent('org-1', 'agent-1'));
    expect(early.takeEarlyResponse('agent', 'org-1', 'agent-1')).not.toBeNull();
  });

  it('gives nothing once dropped', async () => {
    const { takeEarlyResponse, dropEarlyRequests } = await withEarly({
      session: { response: answer() },
      superAdmin: { response: answer() },
    });
    expect(takeEarlyResponse('session')).not.toBeNull();
    dropEarlyRequests();
    expect(takeEarlyResponse('superAdmin')).toBeNull();
  });
});
