import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createRuntimeConfigLoader,
  DEFAULT_RUNTIME_CONFIG,
  parseRuntimeConfig,
  RUNTIME_CONFIG_URL,
} from './runtime-config';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const served = {
  gtmId: 'GTM-ABC123',
  auth: { google: true, oidc: { name: 'Acme SSO' } },
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('parseRuntimeConfig', () => {
  it('reads what the server sends', () => {
    expect(parseRuntimeConfig(served)).toEqual(served);
    expect(parseRuntimeConfig({ gtmId: null, auth: { google: false, oidc: null } })).toEqual(
      DEFAULT_RUNTIME_CONFIG,
    );
  });

  it('falls back to the defaults field by field', () => {
    expect(parseRuntimeConfig({ gtmId: 42, auth: { google: true, oidc: { name: '' } } })).toEqual({
      gtmId: null,
      auth: { google: true, oidc: null },
    });
    expect(parseRuntimeConfig({})).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(parseRuntimeConfig(null)).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(parseRuntimeConfig('nonsense')).toEqual(DEFAULT_RUNTIME_CONFIG);
  });
});

describe('createRuntimeConfigLoader', () => {
  it('asks GET /api/config once and shares the answer', async () => {
    const fetchFn = vi.fn(async () => json(served));
    const loader = createRuntimeConfigLoader(fetchFn);
    const [first, second] = await Promise.all([loader.load(), loader.load()]);
    expect(await loader.load()).toEqual(served);
    expect(first).toEqual(served);
    expect(second).toBe(first);
    expect(fetchFn).toHaveBeenCalledOnce();
    expect(fetchFn).toHaveBeenCalledWith(RUNTIME_CONFIG_URL, expect.anything());
  });

  it('resolves to the defaults when the server fails, and asks again next time', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchFn = vi
      .fn<(input: string) => Promise<Response>>()
      .mockResolvedValueOnce(json({ error: { code: 'INTERNAL', message: 'x' } }, 500))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json(served));
    const loader = createRuntimeConfigLoader(fetchFn);
    expect(await loader.load()).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(await loader.load()).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(await loader.load()).toEqual(served);
    expect(await loader.load()).toEqual(served);
    expect(fetchFn).toHaveBeenCalledTimes(3);
  });

  it('does not cache a failure even when fetch throws synchronously', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    const loader = createRuntimeConfigLoader(() => {
      calls += 1;
      if (calls === 1) throw new Error('no fetch');
      return Promise.resolve(json(served));
    });
    expect(await loader.load()).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(await loader.load()).toEqual(served);
  });
});
