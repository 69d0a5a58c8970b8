import { describe, expect, it } from 'vitest';
import { capJson, redactForLog, REDACTED } from './redact.ts';
import { bindNamedParams } from './executors/sql-params.ts';

describe('redactForLog', () => {
  it('replaces secret values at any depth and in any case, keeps the rest', () => {
    const value = {
      apiKey: 'sk-1',
      nested: {
        Password: 'p',
        headers: { Authorization: 'Bearer x', COOKIE: 'a=b', accept: 'json' },
        list: [{ client_secret: 's', refreshToken: 't', name: 'keep' }],
      },
      rows: [
        { name: 'Authorization', value: 'Bearer y' },
        { name: 'X-Trace', value: '1' },
      ],
      usage: { inputTokens: 3, outputTokens: 4 },
      token: null,
    };
    expect(redactForLog(value)).toEqual({
      apiKey: REDACTED,
      nested: {
        Password: REDACTED,
        headers: { Authorization: REDACTED, COOKIE: REDACTED, accept: 'json' },
        list: [{ client_secret: REDACTED, refreshToken: REDACTED, name: 'keep' }],
      },
      rows: [
        { name: 'Authorization', value: REDACTED },
        { name: 'X-Trace', value: '1' },
      ],
      usage: { inputTokens: 3, outputTokens: 4 },
      token: null,
    });
    expect(value.apiKey).toBe('sk-1');
    expect(redactForLog('plain')).toBe('plain');
  });
});

describe('capJson', () => {
  it('keeps a small value whole', () => {
    expect(capJson({ a: [1, 2], b: 'x' })).toEqual({
      value: { a: [1, 2], b: 'x' },
      truncated: false,
    });
    expect(capJson(undefined)).toEqual({ value: null, truncated: false });
  });

  it('cuts big strings, arrays and objects to stay valid JSON under the cap', () => {
    const big = {
      text: 'é'.repeat(200_000),
      rows: Array.from({ length: 50_000 }, (_, i) => ({ id: i, name: `row ${i}` })),
      wide: Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i])),
    };
    for (const cap of [64 * 1024, 4096, 300]) {
      const { value, truncated } = capJson(big, cap);
      expect(truncated).toBe(true);
      const text = JSON.stringify(value);
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(cap);
      expect(JSON.parse(text)).toEqual(value);
    }
    expect(capJson('x'.repeat(100), 10)).toEqual({ value: null, truncated: true });
  });
});

describe('bindNamedParams', () => {
  it('replaces parameters outside literals, identifiers, comments and casts', () => {
    const sql = `select :a::int, ':b', ":c", $$ :d $$, $t$ :e $t$ -- :f
      /* :g */ from t where x = :b and y[1:2] = :a`;
    expect(bindNamedParams(sql, { a: '1', b: "it's" }, 'postgres').sql).toBe(
      `select E'1'::int, ':b', ":c", $$ :d $$, $t$ :e $t$ -- :f
      /* :g */ from t where x = E'it''s' and y[1:2] = E'1'`,
    );
    expect(bindNamedParams('select `:x`, :x # :y', { x: 'a\\b' }, 'mysql').sql).toBe(
      "select `:x`, 'a\\\\b' # :y",
    );
    expect(() => bindNamedParams('select :nope', {}, 'postgres')).toThrow(':nope');
  });
});
