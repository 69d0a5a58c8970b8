import { and, asc, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Subject } from '../../../shared/abilities.ts';
import type { Database } from '../../db/client.ts';
import {
  customerSearchText,
  customers,
  dataSources,
  member,
  projects,
  user,
} from '../../db/schema/index.ts';
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

/** A table whose live records of an organisation are found by name. */
type NamedTable = PgTable & {
  id: PgColumn;
  name: PgColumn;
  organizationId: PgColumn;
  deletedAt: PgColumn;
};

/**
 * A section's search: live records of the organisation whose `match` (the name, or more) contains
 * the text, those whose name starts with it first, then by name.
 */
function searchByName(
  table: NamedTable,
  subtitle: PgColumn | SQL<string | null>,
  match: (contains: string) => SQL | undefined,
): SearchSection['search'] {
  return async (db, { organizationId, contains, prefix, limit }) => {
    const rows = await db
      .select({ id: table.id, title: table.name, subtitle })
      .from(table as PgTable)
      .where(
        and(eq(table.organizationId, organizationId), isNull(table.deletedAt), match(contains)),
      )
      .orderBy(desc(sql`${table.name} ilike ${prefix}`), asc(table.name), asc(table.id))
      .limit(limit);
    return rows as SearchHit[];
  };
}

const projectSection: SearchSection = {
  type: 'projects',
  subject: 'Project',
  search: searchByName(projects, projects.status, (contains) => ilike(projects.name, contains)),
};

const customerSection: SearchSection = {
  type: 'customers',
  subject: 'customer',
  search: searchByName(
    customers,
    sql<string | null>`coalesce(${customers.company}, ${customers.email})`,
    (contains) => sql`${customerSearchText} ilike ${contains}`,
  ),
};

const dataSourceSection: SearchSection = {
  type: 'data-sources',
  subject: 'DataSource',
  search: searchByName(dataSources, dataSources.type, (contains) =>
    ilike(dataSources.name, contains),
  ),
};

/** Members of the organisation whose name or e-mail contains the text (name prefix first). */
const peopleSection: SearchSection = {
  type: 'people',
  subject: 'User',
  search: async (db, { organizationId, contains, prefix, limit }) =>
    db
      .select({ id: user.id, title: user.name, subtitle: user.email, image: user.image })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(
        and(
          eq(member.organizationId, organizationId),
          or(ilike(user.name, contains), ilike(user.email, contains)),
        ),
      )
      .orderBy(desc(sql`${user.name} ilike ${prefix}`), asc(user.name), asc(user.id))
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
  peopleSection,
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
