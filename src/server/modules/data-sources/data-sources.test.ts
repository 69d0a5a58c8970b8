/**
 * /api/v1/data-sources through the real app (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * CRUD, secrets, permissions per role, other organisations, soft delete, project assignments,
 * and the connectors behind the API: the machine's PostgreSQL and MariaDB, a local HTTP server,
 * uploaded CSV and JSON files.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, dataSources, member, projects } from '../../db/schema/index.ts';
import { signedInUser, startTestServer, type TestServer } from '../../test/harness.ts';
import {
  closedPort,
  LOCAL_MARIADB,
  LOCAL_POSTGRES,
  requireLocalService,
} from './connectors/test-servers.ts';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
let server: TestServer;
let admin: Signed;
let developer: Signed;
let plainMember: Signed;
let plainUser: Signed;
let otherAdmin: Signed;
let orgA: string;
let orgB: string;
let api: http.Server;
let apiBase: string;

const PASSWORD = 'pg-secret-password-do-not-leak';
const TOKEN = 'http-token-do-not-leak';
const pgDatabase = `meridian_dsapi_${randomBytes(5).toString('hex')}`;
const mysqlTable = `meridian_dsapi_${randomBytes(5).toString('hex')}`;
/** A role that may connect and read, as docs/data-sources.md recommends. */
const pgReader = `${pgDatabase}_reader`;

async function pgAdmin(database: string, sql: string) {
  const client = new pg.Client({ ...LOCAL_POSTGRES, database });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await requireLocalService('PostgreSQL', LOCAL_POSTGRES);
  await requireLocalService('MariaDB', LOCAL_MARIADB);
  await pgAdmin('postgres', `create database ${pgDatabase}`);
  await pgAdmin(
    pgDatabase,
    `create table orders (id int primary key, customer text, total numeric(8,2));
     insert into orders select n, 'customer ' || n, n * 10 from generate_series(1, 1200) as n;
     create role ${pgReader} login;
     grant select on orders to ${pgReader};`,
  );
  const maria = await mysql.createConnection({ ...LOCAL_MARIADB, password: '' });
  await maria.query(`create table ${mysqlTable} (id int primary key, label varchar(20))`);
  await maria.query(`insert into ${mysqlTable} values (1, 'one'), (2, 'two')`);
  await maria.end();

  api = http.createServer((req, res) => {
    const ok = req.headers.authorization === `Bearer ${TOKEN}`;
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(JSON.stringify(ok ? [{ id: 1, path: req.url }] : { error: 'unauthorised' }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;

  // The local HTTP API listens on 127.0.0.1: this instance lets HTTP sources reach loopback.
  server = await startTestServer({ OUTBOUND_HTTP_NETWORKS: 'loopback' });
  admin = await signedInUser(server, { name: 'Alice Admin' });
  orgA = (await admin.client.post('/api/functions/complete-user-setup')).json.organization.id;
  admin.client.orgId = orgA;
  const join = async (role: string) => {
    const signed = await signedInUser(server);
    await server.db.insert(member).values({ organizationId: orgA, userId: signed.userId, role });
    signed.client.orgId = orgA;
    return signed;
  };
  developer = await join('developer');
  plainMember = await join('member');
  plainUser = await join('user');
  otherAdmin = await signedInUser(server);
  orgB = (await otherAdmin.client.post('/api/functions/complete-user-setup')).json.organization.id;
  otherAdmin.client.orgId = orgB;
}, 120_000);

afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => api?.close(() => resolve()));
  await pgAdmin('postgres', `drop database if exists ${pgDatabase} with (force)`).catch(() => {});
  await pgAdmin('postgres', `drop role if exists ${pgReader}`).catch(() => {});
  const maria = await mysql.createConnection({ ...LOCAL_MARIADB, password: '' }).catch(() => null);
  await maria?.query(`drop table if exists ${mysqlTable}`);
  await maria?.end();
});

const postgresInput = (name: string, overrides: Record<string, unknown> = {}) => ({
  type: 'postgres',
  name,
  config: {
    host: LOCAL_POSTGRES.host,
    port: LOCAL_POSTGRES.port,
    database: pgDatabase,
    user: pgReader,
    ssl: 'disable',
    ...overrides,
  },
  secret: PASSWORD,
});

async function createSource(
  client = admin.client,
  body: unknown = postgresInput(`pg ${randomBytes(3).toString('hex')}`),
) {
  const res = await client.post('/api/v1/data-sources', body);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: string; name: string };
}

