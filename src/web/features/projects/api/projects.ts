import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Page } from '../../../../shared/schemas/pagination';
import type {
  ProjectCreate,
  ProjectDto,
  ProjectOverviewDto,
  ProjectUpdate,
} from '../../../../shared/schemas/projects';
import { api } from '../../../lib/api';
import { pageQueryOptions } from '../../../lib/paged-query';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage';
import type { ProjectListParams } from '../list-search';

export type Project = ProjectDto;
export type ProjectOverview = ProjectOverviewDto;

/**
 * Every key carries the selected organisation, so that after a switch no screen shows the
 * previous organisation's projects while the new ones load.
 */
export const projectKeys = {
  all: (orgId: string | null) => ['projects', orgId] as const,
  lists: (orgId: string | null) => ['projects', orgId, 'list'] as const,
  list: (orgId: string | null, params: ProjectListParams) =>
    ['projects', orgId, 'list', params] as const,
  detail: (orgId: string | null, id: string) => ['projects', orgId, 'detail', id] as const,
  overview: (orgId: string | null, id: string) => ['projects', orgId, 'overview', id] as const,
};

const path = (id: string) => `/projects/${encodeURIComponent(id)}`;

export const projectsQueryOptions = (orgId: string | null, params: ProjectListParams) =>
  pageQueryOptions<Page<Project>>(
    projectKeys.list(orgId, params),
    '/projects',
    {
      page: params.page,
      pageSize: params.pageSize,
      search: params.search,
      status: params.status,
      sort: params.sort,
      order: params.order,
    },
    { enabled: orgId !== null },
  );

export const projectQueryOptions = (orgId: string | null, id: string) =>
  queryOptions({
    queryKey: projectKeys.detail(orgId, id),
    queryFn: ({ signal }) => api<Project>(path(id), { signal }),
    enabled: orgId !== null,
  });

export const projectOverviewQueryOptions = (orgId: string | null, id: string) =>
  queryOptions({
    queryKey: projectKeys.overview(orgId, id),
    queryFn: ({ signal }) => api<ProjectOverview>(`${path(id)}/overview`, { signal }),
    enabled: orgId !== null,
  });

/** After any change: the project's own queries take the new record, every list reloads. */
async function refresh(queryClient: QueryClient, project?: Project) {
  const orgId = readStorage(STORAGE_KEYS.selectedOrgId);
  if (project) queryClient.setQueryData(projectKeys.detail(orgId, project.id), project);
  await queryClient.invalidateQueries({ queryKey: projectKeys.all(orgId) });
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProjectCreate) =>
      api<Project>('/projects', { method: 'POST', body: input }),
    onSuccess: (project) => refresh(queryClient, project),
  });
}

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: ProjectUpdate }) =>
      api<Project>(path(id), { method: 'PATCH', body: changes }),
    onSuccess: (project) => refresh(queryClient, project),
  });
}

/** Archive (status archived) or restore (status active) a project. */
export function useSetProjectStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) =>
      api<Project>(`${path(id)}/${archived ? 'archive' : 'restore'}`, { method: 'POST' }),
    onSuccess: (project) => refresh(queryClient, project),
  });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(path(id), { method: 'DELETE' }),
    onSuccess: async (_result, id) => {
      const orgId = readStorage(STORAGE_KEYS.selectedOrgId);
      queryClient.removeQueries({ queryKey: projectKeys.detail(orgId, id) });
      queryClient.removeQueries({ queryKey: projectKeys.overview(orgId, id) });
      await queryClient.invalidateQueries({ queryKey: projectKeys.lists(orgId) });
    },
  });
}
