/**
 * The PostgreSQL connector against the machine's PostgreSQL (127.0.0.1:5432, user postgres; .ci/run
 * starts it). The test makes its own scratch database and drops it afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postgresConfigSchema,
  type PostgresConfig,
} from '../../../../shared/schemas/data-sources.ts';
import { postgresConnector } from './postgres.ts';
import { ConnectorError } from './types.ts';
import { DEFAULT_OUTBOUND_POLICY } from '../../../net/outbound.ts';
import { closedPort, LOCAL_POSTGRES, requireLocalService, silentServer } from './test-servers.ts';

const database = `meridian_ds_${randomBytes(5).toString('hex')}`;
/** The role the docs recommend: it may connect and read, nothing else. */
const reader = `${database}_reader`;
/** A role that may read the server's files (pg_read_server_files). */
const fileReader = `${database}_files`;
const admin = () => new pg.Client({ ...LOCAL_POSTGRES, database: 'postgres' });

const config = (overrides: Partial<PostgresConfig> = {}): PostgresConfig => ({
  host: LOCAL_POSTGRES.host,
  port: LOCAL_POSTGRES.port,
  database,
  user: reader,
  ssl: 'disable',
  ...overrides,
});
const connector = (overrides: Partial<PostgresConfig> = {}, password: string | null = null) =>
  postgresConnector({ config: config(overrides), password, policy: DEFAULT_OUTBOUND_POLICY });

async function scratch(sql: string) {
  const client = new pg.Client({ ...LOCAL_POSTGRES, database });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await requireLocalService('PostgreSQL', LOCAL_POSTGRES);
  const client = admin();
  await client.connect();
  await client.query(`create database ${database}`);
  await client.end();
  await scratch(`
    create schema sales;
    create table sales.customers (
      id serial primary key,
      name text not null,
      email text,
      value numeric(10, 2),
      active boolean not null default true,
      joined timestamptz not null default '2024-05-01T10:00:00Z',
      big bigint,
      tags jsonb
    );
    insert into sales.customers (name, email, value, active, big, tags) values
      ('Ada', 'ada@example.test', 1200.50, true, 9007199254740993, '{"vip": true}'),
      ('Grace', null, 80, false, 1, '[]');
    create view sales.active_customers as select id, name from sales.customers where active;
    create role ${reader} login;
    grant usage on schema sales to ${reader};
    grant select on all tables in schema sales to ${reader};
    grant usage on all sequences in schema sales to ${reader};
    create role ${fileReader} login in role pg_read_server_files;
  `);
});

afterAll(async () => {
  const client = admin();
  await client.connect();
  await client.query(`drop database if exists ${database} with (force)`);
  await client.query(`drop role if exists ${reader}`);
  await client.query(`drop role if exists ${fileReader}`);
  await client.end();
});

async function failure(promise: Promise<unknown>): Promise<ConnectorError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  return error as ConnectorError;
}