async function upload(
  client: Signed['client'],
  file: { name: string; content: string; type?: string },
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  form.append('file', new File([file.content], file.name, { type: file.type ?? 'text/csv' }));
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const res = await server.app.request('/api/v1/data-sources/files', {
    method: 'POST',
    body: form,
    headers: {
      cookie: client.cookieHeader,
      origin: 'http://localhost:3000',
      'x-forwarded-for': client.ip,
      ...(client.orgId ? { 'x-organization-id': client.orgId } : {}),
    },
  });
  return { status: res.status, json: await res.json() };
}

describe('data source CRUD', () => {
  it('creates, reads, lists, updates and never returns the secret', async () => {
    const res = await admin.client.post('/api/v1/data-sources', {
      ...postgresInput('Warehouse'),
      description: 'Orders and invoices',
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: 'Warehouse',
      description: 'Orders and invoices',
      type: 'postgres',
      config: {
        host: '127.0.0.1',
        port: 5432,
        database: pgDatabase,
        user: pgReader,
        ssl: 'disable',
      },
      hasSecret: true,
      privilegedRoleAccepted: false,
      projectCount: 0,
      projects: [],
      createdBy: { id: admin.userId, name: 'Alice Admin' },
    });
    expect(res.json).not.toHaveProperty('secret');
    const id = res.json.id as string;

    const read = await admin.client.get(`/api/v1/data-sources/${id}`);
    const list = await admin.client.get('/api/v1/data-sources?search=wareh');
    expect(read.json).toMatchObject({ id, hasSecret: true });
    expect(list.json).toMatchObject({ total: 1, items: [{ id, name: 'Warehouse' }] });
    for (const body of [res.text, read.text, list.text]) expect(body).not.toContain(PASSWORD);

    // Encrypted at rest, bound to the record.
    const [stored] = await server.db.select().from(dataSources).where(eq(dataSources.id, id));
    expect(stored!.secret).toMatch(/^v1\./);
    expect(stored!.secret).not.toContain(PASSWORD);

    // No secret given: the stored one stays. A new one replaces it; null removes it.
    const renamed = await admin.client.request('PATCH', `/api/v1/data-sources/${id}`, {
      name: 'Warehouse (read replica)',
      config: { ...res.json.config, port: 5432 },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ name: 'Warehouse (read replica)', hasSecret: true });
    const [kept] = await server.db.select().from(dataSources).where(eq(dataSources.id, id));
    expect(kept!.secret).toBe(stored!.secret);
    const replaced = await admin.client.request('PATCH', `/api/v1/data-sources/${id}`, {
      secret: 'another password',
    });
    expect(replaced.json.hasSecret).toBe(true);
    const [after] = await server.db.select().from(dataSources).where(eq(dataSources.id, id));
    expect(after!.secret).not.toBe(stored!.secret);
    const cleared = await admin.client.request('PATCH', `/api/v1/data-sources/${id}`, {
      secret: null,
    });
    expect(cleared.json.hasSecret).toBe(false);

    // Every change is audited, without the secret.
    const entries = await server.db.select().from(auditLogs).where(eq(auditLogs.targetId, id));
    expect(entries.map((e) => e.action).sort()).toEqual([
      'data_source.create',
      'data_source.update',
      'data_source.update',
      'data_source.update',
    ]);
    const audit = JSON.stringify(entries);
    expect(audit).not.toContain(PASSWORD);
    expect(audit).not.toContain('another password');
    expect(audit).not.toContain(stored!.secret);
  });

  it('validates input per type, and refuses a second source with the same name', async () => {
    const missingHost = await admin.client.post('/api/v1/data-sources', {
      ...postgresInput('No host'),
      config: { database: 'x', user: 'y' },
    });
    expect(missingHost.status).toBe(400);
    expect(missingHost.json.error.fields).toHaveProperty(['config.host']);
    const badType = await admin.client.post('/api/v1/data-sources', { type: 'oracle', name: 'x' });
    expect(badType.status).toBe(400);
    const badHost = await admin.client.post(
      '/api/v1/data-sources',
      postgresInput('Bad host', { host: 'http://db.example.com' }),
    );
    expect(badHost.json.error.fields['config.host']).toEqual([
      'Enter a host name or IP address, without http:// or a port',
    ]);
    const noToken = await admin.client.post('/api/v1/data-sources', {
      type: 'http',
      name: 'API without token',
      config: { baseUrl: apiBase, authType: 'bearer' },
    });
    expect(noToken.status).toBe(400);
    expect(noToken.json.error.fields.secret).toEqual(['Enter the token or header value']);

    const first = await createSource(admin.client, postgresInput('Unique name'));
    const again = await admin.client.post('/api/v1/data-sources', postgresInput('UNIQUE NAME'));
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({
      code: 'DATA_SOURCE_NAME_TAKEN',
      fields: { name: ['A data source with this name already exists'] },
    });
    const badPort = await admin.client.request('PATCH', `/api/v1/data-sources/${first.id}`, {
      config: { host: 'db', database: 'x', user: 'y', port: 70000 },
    });
    expect(badPort.status).toBe(400);
    expect(badPort.json.error.fields).toHaveProperty(['config.port']);
    const unknownField = await admin.client.request('PATCH', `/api/v1/data-sources/${first.id}`, {
      owner: 'me',
    });
    expect(unknownField.status).toBe(400);
  });

  it('soft-deletes: the source disappears everywhere and its name is free again', async () => {
    const source = await createSource(admin.client, postgresInput('Short-lived'));
    const del = await admin.client.request('DELETE', `/api/v1/data-sources/${source.id}`);
    expect(del.status).toBe(204);
    expect((await admin.client.get(`/api/v1/data-sources/${source.id}`)).status).toBe(404);
    expect(
      (await admin.client.post(`/api/v1/data-sources/${source.id}/query`, { sql: 'select 1' }))
        .status,
    ).toBe(404);
    expect(
      (await admin.client.request('PATCH', `/api/v1/data-sources/${source.id}`, { name: 'x' }))
        .status,
    ).toBe(404);
    expect((await admin.client.request('DELETE', `/api/v1/data-sources/${source.id}`)).status).toBe(
      404,
    );
    const list = await admin.client.get('/api/v1/data-sources?search=Short-lived');
    expect(list.json.total).toBe(0);
    const [row] = await server.db.select().from(dataSources).where(eq(dataSources.id, source.id));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    await createSource(admin.client, postgresInput('Short-lived'));
  });

  it("keeps other organisations' sources invisible (404)", async () => {
    const source = await createSource(admin.client, postgresInput('Private to A'));
    const c = otherAdmin.client;
    expect((await c.get(`/api/v1/data-sources/${source.id}`)).status).toBe(404);
    expect(
      (await c.request('PATCH', `/api/v1/data-sources/${source.id}`, { name: 'Mine' })).status,
    ).toBe(404);
    expect((await c.request('DELETE', `/api/v1/data-sources/${source.id}`)).status).toBe(404);
    expect((await c.post(`/api/v1/data-sources/${source.id}/test`)).status).toBe(404);
    expect((await c.get(`/api/v1/data-sources/${source.id}/schema`)).status).toBe(404);
    expect(
      (await c.post(`/api/v1/data-sources/${source.id}/query`, { sql: 'select 1' })).status,
    ).toBe(404);
    expect((await c.get('/api/v1/data-sources')).json.items).toEqual([]);
    // Sending organisation A's id without being a member is a 404 too.
    const foreign = await c.get('/api/v1/data-sources', { 'x-organization-id': orgA });
    expect(foreign.status).toBe(404);
  });

  it('applies the permissions of the ability table per role', async () => {
    const source = await createSource(admin.client, postgresInput('Role check'));
    const url = `/api/v1/data-sources/${source.id}`;
    // member and user: read, test, schema, query; no changes.
    for (const who of [plainMember, plainUser]) {
      expect((await who.client.get('/api/v1/data-sources')).status).toBe(200);
      expect((await who.client.get(url)).status).toBe(200);
      expect((await who.client.post(`${url}/query`, { sql: 'select 1 as one' })).status).toBe(200);
      expect((await who.client.post(`${url}/test`)).status).toBe(200);
      expect(
        (await who.client.post(`${url}/test`, { config: { host: 'x', database: 'y', user: 'z' } }))
          .status,
      ).toBe(403);
      expect((await who.client.post('/api/v1/data-sources', postgresInput('Nope'))).status).toBe(
        403,
      );
      expect(
        (await who.client.post('/api/v1/data-sources/test', postgresInput('Nope'))).status,
      ).toBe(403);
      expect((await who.client.request('PATCH', url, { name: 'Nope' })).status).toBe(403);
      expect((await who.client.request('DELETE', url)).status).toBe(403);
      expect(
        (await upload(who.client, { name: 'a.csv', content: 'a\n1\n' }, { name: 'Nope' })).status,
      ).toBe(403);
    }
    // developer: create, read, update; no delete.
    const own = await createSource(developer.client, postgresInput('Developer source'));
    expect(
      (
        await developer.client.request('PATCH', `/api/v1/data-sources/${own.id}`, {
          description: 'mine',
        })
      ).status,
    ).toBe(200);
    expect(
      (await developer.client.request('DELETE', `/api/v1/data-sources/${own.id}`)).status,
    ).toBe(403);
    // admin: everything.
    expect((await admin.client.request('DELETE', `/api/v1/data-sources/${own.id}`)).status).toBe(
      204,
    );
    // No organisation selected.
    const noOrg = await admin.client.get('/api/v1/data-sources', { 'x-organization-id': '' });
    expect(noOrg.json.error?.code).toBe('ORGANIZATION_REQUIRED');
  });
});

