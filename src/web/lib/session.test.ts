// @vitest-environment happy-dom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchSession } from './session';

// Answers Better Auth's session endpoint as the server does: the session for the cookie
// `session=ok` (dates as ISO strings in JSON), `null` without one, 500 for `session=broken`.
const SESSION = {
  session: {
    id: 's1',
    userId: 'u1',
    token: 't',
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    expiresAt: '2026-12-01T10:00:00.000Z',
  },
  user: {
    id: 'u1',
    email: 'ada@example.com',
    name: 'Ada',
    emailVerified: true,
    createdAt: '2026-10-01T10:00:00.000Z',
    updatedAt: '2026-10-02T10:00:00.000Z',
  },
};
let server: Server;
const paths: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    paths.push(request.url ?? '');
    const cookie = request.headers.cookie ?? '';
    if (cookie.includes('session=broken')) {
      response.writeHead(500).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(cookie.includes('session=ok') ? SESSION : null));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `http://127.0.0.1:${port}/`,
  );
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('fetchSession', () => {
  it('reads the session from Better Auth’s endpoint, with dates as Date objects', async () => {
    document.cookie = 'session=ok';
    const session = await fetchSession();
    expect(paths.at(-1)).toBe('/api/auth/get-session');
    expect(session?.user.email).toBe('ada@example.com');
    expect(session?.user.createdAt).toEqual(new Date(SESSION.user.createdAt));
    expect(session?.session.expiresAt).toEqual(new Date(SESSION.session.expiresAt));
  });

  it('is null without a session and when the server cannot say', async () => {
    document.cookie = 'session=none';
    expect(await fetchSession()).toBeNull();
    document.cookie = 'session=broken';
    expect(await fetchSession()).toBeNull();
  });
});
