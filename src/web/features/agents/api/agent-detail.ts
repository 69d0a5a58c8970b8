import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { AgentVersionDto, AgentVersionSummary } from '../../../../shared/schemas/agents';
import type { RunDto, RunPage, RunStatusValue, RunTrigger } from '../../../../shared/schemas/runs';
import { api } from '../../../lib/api';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage';
import { agentKeys } from './agents';

export { agentQueryOptions } from './agent-query';

const path = (id: string) => `/agents/${encodeURIComponent(id)}`;

export const agentDetailKeys = {
  versions: (orgId: string | null, id: string) => ['agents', orgId, 'versions', id] as const,
  version: (orgId: string | null, id: string, number: number) =>
    ['agents', orgId, 'versions', id, number] as const,
  runs: (orgId: string | null, id: string) => ['agents', orgId, 'runs', id] as const,
  runList: (orgId: string | null, id: string, filters: RunFilters) =>
    ['agents', orgId, 'runs', id, 'list', filters] as const,
  run: (orgId: string | null, id: string, runId: string) =>
    ['agents', orgId, 'runs', id, 'one', runId] as const,
};

export interface RunFilters {
  status?: RunStatusValue | undefined;
  trigger?: RunTrigger | undefined;
}

export const versionsQueryOptions = (orgId: string | null, id: string) =>
  queryOptions({
    queryKey: agentDetailKeys.versions(orgId, id),
    queryFn: ({ signal }) =>
      api<{ items: AgentVersionSummary[] }>(`${path(id)}/versions`, { signal }),
    enabled: orgId !== null,
  });

export const versionQueryOptions = (orgId: string | null, id: string, number: number) =>
  queryOptions({
    queryKey: agentDetailKeys.version(orgId, id, number),
    queryFn: ({ signal }) => api<AgentVersionDto>(`${path(id)}/versions/${number}`, { signal }),
    enabled: orgId !== null,
  });

export const runsQueryOptions = (orgId: string | null, id: string, filters: RunFilters) =>
  infiniteQueryOptions({
    queryKey: agentDetailKeys.runList(orgId, id, filters),
    queryFn: ({ signal, pageParam }) =>
      api<RunPage>(`${path(id)}/runs`, {
        query: { status: filters.status, trigger: filters.trigger, cursor: pageParam, limit: 20 },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: orgId !== null,
  });

/** One run with its steps; asked again every second and a half while it goes on. */
export const runQueryOptions = (orgId: string | null, id: string, runId: string) =>
  queryOptions({
    queryKey: agentDetailKeys.run(orgId, id, runId),
    queryFn: ({ signal }) =>
      api<RunDto>(`${path(id)}/runs/${encodeURIComponent(runId)}`, { signal }),
    enabled: orgId !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'running' || status === 'queued' ? 1500 : false;
    },
  });

/** The address of a run's event stream (server-sent events, same-origin cookies). */
export const runEventsUrl = (id: string, runId: string) =>
  `/api/v1${path(id)}/runs/${encodeURIComponent(runId)}/events`;

function useRefresh() {
  const queryClient = useQueryClient();
  return async (id: string) => {
    const orgId = readStorage(STORAGE_KEYS.selectedOrgId);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: agentKeys.detail(orgId, id) }),
      queryClient.invalidateQueries({ queryKey: agentDetailKeys.versions(orgId, id) }),
      queryClient.invalidateQueries({ queryKey: agentDetailKeys.runs(orgId, id) }),
      queryClient.invalidateQueries({ queryKey: agentKeys.lists(orgId) }),
    ]);
  };
}

export function usePublishAgent(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (note: string) =>
      api<AgentVersionSummary>(`${path(id)}/publish`, { method: 'POST', body: { note } }),
    // A refusal too: the agent's problems are read again to list them.
    onSettled: () => refresh(id),
  });
}

export function useRestoreVersion(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (number: number) =>
      api<AgentVersionSummary>(`${path(id)}/versions/${number}/restore`, { method: 'POST' }),
    onSuccess: () => refresh(id),
  });
}

interface Accepted {
  id: string;
  status: 'running';
}

/** Runs the draft at once (`?async=true`): the answer names the run to follow. */
export function useStartDraftRun(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: Record<string, unknown>) =>
      api<Accepted>(`${path(id)}/runs`, {
        method: 'POST',
        query: { async: 'true' },
        body: { input, draft: true },
      }),
    onSuccess: () => refresh(id),
  });
}

/** Cancel, retry from the failed step, or run one step again. */
export function useRunAction(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({
      runId,
      action,
      nodeId,
    }: {
      runId: string;
      action: 'cancel' | 'retry' | 'step';
      nodeId?: string;
    }) => {
      const base = `${path(id)}/runs/${encodeURIComponent(runId)}`;
      const url =
        action === 'step'
          ? `${base}/steps/${encodeURIComponent(nodeId ?? '')}/run`
          : `${base}/${action}`;
      return api<{ id: string }>(url, { method: 'POST' });
    },
    onSuccess: () => refresh(id),
  });
}
