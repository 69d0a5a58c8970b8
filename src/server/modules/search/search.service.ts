import { and, asc, desc, eq, ilike, isNull, sql } from 'drizzle-orm';
import type { Subject } from '../../../shared/abilities.ts';
import type { Database } from '../../db/client.ts';
import { customerSearchText, customers, dataSources, projects } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/like.ts';
import type { OrgScope } from '../../http/records.ts';
import type { SearchGroup, SearchHit } from '../../../shared/schemas/search.ts';

export const SEARCH_LIMIT = 5;

/** What a section gets: the organisation, the LIKE patterns of the text, and how many to return. */
export type SearchContext = OrgScope & {
  /** Matches the text anywhere (`%text%`, with % and _ taken literally). */
  contains: string;
  /** Matches the text at the start (`text%`): such hits are listed first. */
  prefix: string;
  limit: number;
};

/**
 * One kind of record the navbar search finds. `subject` is the CASL subject the caller must be
 * allowed to read; `search` returns at most `limit` live records of the organisation.
 */
export type SearchSection = {
  type: string;
  subject: Subject;
  search: (db: Database, context: SearchContext) => Promise<SearchHit[]>;
};

const projectSection: SearchSection = {
  type: 'projects',
  subject: 'Project',
  search: async (db, { organizationId, contains, prefix, limit }) => {
    const rows = await db
      .select({ id: projects.id, title: projects.name, subtitle: projects.status })
      .from(projects)
      .where(
        and(
          eq(projects.organizationId, organizationId),
          isNull(projects.deletedAt),
          ilike(projects.name, contains),
        ),
      )
      .orderBy(desc(sql`${projects.name} ilike ${prefix}`), asc(projects.name), asc(projects.id))
      .limit(limit);
    return rows;
  },
};

const customerSection: SearchSection = {
  type: 'customers',
  subject: 'customer',
  search: async (db, { organizationId, contains, prefix, limit }) => {
    const rows = await db
      .select({
        id: customers.id,
        title: customers.name,
        subtitle: sql<string | null>`coalesce(${customers.company}, ${customers.email})`,
      })
      .from(customers)
      .where(
        and(
          eq(customers.organizationId, organizationId),
          isNull(customers.deletedAt),
          sql`${customerSearchText} ilike ${contains}`,
        ),
      )
      .orderBy(desc(sql`${customers.name} ilike ${prefix}`), asc(customers.name), asc(customers.id))
      .limit(limit);
    return rows;
  },
};

const dataSourceSection: SearchSection = {
  type: 'data-sources',
  subject: 'DataSource',
  search: async (db, { organizationId, contains, prefix, limit }) =>
    db
      .select({ id: dataSources.id, title: dataSources.name, subtitle: dataSources.type })
      .from(dataSources)
      .where(
        and(
          eq(dataSources.organizationId, organizationId),
          isNull(dataSources.deletedAt),
          ilike(dataSources.name, contains),
        ),
      )
      .orderBy(
        desc(sql`${dataSources.name} ilike ${prefix}`),
        asc(dataSources.name),
        asc(dataSources.id),
      )
      .limit(limit),
};

/**
 * The sections of the navbar search, in the order shown. A module with records people look
 * for (data sources, agents…) adds its section here, querying its own table through the
 * schema (modules do not import each other).
 */
export const SEARCH_SECTIONS: SearchSection[] = [
  projectSection,
  customerSection,
  dataSourceSection,
];

/** Each section the caller may read, with its hits (sections run one after another). */
export async function searchEverything(
  db: Database,
  scope: OrgScope,
  text: string,
  canRead: (subject: Subject) => boolean,
): Promise<SearchGroup[]> {
  const escaped = containsPattern(text).slice(1);
  const context: SearchContext = {
    organizationId: scope.organizationId,
    contains: containsPattern(text),
    prefix: escaped,
    limit: SEARCH_LIMIT,
  };
  const groups: SearchGroup[] = [];
  for (const section of SEARCH_SECTIONS) {
    if (!canRead(section.subject)) continue;
    groups.push({ type: section.type, items: await section.search(db, context) });
  }
  return groups;
}
