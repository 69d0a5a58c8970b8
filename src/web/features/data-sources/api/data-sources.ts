import { queryOptions } from '@tanstack/react-query';
import type { Page } from '../../../../shared/schemas/pagination';
import type {
  ConnectionTestResult,
  DataSourceDetailDto,
  DataSourceDto,
  DataSourceSchemaResult,
  DataSourceType,
  DataSourceUploadResult,
  QueryResult,
  UploadReport,
} from '../../../../shared/schemas/data-sources';
import { api } from '../../../lib/api';
import { downloadFile, type DownloadResult } from '../../../lib/download';

/** A data source as the API sends it (GET /api/v1/data-sources…); the secret is never sent. */
export type DataSourceItem = DataSourceDto;
export type DataSourceDetail = DataSourceDetailDto;

export interface DataSourceListParams {
  search?: string | undefined;
  type?: DataSourceType | undefined;
  sort?: 'name' | 'type' | 'createdAt' | 'updatedAt' | undefined;
  order?: 'asc' | 'desc' | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

export const dataSourceKeys = {
  all: (orgId: string | null) => ['data-sources', orgId] as const,
  list: (orgId: string | null, params: DataSourceListParams) =>
    ['data-sources', orgId, 'list', params] as const,
  detail: (orgId: string | null, id: string) => ['data-sources', orgId, 'detail', id] as const,
  schema: (orgId: string | null, id: string) => ['data-sources', orgId, 'schema', id] as const,
  project: (orgId: string | null, projectId: string, params: DataSourceListParams) =>
    ['data-sources', orgId, 'project', projectId, params] as const,
  projectOptions: (orgId: string | null, search: string) =>
    ['data-sources', orgId, 'project-options', search] as const,
};

export const dataSourcesQueryOptions = (orgId: string | null, params: DataSourceListParams) =>
  queryOptions({
    queryKey: dataSourceKeys.list(orgId, params),
    queryFn: ({ signal }) =>
      api<Page<DataSourceItem>>('/data-sources', { query: { ...params }, signal }),
    enabled: orgId !== null,
    placeholderData: (previous) => previous,
  });

export const dataSourceQueryOptions = (orgId: string | null, id: string) =>
  queryOptions({
    queryKey: dataSourceKeys.detail(orgId, id),
    queryFn: ({ signal }) => api<DataSourceDetail>(`/data-sources/${id}`, { signal }),
    enabled: orgId !== null,
  });

export const dataSourceSchemaQueryOptions = (orgId: string | null, id: string) =>
  queryOptions({
    queryKey: dataSourceKeys.schema(orgId, id),
    queryFn: ({ signal }) => api<DataSourceSchemaResult>(`/data-sources/${id}/schema`, { signal }),
    enabled: orgId !== null,
    retry: false,
  });

export const projectDataSourcesQueryOptions = (
  orgId: string | null,
  projectId: string,
  params: DataSourceListParams,
) =>
  queryOptions({
    queryKey: dataSourceKeys.project(orgId, projectId, params),
    queryFn: ({ signal }) =>
      api<Page<DataSourceItem>>(`/projects/${projectId}/data-sources`, {
        query: { ...params },
        signal,
      }),
    enabled: orgId !== null,
    placeholderData: (previous) => previous,
  });

/** The organisation's projects, for the assignment select (GET /api/v1/projects). */
export interface ProjectOption {
  id: string;
  name: string;
  status: string;
}

export const projectOptionsQueryOptions = (orgId: string | null, search: string) =>
  queryOptions({
    queryKey: dataSourceKeys.projectOptions(orgId, search),
    queryFn: ({ signal }) =>
      api<Page<ProjectOption>>('/projects', {
        query: { pageSize: 100, sort: 'name', search: search.trim() || undefined },
        signal,
      }),
    enabled: orgId !== null,
    placeholderData: (previous) => previous,
  });

export const createDataSource = (body: unknown) =>
  api<DataSourceDetail>('/data-sources', { method: 'POST', body });

export const updateDataSource = (id: string, body: unknown) =>
  api<DataSourceDetail>(`/data-sources/${id}`, { method: 'PATCH', body });

export const deleteDataSource = (id: string) =>
  api<void>(`/data-sources/${id}`, { method: 'DELETE' });

export const testUnsavedSettings = (body: unknown) =>
  api<ConnectionTestResult>('/data-sources/test', { method: 'POST', body });

export const testSavedSource = (id: string, body?: unknown) =>
  api<ConnectionTestResult>(`/data-sources/${id}/test`, {
    method: 'POST',
    ...(body === undefined ? {} : { body }),
  });

/** An organisation admin lets every member query a source whose role is privileged. */
export const acceptPrivilegedRole = (id: string) =>
  api<DataSourceDetail>(`/data-sources/${id}/accept-privileged-role`, { method: 'POST' });

export const runQuery = (id: string, body: unknown, signal?: AbortSignal) =>
  api<QueryResult>(`/data-sources/${id}/query`, {
    method: 'POST',
    body,
    ...(signal ? { signal } : {}),
  });

export const assignProject = (id: string, projectId: string) =>
  api<void>(`/data-sources/${id}/projects/${projectId}`, { method: 'PUT' });

export const unassignProject = (id: string, projectId: string) =>
  api<void>(`/data-sources/${id}/projects/${projectId}`, { method: 'DELETE' });

export type { UploadReport };

export interface UploadInput {
  file: File;
  name?: string | undefined;
  description?: string | undefined;
  /** Replace the file of this source. */
  dataSourceId?: string | undefined;
  skipInvalidRows: boolean;
}

export type UploadResult = DataSourceUploadResult;

/**
 * POST /api/v1/data-sources/files (multipart), reporting the share sent (0 to 1) as it goes.
 */
export function uploadDataSourceFile(
  input: UploadInput,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', input.file);
  if (input.name) form.append('name', input.name);
  if (input.description !== undefined) form.append('description', input.description);
  if (input.dataSourceId) form.append('dataSourceId', input.dataSourceId);
  form.append('skipInvalidRows', input.skipInvalidRows ? 'true' : 'false');
  return api<UploadResult>('/data-sources/files', {
    method: 'POST',
    body: form,
    onUploadProgress: onProgress,
    ...(signal ? { signal } : {}),
  });
}

/**
 * POST /api/v1/data-sources/{id}/query.csv: the console's request as a CSV file, saved by the
 * browser under the name the server gives.
 */
export function exportQueryCsv(
  id: string,
  body: unknown,
  fallbackName: string,
): Promise<DownloadResult> {
  return downloadFile(`/data-sources/${id}/query.csv`, {}, fallbackName, {
    method: 'POST',
    body,
  });
}
