import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
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

/** Saving a source's settings: "Settings saved", then the saved source in the cache. */
export function useSaveSource<V>(
  source: DataSourceDetail,
  save: (values: V) => Promise<DataSourceDetail>,
  onError: (error: unknown) => void,
) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const onSaved = useSaved(source);
  return useMutation({
    mutationFn: save,
    onSuccess: (updated) => {
      enqueueSnackbar(t('dataSources.settings.saved'), { variant: 'success' });
      onSaved(updated);
    },
    onError,
  });
}
