import { IconCircle, type Icon as TablerIcon } from '@tabler/icons-react';
import { useMatches, useRouterState } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigationPages, type NavSection } from '../lib/navigation';
import { mergeMeta } from '../lib/route-meta';

/** A navigation entry the user may open, with its translated title. */
export interface NavEntry {
  name: string;
  path: string;
  title: string;
  Icon: TablerIcon;
  section: NavSection;
}

/**
 * The pages of NAVIGATION the user may open (super-admin pages only for super admins, pages
 * with an action and subject only when the ability allows them), with translated titles.
 * The menus, the shortcuts and the search all use this list.
 */
export function useNavItems(): NavEntry[] {
  const { t } = useTranslation();
  const pages = useNavigationPages();
  return useMemo(
    () =>
      pages.map((page) => ({
        name: page.name,
        path: page.path,
        title: t(page.titleKey),
        Icon: page.icon ?? IconCircle,
        section: page.section,
      })),
    [pages, t],
  );
}

/** Whether an entry is the current page: its path, a page under it, or the meta's navActiveLink. */
export function isEntryActive(entry: NavEntry, pathname: string, navActiveLink?: string): boolean {
  if (navActiveLink) return navActiveLink === entry.path || navActiveLink === entry.name;
  if (entry.path === '/') return pathname === '/';
  return pathname === entry.path || pathname.startsWith(`${entry.path}/`);
}

/** The current path and the route meta's navActiveLink. */
export function useActiveNav(): { pathname: string; navActiveLink: string | undefined } {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const navActiveLink = useMatches({ select: (matches) => mergeMeta(matches).navActiveLink });
  return { pathname, navActiveLink };
}
