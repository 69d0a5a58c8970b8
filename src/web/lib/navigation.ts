import {
  IconBuilding,
  IconCalendarTime,
  IconChartPie,
  IconDatabase,
  IconFolders,
  IconAddressBook,
  IconCrown,
  IconFileText,
  IconKey,
  IconListCheck,
  IconRobot,
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

/** The vertical menu's sections, in order; each has a header while the menu is expanded. */
export const NAV_SECTIONS = ['workspace', 'crm', 'administration'] as const;
export type NavSection = (typeof NAV_SECTIONS)[number];

/** A page the menu and the search (Ctrl+K) may offer; `titleKey` is its translation key. */
export interface NavigationPage {
  /** Unique key: the spec's route name where the route has one. */
  name: RouteName | (string & {});
  path: string;
  titleKey: `pages.${keyof Translations['pages']}`;
  section: NavSection;
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
  { name: 'index', section: 'workspace', path: '/', titleKey: 'pages.index', icon: IconSmartHome },
  {
    name: 'projects',
    section: 'workspace',
    path: '/projects',
    titleKey: 'pages.projects',
    icon: IconFolders,
    action: 'read',
    subject: 'Project',
  },
  {
    name: 'data-sources',
    section: 'workspace',
    path: '/data-sources',
    titleKey: 'pages.dataSources',
    icon: IconDatabase,
    action: 'read',
    subject: 'DataSource',
  },
  {
    name: 'agents',
    section: 'workspace',
    path: '/agents',
    titleKey: 'pages.agents',
    icon: IconRobot,
    action: 'read',
    subject: 'Agent',
  },
  {
    name: 'scheduler',
    section: 'workspace',
    path: '/scheduler',
    titleKey: 'pages.scheduler',
    icon: IconCalendarTime,
    action: 'read',
    subject: 'Agent',
  },
  {
    name: 'dashboards-crm',
    section: 'crm',
    path: '/dashboards/crm',
    titleKey: 'pages.dashboardsCrm',
    icon: IconChartPie,
    action: 'read',
    subject: 'dashboards-crm',
  },
  {
    name: 'customer',
    section: 'crm',
    path: '/customer',
    titleKey: 'pages.customers',
    icon: IconAddressBook,
    action: 'manage',
    subject: 'customer',
  },
  {
    name: 'organization',
    section: 'administration',
    path: '/organization',
    titleKey: 'pages.organization',
    icon: IconBuilding,
    requiresOrgAdmin: true,
  },
  {
    name: 'user-list',
    section: 'administration',
    path: '/apps/user/list',
    titleKey: 'pages.users',
    icon: IconUsers,
    action: 'read',
    subject: 'User',
  },
  {
    name: 'roles',
    section: 'administration',
    path: '/apps/roles',
    titleKey: 'pages.roles',
    icon: IconKey,
    action: 'read',
    subject: 'Role',
  },
  {
    name: 'permissions',
    section: 'administration',
    path: '/apps/permissions',
    titleKey: 'pages.permissions',
    icon: IconListCheck,
    action: 'read',
    subject: 'Role',
  },
  {
    name: 'access-control',
    section: 'administration',
    path: '/access-control',
    titleKey: 'pages.accessControl',
    icon: IconShieldLock,
    action: 'read',
    subject: 'AclDemo',
    requiresSuperAdmin: true,
  },
  {
    name: 'super-admin',
    section: 'administration',
    path: '/admin/super-admin',
    titleKey: 'pages.superAdmin',
    icon: IconCrown,
    action: 'manage',
    subject: 'SuperAdmin',
    requiresSuperAdmin: true,
  },
  {
    name: 'whitelist',
    section: 'administration',
    path: '/admin/whitelist',
    titleKey: 'pages.whitelist',
    icon: IconFileText,
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
