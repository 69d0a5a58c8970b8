import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdatedCount } from '../../../../shared/schemas/common';
import type {
  CustomerActivityDto,
  CustomerBulkDeleteResult,
  CustomerCreate,
  CustomerDetailDto,
  CustomerImportMapping,
  CustomerImportReport,
  CustomerImportResult,
  CustomerOwnerDto,
  CustomerPage,
  CustomerSortField,
  CustomerStatus,
  CustomerTags,
  CustomerUpdate,
} from '../../../../shared/schemas/customers';
import type { Page } from '../../../../shared/schemas/pagination';
import type { SortOrder } from '../../../../shared/schemas/query';
import { api } from '../../../lib/api';
import { pageQueryOptions } from '../../../lib/paged-query';
import { downloadFile } from '../../../lib/download';

/** The list's filters as the API takes them (the export takes the same, without paging). */
export interface CustomerFilters {
  search?: string | undefined;
  status?: CustomerStatus | undefined;
  /** A member's id, or `none`. */
  owner?: string | undefined;
  /** Comma-separated. */
  tags?: string | undefined;
  sort: CustomerSortField;
  order: SortOrder;
}

export interface CustomerListParams extends CustomerFilters {
  page: number;
  pageSize: number;
}

/**
 * Every key starts with the selected organisation, so that after a switch no screen shows the
 * previous organisation's customers while the new ones load.
 */
const ROOT = 'customers';
export const customerKeys = {
  all: (orgId: string | null) => [ROOT, orgId] as const,
  list: (orgId: string | null, params: CustomerListParams) =>
    [ROOT, orgId, 'list', params] as const,
  detail: (orgId: string | null, id: string) => [ROOT, orgId, 'detail', id] as const,
  tags: (orgId: string | null) => [ROOT, orgId, 'tags'] as const,
  owners: (orgId: string | null) => [ROOT, orgId, 'owners'] as const,
};

const path = (id: string) => `/customers/${encodeURIComponent(id)}`;

export const customersQueryOptions = (orgId: string | null, params: CustomerListParams) =>
  pageQueryOptions<CustomerPage>(
    customerKeys.list(orgId, params),
    '/customers',
    { ...params },
    { enabled: orgId !== null },
  );

export const customerQueryOptions = (orgId: string | null, id: string) =>
  queryOptions({
    queryKey: customerKeys.detail(orgId, id),
    queryFn: ({ signal }) => api<CustomerDetailDto>(path(id), { signal }),
    enabled: orgId !== null,
  });

export const customerTagsQueryOptions = (orgId: string | null) =>
  queryOptions({
    queryKey: customerKeys.tags(orgId),
    queryFn: ({ signal }) =>
      api<CustomerTags>('/customers/tags', { signal }).then((body) => body.items),
    enabled: orgId !== null,
  });

/** The organisation's members (the owners one can choose), by name; the API pages at 100. */
export const ownersQueryOptions = (orgId: string | null) =>
  queryOptions({
    queryKey: customerKeys.owners(orgId),
    queryFn: ({ signal }) =>
      api<Page<CustomerOwnerDto>>('/users', {
        query: { scope: 'organization', sort: 'name', order: 'asc', page: 1, pageSize: 100 },
        signal,
      }).then((body) => body.items.map(({ id, name, email }) => ({ id, name, email }))),
    enabled: orgId !== null,
    staleTime: 60_000,
  });

/** Saves the CSV of the customers matching `filters` (same filters and sort as the list). */
export const exportCustomers = (filters: CustomerFilters) =>
  downloadFile('/customers/export.csv', { ...filters }, 'customers.csv');

/** A change to customers: afterwards every customer query of the organisation reloads. */
function useCustomerMutation<TInput, TResult>(
  orgId: string | null,
  call: (input: TInput) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all(orgId) }),
  });
}

export const useCreateCustomer = (orgId: string | null) =>
  useCustomerMutation(orgId, (input: CustomerCreate) =>
    api<CustomerDetailDto>('/customers', { method: 'POST', body: input }),
  );

export const useUpdateCustomer = (orgId: string | null) =>
  useCustomerMutation(orgId, ({ id, changes }: { id: string; changes: Partial<CustomerUpdate> }) =>
    api<CustomerDetailDto>(path(id), { method: 'PATCH', body: changes }),
  );

export const useDeleteCustomer = (orgId: string | null) =>
  useCustomerMutation(orgId, (id: string) => api<void>(path(id), { method: 'DELETE' }));

export const useAddNote = (orgId: string | null) =>
  useCustomerMutation(orgId, ({ id, body }: { id: string; body: string }) =>
    api<CustomerActivityDto>(`${path(id)}/notes`, { method: 'POST', body: { body } }),
  );

export const useBulkStatus = (orgId: string | null) =>
  useCustomerMutation(orgId, (input: { ids: string[]; status: CustomerStatus }) =>
    api<UpdatedCount>('/customers/bulk/status', { method: 'POST', body: input }),
  );

export const useBulkDelete = (orgId: string | null) =>
  useCustomerMutation(orgId, (ids: string[]) =>
    api<CustomerBulkDeleteResult>('/customers/bulk/delete', { method: 'POST', body: { ids } }),
  );

/** Checks a file (nothing is written); without a mapping the server suggests one. */
export const previewImport = (csv: string, mapping?: CustomerImportMapping) =>
  api<CustomerImportReport>('/customers/import/preview', {
    method: 'POST',
    body: mapping ? { csv, mapping } : { csv },
  });

export const useCommitImport = (orgId: string | null) =>
  useCustomerMutation(orgId, (input: { csv: string; mapping: CustomerImportMapping }) =>
    api<CustomerImportResult>('/customers/import/commit', { method: 'POST', body: input }),
  );
