import type { AgentListParams } from '../list-search';

/** Every key carries the selected organisation: after a switch no screen shows the previous one's. */
export const agentKeys = {
  all: (orgId: string | null) => ['agents', orgId] as const,
  lists: (orgId: string | null) => ['agents', orgId, 'list'] as const,
  list: (orgId: string | null, params: AgentListParams) =>
    ['agents', orgId, 'list', params] as const,
  detail: (orgId: string | null, id: string) => ['agents', orgId, 'detail', id] as const,
  projectOptions: (orgId: string | null) => ['agents', orgId, 'project-options'] as const,
  dataSourceOptions: (orgId: string | null) => ['agents', orgId, 'data-source-options'] as const,
  providers: (orgId: string | null) => ['agents', orgId, 'model-providers'] as const,
};
