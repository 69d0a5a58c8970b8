import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgentSettings } from '../../../../shared/schemas/runs';
import { api } from '../../../lib/api';

export const agentSettingsKey = (orgId: string | null) => ['agents', orgId, 'settings'] as const;

export const agentSettingsQueryOptions = (orgId: string | null) =>
  queryOptions({
    queryKey: agentSettingsKey(orgId),
    queryFn: ({ signal }) => api<AgentSettings>('/agent-settings', { signal }),
    enabled: orgId !== null,
  });

export function useSaveAgentSettings(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AgentSettings) =>
      api<AgentSettings>('/agent-settings', { method: 'PUT', body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(agentSettingsKey(orgId), saved),
  });
}
