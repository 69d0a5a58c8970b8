import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CalendarDto,
  ScheduleCreate,
  ScheduleDto,
  ScheduleFireDto,
} from '../../../shared/schemas/schedules';
import type { Page } from '../../../shared/schemas/pagination';
import { api } from '../../lib/api';

export type { ScheduleDto, ScheduleFireDto, CalendarDto };
export type ScheduleInput = Omit<ScheduleCreate, 'runAt' | 'startsAt' | 'endsAt'> & {
  runAt: string | null;
  startsAt: string | null;
  endsAt: string | null;
};
type Named = { id: string; name: string };
export type AgentOption = Named & { project: Named | null };

/** Every key carries the organisation: after a switch no screen shows the previous one's. */
export const schedulerKeys = {
  all: (orgId: string | null) => ['scheduler', orgId] as const,
  list: (orgId: string | null, filter: object) => ['scheduler', orgId, 'list', filter] as const,
  fires: (orgId: string | null, id: string) => ['scheduler', orgId, 'fires', id] as const,
  calendar: (orgId: string | null, range: object) =>
    ['scheduler', orgId, 'calendar', range] as const,
  agents: (orgId: string | null) => ['scheduler', orgId, 'agents'] as const,
  projects: (orgId: string | null) => ['scheduler', orgId, 'projects'] as const,
};

export interface SchedulerFilter {
  agentId?: string;
  projectId?: string;
}

const clean = (filter: SchedulerFilter) =>
  Object.fromEntries(Object.entries(filter).filter(([, v]) => v)) as Record<string, string>;

export const schedulesQueryOptions = (orgId: string | null, filter: SchedulerFilter) =>
  queryOptions({
    queryKey: schedulerKeys.list(orgId, filter),
    queryFn: ({ signal }) =>
      api<{ items: ScheduleDto[] }>('/schedules', { query: clean(filter), signal }),
    enabled: orgId !== null,
  });

export const firesQueryOptions = (orgId: string | null, id: string) =>
  queryOptions({
    queryKey: schedulerKeys.fires(orgId, id),
    queryFn: ({ signal }) =>
      api<{ items: ScheduleFireDto[] }>(`/schedules/${encodeURIComponent(id)}/fires`, { signal }),
    enabled: orgId !== null,
    refetchInterval: 5_000,
  });

export const calendarQueryOptions = (
  orgId: string | null,
  range: { from: string; to: string } & SchedulerFilter,
) =>
  queryOptions({
    queryKey: schedulerKeys.calendar(orgId, range),
    queryFn: ({ signal }) =>
      api<CalendarDto>('/schedules/calendar', { query: clean(range), signal }),
    enabled: orgId !== null,
    refetchInterval: 15_000,
  });

/** The published agents (the only ones a schedule can run). */
export const publishedAgentsQueryOptions = (orgId: string | null) =>
  queryOptions({
    queryKey: schedulerKeys.agents(orgId),
    queryFn: ({ signal }) =>
      api<Page<AgentOption>>('/agents', {
        query: { status: 'published', pageSize: 100, sort: 'name', order: 'asc' },
        signal,
      }),
    enabled: orgId !== null,
    staleTime: 30_000,
  });

export const projectsQueryOptions = (orgId: string | null) =>
  queryOptions({
    queryKey: schedulerKeys.projects(orgId),
    queryFn: ({ signal }) =>
      api<Page<Named>>('/projects', {
        query: { pageSize: 100, sort: 'name', order: 'asc' },
        signal,
      }),
    enabled: orgId !== null,
    staleTime: 30_000,
  });

export type ScheduleAction = 'run' | 'pause' | 'resume' | 'duplicate' | 'delete';

const path = (id: string) => `/schedules/${encodeURIComponent(id)}`;

/** Create, change, move and the list's actions; each refreshes the scheduler's queries. */
export function useScheduleMutations(orgId: string | null) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: schedulerKeys.all(orgId) });
  const save = useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ScheduleInput }) =>
      id
        ? api<ScheduleDto>(path(id), { method: 'PATCH', body: input })
        : api<ScheduleDto>('/schedules', { method: 'POST', body: input }),
    onSuccess,
  });
  const move = useMutation({
    mutationFn: ({ id, runAt }: { id: string; runAt: string }) =>
      api<ScheduleDto>(`${path(id)}/move`, { method: 'POST', body: { runAt } }),
    onSuccess,
  });
  const act = useMutation({
    mutationFn: ({ id, action }: { id: string; action: ScheduleAction }) =>
      action === 'delete'
        ? api<void>(path(id), { method: 'DELETE' })
        : api<unknown>(`${path(id)}/${action}`, { method: 'POST', body: {} }),
    onSuccess,
  });
  return { save, move, act };
}
