import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organization, user } from './auth.ts';
import { agents } from './agents.ts';

/**
 * An organisation's API key (AGENTS.md, "Triggers"). The secret is shown once and kept only as
 * its SHA-256 `hash`; `prefix` (the secret's first characters) stays visible to tell keys apart.
 * `scopes` ⊆ `agents:run`, `agents:read`; `agent_id` restricts the key to one agent.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
    agentId: uuid('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    createdBy: uuid('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_hash_unique').on(t.hash),
    index('api_keys_org_created_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('api_keys_org_name_unique')
      .on(t.organizationId, sql`lower(${t.name})`)
      .where(sql`${t.revokedAt} is null`),
  ],
);
