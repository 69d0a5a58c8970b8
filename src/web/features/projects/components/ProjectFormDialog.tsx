import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../api/projects';
import { projectErrorText } from '../errors';
import { ProjectFormFields, useProjectForm } from './ProjectForm';

/** Creates a project (no `project`) or edits one, in a dialog. */
export function ProjectFormDialog({
  open,
  project,
  onClose,
  onSaved,
}: {
  open: boolean;
  project?: Project | null;
  onClose: () => void;
  onSaved: (project: Project, changed: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const editing = Boolean(project);
  const { form, submit, reset, error, pending } = useProjectForm({ project, onSaved });

  // Each opening starts from the project's current values (or an empty form).
  useEffect(() => {
    if (open) reset(project ?? null);
    // `reset` changes on every render; only a new opening (or another project) resets.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, project?.id]);

  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>
          {editing ? t('projects.edit.title') : t('projects.create.title')}
        </DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText>
            {editing ? t('projects.edit.body') : t('projects.create.body')}
          </DialogContentText>
          {error ? (
            <Alert severity="error">{projectErrorText(t, i18n.language, error)}</Alert>
          ) : null}
          <ProjectFormFields form={form} autoFocus />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {editing
              ? pending
                ? t('common.saving')
                : t('common.saveChanges')
              : pending
                ? t('projects.create.submitting')
                : t('projects.create.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
