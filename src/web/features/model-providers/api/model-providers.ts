import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ModelDiscoveryResult,
  ModelProviderDto,
  ModelProviderList,
  ModelProviderTestResult,
  ProviderHeaderInput,
  ProviderModel,
} from '../../../../shared/schemas/model-providers';
import { api } from '../../../lib/api';

/** A model provider as the API sends it: never its key or header values. */
export type ModelProvider = ModelProviderDto;

/** What create and update send (`apiKey`: absent keeps the stored key, null removes it). */
export interface ModelProviderBody {
  name: string;
  baseUrl: string;
  apiKey?: string | null;
  models: ProviderModel[];
  defaultModel: string | null;
  headers: ProviderHeaderInput[];
}

export interface DiscoverBody {
  providerId?: string;
  baseUrl: string;
  apiKey?: string;
  headers?: ProviderHeaderInput[];
}

/** Keys start with the organisation's id: after a switch no screen shows the previous one's. */
export const modelProviderKeys = {
  all: (orgId: string | null) => ['model-providers', orgId] as const,
};

export const modelProvidersQueryOptions = (orgId: string | null) =>
  queryOptions({
    queryKey: modelProviderKeys.all(orgId),
    queryFn: ({ signal }) => api<ModelProviderList>('/model-providers', { signal }),
    enabled: orgId !== null,
  });

/** A change of the organisation's providers that reloads the list when it succeeds. */
function useProviderMutation<TVariables, TResult>(
  orgId: string | null,
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modelProviderKeys.all(orgId) }),
  });
}

export const useSaveModelProvider = (orgId: string | null) =>
  useProviderMutation(orgId, ({ id, body }: { id: string | null; body: ModelProviderBody }) =>
    id
      ? api<ModelProvider>(`/model-providers/${encodeURIComponent(id)}`, {
          method: 'PATCH',
          body,
        })
      : api<ModelProvider>('/model-providers', { method: 'POST', body }),
  );

export const useDeleteModelProvider = (orgId: string | null) =>
  useProviderMutation(orgId, (provider: ModelProvider) =>
    api<void>(`/model-providers/${encodeURIComponent(provider.id)}`, { method: 'DELETE' }),
  );

export const useTestModelProvider = () =>
  useMutation({
    mutationFn: (provider: ModelProvider) =>
      api<ModelProviderTestResult>(`/model-providers/${encodeURIComponent(provider.id)}/test`, {
        method: 'POST',
        body: {},
      }),
  });

export const useDiscoverModels = () =>
  useMutation({
    mutationFn: (body: DiscoverBody) =>
      api<ModelDiscoveryResult>('/model-providers/models/discover', { method: 'POST', body }),
  });