describe('connections through the API', () => {
  it('tests settings before saving, and a saved source (with edited settings too)', async () => {
    const ok = await admin.client.post('/api/v1/data-sources/test', postgresInput('x'));
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ ok: true, cause: null });
    const port = await closedPort();
    const refused = await admin.client.post(
      '/api/v1/data-sources/test',
      postgresInput('x', { port }),
    );
    expect(refused.json).toMatchObject({ ok: false, cause: 'CONNECTION_REFUSED' });
    expect(refused.json.message).toContain(`127.0.0.1:${port}`);

    const source = await createSource(admin.client, postgresInput('Tested'));
    const saved = await admin.client.post(`/api/v1/data-sources/${source.id}/test`);
    expect(saved.json).toMatchObject({ ok: true });
    expect(saved.json.serverVersion).toMatch(/^PostgreSQL/);
    const edited = await admin.client.post(`/api/v1/data-sources/${source.id}/test`, {
      config: { ...postgresInput('x').config, database: 'no_such_db_here' },
    });
    expect(edited.json).toMatchObject({ ok: false, cause: 'DATABASE_NOT_FOUND' });
  });

  it('browses the schema and runs read-only queries with a row cap and CSV export', async () => {
    const source = await createSource(admin.client, postgresInput('Orders'));
    const url = `/api/v1/data-sources/${source.id}`;
    const schema = await admin.client.get(`${url}/schema`);
    expect(schema.status).toBe(200);
    expect(schema.json.tables).toContainEqual({
      schema: 'public',
      name: 'orders',
      kind: 'table',
      columns: [
        { name: 'id', type: 'integer', nullable: false },
        { name: 'customer', type: 'text', nullable: true },
        { name: 'total', type: 'numeric(8,2)', nullable: true },
      ],
    });

    const result = await admin.client.post(`${url}/query`, {
      sql: 'select id, customer, total from orders order by id',
    });
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({ rowCount: 1000, truncated: true });
    expect(result.json.columns).toEqual([
      { name: 'id', type: 'integer' },
      { name: 'customer', type: 'text' },
      { name: 'total', type: 'numeric' },
    ]);
    expect(result.json.rows[0]).toEqual([1, 'customer 1', '10.00']);

    const csv = await admin.client.post(`${url}/query.csv`, {
      sql: 'select id, customer from orders where id <= 3 order by id',
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(
      /filename="Orders-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(csv.text).toBe('id,customer\r\n1,customer 1\r\n2,customer 2\r\n3,customer 3\r\n');
    const all = await admin.client.post(`${url}/query.csv`, { sql: 'select id from orders' });
    expect(all.text.trim().split('\r\n')).toHaveLength(1201);
    expect(all.headers.get('x-export-truncated')).toBeNull();

    const write = await admin.client.post(`${url}/query`, { sql: 'delete from orders' });
    expect(write.status).toBe(400);
    expect(write.json.error.code).toBe('STATEMENT_NOT_ALLOWED');
    expect(write.json.error.message).toMatch(/Only read-only statements can run here/);
    const syntax = await admin.client.post(`${url}/query`, { sql: 'selec' });
    expect(syntax.json.error.code).toBe('QUERY_FAILED');
    const empty = await admin.client.post(`${url}/query`, { sql: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.json.error.fields).toHaveProperty('sql');
  });

  it('answers 502 CONNECTION_FAILED with the cause when the system cannot be reached', async () => {
    const source = await createSource(
      admin.client,
      postgresInput('Unreachable', { port: await closedPort() }),
    );
    for (const res of [
      await admin.client.post(`/api/v1/data-sources/${source.id}/query`, { sql: 'select 1' }),
      await admin.client.get(`/api/v1/data-sources/${source.id}/schema`),
    ]) {
      expect(res.status).toBe(502);
      expect(res.json.error).toMatchObject({
        code: 'CONNECTION_FAILED',
        fields: { cause: ['CONNECTION_REFUSED'] },
      });
    }
  });

  it('connects to MariaDB', async () => {
    const source = await createSource(admin.client, {
      type: 'mysql',
      name: 'Maria',
      config: { ...LOCAL_MARIADB, ssl: 'disable' },
    });
    expect((await admin.client.post(`/api/v1/data-sources/${source.id}/test`)).json.ok).toBe(true);
    const result = await admin.client.post(`/api/v1/data-sources/${source.id}/query`, {
      sql: `select id, label from ${mysqlTable} order by id`,
    });
    expect(result.json).toMatchObject({
      rows: [
        [1, 'one'],
        [2, 'two'],
      ],
      truncated: false,
    });
    const write = await admin.client.post(`/api/v1/data-sources/${source.id}/query`, {
      sql: `update ${mysqlTable} set label = 'x'`,
    });
    expect(write.status).toBe(400);
    expect(write.json.error.code).toBe('STATEMENT_NOT_ALLOWED');
  });

  it('calls an HTTP API with its bearer token, GET only under the base address', async () => {
    const source = await createSource(admin.client, {
      type: 'http',
      name: 'Local API',
      config: { baseUrl: `${apiBase}/v1`, authType: 'bearer' },
      secret: TOKEN,
    });
    expect(source).toMatchObject({ hasSecret: true });
    const url = `/api/v1/data-sources/${source.id}`;
    expect((await admin.client.post(`${url}/test`)).json.ok).toBe(true);
    const result = await admin.client.post(`${url}/query`, {
      path: '/items',
      query: { page: '2' },
    });
    expect(result.json.rows).toEqual([[1, '/v1/items?page=2']]);
    expect(result.json.response.status).toBe(200);
    const escape = await admin.client.post(`${url}/query`, { path: 'http://evil.test/' });
    expect(escape.status).toBe(400);

    await admin.client.request('PATCH', url, { secret: 'wrong token' });
    const refused = await admin.client.post(`${url}/test`);
    expect(refused.json).toMatchObject({ ok: false, cause: 'AUTHENTICATION_FAILED' });
  });
});

describe('hardening of the connections', () => {
  it('sends a stored secret only to its destination: a changed host or port needs it again', async () => {
    const source = await createSource(developer.client, postgresInput('Bound secret'));
    const url = `/api/v1/data-sources/${source.id}`;
    const moved = { ...postgresInput('x').config, host: 'localhost', port: await closedPort() };
    // The probe: 'test' with an edited host on a saved source would have sent the stored password.
    const test = await developer.client.post(`${url}/test`, { config: moved });
    expect(test.status).toBe(400);
    expect(test.json.error.code).toBe('SECRET_REQUIRED_FOR_NEW_DESTINATION');
    expect(test.json.error.fields).toHaveProperty('secret');
    const save = await developer.client.request('PATCH', url, { config: moved });
    expect(save.status).toBe(400);
    expect(save.json.error.code).toBe('SECRET_REQUIRED_FOR_NEW_DESTINATION');
    // With the secret typed again, both go ahead; the same destination keeps the stored one.
    const retyped = await developer.client.post(`${url}/test`, { config: moved, secret: 'typed' });
    expect(retyped.json).toMatchObject({ ok: false, cause: 'CONNECTION_REFUSED' });
    const sameHost = await developer.client.post(`${url}/test`, {
      config: { ...postgresInput('x').config, database: 'no_such_db_here' },
    });
    expect(sameHost.json).toMatchObject({ ok: false, cause: 'DATABASE_NOT_FOUND' });
    // Tests are audited, with the destination tried.
    const audited = await server.db
      .select({ action: auditLogs.action, after: auditLogs.after })
      .from(auditLogs)
      .where(eq(auditLogs.targetId, source.id));
    const tests = audited.filter((entry) => entry.action === 'data_source.test');
    expect(tests).toHaveLength(2);
    expect(tests.map((entry) => (entry.after as { destination: string }).destination)).toContain(
      `localhost:${moved.port}`,
    );
    expect(JSON.stringify(audited)).not.toContain(PASSWORD);
  });

  it('refuses non-admins a PostgreSQL role that may reach the server until an admin accepts it', async () => {
    const source = await createSource(
      admin.client,
      postgresInput('Superuser source', { user: LOCAL_POSTGRES.user }),
    );
    const url = `/api/v1/data-sources/${source.id}`;
    expect((await admin.client.post(`${url}/test`)).json.privilegedRole).toBe(true);
    for (const who of [developer, plainMember, plainUser]) {
      const refused = await who.client.post(`${url}/query`, { sql: 'select 1' });
      expect(refused.status).toBe(403);
      expect(refused.json.error.code).toBe('PRIVILEGED_ROLE');
      expect((await who.client.post(`${url}/accept-privileged-role`)).status).toBe(403);
    }
    expect((await admin.client.post(`${url}/query`, { sql: 'select 1' })).status).toBe(200);
    const accepted = await admin.client.post(`${url}/accept-privileged-role`);
    expect(accepted.json).toMatchObject({ privilegedRoleAccepted: true });
    expect((await plainUser.client.post(`${url}/query`, { sql: 'select 1' })).status).toBe(200);
    // Another role (or database) needs a new acceptance.
    const changed = await admin.client.request('PATCH', url, {
      config: { ...postgresInput('x').config, user: LOCAL_POSTGRES.user, database: 'postgres' },
    });
    expect(changed.json).toMatchObject({ privilegedRoleAccepted: false });
    expect((await plainUser.client.post(`${url}/query`, { sql: 'select 1' })).status).toBe(403);
  });

  it('survives a result too large for memory (the probe that ended the server)', async () => {
    const source = await createSource(admin.client, postgresInput('Huge values'));
    const url = `/api/v1/data-sources/${source.id}`;
    const huge = await plainUser.client.post(`${url}/query`, {
      sql: "select repeat('x', 200000000) from generate_series(1, 30)",
    });
    expect([200, 422]).toContain(huge.status);
    if (huge.status === 200) expect(huge.json).toMatchObject({ truncatedBy: 'bytes' });
    // A 200 MB row travels whole before the byte cap can see it: on a busy machine the query's
    // deadline may come first. Either refusal is the survival this probe checks.
    else expect(['RESULT_TOO_LARGE', 'QUERY_TIMEOUT']).toContain(huge.json.error.code);
    expect((await server.app.request('/api/health')).status).toBe(200);
    expect((await plainUser.client.post(`${url}/query`, { sql: 'select 1' })).status).toBe(200);
  }, 120_000);
});

describe('file data sources', () => {
  const csv = [
    'name,age,joined,active,zip',
    'Ada,36,2024-01-05,true,01234',
    'Grace,"45",2023-11-30,false,98765',
    'Broken,1',
    '"Linus ""the penguin""",28,2024-03-01,true,55555',
    'Margaret,,2022-07-14,true,10001',
  ].join('\n');

  it('refuses a CSV with bad rows with a clear report, or keeps the valid rows when asked', async () => {
    const refused = await upload(
      admin.client,
      { name: 'people.csv', content: csv },
      { name: 'People' },
    );
    expect(refused.status).toBe(422);
    expect(refused.json.error).toEqual({
      code: 'INVALID_FILE',
      message:
        '1 of 5 rows cannot be read (line 4: Expected 5 values, found 2). Fix the file, or import the valid rows only.',
      fields: { 'line 4': ['Expected 5 values, found 2'] },
    });
    expect((await admin.client.get('/api/v1/data-sources?search=People')).json.total).toBe(0);

    const kept = await upload(
      admin.client,
      { name: 'people.csv', content: csv },
      { name: 'People', skipInvalidRows: 'true' },
    );
    expect(kept.status).toBe(200);
    expect(kept.json.report).toEqual({
      rowCount: 4,
      skippedRows: 1,
      errors: [{ location: 'line 4', message: 'Expected 5 values, found 2' }],
    });
    expect(kept.json.dataSource).toMatchObject({
      type: 'file',
      hasSecret: false,
      config: {
        format: 'csv',
        fileName: 'people.csv',
        rowCount: 4,
        skippedRows: 1,
        columns: [
          { name: 'name', type: 'text' },
          { name: 'age', type: 'integer' },
          { name: 'joined', type: 'date' },
          { name: 'active', type: 'boolean' },
          { name: 'zip', type: 'text' },
        ],
      },
    });
    const id = kept.json.dataSource.id as string;
    const url = `/api/v1/data-sources/${id}`;

    const schema = await admin.client.get(`${url}/schema`);
    expect(schema.json.tables[0]).toMatchObject({ name: 'people.csv', kind: 'file' });
    expect((await admin.client.post(`${url}/test`)).json).toMatchObject({ ok: true });

    const sorted = await admin.client.post(`${url}/query`, {
      sort: [{ column: 'age', direction: 'desc' }],
    });
    expect(sorted.json.rows.map((row: unknown[]) => row[0])).toEqual([
      'Grace',
      'Ada',
      'Linus "the penguin"',
      'Margaret',
    ]);
    expect(sorted.json).toMatchObject({ total: 4, page: 1, pageSize: 20, truncated: false });
    const filtered = await admin.client.post(`${url}/query`, {
      filters: [
        { column: 'joined', op: 'gte', value: '2024-01-01' },
        { column: 'active', op: 'eq', value: 'true' },
      ],
      sort: [{ column: 'name' }],
    });
    expect(filtered.json.rows).toEqual([
      ['Ada', 36, '2024-01-05', true, '01234'],
      ['Linus "the penguin"', 28, '2024-03-01', true, '55555'],
    ]);
    const contains = await admin.client.post(`${url}/query`, {
      filters: [{ column: 'name', op: 'contains', value: 'PENGUIN' }],
    });
    expect(contains.json.total).toBe(1);
    const emptyAge = await admin.client.post(`${url}/query`, {
      filters: [{ column: 'age', op: 'empty' }],
    });
    expect(emptyAge.json.rows.map((row: unknown[]) => row[0])).toEqual(['Margaret']);
    const paged = await admin.client.post(`${url}/query`, {
      pageSize: 5,
      page: 1,
      sort: [{ column: 'name' }],
    });
    expect(paged.json.rows).toHaveLength(4);
    const badColumn = await admin.client.post(`${url}/query`, {
      filters: [{ column: 'salary', op: 'gt', value: '1' }],
    });
    expect(badColumn.status).toBe(400);
    expect(badColumn.json.error.message).toBe('The file has no column "salary"');
    const badValue = await admin.client.post(`${url}/query`, {
      filters: [{ column: 'age', op: 'gt', value: 'old' }],
    });
    expect(badValue.status).toBe(400);

    const exported = await admin.client.post(`${url}/query.csv`, {
      filters: [{ column: 'active', op: 'eq', value: 'false' }],
    });
    expect(exported.text).toBe('name,age,joined,active,zip\r\nGrace,45,2023-11-30,false,98765\r\n');
  });

  it('takes a JSON file and replaces the file of a source', async () => {
    const json = JSON.stringify([
      { sku: 'A-1', price: 9.5, tags: ['new'], added: '2024-02-01T10:00:00Z' },
      { sku: 'B-2', price: 12, tags: [], added: '2024-02-03T08:30:00Z' },
    ]);
    const created = await upload(
      admin.client,
      { name: 'products.json', content: json, type: 'application/json' },
      { name: 'Products' },
    );
    expect(created.status).toBe(200);
    expect(created.json.dataSource.config.columns).toEqual([
      { name: 'sku', type: 'text' },
      { name: 'price', type: 'number' },
      { name: 'tags', type: 'json' },
      { name: 'added', type: 'datetime' },
    ]);
    const id = created.json.dataSource.id as string;
    const rows = await admin.client.post(`/api/v1/data-sources/${id}/query`, {
      filters: [{ column: 'added', op: 'gt', value: '2024-02-02' }],
    });
    expect(rows.json.rows).toEqual([['B-2', 12, [], '2024-02-03T08:30:00Z']]);

    const notArray = await upload(
      admin.client,
      { name: 'x.json', content: '{"a":1}' },
      { name: 'X' },
    );
    expect(notArray.status).toBe(422);
    expect(notArray.json.error.message).toMatch(/array of objects/);
    const wrongType = await upload(
      admin.client,
      { name: 'x.xlsx', content: 'PK', type: 'application/zip' },
      { name: 'X' },
    );
    expect(wrongType.status).toBe(400);
    const noName = await upload(admin.client, { name: 'x.csv', content: 'a\n1\n' });
    expect(noName.status).toBe(400);
    expect(noName.json.error.fields).toHaveProperty('name');

    // A developer replaces the file (update); the rows and columns are the new file's.
    const replaced = await upload(
      developer.client,
      { name: 'products-v2.csv', content: 'sku;stock\nC-3;7\n' },
      { dataSourceId: id },
    );
    expect(replaced.status).toBe(200);
    expect(replaced.json.dataSource).toMatchObject({
      id,
      name: 'Products',
      config: {
        fileName: 'products-v2.csv',
        rowCount: 1,
        columns: [
          { name: 'sku', type: 'text' },
          { name: 'stock', type: 'integer' },
        ],
      },
    });
    const now = await admin.client.post(`/api/v1/data-sources/${id}/query`, {});
    expect(now.json.rows).toEqual([['C-3', 7]]);
    const onDatabase = await createSource(admin.client, postgresInput('Not a file'));
    const refused = await upload(
      admin.client,
      { name: 'a.csv', content: 'a\n1\n' },
      { dataSourceId: onDatabase.id },
    );
    expect(refused.status).toBe(400);
    const actions = await server.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.targetId, id));
    expect(actions.map((a) => a.action).sort()).toEqual([
      'data_source.create',
      'data_source.file.replace',
    ]);
  });
});

