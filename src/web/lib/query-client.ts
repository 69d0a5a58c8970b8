import { QueryClient } from '@tanstack/react-query';
import { QUERY_DEFAULTS } from '../../shared/constants';

/** TanStack Query with the spec's defaults (section 9). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_DEFAULTS.staleTimeMs,
        gcTime: QUERY_DEFAULTS.gcTimeMs,
        retry: QUERY_DEFAULTS.queryRetry,
        refetchOnWindowFocus: QUERY_DEFAULTS.refetchOnWindowFocus,
      },
      mutations: { retry: QUERY_DEFAULTS.mutationRetry },
    },
  });
}
