import { asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db/client.ts';
import { member, organization } from '../../db/schema/index.ts';
import { parseEml } from '../../mail/outbox.ts';
import {
  MAIL_ID_PATTERN,
  type AdminOrganization,
  type AdminOrganizationQuery,
  type MailMessage,
  type MailSummary,
} from '../../../shared/schemas/admin.ts';
import type { Page, PageQuery } from '../../../shared/schemas/pagination.ts';
import { containsPattern } from '../../db/like.ts';
import { readPage } from '../../http/paging.ts';

/** Every organisation with its member count, by name. */
export async function listAdminOrganizations(
  db: Database,
  query: AdminOrganizationQuery,
): Promise<Page<AdminOrganization>> {
  const search = query.search ? containsPattern(query.search) : undefined;
  const where = search
    ? or(ilike(organization.name, search), ilike(organization.slug, search))
    : undefined;
  const memberCount = db
    .select({ organizationId: member.organizationId, n: count().as('n') })
    .from(member)
    .groupBy(member.organizationId)
    .as('member_count');
  const { rows, ...page } = await readPage(
    query,
    (range) =>
      db
        .select({
          id: organization.id,
          name: organization.name,
          slug: organization.slug,
          logo: organization.logo,
          createdAt: organization.createdAt,
          memberCount: sql<number>`coalesce(${memberCount.n}, 0)`.mapWith(Number),
        })
        .from(organization)
        .leftJoin(memberCount, eq(memberCount.organizationId, organization.id))
        .where(where)
        .orderBy(asc(sql`lower(${organization.name})`), asc(organization.id))
        .limit(range.limit)
        .offset(range.offset),
    db.select({ total: count() }).from(organization).where(where),
  );
  return {
    items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    ...page,
  };
}

// ---------------------------------------------------------------------------
// Mail outbox (only when no SMTP server is configured)
// ---------------------------------------------------------------------------

/** The ids of the stored messages, newest first (the name starts with the time in ms). */
async function mailIds(dir: string): Promise<string[]> {
  let files: string[];
  try {
    files = await readdir(dir);
  } catch {
    return [];
  }
  const ids = files
    .filter((f) => f.endsWith('.eml'))
    .map((f) => f.slice(0, -'.eml'.length))
    .filter((id) => MAIL_ID_PATTERN.test(id));
  const time = (id: string) => Number(id.slice(0, id.indexOf('-')));
  return ids.sort((a, b) => time(b) - time(a) || (a < b ? 1 : a > b ? -1 : 0));
}

async function readMail(dir: string, id: string): Promise<MailMessage | null> {
  if (!MAIL_ID_PATTERN.test(id)) return null;
  const file = path.resolve(dir, `${id}.eml`);
  if (path.dirname(file) !== path.resolve(dir)) return null;
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch {
    return null;
  }
  const mail = parseEml(raw, id);
  const sent = Date.parse(mail.date);
  const date = new Date(Number.isNaN(sent) ? Number(id.slice(0, id.indexOf('-'))) : sent);
  return { id, to: mail.to, subject: mail.subject, date: date.toISOString(), text: mail.text };
}

export async function listOutbox(dir: string, query: PageQuery): Promise<Page<MailSummary>> {
  const ids = await mailIds(dir);
  const start = (query.page - 1) * query.pageSize;
  const mails = await Promise.all(
    ids.slice(start, start + query.pageSize).map((id) => readMail(dir, id)),
  );
  return {
    items: mails
      .filter((m): m is MailMessage => m !== null)
      .map(({ text: _text, ...summary }) => summary),
    total: ids.length,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export const readOutboxMessage = readMail;
