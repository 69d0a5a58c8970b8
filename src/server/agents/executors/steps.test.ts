/**
 * The datasource_query, http_request and send_email steps against real systems: PostgreSQL
 * through the console's path (bound parameters, a refused write), a local HTTP server under the
 * outbound policy, and the mailer's outbox.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { readOutbox } from '../../mail/outbox.ts';
import { DEFAULT_OUTBOUND_POLICY } from '../../net/outbound.ts';
import { signedInUser } from '../../test/harness.ts';
import {
  apiBase,
  colleague,
  env,
  model,
  otherOrgSourceId,
  pgCount,
  run,
  server,
  setUp,
  sourceId,
  tearDown,
} from './test-fixture.ts';

beforeAll(setUp, 120_000);
afterAll(tearDown);
beforeEach(() => model.reset());

describe('datasource_query', () => {
  it('binds named parameters from templates, and an injection attempt stays a value', async () => {
    const result = await run('datasource_query', {
      dataSourceId: sourceId,
      sql: 'select id, customer from orders where customer = :name or id = :id order by id',
      params: { name: '{{ input.customer }}', id: '3' },
    });
    expect(result.output).toMatchObject({
      rows: [
        { id: 1, customer: 'Ada' },
        { id: 3, customer: "O'Brien" },
      ],
      rowCount: 2,
    });
    expect((result.output.columns as { name: string }[]).map((c) => c.name)).toEqual([
      'id',
      'customer',
    ]);

    const attack = await run('datasource_query', {
      dataSourceId: sourceId,
      sql: 'select id from orders where customer = :name',
      params: { name: "x' or '1'='1" },
    });
    expect(attack.output.rows).toEqual([]);
    const backslash = await run('datasource_query', {
      dataSourceId: sourceId,
      sql: "select :v::text as v, ':not_a_param' as s",
      params: { v: "a\\' ; drop table orders; --" },
    });
    expect(backslash.output.rows).toEqual([
      { v: "a\\' ; drop table orders; --", s: ':not_a_param' },
    ]);
    expect(await pgCount()).toBe(3);
  });

  it('refuses a write, an unknown parameter and another organisation’s source', async () => {
    await expect(
      run('datasource_query', { dataSourceId: sourceId, sql: 'delete from orders' }),
    ).rejects.toThrow();
    expect(await pgCount()).toBe(3);
    await expect(
      run('datasource_query', { dataSourceId: sourceId, sql: 'select :missing' }),
    ).rejects.toThrow(':missing');
    await expect(
      run('datasource_query', { dataSourceId: otherOrgSourceId, sql: 'select 1' }),
    ).rejects.toThrow(/not found/i);
  });
});

describe('http_request', () => {
  it('sends the rendered request to a host the policy allows and parses a JSON answer', async () => {
    const result = await run('http_request', {
      method: 'POST',
      url: `${apiBase}/orders/{{ input.customer }}`,
      headers: [{ name: 'Authorization', value: 'Bearer {{ run.id }}' }],
      body: '{"who":"{{ input.customer }}"}',
    });
    expect(result.output.status).toBe(201);
    expect((result.output.headers as Record<string, string>)['x-echo']).toBe('yes');
    expect(result.output.body).toEqual({
      method: 'POST',
      url: '/orders/Ada',
      auth: 'Bearer run-1',
      body: '{"who":"Ada"}',
    });
  });

  it('is refused under the default policy (no loopback)', async () => {
    const strict = {
      ...env,
      deps: { ...env.deps, config: { ...env.deps.config, outbound: DEFAULT_OUTBOUND_POLICY } },
    };
    await expect(run('http_request', { url: `${apiBase}/x` }, { env: strict })).rejects.toThrow(
      /127\.0\.0\.1|not allowed/i,
    );
  });

  it('caps the answer at responseMaxBytes', async () => {
    const result = await run('http_request', { url: `${apiBase}/long`, responseMaxBytes: 10 });
    expect(result.output.truncated).toBe(true);
    expect(String(result.output.body)).toHaveLength(10);
  });
});

describe('send_email', () => {
  it('mails rendered addresses and members by user id', async () => {
    const result = await run('send_email', {
      to: ['reports+{{ input.customer | downcase }}@example.test', colleague.userId],
      subject: 'Report for {{ input.customer }}',
      body: 'Hello from {{ org.name }}',
    });
    expect(result.output.to).toEqual(['reports+ada@example.test', colleague.email]);
    expect(result.output.messageId).toEqual(expect.any(String));
    const outbox = await readOutbox(path.join(server.deps.mailer.outboxDir!));
    const sent = outbox.filter((m) => m.subject === 'Report for Ada');
    expect(sent.map((m) => m.to).sort()).toEqual(
      ['reports+ada@example.test', colleague.email].sort(),
    );
    expect(sent[0]!.text).toContain('Hello from Acme');
  });

  it('refuses a recipient that is neither an address nor a member', async () => {
    await expect(run('send_email', { to: ['not an address'], subject: 'x' })).rejects.toThrow(
      /not an e-mail/i,
    );
    const outsider = await signedInUser(server);
    await expect(run('send_email', { to: [outsider.userId], subject: 'x' })).rejects.toThrow(
      /not a member/i,
    );
  });
});
