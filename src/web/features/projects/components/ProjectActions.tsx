import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import {
  IconArchive,
  IconArrowBackUp,
  IconDotsVertical,
  IconExternalLink,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { useSnackbar } from 'notistack';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RouterMenuItem } from '../../../components/RouterLink';
import { useAbility } from '../../../lib/ability';
import { useDeleteProject, useSetProjectStatus, type Project } from '../api/projects';
import { projectErrorText } from '../errors';
import { dangerTextSx } from '../../../components/danger-styles';
import { ProjectFormDialog } from './ProjectFormDialog';

/** What the signed-in user may do with projects (the server checks again). */
export function useProjectRights() {
  const ability = useAbility();
  return {
    create: ability.can('create', 'Project'),
    update: ability.can('update', 'Project'),
    delete: ability.can('delete', 'Project'),
  };
}

export interface ProjectActions {
  edit: (project: Project) => void;
  setArchived: (project: Project, archived: boolean) => void;
  remove: (project: Project) => void;
  /** A status change in progress for this project. */
  busy: (project: Project) => boolean;
  /** The edit and delete dialogs; render once. */
  dialogs: ReactNode;
}

/**
 * Edit (dialog), archive or restore (at once, with an undo in the snackbar) and delete
 * (after a confirmation) for any project on the page.
 */
export function useProjectActions({
  onDeleted,
}: { onDeleted?: (project: Project) => void } = {}): ProjectActions {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const status = useSetProjectStatus();
  const del = useDeleteProject();
  const [editing, setEditing] = useState<Project | null>(null);
  const [deleting, setDeleting] = useState<Project | null>(null);
  const [pendingId, setPendingId] = useState<string | null>(null);

  const setArchived = (project: Project, archived: boolean, undo = true) => {
    setPendingId(project.id);
    status.mutate(
      { id: project.id, archived },
      {
        onSuccess: (saved) => {
          const message = archived
            ? t('projects.actions.archived', { name: saved.name })
            : t('projects.actions.restored', { name: saved.name });
          enqueueSnackbar(message, {
            variant: 'success',
            action: undo
              ? (key) => (
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() => {
                      closeSnackbar(key);
                      setArchived(saved, !archived, false);
                    }}
                  >
                    {t('projects.actions.undo')}
                  </Button>
                )
              : undefined,
          });
        },
        onError: (error) =>
          enqueueSnackbar(projectErrorText(t, i18n.language, error), { variant: 'error' }),
        onSettled: () => setPendingId(null),
      },
    );
  };

  const closeDelete = () => {
    if (del.isPending) return;
    setDeleting(null);
    del.reset();
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const project = deleting;
    del.mutate(project.id, {
      onSuccess: () => {
        enqueueSnackbar(t('projects.actions.deleted', { name: project.name }), {
          variant: 'success',
        });
        setDeleting(null);
        del.reset();
        onDeleted?.(project);
      },
    });
  };

  const dialogs = (
    <>
      <ProjectFormDialog
        open={editing !== null}
        project={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved, changed) => {
          setEditing(null);
          enqueueSnackbar(
            changed ? t('projects.edit.saved', { name: saved.name }) : t('projects.edit.noChanges'),
            { variant: changed ? 'success' : 'info' },
          );
        }}
      />
      <DeleteProjectDialog
        project={deleting}
        pending={del.isPending}
        error={del.error}
        onConfirm={confirmDelete}
        onClose={closeDelete}
      />
    </>
  );

  return {
    edit: setEditing,
    setArchived: (project, archived) => setArchived(project, archived),
    remove: (project) => {
      del.reset();
      setDeleting(project);
    },
    busy: (project) => pendingId === project.id,
    dialogs,
  };
}

function DeleteProjectDialog({
  project,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  project: Project | null;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // Keep the name while the dialog closes.
  const [shown, setShown] = useState<Project | null>(project);
  if (project && project !== shown) setShown(project);
  return (
    <ConfirmDialog
      destructive
      describeError={projectErrorText}
      open={project !== null}
      title={t('projects.delete.title')}
      body={t('projects.delete.body', { name: shown?.name ?? '' })}
      confirmLabel={pending ? t('projects.delete.submitting') : t('common.delete')}
      pending={pending}
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

/** The ⋮ menu of a project card or row: open, edit, archive or restore, delete (as allowed). */
export function ProjectActionsMenu({
  project,
  actions,
  showOpen = true,
  showEdit = true,
}: {
  project: Project;
  actions: ProjectActions;
  /** The 'Open' entry (not on the project's own page). */
  showOpen?: boolean;
  showEdit?: boolean;
}) {
  const { t } = useTranslation();
  const rights = useProjectRights();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const archived = project.status === 'archived';
  const then = (action: () => void) => () => {
    close();
    action();
  };
  // Nothing this user may do here: no menu at all.
  if (!showOpen && !(rights.update && showEdit) && !rights.update && !rights.delete) return null;
  return (
    <>
      <IconButton
        aria-label={t('projects.actions.menu', { name: project.name })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={actions.busy(project)}
        size="small"
      >
        <IconDotsVertical size={20} aria-hidden />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        {showOpen ? (
          <RouterMenuItem to="/projects/$id" params={{ id: project.id }} onClick={close}>
            <ListItemIcon>
              <IconExternalLink size={18} aria-hidden />
            </ListItemIcon>
            <ListItemText>{t('projects.actions.open')}</ListItemText>
          </RouterMenuItem>
        ) : null}
        {rights.update && showEdit ? (
          <MenuItem onClick={then(() => actions.edit(project))}>
            <ListItemIcon>
              <IconPencil size={18} aria-hidden />
            </ListItemIcon>
            <ListItemText>{t('projects.actions.edit')}</ListItemText>
          </MenuItem>
        ) : null}
        {rights.update ? (
          <MenuItem onClick={then(() => actions.setArchived(project, !archived))}>
            <ListItemIcon>
              {archived ? (
                <IconArrowBackUp size={18} aria-hidden />
              ) : (
                <IconArchive size={18} aria-hidden />
              )}
            </ListItemIcon>
            <ListItemText>
              {archived ? t('projects.actions.restore') : t('projects.actions.archive')}
            </ListItemText>
          </MenuItem>
        ) : null}
        {rights.delete ? (
          <MenuItem onClick={then(() => actions.remove(project))} sx={dangerTextSx}>
            <ListItemIcon sx={{ color: 'inherit' }}>
              <IconTrash size={18} aria-hidden />
            </ListItemIcon>
            <ListItemText>{t('common.delete')}</ListItemText>
          </MenuItem>
        ) : null}
      </Menu>
    </>
  );
}