describe('PostgreSQL connector', () => {
  it('tests a working connection and names the server', async () => {
    const result = await connector().testConnection();
    expect(result).toMatchObject({ ok: true, cause: null });
    expect(result.serverVersion).toMatch(/^PostgreSQL \d+/);
    expect(result.message).toMatch(/^Connected to PostgreSQL/);
  });

  it('lists tables and views with their columns', async () => {
    const { tables, truncated } = await connector().listSchema();
    expect(truncated).toBe(false);
    const customers = tables.find((t) => t.schema === 'sales' && t.name === 'customers');
    expect(customers?.kind).toBe('table');
    expect(customers?.columns.slice(0, 4)).toEqual([
      { name: 'id', type: 'integer', nullable: false },
      { name: 'name', type: 'text', nullable: false },
      { name: 'email', type: 'text', nullable: true },
      { name: 'value', type: 'numeric(10,2)', nullable: true },
    ]);
    expect(tables.find((t) => t.name === 'active_customers')?.kind).toBe('view');
    expect(tables.some((t) => t.schema === 'pg_catalog' || t.schema === 'information_schema')).toBe(
      false,
    );
  });

  it('runs a select and answers columns with types and JSON-safe rows', async () => {
    const result = await connector().runQuery(
      { sql: 'select id, name, value, active, joined, big, tags from sales.customers order by id' },
      { rowCap: 1000 },
    );
    expect(result.columns).toEqual([
      { name: 'id', type: 'integer' },
      { name: 'name', type: 'text' },
      { name: 'value', type: 'numeric' },
      { name: 'active', type: 'boolean' },
      { name: 'joined', type: 'timestamp with time zone' },
      { name: 'big', type: 'bigint' },
      { name: 'tags', type: 'jsonb' },
    ]);
    expect(result.rows[0]).toEqual([
      1,
      'Ada',
      '1200.50',
      true,
      expect.stringMatching(/^2024-05-01 /),
      '9007199254740993',
      { vip: true },
    ]);
    expect(result).toMatchObject({ rowCount: 2, truncated: false });
  });

  it('caps the rows and says the result was truncated', async () => {
    const capped = await connector().runQuery(
      { sql: 'select n from generate_series(1, 100000) as n' },
      { rowCap: 5 },
    );
    expect(capped.rows).toEqual([[1], [2], [3], [4], [5]]);
    expect(capped).toMatchObject({ rowCount: 5, truncated: true });
    const exact = await connector().runQuery(
      { sql: 'select n from generate_series(1, 5) as n' },
      { rowCap: 5 },
    );
    expect(exact).toMatchObject({ rowCount: 5, truncated: false });
  });

  it('refuses anything but one read statement before it reaches the database', async () => {
    const refused = [
      "insert into sales.customers (name) values ('Mallory')",
      'create table sales.evil (id int)',
      'with gone as (delete from sales.customers returning *) select * from gone',
      'select * into sales.copy from sales.customers',
      'explain analyze select 1',
      'explain (analyze) select 1',
      "copy (select 1) to program 'touch /tmp/meridian-evil'",
      "select pg_read_file('/etc/passwd')",
      "select * from dblink_exec('dbname=x', 'drop table y')",
      "select set_config('statement_timeout', '0', false)",
      'set transaction read write',
      'do $$ begin perform 1; end $$',
      'commit',
    ];
    for (const sql of refused) {
      const error = await failure(connector().runQuery({ sql }, { rowCap: 10 }));
      expect(error.kind, sql).toBe('refused');
      expect(error.message, sql).toMatch(/Only read-only statements can run here/);
    }
    // Nothing changed.
    const { rows } = await scratch(
      "select count(*)::int as n, to_regclass('sales.evil') as evil, to_regclass('sales.copy') as copy from sales.customers",
    );
    expect(rows[0]).toEqual({ n: 2, evil: null, copy: null });
  });

  it('runs the allowed kinds: SELECT, WITH, VALUES, TABLE, SHOW and EXPLAIN', async () => {
    for (const sql of [
      'with c as (select id from sales.customers) select count(*) from c',
      'values (1, 2)',
      'table sales.active_customers',
      'show server_version',
      'explain select * from sales.customers',
    ]) {
      const result = await connector().runQuery({ sql }, { rowCap: 10 });
      expect(result.rows.length, sql).toBeGreaterThan(0);
    }
  });

  it('keeps the read-only transaction as a second line', async () => {
    const error = await failure(
      connector().runQuery({ sql: "select nextval('sales.customers_id_seq')" }, { rowCap: 10 }),
    );
    expect(error.kind).toBe('query');
    expect(error.message).toMatch(/read-only transaction/);
  });

  it('runs one statement only, so a COMMIT cannot end the read-only transaction', async () => {
    for (const sql of [
      'select 1; select 2',
      "commit; insert into sales.customers (name) values ('Mallory')",
    ]) {
      const error = await failure(connector().runQuery({ sql }, { rowCap: 10 }));
      expect(error).toMatchObject({ kind: 'refused', message: 'Run one statement at a time' });
    }
    const { rows } = await scratch('select count(*)::int as n from sales.customers');
    expect(rows[0].n).toBe(2);
  });

  it('reports SQL errors with their position, and cancels long statements', async () => {
    const syntax = await failure(connector().runQuery({ sql: 'selec 1' }, { rowCap: 10 }));
    expect(syntax.kind).toBe('query');
    expect(syntax.message).toMatch(/syntax error at or near "selec" \(at character 1\)/);
    const slow = await failure(
      connector().runQuery({ sql: 'select pg_sleep(5)' }, { rowCap: 10, queryTimeoutMs: 300 }),
    );
    expect(slow.kind).toBe('timeout');
    expect(slow.message).toBe('The query ran longer than 0.3 s and was cancelled.');
  });

  it('detects a role that may reach the server: superuser or pg_read_server_files', async () => {
    expect((await connector().testConnection()).privilegedRole).toBe(false);
    for (const user of [LOCAL_POSTGRES.user, fileReader]) {
      expect((await connector({ user }).testConnection()).privilegedRole, user).toBe(true);
      const error = await failure(
        connector({ user }).runQuery({ sql: 'select 1' }, { rowCap: 10 }),
      );
      expect(error.kind, user).toBe('privileged');
      const accepted = await connector({ user }).runQuery(
        { sql: 'select 1 as one' },
        { rowCap: 10, allowPrivilegedRole: true },
      );
      expect(accepted.rows).toEqual([[1]]);
    }
  });

  it('stops reading at the byte cap: huge values never load whole', async () => {
    const result = await connector().runQuery(
      { sql: "select repeat('x', 20000000) as big from generate_series(1, 30)" },
      { rowCap: 1000 },
    );
    // The first row alone is past the 10 MB cap: it shows, cut, and the result says why it stopped.
    expect(result).toMatchObject({ rowCount: 1, truncated: true, truncatedBy: 'bytes' });
    expect(String(result.rows[0]![0]).length).toBeLessThanOrEqual(10_001);
  });

  it('classifies connection failures', async () => {
    const refusedPort = await closedPort();
    const silent = await silentServer();
    try {
      const cases: [Partial<PostgresConfig>, string, RegExp][] = [
        [
          { user: 'no_such_role' },
          'AUTHENTICATION_FAILED',
          /Authentication failed for user "no_such_role"/,
        ],
        [
          { database: 'no_such_database' },
          'DATABASE_NOT_FOUND',
          /database "no_such_database" does not exist/,
        ],
        [
          { port: refusedPort },
          'CONNECTION_REFUSED',
          new RegExp(`refused by 127\\.0\\.0\\.1:${refusedPort}`),
        ],
        [
          { host: 'nonexistent.invalid' },
          'NAME_NOT_FOUND',
          /"nonexistent\.invalid" does not resolve/,
        ],
        [{ ssl: 'require' }, 'TLS', /TLS \(SSL\) connection .* failed/],
        [{ port: silent.port }, 'TIMEOUT', /within 0\.3 s \(time-out\)/],
      ];
      for (const [overrides, cause, message] of cases) {
        const result = await connector(overrides).testConnection({ connectTimeoutMs: 300 });
        expect(result, cause).toMatchObject({ ok: false, cause });
        expect(result.message).toMatch(message);
      }
    } finally {
      await silent.close();
    }
  });

  it("connects with TLS 'prefer' (the default) to a server without TLS, in plain text", async () => {
    expect(postgresConfigSchema.parse({ host: 'db', database: 'd', user: 'u' }).ssl).toBe('prefer');
    const result = await connector({ ssl: 'prefer' }).testConnection();
    expect(result).toMatchObject({ ok: true, cause: null });
    const query = await connector({ ssl: 'prefer' }).runQuery(
      { sql: 'select ssl from pg_stat_ssl where pid = pg_backend_pid()' },
      { rowCap: 1 },
    );
    expect(query.rows).toEqual([[false]]);
    // Only a server that says it has no TLS is used without: other failures stay failures.
    const refused = await connector({ ssl: 'prefer', port: await closedPort() }).testConnection();
    expect(refused).toMatchObject({ ok: false, cause: 'CONNECTION_REFUSED' });
  });

  it('turns a failed connection of a query into a connection error', async () => {
    const error = await failure(
      connector({ port: await closedPort() }).runQuery({ sql: 'select 1' }, { rowCap: 1 }),
    );
    expect(error).toMatchObject({ kind: 'connection', failure: 'CONNECTION_REFUSED' });
    const schema = await failure(connector({ host: 'nonexistent.invalid' }).listSchema());
    expect(schema).toMatchObject({ kind: 'connection', failure: 'NAME_NOT_FOUND' });
  });
});