describe('project assignments', () => {
  it('assigns a data source to projects of the organisation and lists a project’s sources', async () => {
    const [project] = await server.db
      .insert(projects)
      .values({ organizationId: orgA, name: 'Churn model', colour: '#22577A', icon: 'rocket' })
      .returning();
    const [foreignProject] = await server.db
      .insert(projects)
      .values({ organizationId: orgB, name: 'Elsewhere', colour: '#22577A', icon: 'rocket' })
      .returning();
    const source = await createSource(admin.client, postgresInput('Assigned'));
    const url = `/api/v1/data-sources/${source.id}/projects/${project!.id}`;

    expect((await admin.client.request('PUT', url)).status).toBe(204);
    expect((await admin.client.request('PUT', url)).status).toBe(204);
    expect((await admin.client.get(`/api/v1/data-sources/${source.id}`)).json).toMatchObject({
      projectCount: 1,
      projects: [{ id: project!.id, name: 'Churn model' }],
    });
    const listed = await plainMember.client.get(`/api/v1/projects/${project!.id}/data-sources`);
    expect(listed.json).toMatchObject({ total: 1, items: [{ id: source.id }] });
    const filtered = await admin.client.get(`/api/v1/data-sources?projectId=${project!.id}`);
    expect(filtered.json.items.map((s: { id: string }) => s.id)).toEqual([source.id]);

    expect((await plainMember.client.request('PUT', url)).status).toBe(403);
    const foreign = `/api/v1/data-sources/${source.id}/projects/${foreignProject!.id}`;
    expect((await admin.client.request('PUT', foreign)).status).toBe(404);
    expect(
      (await otherAdmin.client.get(`/api/v1/projects/${project!.id}/data-sources`)).status,
    ).toBe(404);

    expect((await admin.client.request('DELETE', url)).status).toBe(204);
    expect(
      (await admin.client.get(`/api/v1/projects/${project!.id}/data-sources`)).json.total,
    ).toBe(0);
    const actions = await server.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.targetId, source.id));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['data_source.project.assign', 'data_source.project.unassign']),
    );
  });
});

describe('navbar search', () => {
  it('finds live data sources of the organisation by name', async () => {
    const source = await createSource(admin.client, postgresInput('Zephyr billing'));
    const gone = await createSource(admin.client, postgresInput('Zephyr archive'));
    await admin.client.request('DELETE', `/api/v1/data-sources/${gone.id}`);
    const found = await plainUser.client.get('/api/v1/search?q=zephyr');
    const group = found.json.groups.find((g: { type: string }) => g.type === 'data-sources');
    expect(group.items).toEqual([{ id: source.id, title: 'Zephyr billing', subtitle: 'postgres' }]);
    const theirs = await otherAdmin.client.get('/api/v1/search?q=zephyr');
    expect(
      theirs.json.groups.find((g: { type: string }) => g.type === 'data-sources').items,
    ).toEqual([]);
  });
});
