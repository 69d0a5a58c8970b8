/**
 * The MySQL/MariaDB connector against the machine's MariaDB (127.0.0.1:3306, root without a
 * password, database `test`; .ci/run starts it). The test makes its own tables and drops them.
 */
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mysqlConfigSchema, type MysqlConfig } from '../../../../shared/schemas/data-sources.ts';
import { DEFAULT_OUTBOUND_POLICY } from '../../../net/outbound.ts';
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
  mysqlConnector({ config: config(overrides), password, policy: DEFAULT_OUTBOUND_POLICY });

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

  it('refuses anything but one read statement before it reaches the database', async () => {
    const refused = [
      `insert into ${table} (name) values ('Mallory')`,
      `create table ${table}_evil (id int)`,
      `commit; insert into ${table} (name) values ('Mallory')`,
      // The probe's writes through a compound statement and SET STATEMENT … FOR:
      `begin not atomic commit; set session transaction read write; insert into ${table} (name) values ('Mallory'); commit; end`,
      `set statement tx_read_only=0 for create table ${table}_evil (id int)`,
      // … and its way around the statement time-out:
      "set statement max_statement_time=0 for select benchmark(1000000000, md5('a'))",
      `select 1 /*!, (select count(*) from ${table}) */`,
      `select * into outfile '/tmp/meridian-evil' from ${table}`,
      "select load_file('/etc/passwd')",
      'commit',
      'do sleep(1)',
      'set @a = 1',
      'selec 1',
    ];
    for (const sql of refused) {
      const error = await failure(connector().runQuery({ sql }, { rowCap: 1 }));
      expect(error.kind, sql).toBe('refused');
    }
    expect(await count()).toBe(2);
    const [evil] = await admin((c) => c.query(`show tables like '${table}_evil'`));
    expect(evil).toEqual([]);
  });

  it('runs the allowed kinds: SELECT, WITH, SHOW, DESCRIBE and EXPLAIN', async () => {
    for (const sql of [
      `with t as (select id from ${table}) select count(*) from t`,
      'show tables',
      `describe ${table}`,
      `explain select * from ${table}`,
    ]) {
      const result = await connector().runQuery({ sql }, { rowCap: 10 });
      expect(result.rows.length, sql).toBeGreaterThan(0);
    }
  });

  it('cancels long statements', async () => {
    const slow = await failure(
      connector().runQuery(
        { sql: `select sleep(5) from ${table}` },
        { rowCap: 1, queryTimeoutMs: 500 },
      ),
    );
    expect(slow.kind).toBe('timeout');
  });

  it('stops reading at the byte cap: huge values never load whole', async () => {
    const result = await connector().runQuery(
      { sql: `select repeat('x', 4000000) as big from ${table} a, ${table} b, ${table} c` },
      { rowCap: 1000 },
    );
    // Two rows of 4 MB fit in the 10 MB cap; the third does not.
    expect(result).toMatchObject({ rowCount: 2, truncated: true, truncatedBy: 'bytes' });
    // The server's statement ends with the dropped connection; it does not stay blocked writing
    // the rest (60 s by default), holding its lock on the table (DDL would wait behind it).
    const stillRunning = () =>
      admin(async (c) => {
        const [rows] = await c.query(
          `select id from information_schema.processlist where info like 'select repeat(%${table}%'`,
        );
        return (rows as unknown[]).length;
      });
    await expect.poll(stillRunning, { timeout: 5000, interval: 100 }).toBe(0);
  });

  it("connects with TLS 'prefer' (the default) to a server without TLS, in plain text", async () => {
    expect(mysqlConfigSchema.parse({ host: 'db', database: 'd', user: 'u' }).ssl).toBe('prefer');
    const result = await connector({ ssl: 'prefer' }).testConnection();
    expect(result).toMatchObject({ ok: true, cause: null });
    const query = await connector({ ssl: 'prefer' }).runQuery(
      {
        sql: "select variable_value from information_schema.session_status where variable_name = 'SSL_CIPHER'",
      },
      { rowCap: 1 },
    );
    expect(query.rows).toEqual([['']]);
    const refused = await connector({ ssl: 'prefer', port: await closedPort() }).testConnection();
    expect(refused).toMatchObject({ ok: false, cause: 'CONNECTION_REFUSED' });
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
