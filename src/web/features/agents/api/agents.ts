import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AgentCreateInput,
  AgentDto,
  AgentExport,
  AgentSummary,
  AgentUpdate,
} from '../../../../shared/schemas/agents';
import type { ModelProviderList } from '../../../../shared/schemas/model-providers';
import type { Page } from '../../../../shared/schemas/pagination';
import { api } from '../../../lib/api';
import { saveFile } from '../../../lib/download';
import { pageQueryOptions } from '../../../lib/paged-query';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage';
import type { AgentListParams } from '../list-search';
import { exportFilename } from '../templates';
import { agentKeys } from './keys';

export type Agent = AgentDto;
export type { AgentSummary };

export { agentKeys };

const path = (id: string) => `/agents/${encodeURIComponent(id)}`;

export const agentsQueryOptions = (orgId: string | null, params: AgentListParams) =>
  pageQueryOptions<Page<AgentSummary>>(
    agentKeys.list(orgId, params),
    '/agents',
    {
      page: params.page,
      pageSize: params.pageSize,
      search: params.search,
      projectId: params.projectId,
      status: params.status,
      sort: params.sort,
      order: params.order,
    },
    { enabled: orgId !== null },
  );

/** A project or data source to choose in a select (the first hundred, by name). */
export interface NamedOption {
  id: string;
  name: string;
}

/** The organisation's projects, for the project filter and the create dialog. */
export const projectOptionsQueryOptions = (orgId: string | null) =>
  queryOptions({
    queryKey: agentKeys.projectOptions(orgId),
    queryFn: ({ signal }) =>
      api<Page<NamedOption>>('/projects', {
        query: { pageSize: 100, sort: 'name', order: 'asc' },
        signal,
      }),
    enabled: orgId !== null,
    staleTime: 30_000,
  });

/** The organisation's data sources, for the templates that query one. */
export const dataSourceOptionsQueryOptions = (orgId: string | null) =>
  queryOptions({
    queryKey: agentKeys.dataSourceOptions(orgId),
    queryFn: ({ signal }) =>
      api<Page<NamedOption>>('/data-sources', {
        query: { pageSize: 100, sort: 'name', order: 'asc' },
        signal,
      }),
    enabled: orgId !== null,
    staleTime: 30_000,
  });

/** The organisation's model providers (GET /api/v1/model-providers), for the model steps. */
export const modelProviderOptionsQueryOptions = (orgId: string | null) =>
  queryOptions({
    queryKey: agentKeys.providers(orgId),
    queryFn: ({ signal }) => api<ModelProviderList>('/model-providers', { signal }),
    enabled: orgId !== null,
    staleTime: 30_000,
  });

/** After any change: the agent's own query takes the new record, every list reloads. */
async function refresh(queryClient: QueryClient, agent?: Agent) {
  const orgId = readStorage(STORAGE_KEYS.selectedOrgId);
  if (agent) queryClient.setQueryData(agentKeys.detail(orgId, agent.id), agent);
  await queryClient.invalidateQueries({ queryKey: agentKeys.lists(orgId) });
}

export function useCreateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AgentCreateInput) => api<Agent>('/agents', { method: 'POST', body: input }),
    onSuccess: (agent) => refresh(queryClient, agent),
  });
}

export function useUpdateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: AgentUpdate }) =>
      api<Agent>(path(id), { method: 'PATCH', body: changes }),
    onSuccess: (agent) => refresh(queryClient, agent),
  });
}

export function useDuplicateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<Agent>(`${path(id)}/duplicate`, { method: 'POST', body: {} }),
    onSuccess: (agent) => refresh(queryClient, agent),
  });
}

export function useDeleteAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(path(id), { method: 'DELETE' }),
    onSuccess: async (_result, id) => {
      const orgId = readStorage(STORAGE_KEYS.selectedOrgId);
      queryClient.removeQueries({ queryKey: agentKeys.detail(orgId, id) });
      await queryClient.invalidateQueries({ queryKey: agentKeys.lists(orgId) });
    },
  });
}

/** Downloads the agent's export document as `<slug>.agent.json`. */
export function useExportAgent() {
  return useMutation({
    mutationFn: async (agent: Pick<AgentSummary, 'id' | 'slug'>) => {
      const document = await api<AgentExport>(`${path(agent.id)}/export`);
      const blob = new Blob([`${JSON.stringify(document, null, 2)}\n`], {
        type: 'application/json',
      });
      return saveFile({ blob, filename: exportFilename(agent.slug), truncated: false });
    },
  });
}

/** Creates an agent from an export document (POST /api/v1/agents/import). */
export function useImportAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ document, projectId }: { document: unknown; projectId?: string | null }) =>
      api<Agent>('/agents/import', {
        method: 'POST',
        body: { document, projectId: projectId ?? null },
      }),
    onSuccess: (agent) => refresh(queryClient, agent),
  });
}
