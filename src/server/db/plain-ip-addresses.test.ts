import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, signedInUser, type TestServer } from '../test/harness.ts';
import { auditLogs } from './schema/audit.ts';
import { session } from './schema/auth.ts';

// Migration 0014 rewrites addresses stored before the server recorded IPv4 callers as IPv4.
const MIGRATION = new URL('../../../drizzle/0014_plain_ip_addresses.sql', import.meta.url);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('migration 0014: plain IP addresses', () => {
  it('stores IPv4-mapped addresses of sessions and audit entries as IPv4, and nothing else', async () => {
    const { userId } = await signedInUser(server);
    const [own] = await server.db.select().from(session).where(eq(session.userId, userId));
    await server.db
      .update(session)
      .set({ ipAddress: '::ffff:127.0.0.1' })
      .where(eq(session.id, own!.id));
    const inserted = await server.db
      .insert(auditLogs)
      .values(
        ['::ffff:203.0.113.9', '::1', '2001:db8::ffff:1.2.3.4'].map((ip) => ({
          action: 'test.address',
          targetType: 'test',
          actorId: userId,
          ip,
        })),
      )
      .returning({ id: auditLogs.id, ip: auditLogs.ip });

    const statements = (await readFile(MIGRATION, 'utf8')).split('--> statement-breakpoint');
    for (const statement of statements) await server.db.execute(sql.raw(statement));

    const [after] = await server.db.select().from(session).where(eq(session.id, own!.id));
    expect(after!.ipAddress).toBe('127.0.0.1');
    const rows = await server.db
      .select({ id: auditLogs.id, ip: auditLogs.ip })
      .from(auditLogs)
      .where(eq(auditLogs.action, 'test.address'));
    const ipOf = (id: string) => rows.find((row) => row.id === id)?.ip;
    expect(inserted.map((row) => ipOf(row.id))).toEqual([
      '203.0.113.9',
      '::1',
      '2001:db8::ffff:1.2.3.4',
    ]);
  });
});
