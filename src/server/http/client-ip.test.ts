import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientIp } from './client-ip.ts';

/** What clientIp answers for a request from `remoteAddress` with these headers. */
async function addressOf(
  remoteAddress: string,
  options: { trustProxy?: boolean; headers?: Record<string, string> } = {},
) {
  const app = new Hono();
  app.get('/', (c) => c.json({ ip: clientIp(c, options.trustProxy ?? false) ?? null }));
  const env = { incoming: { socket: { remoteAddress, remotePort: 50_000, remoteFamily: 'IPv6' } } };
  const res = await app.request('/', { headers: options.headers }, env);
  return ((await res.json()) as { ip: string | null }).ip;
}

describe('clientIp', () => {
  it('gives an IPv4 caller on a dual-stack socket as IPv4', async () => {
    expect(await addressOf('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(await addressOf('::1')).toBe('::1');
  });

  it('reads X-Forwarded-For only behind a trusted proxy, also as IPv4', async () => {
    const headers = { 'X-Forwarded-For': '::ffff:203.0.113.7, 10.0.0.1' };
    expect(await addressOf('::ffff:10.0.0.1', { headers })).toBe('10.0.0.1');
    expect(await addressOf('::ffff:10.0.0.1', { trustProxy: true, headers })).toBe('203.0.113.7');
  });
});
