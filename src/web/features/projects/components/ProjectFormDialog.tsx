import Alert from '@mui/material/Alert';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../api/projects';
import { projectErrorText } from '../errors';
import { ProjectFormFields, useProjectForm } from './ProjectForm';
import { FormDialog } from '../../../components/FormDialog';

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
  const editing = Boolean(project);
  const { form, submit, reset, error, pending } = useProjectForm({ project, onSaved });

  // Each opening starts from the project's current values (or an empty form).
  useEffect(() => {
    if (open) reset(project ?? null);
    // `reset` changes on every render; only a new opening (or another project) resets.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, project?.id]);

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      title={editing ? t('projects.edit.title') : t('projects.create.title')}
      intro={editing ? t('projects.edit.body') : t('projects.create.body')}
      submitLabel={editing ? t('common.saveChanges') : t('projects.create.submit')}
      pendingLabel={editing ? t('common.saving') : t('projects.create.submitting')}
    >
      {error ? <Alert severity="error">{projectErrorText(t, i18n.language, error)}</Alert> : null}
      <ProjectFormFields form={form} autoFocus />
    </FormDialog>
  );
}
