import { z } from 'zod';
import type { PageSize } from '../../../shared/constants';
import { HELP_REQUEST_STATUSES } from '../../../shared/schemas/admin';
import { listSearchShape, optionalParam } from '../../components/list/list-search';
import { tabSearch } from '../../lib/useTabListState';

/** The tabs of the super-admin console, in order; the current one is the `tab` search param. */
export const SUPER_ADMIN_TABS = ['users', 'organizations', 'help', 'mail', 'audit'] as const;
export type SuperAdminTab = (typeof SUPER_ADMIN_TABS)[number];

/** The console's lists show this many rows until the user picks another page size. */
export const CONSOLE_PAGE_SIZE: PageSize = 10;

/** The list defaults of the console's tabs and the whitelist: newest first, 10 rows a page. */
export const CONSOLE_LIST_DEFAULTS = {
  pageSize: CONSOLE_PAGE_SIZE,
  sort: 'createdAt',
  order: 'desc',
} as const;

/** What a searchable console list asks the API for: its page, page size and search. */
export function consolePageParams(list: {
  page: number;
  pageSize: number;
  query?: string | undefined;
}) {
  return { page: list.page, pageSize: list.pageSize, search: list.query ?? '' };
}

// The console's lists have no sortable column: their params are the search and the pages.
const { search, page, pageSize } = listSearchShape(['createdAt']);

/** The users tab's list in the address: `?tab=users&search=…&status=banned&flag=superAdmin`. */
export const usersTabSearchSchema = z.object({
  search,
  page,
  pageSize,
  status: optionalParam(z.enum(['active', 'banned'])),
  flag: optionalParam(z.enum(['superAdmin', 'regular'])),
});
export type UsersTabSearch = z.output<typeof usersTabSearchSchema>;

export const organizationsTabSearchSchema = z.object({ search, page, pageSize });
export type OrganizationsTabSearch = z.output<typeof organizationsTabSearchSchema>;

/** The help requests tab: open requests unless `status` says otherwise. */
export const helpTabSearchSchema = z.object({
  page,
  pageSize,
  status: optionalParam(z.enum([...HELP_REQUEST_STATUSES, 'all'])),
});
export type HelpTabSearch = z.output<typeof helpTabSearchSchema>;

export const mailTabSearchSchema = z.object({ page, pageSize });
export type MailTabSearch = z.output<typeof mailTabSearchSchema>;

/**
 * The console's search params: the open tab, and that tab's list state (only the open tab's:
 * switching tabs drops the others). The audit tab's params are the audit feature's.
 */
export interface SuperAdminSearch {
  tab?: SuperAdminTab;
  search?: string | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
  status?: string | undefined;
  flag?: string | undefined;
  actor?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export function isSuperAdminTab(value: unknown): value is SuperAdminTab {
  return typeof value === 'string' && (SUPER_ADMIN_TABS as readonly string[]).includes(value);
}

/**
 * The console's search params: an unknown tab is dropped (the users tab shows); the open tab's
 * list params are read with its schema (`audit`: the audit log's, given by the route).
 */
export function parseSuperAdminSearch(
  search: Record<string, unknown>,
  audit?: z.ZodType<object>,
): SuperAdminSearch {
  const tab = isSuperAdminTab(search.tab) ? search.tab : undefined;
  const list = tabSearch(
    tab ?? 'users',
    {
      users: usersTabSearchSchema,
      organizations: organizationsTabSearchSchema,
      help: helpTabSearchSchema,
      mail: mailTabSearchSchema,
      ...(audit ? { audit } : {}),
    },
    search,
  );
  return tab ? { tab, ...list } : list;
}

/** Only http(s) addresses become links: a help request's URL is whatever its sender typed. */
export function safeHttpUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
