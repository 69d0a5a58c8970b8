/**
 * What the builder's node forms pick from: the organisation's model providers (with their
 * models), its data sources, and a data source's tables and columns (SQL completion). Called
 * here rather than through the model-providers and data-sources features (features do not
 * import each other).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  DataSourceSchemaResult,
  DataSourceType,
} from '../../../../shared/schemas/data-sources';
import type { ModelProviderList } from '../../../../shared/schemas/model-providers';
import type { Page } from '../../../../shared/schemas/pagination';
import { api } from '../../../lib/api';
import { useAuthState } from '../../../lib/auth-store';

/** A model provider as the forms show it. */
export interface ProviderChoice {
  id: string;
  name: string;
  models: string[];
  defaultModel: string | null;
}

/** A data source as the forms show it. */
export interface DataSourceChoice {
  id: string;
  name: string;
  type: DataSourceType;
}

/** Table name → its column names (what the SQL editor completes). */
export type TableColumns = Record<string, string[]>;

export const builderLookupKeys = {
  providers: (orgId: string | null) => ['agents', orgId, 'builder', 'providers'] as const,
  dataSources: (orgId: string | null) => ['agents', orgId, 'builder', 'data-sources'] as const,
  tables: (orgId: string | null, dataSourceId: string) =>
    ['agents', orgId, 'builder', 'data-sources', dataSourceId, 'tables'] as const,
};

const STALE_MS = 30_000;

/** GET /model-providers: every provider of the organisation (never a key). */
export const providerChoicesQueryOptions = (orgId: string | null) =>
  queryOptions({
    queryKey: builderLookupKeys.providers(orgId),
    queryFn: async ({ signal }): Promise<ProviderChoice[]> => {
      const { items } = await api<ModelProviderList>('/model-providers', { signal });
      return items.map((provider) => ({
        id: provider.id,
        name: provider.name,
        models: provider.models.map((model) => model.id),
        defaultModel: provider.defaultModel,
      }));
    },
    enabled: orgId !== null,
    staleTime: STALE_MS,
  });

/** GET /data-sources: the organisation's first hundred data sources, by name. */
export const dataSourceChoicesQueryOptions = (orgId: string | null) =>
  queryOptions({
    queryKey: builderLookupKeys.dataSources(orgId),
    queryFn: async ({ signal }): Promise<DataSourceChoice[]> => {
      const page = await api<Page<DataSourceChoice>>('/data-sources', {
        query: { pageSize: 100, sort: 'name', order: 'asc' },
        signal,
      });
      return page.items.map(({ id, name, type }) => ({ id, name, type }));
    },
    enabled: orgId !== null,
    staleTime: STALE_MS,
  });

/** A table's name as SQL would write it: qualified unless it lives in the default schema. */
const tableName = (table: DataSourceSchemaResult['tables'][number]) =>
  table.schema && table.schema !== 'public' ? `${table.schema}.${table.name}` : table.name;

/** The tables and columns of a data source, as the SQL editor's completion schema. */
export function tableColumns(result: DataSourceSchemaResult): TableColumns {
  const tables: TableColumns = {};
  for (const table of result.tables) {
    tables[tableName(table)] = table.columns.map((column) => column.name);
  }
  return tables;
}

/** GET /data-sources/{id}/schema: its tables and columns (empty for HTTP APIs). */
export const tableColumnsQueryOptions = (orgId: string | null, dataSourceId: string) =>
  queryOptions({
    queryKey: builderLookupKeys.tables(orgId, dataSourceId),
    queryFn: async ({ signal }) =>
      tableColumns(
        await api<DataSourceSchemaResult>(
          `/data-sources/${encodeURIComponent(dataSourceId)}/schema`,
          { signal },
        ),
      ),
    enabled: orgId !== null && dataSourceId !== '',
    staleTime: 5 * 60_000,
    retry: false,
  });

const useOrgId = () => useAuthState((state) => state.selectedOrgId);

export function useProviderChoices() {
  return useQuery(providerChoicesQueryOptions(useOrgId()));
}

export function useDataSourceChoices() {
  return useQuery(dataSourceChoicesQueryOptions(useOrgId()));
}

export function useTableColumns(dataSourceId: string) {
  return useQuery(tableColumnsQueryOptions(useOrgId(), dataSourceId));
}
