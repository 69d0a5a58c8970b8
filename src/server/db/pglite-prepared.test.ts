import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPreparedStatements } from './pglite-prepared.ts';

describe('withPreparedStatements (PGlite)', () => {
  let raw: PGlite;
  let db: PGlite;

  beforeAll(async () => {
    raw = new PGlite();
    db = withPreparedStatements(raw, 3);
    await raw.exec(`create table item (
      id serial primary key, name text unique not null, tags text[], data jsonb,
      at timestamptz, flag boolean, amount numeric, ids uuid[])`);
  });
  afterAll(() => raw.close());

  const named = () =>
    raw.query<{ name: string }>('select name from pg_prepared_statements order by name');

  it('gives what PGlite’s own query gives, values and types alike, and parses each text once', async () => {
    const insert =
      'insert into item (name, tags, data, at, flag, amount, ids) values ($1, $2, $3, $4, $5, $6, $7) returning *';
    const values = [
      'first',
      ['a', 'b "quoted"', 'c,d'],
      { nested: { list: [1, 2] }, text: "it's" },
      new Date('2026-11-27T10:00:00Z'),
      true,
      '12.50',
      ['00000000-0000-4000-8000-000000000001'],
    ];
    const mine = await db.query<Record<string, unknown>>(insert, values);
    const theirs = await raw.query<Record<string, unknown>>(insert, ['second', ...values.slice(1)]);
    expect({ ...mine.rows[0], id: 0, name: '' }).toEqual({ ...theirs.rows[0], id: 0, name: '' });
    expect(mine.fields).toEqual(theirs.fields);
    expect(mine.affectedRows).toBe(1);

    const select = 'select name, data, at from item where name = $1';
    for (const options of [undefined, { rowMode: 'array' as const }]) {
      expect(await db.query(select, ['first'], options)).toEqual(
        await raw.query(select, ['first'], options),
      );
    }
    // Nulls, and a parser given with the call (as drizzle gives for timestamps).
    const parsers = { 1184: (value: string) => `raw ${value}` };
    const nulls = await db.query('select $1::text as a, at from item where name = $2', [
      null,
      'first',
    ]);
    expect(nulls.rows).toEqual([{ a: null, at: new Date('2026-11-27T10:00:00Z') }]);
    const parsed = await db.query<{ at: string }>(
      'select at from item where name = $1',
      ['first'],
      {
        parsers,
      },
    );
    expect(parsed.rows[0]!.at).toMatch(/^raw 2026-11-27 10:00:00/);
    expect((await named()).rows.length).toBe(3);
  });

  it('closes the oldest statements beyond its limit, and runs them again when asked', async () => {
    for (let i = 0; i < 6; i++) {
      expect((await db.query<{ n: number }>(`select ${i}::int + $1::int as n`, [1])).rows).toEqual([
        { n: i + 1 },
      ]);
    }
    await db.query('select 1');
    // The last call closed what was evicted before it: at most the limit stays (one was
    // evicted by this very call and is closed with the next).
    expect((await named()).rows.length).toBeLessThanOrEqual(4);
    expect((await db.query<{ n: number }>('select 0::int + $1::int as n', [1])).rows).toEqual([
      { n: 1 },
    ]);
  });

  it('closes the least used lately first', async () => {
    const text = (n: number) => `select ${n}::int + $1::int as lru`;
    for (const n of [10, 11, 12]) await db.query(text(n), [0]);
    await db.query(text(10), [0]); // used again: 11 is now the least used lately
    await db.query(text(13), [0]); // evicts 11
    await db.query(text(14), [0]); // closes 11, evicts 12
    const kept = (
      await raw.query<{ statement: string }>('select statement from pg_prepared_statements')
    ).rows.map((r) => r.statement);
    expect(kept).toContain(text(10));
    expect(kept).not.toContain(text(11));
  });

  it('raises the database’s errors with their codes and stays usable', async () => {
    const insert = 'insert into item (name) values ($1)';
    await db.query(insert, ['dup']);
    await expect(db.query(insert, ['dup'])).rejects.toMatchObject({ code: '23505' });
    await expect(db.query('select nope from item')).rejects.toMatchObject({ code: '42703' });
    // first, second and one dup.
    expect((await db.query<{ n: number }>('select count(*)::int as n from item')).rows[0]!.n).toBe(
      3,
    );
  });

  it('keeps transactions whole: a rollback undoes, and others wait for the commit', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into item (name) values ($1)', ['rolled back']);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    const count = "select count(*)::int as n from item where name like 'tx%'";
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const open = db.transaction(async (tx) => {
      await tx.query('insert into item (name) values ($1)', ['tx one']);
      await held;
      await tx.query('insert into item (name) values ($1)', ['tx two']);
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const outside = db.query<{ n: number }>(count);
    release();
    await open;
    // The query outside waited for the transaction: it sees both rows or none, never one.
    expect((await outside).rows[0]!.n).toBe(2);
    expect((await db.query('select name from item where name = $1', ['rolled back'])).rows).toEqual(
      [],
    );
  });
});
