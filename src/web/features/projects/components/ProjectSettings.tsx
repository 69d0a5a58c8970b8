import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconArchive, IconArrowBackUp, IconTrash } from '@tabler/icons-react';
import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../api/projects';
import { projectErrorText } from '../errors';
import { dangerFilledSx, dangerTextSx } from '../../../components/danger-styles';
import { useProjectRights, type ProjectActions } from './ProjectActions';
import { ProjectFormFields, useProjectForm } from './ProjectForm';
import { SubmitForm } from '../../../components/SubmitForm';

/** The settings tab: the edit form, archive or restore, and delete (as the user may). */
export function ProjectSettings({
  project,
  actions,
}: {
  project: Project;
  actions: ProjectActions;
}) {
  const { t } = useTranslation();
  const rights = useProjectRights();
  const archived = project.status === 'archived';

  return (
    <Stack spacing={3}>
      {rights.update ? (
        <SettingsForm project={project} />
      ) : (
        <Alert severity="info">{t('projects.settings.readOnly')}</Alert>
      )}

      {rights.update ? (
        <Card variant="outlined">
          <CardHeader
            title={
              archived ? t('projects.settings.restoreTitle') : t('projects.settings.archiveTitle')
            }
            slotProps={{ title: { component: 'h2', variant: 'h6' } }}
          />
          <CardContent sx={{ pt: 0 }}>
            <Typography color="text.secondary">
              {archived ? t('projects.settings.restoreBody') : t('projects.settings.archiveBody')}
            </Typography>
          </CardContent>
          <CardActions sx={{ px: 2, pb: 2 }}>
            <Button
              variant="outlined"
              startIcon={
                archived ? (
                  <IconArrowBackUp size={18} aria-hidden />
                ) : (
                  <IconArchive size={18} aria-hidden />
                )
              }
              onClick={() => actions.setArchived(project, !archived)}
              disabled={actions.busy(project)}
            >
              {archived ? t('projects.actions.restore') : t('projects.actions.archive')}
            </Button>
          </CardActions>
        </Card>
      ) : null}

      {rights.delete ? (
        <Card variant="outlined" sx={{ borderColor: 'error.main' }}>
          <CardHeader
            title={t('projects.settings.deleteTitle')}
            slotProps={{ title: { component: 'h2', variant: 'h6', sx: dangerTextSx } }}
          />
          <CardContent sx={{ pt: 0 }}>
            <Typography color="text.secondary">{t('projects.settings.deleteBody')}</Typography>
          </CardContent>
          <CardActions sx={{ px: 2, pb: 2 }}>
            <Button
              variant="contained"
              sx={dangerFilledSx}
              startIcon={<IconTrash size={18} aria-hidden />}
              onClick={() => actions.remove(project)}
            >
              {t('projects.settings.deleteButton')}
            </Button>
          </CardActions>
        </Card>
      ) : null}
    </Stack>
  );
}

function SettingsForm({ project }: { project: Project }) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { form, submit, reset, error, pending } = useProjectForm({
    project,
    onSaved: (saved, changed) => {
      reset(saved);
      enqueueSnackbar(
        changed ? t('projects.edit.saved', { name: saved.name }) : t('projects.edit.noChanges'),
        { variant: changed ? 'success' : 'info' },
      );
    },
  });
  const dirty = form.formState.isDirty;

  // A change from elsewhere (the header's dialog, archive or restore) shows here unless the
  // form holds unsaved edits.
  useEffect(() => {
    if (!form.formState.isDirty) reset(project);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [project]);

  return (
    <Card variant="outlined">
      <SubmitForm onSubmit={submit}>
        <CardHeader
          title={t('projects.settings.generalTitle')}
          subheader={t('projects.settings.generalBody')}
          slotProps={{
            title: { component: 'h2', variant: 'h6' },
            subheader: { color: 'text.secondary' },
          }}
        />
        <CardContent sx={{ pt: 0 }}>
          {error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {projectErrorText(t, i18n.language, error)}
            </Alert>
          ) : null}
          <ProjectFormFields form={form} />
        </CardContent>
        <Divider />
        <CardActions sx={{ px: 2, py: 1.5, justifyContent: 'flex-end' }}>
          <Button onClick={() => reset(project)} disabled={pending || !dirty}>
            {t('projects.settings.discard')}
          </Button>
          <Button type="submit" variant="contained" disabled={pending || !dirty}>
            {pending ? t('common.saving') : t('common.saveChanges')}
          </Button>
        </CardActions>
      </SubmitForm>
    </Card>
  );
}
