/** The tabs of the super-admin console, in order; the current one is the `tab` search param. */
export const SUPER_ADMIN_TABS = ['users', 'organizations', 'help', 'mail', 'audit'] as const;
export type SuperAdminTab = (typeof SUPER_ADMIN_TABS)[number];

export interface SuperAdminSearch {
  tab?: SuperAdminTab;
}

export function isSuperAdminTab(value: unknown): value is SuperAdminTab {
  return typeof value === 'string' && (SUPER_ADMIN_TABS as readonly string[]).includes(value);
}

/** The console's search params: an unknown tab is dropped (the users tab shows). */
export function parseSuperAdminSearch(search: Record<string, unknown>): SuperAdminSearch {
  return isSuperAdminTab(search.tab) ? { tab: search.tab } : {};
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
