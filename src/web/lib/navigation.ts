import {
  IconBuilding,
  IconChartPie,
  IconDatabase,
  IconFolders,
  IconAddressBook,
  IconCrown,
  IconFileText,
  IconKey,
  IconListCheck,
  IconShieldLock,
  IconSmartHome,
  IconUsers,
  type Icon as TablerIcon,
} from '@tabler/icons-react';
import { useMemo } from 'react';
import type { Action, AppAbility, Subject } from '../../shared/abilities';
import type { Translations } from '../locales/en';
import { useAbility } from './ability';
import { isOrganizationAdmin, useAuthState } from './auth-store';
import type { RouteName } from './route-meta';

/** A page the menu and the search (Ctrl+K) may offer; `titleKey` is its translation key. */
export interface NavigationPage {
  /** Unique key: the spec's route name where the route has one. */
  name: RouteName | (string & {});
  path: string;
  titleKey: `pages.${keyof Translations['pages']}`;
  icon?: TablerIcon;
  action?: Action;
  subject?: Subject;
  requiresSuperAdmin?: boolean;
  /** Super admins and admins of the selected organisation only (as the organisation guard). */
  requiresOrgAdmin?: boolean;
}

/**
 * The pages that exist, with what their routes require (the same meta as their route files).
 * A later issue adds its pages here together with their routes.
 */
export const NAVIGATION: readonly NavigationPage[] = [
  { name: 'index', path: '/', titleKey: 'pages.index', icon: IconSmartHome },
  {
    name: 'dashboards-crm',
    path: '/dashboards/crm',
    titleKey: 'pages.dashboardsCrm',
    icon: IconChartPie,
    action: 'read',
    subject: 'dashboards-crm',
  },
  {
    name: 'projects',
    path: '/projects',
    titleKey: 'pages.projects',
    icon: IconFolders,
    action: 'read',
    subject: 'Project',
  },
  {
    name: 'data-sources',
    path: '/data-sources',
    titleKey: 'pages.dataSources',
    icon: IconDatabase,
    action: 'read',
    subject: 'DataSource',
  },
  {
    name: 'customer',
    path: '/customer',
    titleKey: 'pages.customers',
    icon: IconAddressBook,
    action: 'manage',
    subject: 'customer',
  },
  {
    name: 'organization',
    path: '/organization',
    titleKey: 'pages.organization',
    icon: IconBuilding,
    requiresOrgAdmin: true,
  },
  {
    name: 'user-list',
    path: '/apps/user/list',
    titleKey: 'pages.users',
    icon: IconUsers,
    action: 'read',
    subject: 'User',
  },
  {
    name: 'roles',
    path: '/apps/roles',
    titleKey: 'pages.roles',
    icon: IconKey,
    action: 'read',
    subject: 'Role',
  },
  {
    name: 'permissions',
    path: '/apps/permissions',
    titleKey: 'pages.permissions',
    icon: IconListCheck,
    action: 'read',
    subject: 'Role',
  },
  {
    name: 'super-admin',
    path: '/admin/super-admin',
    titleKey: 'pages.superAdmin',
    icon: IconCrown,
    action: 'manage',
    subject: 'SuperAdmin',
    requiresSuperAdmin: true,
  },
  {
    name: 'whitelist',
    path: '/admin/whitelist',
    titleKey: 'pages.whitelist',
    icon: IconFileText,
    requiresSuperAdmin: true,
  },
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
export function isPageAllowed(
  page: NavigationPage,
  ability: AppAbility,
  superAdmin: boolean,
  orgAdmin = false,
) {
  if (page.requiresSuperAdmin && !superAdmin) return false;
  if (page.requiresOrgAdmin && !superAdmin && !orgAdmin) return false;
  return page.action && page.subject ? ability.can(page.action, page.subject) : true;
}

/** The navigation pages the signed-in user may open. */
export function useNavigationPages(): readonly NavigationPage[] {
  const ability = useAbility();
  const superAdmin = useAuthState((state) => state.userData?.super_admin ?? false);
  const orgAdmin = useAuthState(isOrganizationAdmin);
  return useMemo(
    () => NAVIGATION.filter((page) => isPageAllowed(page, ability, superAdmin, orgAdmin)),
    [ability, superAdmin, orgAdmin],
  );
}
