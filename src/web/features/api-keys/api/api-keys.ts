import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyCreated, ApiKeyDto, ApiKeyScope } from '../../../../shared/schemas/api-keys';
import type { AgentSummary } from '../../../../shared/schemas/agents';
import { api } from '../../../lib/api';

export type ApiKey = ApiKeyDto;

/** A scope's locale key (`agents:run` → `run`: i18next reads a colon as a namespace). */
export const scopeKey = (scope: ApiKeyScope) => (scope === 'agents:run' ? 'run' : 'read');

/** What a creation sends (`expiresAt` an ISO time or null, `agentId` an agent or null). */
export interface ApiKeyBody {
  name: string;
  scopes: string[];
  expiresAt: string | null;
  agentId: string | null;
}

/** Keys start with the organisation's id: after a switch no screen shows the previous one's. */
export const apiKeyKeys = {
  all: (orgId: string | null) => ['api-keys', orgId] as const,
  agents: (orgId: string | null) => ['api-keys', orgId, 'agents'] as const,
};

export const apiKeysQueryOptions = (orgId: string | null) =>
  queryOptions({
    queryKey: apiKeyKeys.all(orgId),
    queryFn: ({ signal }) => api<{ items: ApiKey[] }>('/api-keys', { signal }),
    enabled: orgId !== null,
  });

/** The organisation's agents a key may be limited to (the first hundred by name). */
export const keyAgentsQueryOptions = (orgId: string | null) =>
  queryOptions({
    queryKey: apiKeyKeys.agents(orgId),
    queryFn: ({ signal }) =>
      api<{ items: AgentSummary[] }>('/agents?pageSize=100&sort=name&order=asc', { signal }),
    enabled: orgId !== null,
  });

function useKeyMutation<TVariables, TResult>(
  orgId: string | null,
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all(orgId) }),
  });
}

export const useCreateApiKey = (orgId: string | null) =>
  useKeyMutation(orgId, (body: ApiKeyBody) =>
    api<ApiKeyCreated>('/api-keys', { method: 'POST', body }),
  );

export const useRevokeApiKey = (orgId: string | null) =>
  useKeyMutation(orgId, (key: ApiKey) =>
    api<ApiKey>(`/api-keys/${encodeURIComponent(key.id)}/revoke`, { method: 'POST', body: {} }),
  );
