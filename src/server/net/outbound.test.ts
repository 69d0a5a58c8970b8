import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { httpConnector } from '../modules/data-sources/connectors/http.ts';
import { postgresConnector } from '../modules/data-sources/connectors/postgres.ts';
import { closedPort, LOCAL_POSTGRES } from '../modules/data-sources/connectors/test-servers.ts';
import { httpConfigSchema } from '../../shared/schemas/data-sources.ts';
import {
  classifyAddress,
  DEFAULT_OUTBOUND_POLICY,
  resolveAllowed,
  type OutboundPolicy,
} from './outbound.ts';

let server: http.Server;
let port: number;
let requests = 0;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    requests += 1;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('[{"secret":"internal"}]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const http_ = (baseUrl: string, policy: OutboundPolicy = DEFAULT_OUTBOUND_POLICY) =>
  httpConnector({
    config: httpConfigSchema.parse({ baseUrl, authType: 'bearer' }),
    secret: 'token',
    policy,
  });

describe('the outbound-address policy', () => {
  it('classifies every spelling of an address', () => {
    expect(classifyAddress('127.0.0.1')).toBe('loopback');
    expect(classifyAddress('::1')).toBe('loopback');
    expect(classifyAddress('::ffff:127.0.0.1')).toBe('loopback');
    expect(classifyAddress('::ffff:7f00:1')).toBe('loopback');
    expect(classifyAddress('10.1.2.3')).toBe('private');
    expect(classifyAddress('192.168.0.10')).toBe('private');
    expect(classifyAddress('fd00::1')).toBe('private');
    expect(classifyAddress('169.254.169.254')).toBe('forbidden');
    expect(classifyAddress('0.0.0.0')).toBe('forbidden');
    expect(classifyAddress('::')).toBe('forbidden');
    expect(classifyAddress('255.255.255.255')).toBe('forbidden');
    expect(classifyAddress('224.0.0.1')).toBe('forbidden');
    expect(classifyAddress('fe80::1')).toBe('forbidden');
    expect(classifyAddress('93.184.216.34')).toBe('public');
  });

  it('refuses HTTP sources on loopback by default, in every spelling the probe used', async () => {
    const spellings = [
      `http://127.0.0.1:${port}`,
      `http://[::1]:${port}`,
      `http://localhost:${port}`,
      `http://0.0.0.0:${port}`,
      `http://2130706433:${port}`,
      `http://0x7f000001:${port}`,
      `http://127.1:${port}`,
      `http://[::ffff:127.0.0.1]:${port}`,
      'http://169.254.169.254',
    ];
    for (const baseUrl of spellings) {
      const result = await http_(baseUrl).testConnection();
      expect(result, baseUrl).toMatchObject({ ok: false, cause: 'ADDRESS_NOT_ALLOWED' });
      expect(result.message, baseUrl).toMatch(/not allowed/);
      expect(result.message, baseUrl).not.toContain(String(port));
      const query = await http_(baseUrl)
        .runQuery({ path: '', query: {} }, { rowCap: 10 })
        .then(
          () => null,
          (error: { failure?: string }) => error,
        );
      expect(query?.failure, baseUrl).toBe('ADDRESS_NOT_ALLOWED');
    }
    expect(requests).toBe(0);
  });

  it('lets an instance allow loopback or one host, but never link-local', async () => {
    const loopback = { ...DEFAULT_OUTBOUND_POLICY, http: ['public', 'loopback'] } as OutboundPolicy;
    expect((await http_(`http://127.0.0.1:${port}`, loopback).testConnection()).ok).toBe(true);
    const oneHost = { ...DEFAULT_OUTBOUND_POLICY, allowedHosts: ['localhost'] };
    expect((await http_(`http://localhost:${port}`, oneHost).testConnection()).ok).toBe(true);
    expect((await http_(`http://127.0.0.1:${port}`, oneHost).testConnection()).ok).toBe(false);
    const range = { ...DEFAULT_OUTBOUND_POLICY, allowedHosts: ['127.0.0.0/8'] };
    expect((await http_(`http://127.0.0.1:${port}`, range).testConnection()).ok).toBe(true);
    const everything = {
      database: ['public', 'private', 'loopback'],
      http: ['public', 'private', 'loopback'],
      allowedHosts: ['169.254.169.254'],
    } as OutboundPolicy;
    await expect(resolveAllowed(everything, 'http', '169.254.169.254')).rejects.toThrow(
      /not allowed/,
    );
  });

  it('answers the same for every port when databases may not reach loopback (no port scan)', async () => {
    const publicOnly = { ...DEFAULT_OUTBOUND_POLICY, database: ['public'] } as OutboundPolicy;
    const tryPort = (p: number) =>
      postgresConnector({
        config: {
          host: LOCAL_POSTGRES.host,
          port: p,
          database: 'postgres',
          user: 'postgres',
          ssl: 'disable',
        },
        password: null,
        policy: publicOnly,
      }).testConnection();
    const open = await tryPort(LOCAL_POSTGRES.port);
    const closed = await tryPort(await closedPort());
    expect(open).toMatchObject({ ok: false, cause: 'ADDRESS_NOT_ALLOWED' });
    expect(closed.message).toBe(open.message);
  });

  it('reads its settings from the environment, refusing unknown words', () => {
    const config = loadConfig({
      OUTBOUND_HTTP_NETWORKS: 'private',
      OUTBOUND_MODEL_NETWORKS: 'loopback',
      OUTBOUND_ALLOWED_HOSTS: 'Models.Internal, 10.0.0.0/8',
    });
    expect(config.outbound).toEqual({
      database: ['public', 'private', 'loopback'],
      http: ['public', 'private'],
      model: ['public', 'loopback'],
      allowedHosts: ['models.internal', '10.0.0.0/8'],
    });
    expect(() => loadConfig({ OUTBOUND_DATABASE_NETWORKS: 'everything' })).toThrow(
      /OUTBOUND_DATABASE_NETWORKS/,
    );
    expect(() => loadConfig({ OUTBOUND_ALLOWED_HOSTS: '10.0.0.0/99' })).toThrow(
      /OUTBOUND_ALLOWED_HOSTS/,
    );
  });
});
