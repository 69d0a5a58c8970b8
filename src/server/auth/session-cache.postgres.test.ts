/**
 * Two server processes on one PostgreSQL database (two apps, each with its own pool, LISTEN
 * connection and session cache): a sign-out, revoke, role change or ban through one is seen
 * by the very next request to the other, though the other serves warm requests from memory.
 * Runs on the machine's PostgreSQL (TEST_DATABASE_URL's server, else 127.0.0.1:5432).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { countStatements } from '../db/query-counter.ts';
import { member } from '../db/schema/index.ts';
import {
  LOCAL_POSTGRES,
  requireLocalService,
} from '../modules/data-sources/connectors/test-servers.ts';
import {
  signedInUser,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../test/harness.ts';

const BASE_URL =
  process.env.TEST_DATABASE_URL ??
  `postgres://${LOCAL_POSTGRES.user}@${LOCAL_POSTGRES.host}:${LOCAL_POSTGRES.port}/postgres`;
const database = `meridian_cache_${randomBytes(6).toString('hex')}`;

async function admin(query: string) {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) await requireLocalService('PostgreSQL', LOCAL_POSTGRES);
  await admin(`create database ${database}`);
  const url = new URL(BASE_URL);
  url.pathname = `/${database}`;
  const env = { DATABASE_URL: url.toString(), SUPER_ADMIN_EMAILS: 'root@example.test' };
  a = await startTestServer(env);
  b = await startTestServer(env);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await admin(`drop database if exists ${database} with (force)`);
});

/** The same browser (cookie and organisation) sending its request to process B. */
function onB(client: TestClient, cookie = client.cookieHeader) {
  return b.client().get('/api/v1/me', {
    cookie,
    ...(client.orgId ? { 'x-organization-id': client.orgId } : {}),
  });
}

/** Warms B's cache for this browser and checks B then answers from memory. */
async function warmOnB(client: TestClient) {
  // B has applied the change messages of the set-up (a sign-up's GET writes do not settle).
  await b.deps.sessionCache.settle();
  expect((await onB(client)).status).toBe(200);
  const { result, statements } = await countStatements(() => onB(client));
  expect(result.status).toBe(200);
  expect(statements).toEqual([]);
  return result;
}

describe('session cache across processes (LISTEN/NOTIFY)', () => {
  it('a sign-out through process A is refused on the next request to process B', async () => {
    const user = await signedInUser(a);
    const setup = await user.client.post('/api/functions/complete-user-setup');
    user.client.orgId = setup.json.organization.id;
    await warmOnB(user.client);

    const cookie = user.client.cookieHeader;
    expect((await user.client.post('/api/auth/sign-out')).status).toBe(200);
    expect((await onB(user.client, cookie)).status).toBe(401);
  });

  it('revoking the other sessions through A ends them on B at once', async () => {
    const { email, password } = await signedInUser(a);
    const [first, second] = [a.client(), a.client()];
    for (const x of [first, second]) {
      expect((await x.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
      await warmOnB(x);
    }
    expect((await first.post('/api/auth/revoke-other-sessions')).status).toBe(200);
    expect((await onB(second)).status).toBe(401);
    expect((await onB(first)).status).toBe(200);
  });

  it('a role change and a ban through A show on the next request to B', async () => {
    const owner = await signedInUser(a);
    const setup = await owner.client.post('/api/functions/complete-user-setup');
    const orgId = setup.json.organization.id as string;
    owner.client.orgId = orgId;
    const user = await signedInUser(a);
    const [row] = await a.db
      .insert(member)
      .values({ organizationId: orgId, userId: user.userId, role: 'user' })
      .returning({ id: member.id });
    user.client.orgId = orgId;
    const warm = await warmOnB(user.client);
    expect(warm.json.organization).toEqual({ id: orgId, role: 'user' });

    const patch = await owner.client.request(
      'PATCH',
      `/api/v1/organizations/current/members/${row!.id}`,
      { role: 'developer' },
    );
    expect(patch.status).toBe(200);
    const changed = await onB(user.client);
    expect(changed.status).toBe(200);
    expect(changed.json.organization).toEqual({ id: orgId, role: 'developer' });

    await warmOnB(user.client);
    const root = await signedInUser(a, { email: 'root@example.test' });
    const ban = await root.client.post(`/api/v1/admin/users/${user.userId}/ban`, {
      reason: 'Two processes',
    });
    expect(ban.status).toBe(200);
    expect((await onB(user.client)).status).toBe(401);
  });

  it('listens again after its LISTEN connection is killed, and still hears the next sign-out', async () => {
    const cache = b.deps.sessionCache;
    const before = cache.listens;
    await a.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'LISTEN %' and pid <> pg_backend_pid()`,
    );
    await vi.waitFor(() => expect(cache.listens).toBeGreaterThan(before), { timeout: 15_000 });
    await vi.waitFor(() => expect(a.deps.sessionCache.active).toBe(true), { timeout: 15_000 });

    const user = await signedInUser(a);
    await warmOnB(user.client);
    const cookie = user.client.cookieHeader;
    expect((await user.client.post('/api/auth/sign-out')).status).toBe(200);
    expect((await onB(user.client, cookie)).status).toBe(401);
  });
});
