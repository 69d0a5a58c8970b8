/**
 * The live notifications stream (GET /api/v1/notifications/stream): `ready` once listening, then
 * `changed` when one of the caller's notifications is written (through LISTEN/NOTIFY, on PGlite
 * and on PostgreSQL), never for another user's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from '../../test/harness.ts';
import { notify } from '../../notifications/record.ts';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
let server: TestServer;
let alice: Signed;
let bob: Signed;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signedInUser(server);
  bob = await signedInUser(server);
});
afterAll(() => server?.close());

/** Opens a user's stream; `next()` answers the next event's name (or 'timeout'). */
async function open(who: Signed) {
  const closed = new AbortController();
  const response = await server.app.request('/api/v1/notifications/stream', {
    headers: {
      cookie: who.client.cookieHeader,
      origin: 'http://localhost:3000',
      'x-forwarded-for': who.client.ip,
    },
    signal: closed.signal,
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const pending: string[] = [];
  let reading: Promise<void> | null = null;
  const pull = () => {
    reading ??= reader.read().then(({ value, done }) => {
      reading = null;
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end < 0) break;
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const name = /^event: (.+)$/m.exec(block)?.[1];
        if (name) pending.push(name);
      }
    });
    return reading;
  };
  return {
    response,
    async next(ms = 3_000): Promise<string> {
      const until = Date.now() + ms;
      while (pending.length === 0) {
        const left = until - Date.now();
        if (left <= 0) return 'timeout';
        await Promise.race([pull(), new Promise((r) => setTimeout(r, left))]);
      }
      return pending.shift()!;
    },
    close() {
      closed.abort();
      void reader.cancel().catch(() => {});
    },
  };
}

describe('live notifications', () => {
  it('needs a session', async () => {
    const response = await server.app.request('/api/v1/notifications/stream');
    expect(response.status).toBe(401);
  });

  it('tells the signed-in user, and only them, that their notifications changed', async () => {
    const aliceStream = await open(alice);
    const bobStream = await open(bob);
    expect(aliceStream.response.status).toBe(200);
    expect(aliceStream.response.headers.get('content-type')).toContain('text/event-stream');
    expect(await aliceStream.next()).toBe('ready');
    expect(await bobStream.next()).toBe('ready');

    await notify(server.db, {
      userIds: [alice.userId],
      kind: 'message',
      params: { title: 'Hello', body: '' },
    });
    expect(await aliceStream.next()).toBe('changed');
    expect(await bobStream.next(500)).toBe('timeout');

    // Written in a transaction: heard once it commits, not when it rolls back.
    await server.db
      .transaction(async (tx) => {
        await notify(tx, {
          userIds: [bob.userId],
          kind: 'message',
          params: { title: 'Never', body: '' },
        });
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await bobStream.next(500)).toBe('timeout');
    aliceStream.close();
    bobStream.close();
  });
});
