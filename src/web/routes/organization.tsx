import { createFileRoute } from '@tanstack/react-router';
import { AuditLogPanel } from '../features/audit/components/AuditLogPanel';
import { OrganizationPage } from '../features/organization/pages/OrganizationPage';
import { isOrganizationTab, type OrganizationTab } from '../features/organization/tabs';

export interface OrganizationSearch {
  /** The open tab (profile when absent). */
  tab?: OrganizationTab;
}

export const Route = createFileRoute('/organization')({
  staticData: {
    name: 'organization',
    meta: { layout: 'default', requiresAuth: true, action: 'read', subject: 'Organization' },
  },
  validateSearch: (search: Record<string, unknown>): OrganizationSearch =>
    isOrganizationTab(search.tab) && search.tab !== 'profile' ? { tab: search.tab } : {},
  component: OrganizationRoute,
});

function OrganizationRoute() {
  return <OrganizationPage auditLog={<AuditLogPanel scope="organization" />} />;
}
