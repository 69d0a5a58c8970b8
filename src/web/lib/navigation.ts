import { IconShieldLock, IconSmartHome, type Icon as TablerIcon } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { Action, AppAbility, Subject } from '../../shared/abilities';
import type { Translations } from '../locales/en';
import { useAbility } from './ability';
import { useAuthState } from './auth-store';
import type { RouteName } from './route-meta';

/** A page the menu and the search (Ctrl+K) may offer; `titleKey` is its translation key. */
export interface NavigationPage {
  name: RouteName;
  path: string;
  titleKey: `pages.${keyof Translations['pages']}`;
  icon?: TablerIcon;
  action?: Action;
  subject?: Subject;
  requiresSuperAdmin?: boolean;
}

/**
 * The pages that exist, with what their routes require (the same meta as their route files).
 * A later issue adds its pages here together with their routes.
 */
export const NAVIGATION: readonly NavigationPage[] = [
  { name: 'index', path: '/', titleKey: 'pages.index', icon: IconSmartHome },
  {
    name: 'access-control',
    path: '/access-control',
    titleKey: 'pages.accessControl',
    icon: IconShieldLock,
    action: 'read',
    subject: 'AclDemo',
    requiresSuperAdmin: true,
  },
];

/** Whether the user may open a page, as far as the browser can tell (the guard decides). */
export function isPageAllowed(page: NavigationPage, ability: AppAbility, superAdmin: boolean) {
  if (page.requiresSuperAdmin && !superAdmin) return false;
  return page.action && page.subject ? ability.can(page.action, page.subject) : true;
}

/** The navigation pages the signed-in user may open. */
export function useNavigationPages(): readonly NavigationPage[] {
  const ability = useAbility();
  const superAdmin = useAuthState((state) => state.userData?.super_admin ?? false);
  return useMemo(
    () => NAVIGATION.filter((page) => isPageAllowed(page, ability, superAdmin)),
    [ability, superAdmin],
  );
}
