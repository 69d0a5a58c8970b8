import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { IconFolder, IconLink, IconLinkOff } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../../lib/ability';
import { useAuthState } from '../../../lib/auth-store';
import {
  assignProject,
  dataSourceKeys,
  projectOptionsQueryOptions,
  unassignProject,
  type DataSourceDetail,
  type ProjectOption,
} from '../api/data-sources';
import { useErrorText } from '../../../components/ErrorAlert';

/** The projects a source is assigned to; who may update assigns or removes projects. */
export function ProjectsTab({ source }: { source: DataSourceDetail }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const canUpdate = ability.can('update', 'DataSource');
  const orgId = useAuthState((state) => state.selectedOrgId);
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<ProjectOption | null>(null);
  const options = useQuery({
    ...projectOptionsQueryOptions(orgId, search),
    enabled: orgId !== null && canUpdate,
  });
  const assignedIds = new Set(source.projects.map((project) => project.id));
  const refresh = () => queryClient.invalidateQueries({ queryKey: dataSourceKeys.all(orgId) });

  const assign = useMutation({
    mutationFn: (project: ProjectOption) => assignProject(source.id, project.id),
    onSuccess: (_data, project) => {
      enqueueSnackbar(t('dataSources.projects.assigned', { project: project.name }), {
        variant: 'success',
      });
      setSelected(null);
      setSearch('');
      void refresh();
    },
  });
  const unassign = useMutation({
    mutationFn: (project: { id: string; name: string }) => unassignProject(source.id, project.id),
    onSuccess: (_data, project) => {
      enqueueSnackbar(t('dataSources.projects.unassigned', { project: project.name }), {
        variant: 'success',
      });
      void refresh();
    },
    onError: (error) =>
      enqueueSnackbar(t('dataSources.panel.actionFailed', { message: errorText(error) }), {
        variant: 'error',
      }),
  });

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h6" component="h2">
          {t('dataSources.projects.title')}
        </Typography>
        <Typography color="text.secondary">{t('dataSources.projects.subtitle')}</Typography>
      </div>

      {canUpdate ? (
        <Stack
          component="form"
          noValidate
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { sm: 'flex-start' } }}
          onSubmit={(event) => {
            event.preventDefault();
            if (selected) assign.mutate(selected);
          }}
        >
          <Autocomplete
            sx={{ flex: 1, maxWidth: 480 }}
            options={(options.data?.items ?? []).filter((project) => !assignedIds.has(project.id))}
            value={selected}
            onChange={(_event, value) => setSelected(value)}
            onInputChange={(_event, value, reason) => {
              if (reason === 'input') setSearch(value);
            }}
            filterOptions={(list) => list}
            getOptionLabel={(option) => option.name}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            loading={options.isFetching}
            loadingText={t('common.loading')}
            noOptionsText={t('dataSources.projects.noOptions')}
            renderInput={(params) => (
              <TextField {...params} size="small" label={t('dataSources.projects.pick')} />
            )}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={!selected || assign.isPending}
            startIcon={<IconLink size={18} aria-hidden />}
          >
            {t('dataSources.projects.assign')}
          </Button>
        </Stack>
      ) : null}
      {options.isError ? (
        <Alert severity="error">
          {t('dataSources.projects.optionsFailed', { message: errorText(options.error) })}
        </Alert>
      ) : null}
      {assign.isError ? <Alert severity="error">{errorText(assign.error)}</Alert> : null}

      {source.projects.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {t('dataSources.projects.empty')}
        </Typography>
      ) : (
        <List aria-label={t('dataSources.projects.listLabel')} sx={{ maxWidth: 640 }}>
          {source.projects.map((project) => (
            <ListItem
              key={project.id}
              divider
              secondaryAction={
                canUpdate ? (
                  <Tooltip title={t('dataSources.projects.unassign', { project: project.name })}>
                    <IconButton
                      edge="end"
                      aria-label={t('dataSources.projects.unassign', { project: project.name })}
                      onClick={() => unassign.mutate(project)}
                      disabled={unassign.isPending}
                    >
                      <IconLinkOff size={18} aria-hidden />
                    </IconButton>
                  </Tooltip>
                ) : null
              }
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <IconFolder size={20} aria-hidden />
              </ListItemIcon>
              <ListItemText primary={project.name} />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
