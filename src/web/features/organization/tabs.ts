/** The tabs of /organization, in order; `?tab=` names one (profile when absent). */
export const ORGANIZATION_TABS = [
  'profile',
  'members',
  'invitations',
  'providers',
  'agents',
  'api-keys',
  'audit',
  'danger',
] as const;
export type OrganizationTab = (typeof ORGANIZATION_TABS)[number];

/** Tabs only organisation admins (update Organization) see. */
export const ADMIN_TABS: readonly OrganizationTab[] = ['api-keys'];

export const isOrganizationTab = (tab: unknown): tab is OrganizationTab =>
  typeof tab === 'string' && (ORGANIZATION_TABS as readonly string[]).includes(tab);
