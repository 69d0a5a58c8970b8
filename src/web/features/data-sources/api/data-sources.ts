import { queryOptions } from '@tanstack/react-query';
import type { Page } from '../../../../shared/schemas/pagination';
import type {
  ConnectionTestResult,
  DataSourceSchemaResult,
  DataSourceType,
  QueryResult,
  UploadReport,
} from '../../../../shared/schemas/data-sources';
import { isApiError } from '../../../../shared/schemas/error';
import { api, API_BASE, ApiError } from '../../../lib/api';
import { filenameFromDisposition } from '../../../lib/download';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage';

/** A data source as the API sends it (GET /api/v1/data-sources…); the secret is never sent. */
export interface DataSourceItem {
  id: string;
  name: string;
  description: string;
  type: DataSourceType;
  config: Record<string, unknown>;
  hasSecret: boolean;
  privilegedRoleAccepted: boolean;
  projectCount: number;
  createdBy: { id: string; name: string } | null;
  createdAt: string;
  updatedAt: string;
}

export interface DataSourceDetail extends DataSourceItem {
  projects: { id: string; name: string }[];
}

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
    queryKey: ['data-sources', orgId, 'project-options', search] as const,
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

export interface UploadResult {
  dataSource: DataSourceDetail;
  report: UploadReport;
}

function organizationHeader(): Record<string, string> {
  const orgId = readStorage(STORAGE_KEYS.selectedOrgId);
  return orgId ? { 'X-Organization-Id': orgId } : {};
}

function apiErrorOf(status: number, text: string, statusText: string): ApiError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return new ApiError(
    status,
    isApiError(parsed)
      ? parsed.error
      : { code: `HTTP_${status}`, message: statusText || `HTTP ${status}` },
  );
}

/**
 * POST /api/v1/data-sources/files (multipart), reporting the share sent (0 to 1) as it goes:
 * fetch cannot tell the progress of an upload, XMLHttpRequest can.
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
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}/data-sources/files`);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(organizationHeader())) {
      request.setRequestHeader(name, value);
    }
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve(JSON.parse(request.responseText) as UploadResult);
        } catch {
          reject(
            new ApiError(request.status, {
              code: 'INVALID_RESPONSE',
              message: 'The server sent a response that is not JSON',
            }),
          );
        }
        return;
      }
      reject(apiErrorOf(request.status, request.responseText, request.statusText));
    };
    request.onerror = () =>
      reject(new ApiError(0, { code: 'NETWORK_ERROR', message: 'Network error' }));
    request.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

export interface ExportResult {
  filename: string;
  /** The server cut the export at its row limit. */
  truncated: boolean;
}

/**
 * POST /api/v1/data-sources/{id}/query.csv: the console's request as a CSV file, saved by the
 * browser under the name the server gives.
 */
export async function exportQueryCsv(
  id: string,
  body: unknown,
  fallbackName: string,
): Promise<ExportResult> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/data-sources/${id}/query.csv`, {
      method: 'POST',
      headers: {
        Accept: 'text/csv, application/json',
        'Content-Type': 'application/json',
        ...organizationHeader(),
      },
      body: JSON.stringify(body),
      credentials: 'include',
    });
  } catch (cause) {
    throw new ApiError(0, { code: 'NETWORK_ERROR', message: 'Network error' }, undefined, {
      cause,
    });
  }
  if (!response.ok) {
    throw apiErrorOf(response.status, await response.text(), response.statusText);
  }
  const blob = await response.blob();
  const filename = filenameFromDisposition(
    response.headers.get('content-disposition'),
    fallbackName,
  );
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  return { filename, truncated: response.headers.get('x-export-truncated') === 'true' };
}
