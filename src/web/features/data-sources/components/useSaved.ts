import { useQueryClient } from '@tanstack/react-query';
import { useAuthState } from '../../../lib/auth-store';
import { dataSourceKeys, type DataSourceDetail } from '../api/data-sources';

/** Puts a saved source in the cache (its page) and refreshes the lists. */
export function useSaved(source: DataSourceDetail) {
  const queryClient = useQueryClient();
  const orgId = useAuthState((state) => state.selectedOrgId);
  return (updated: DataSourceDetail) => {
    queryClient.setQueryData(dataSourceKeys.detail(orgId, source.id), updated);
    void queryClient.invalidateQueries({ queryKey: dataSourceKeys.all(orgId) });
  };
}
