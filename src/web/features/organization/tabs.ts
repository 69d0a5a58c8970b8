/** The tabs of /organization, in order; `?tab=` names one (profile when absent). */
export const ORGANIZATION_TABS = [
  'profile',
  'members',
  'invitations',
  'providers',
  'agents',
  'audit',
  'danger',
] as const;
export type OrganizationTab = (typeof ORGANIZATION_TABS)[number];

export const isOrganizationTab = (tab: unknown): tab is OrganizationTab =>
  typeof tab === 'string' && (ORGANIZATION_TABS as readonly string[]).includes(tab);
