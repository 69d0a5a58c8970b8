import { createFileRoute } from '@tanstack/react-router';
import { AgentSettingsPanel } from '../features/agents/components/AgentSettingsPanel';
import { ApiKeysPanel } from '../features/api-keys/components/ApiKeysPanel';
import { AuditLogPanel } from '../features/audit/components/AuditLogPanel';
import { auditListSearchSchema, type AuditListSearch } from '../features/audit/list-search';
import { ModelProvidersPanel } from '../features/model-providers/components/ModelProvidersPanel';
import { OrganizationPage } from '../features/organization/pages/OrganizationPage';
import { isOrganizationTab, type OrganizationTab } from '../features/organization/tabs';
import { tabSearch } from '../lib/useTabListState';

/** The open tab, and the audit log's list state while it is the open one. */
export interface OrganizationSearch extends AuditListSearch {
  /** The open tab (profile when absent). */
  tab?: OrganizationTab;
}

export const Route = createFileRoute('/organization')({
  staticData: {
    name: 'organization',
    meta: { layout: 'default', requiresAuth: true, action: 'read', subject: 'Organization' },
  },
  validateSearch: (search: Record<string, unknown>): OrganizationSearch =>
    isOrganizationTab(search.tab) && search.tab !== 'profile'
      ? { tab: search.tab, ...tabSearch(search.tab, { audit: auditListSearchSchema }, search) }
      : {},
  component: OrganizationRoute,
});

function OrganizationRoute() {
  return (
    <OrganizationPage
      auditLog={<AuditLogPanel scope="organization" />}
      providers={<ModelProvidersPanel />}
      agentSettings={<AgentSettingsPanel />}
      apiKeys={<ApiKeysPanel />}
    />
  );
}
