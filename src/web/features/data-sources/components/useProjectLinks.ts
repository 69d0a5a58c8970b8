import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../components/ErrorAlert';
import { useAuthState } from '../../../lib/auth-store';
import { assignProject, dataSourceKeys, unassignProject } from '../api/data-sources';

/** A source and a project; `name` is the one the user picked, for the message. */
export interface ProjectLink {
  sourceId: string;
  projectId: string;
  name: string;
}

function useRefreshSources() {
  const queryClient = useQueryClient();
  const orgId = useAuthState((state) => state.selectedOrgId);
  return () => queryClient.invalidateQueries({ queryKey: dataSourceKeys.all(orgId) });
}

/** Assigns a source to a project: the user is told, the data refreshed, then `onDone`. */
export function useAssignProject(successText: (name: string) => string, onDone: () => void) {
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshSources();
  return useMutation({
    mutationFn: (link: ProjectLink) => assignProject(link.sourceId, link.projectId),
    onSuccess: (_data, link) => {
      enqueueSnackbar(successText(link.name), { variant: 'success' });
      void refresh();
      onDone();
    },
  });
}

/**
 * Removes a source from a project. Its button stands in a list, so a failure is told in a
 * snackbar; the data is refreshed either way (before the buttons are enabled again).
 */
export function useUnassignProject(successText: (name: string) => string) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshSources();
  return useMutation({
    mutationFn: (link: ProjectLink) => unassignProject(link.sourceId, link.projectId),
    onSuccess: (_data, link) => {
      enqueueSnackbar(successText(link.name), { variant: 'success' });
    },
    onError: (error) =>
      enqueueSnackbar(t('dataSources.panel.actionFailed', { message: errorText(error) }), {
        variant: 'error',
      }),
    onSettled: () => refresh(),
  });
}
