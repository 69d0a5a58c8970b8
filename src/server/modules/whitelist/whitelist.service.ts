import { asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { appSetting, user, whitelistEntry } from '../../db/schema/index.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import { WHITELIST_SETTING_KEY, whitelistEnabledIn } from '../../auth/access-policy.ts';
import { httpError } from '../../http/errors.ts';
import type { Page } from '../../../shared/schemas/pagination.ts';
import { containsPattern } from '../../db/like.ts';
import {
  WHITELIST_MESSAGES,
  type WhitelistEntry,
  type WhitelistQuery,
  type WhitelistSettings,
  type WhitelistState,
} from '../../../shared/schemas/whitelist.ts';
import { readPage } from '../../http/paging.ts';

const entryColumns = {
  id: whitelistEntry.id,
  pattern: whitelistEntry.pattern,
  note: whitelistEntry.note,
  createdAt: whitelistEntry.createdAt,
  creatorId: user.id,
  creatorEmail: user.email,
};
type EntryRow = {
  id: string;
  pattern: string;
  note: string;
  createdAt: Date;
  creatorId: string | null;
  creatorEmail: string | null;
};

const toDto = (row: EntryRow): WhitelistEntry => ({
  id: row.id,
  pattern: row.pattern,
  note: row.note,
  createdAt: row.createdAt.toISOString(),
  createdBy:
    row.creatorId && row.creatorEmail ? { id: row.creatorId, email: row.creatorEmail } : null,
});

export async function listWhitelist(
  db: Database,
  query: WhitelistQuery,
): Promise<Page<WhitelistEntry>> {
  const where = query.search
    ? or(
        ilike(whitelistEntry.pattern, containsPattern(query.search)),
        ilike(whitelistEntry.note, containsPattern(query.search)),
      )
    : undefined;
  const { rows, ...page } = await readPage(
    query,
    (range) =>
      db
        .select(entryColumns)
        .from(whitelistEntry)
        .leftJoin(user, eq(user.id, whitelistEntry.createdBy))
        .where(where)
        .orderBy(asc(whitelistEntry.pattern))
        .limit(range.limit)
        .offset(range.offset),
    db.select({ total: count() }).from(whitelistEntry).where(where),
  );
  return {
    items: rows.map(toDto),
    ...page,
  };
}

/** Records an added entry (its `after`) or a removed one (its `before`). */
function auditEntry(
  tx: Pick<Database, 'insert'>,
  actor: AuditActor,
  change: 'create' | 'delete',
  row: { id: string; pattern: string; note: string },
): Promise<void> {
  const entry = { pattern: row.pattern, note: row.note };
  return recordAudit(tx, actor, {
    organizationId: null,
    action: `whitelist.entry.${change}`,
    targetType: 'whitelist_entry',
    targetId: row.id,
    ...(change === 'create' ? { after: entry } : { before: entry }),
  });
}

export async function addWhitelistEntry(
  db: Database,
  actor: AuditActor,
  input: { pattern: string; note: string },
): Promise<WhitelistEntry> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(whitelistEntry)
      .values({ pattern: input.pattern, note: input.note, createdBy: actor.id })
      .onConflictDoNothing({ target: whitelistEntry.pattern })
      .returning();
    if (!row) throw httpError('WHITELIST_ENTRY_EXISTS', WHITELIST_MESSAGES.duplicate);
    await auditEntry(tx, actor, 'create', row);
    return toDto({ ...row, creatorId: actor.id, creatorEmail: actor.email });
  });
}

/** Removes one entry; false when there is none with this id. */
export async function removeWhitelistEntry(
  db: Database,
  actor: AuditActor,
  id: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(whitelistEntry).where(eq(whitelistEntry.id, id)).returning();
    if (!row) return false;
    await auditEntry(tx, actor, 'delete', row);
    return true;
  });
}

export async function getWhitelistSettings(db: Pick<Database, 'select'>): Promise<WhitelistState> {
  const [row] = await db
    .select({ value: appSetting.value, updatedAt: appSetting.updatedAt })
    .from(appSetting)
    .where(eq(appSetting.key, WHITELIST_SETTING_KEY));
  return {
    enabled: whitelistEnabledIn(row?.value),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function setWhitelistSettings(
  db: Database,
  actor: AuditActor,
  settings: WhitelistSettings,
): Promise<WhitelistState> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('app-settings:whitelist'))`);
    const before = await getWhitelistSettings(tx);
    if (before.enabled === settings.enabled) return before;
    const [row] = await tx
      .insert(appSetting)
      .values({ key: WHITELIST_SETTING_KEY, value: settings, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: appSetting.key,
        set: { value: settings, updatedBy: actor.id, updatedAt: sql`now()` },
      })
      .returning({ updatedAt: appSetting.updatedAt });
    await recordAudit(tx, actor, {
      organizationId: null,
      action: 'whitelist.settings.update',
      targetType: 'app_setting',
      targetId: WHITELIST_SETTING_KEY,
      before: { enabled: before.enabled },
      after: { enabled: settings.enabled },
    });
    return { enabled: settings.enabled, updatedAt: row?.updatedAt.toISOString() ?? null };
  });
}
