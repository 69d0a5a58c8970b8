/**
 * The MySQL/MariaDB connector against the machine's MariaDB (127.0.0.1:3306, root without a
 * password, database `test`; .ci/run starts it). The test makes its own tables and drops them.
 */
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MysqlConfig } from '../../../../shared/schemas/data-sources.ts';
import { mysqlConnector } from './mysql.ts';
import { ConnectorError } from './types.ts';
import { closedPort, LOCAL_MARIADB, requireLocalService, silentServer } from './test-servers.ts';

const table = `meridian_ds_${randomBytes(5).toString('hex')}`;
const config = (overrides: Partial<MysqlConfig> = {}): MysqlConfig => ({
  ...LOCAL_MARIADB,
  ssl: 'disable',
  ...overrides,
});
const connector = (overrides: Partial<MysqlConfig> = {}, password: string | null = null) =>
  mysqlConnector({ config: config(overrides), password });

async function admin<T>(work: (connection: mysql.Connection) => Promise<T>): Promise<T> {
  const connection = await mysql.createConnection({ ...LOCAL_MARIADB, password: '' });
  try {
    return await work(connection);
  } finally {
    await connection.end();
  }
}

beforeAll(async () => {
  await requireLocalService('MariaDB', LOCAL_MARIADB);
  await admin(async (c) => {
    await c.query(`create table ${table} (
      id int primary key auto_increment,
      name varchar(100) not null,
      price decimal(10, 2),
      joined datetime,
      big bigint,
      notes text
    )`);
    await c.query(
      `insert into ${table} (name, price, joined, big, notes) values
        ('Ada', 12.50, '2024-05-01 10:00:00', 9007199254740993, 'first'),
        ('Grace', null, null, 1, null)`,
    );
    await c.query(`create or replace view ${table}_v as select id, name from ${table}`);
  });
});

afterAll(async () => {
  await admin(async (c) => {
    await c.query(`drop view if exists ${table}_v`);
    await c.query(`drop table if exists ${table}, ${table}_evil`);
  });
});

async function failure(promise: Promise<unknown>): Promise<ConnectorError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  return error as ConnectorError;
}

const count = () =>
  admin(async (c) => {
    const [rows] = await c.query(`select count(*) as n from ${table}`);
    return Number((rows as { n: number }[])[0]!.n);
  });

describe('MySQL/MariaDB connector', () => {
  it('tests a working connection and names the server', async () => {
    const result = await connector().testConnection();
    expect(result).toMatchObject({ ok: true, cause: null });
    expect(result.serverVersion).toMatch(/^(MariaDB|MySQL) \d+/);
  });

  it("lists the database's tables and views with their columns", async () => {
    const { tables } = await connector().listSchema();
    const own = tables.find((t) => t.name === table);
    expect(own).toMatchObject({ schema: 'test', kind: 'table' });
    expect(own?.columns.slice(0, 3)).toEqual([
      { name: 'id', type: 'int(11)', nullable: false },
      { name: 'name', type: 'varchar(100)', nullable: false },
      { name: 'price', type: 'decimal(10,2)', nullable: true },
    ]);
    expect(tables.find((t) => t.name === `${table}_v`)?.kind).toBe('view');
  });

  it('runs a select with exact values (decimals, big numbers and dates as text)', async () => {
    const result = await connector().runQuery(
      { sql: `select id, name, price, joined, big from ${table} order by id` },
      { rowCap: 100 },
    );
    expect(result.columns).toEqual([
      { name: 'id', type: 'int' },
      { name: 'name', type: 'varchar' },
      { name: 'price', type: 'decimal' },
      { name: 'joined', type: 'datetime' },
      { name: 'big', type: 'bigint' },
    ]);
    expect(result.rows).toEqual([
      [1, 'Ada', '12.50', '2024-05-01 10:00:00', '9007199254740993'],
      [2, 'Grace', null, null, '1'],
    ]);
    expect(result).toMatchObject({ rowCount: 2, truncated: false });
  });

  it('caps the rows and says the result was truncated', async () => {
    const sql = `select seq from seq_1_to_100000`;
    const capped = await connector().runQuery({ sql }, { rowCap: 3 });
    // seq is a BIGINT UNSIGNED: text, like every big number.
    expect(capped.rows).toEqual([['1'], ['2'], ['3']]);
    expect(capped.columns).toEqual([{ name: 'seq', type: 'bigint' }]);
    expect(capped).toMatchObject({ rowCount: 3, truncated: true });
  });

  it('refuses writes, DDL included (which would otherwise commit implicitly)', async () => {
    const insert = await failure(
      connector().runQuery(
        { sql: `insert into ${table} (name) values ('Mallory')` },
        { rowCap: 1 },
      ),
    );
    expect(insert).toMatchObject({ kind: 'query' });
    expect(insert.message).toMatch(/READ ONLY transaction/i);
    const ddl = await failure(
      connector().runQuery({ sql: `create table ${table}_evil (id int)` }, { rowCap: 1 }),
    );
    expect(ddl.message).toMatch(/READ ONLY transaction/i);
    const multi = await failure(
      connector().runQuery(
        { sql: `commit; insert into ${table} (name) values ('Mallory')` },
        { rowCap: 1 },
      ),
    );
    expect(multi.kind).toBe('query');
    expect(await count()).toBe(2);
    const [evil] = await admin((c) => c.query(`show tables like '${table}_evil'`));
    expect(evil).toEqual([]);
  });

  it('reports SQL errors and cancels long statements', async () => {
    const syntax = await failure(connector().runQuery({ sql: 'selec 1' }, { rowCap: 1 }));
    expect(syntax.kind).toBe('query');
    expect(syntax.message).toMatch(/SQL syntax/);
    const slow = await failure(
      connector().runQuery(
        { sql: `select sleep(5) from ${table}` },
        { rowCap: 1, queryTimeoutMs: 500 },
      ),
    );
    expect(slow.kind).toBe('timeout');
  });

  it('classifies connection failures', async () => {
    const refusedPort = await closedPort();
    const silent = await silentServer();
    try {
      const cases: [Partial<MysqlConfig>, string | null, string, RegExp][] = [
        [{}, 'wrong password', 'AUTHENTICATION_FAILED', /Authentication failed for user "root"/],
        [
          { database: 'no_such_database' },
          null,
          'DATABASE_NOT_FOUND',
          /"no_such_database" does not exist/,
        ],
        [{ port: refusedPort }, null, 'CONNECTION_REFUSED', /refused/],
        [{ host: 'nonexistent.invalid' }, null, 'NAME_NOT_FOUND', /does not resolve/],
        [{ ssl: 'require' }, null, 'TLS', /TLS \(SSL\)/],
        [{ port: silent.port }, null, 'TIMEOUT', /time-out/],
      ];
      for (const [overrides, password, cause, message] of cases) {
        const result = await connector(overrides, password).testConnection({
          connectTimeoutMs: 300,
        });
        expect(result, cause).toMatchObject({ ok: false, cause });
        expect(result.message).toMatch(message);
      }
    } finally {
      await silent.close();
    }
  });
});
