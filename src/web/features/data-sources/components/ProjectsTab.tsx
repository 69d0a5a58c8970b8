import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { IconFolder, IconLink, IconLinkOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../../lib/ability';
import { useAuthState } from '../../../lib/auth-store';
import {
  projectOptionsQueryOptions,
  type DataSourceDetail,
  type ProjectOption,
} from '../api/data-sources';
import { useErrorText } from '../../../components/ErrorAlert';
import { SubmitForm } from '../../../components/SubmitForm';
import { AssignPicker, usePick } from './AssignPicker';
import { useAssignProject, useUnassignProject } from './useProjectLinks';

/** The projects a source is assigned to; who may update assigns or removes projects. */
export function ProjectsTab({ source }: { source: DataSourceDetail }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const canUpdate = ability.can('update', 'DataSource');
  const orgId = useAuthState((state) => state.selectedOrgId);
  const errorText = useErrorText();
  const pick = usePick<ProjectOption>();
  const selected = pick.selected;
  const options = useQuery({
    ...projectOptionsQueryOptions(orgId, pick.search),
    enabled: orgId !== null && canUpdate,
  });
  const assignedIds = new Set(source.projects.map((project) => project.id));
  const link = (project: { id: string; name: string }) => ({
    sourceId: source.id,
    projectId: project.id,
    name: project.name,
  });
  const assign = useAssignProject(
    (project) => t('dataSources.projects.assigned', { project }),
    pick.clear,
  );
  const unassign = useUnassignProject((project) =>
    t('dataSources.projects.unassigned', { project }),
  );

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h6" component="h2">
          {t('dataSources.projects.title')}
        </Typography>
        <Typography color="text.secondary">{t('dataSources.projects.subtitle')}</Typography>
      </div>

      {canUpdate ? (
        <SubmitForm
          onSubmit={() => {
            if (selected) assign.mutate(link(selected));
          }}
        >
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <AssignPicker
              sx={{ flex: 1, maxWidth: 480 }}
              pick={pick}
              options={options}
              assignedIds={assignedIds}
              small
              label={t('dataSources.projects.pick')}
              noOptionsText={t('dataSources.projects.noOptions')}
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
        </SubmitForm>
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
                      onClick={() => unassign.mutate(link(project))}
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
