import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { IconCopy, IconDotsVertical, IconDownload, IconTrash } from '@tabler/icons-react';
import { useSnackbar } from 'notistack';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { dangerTextSx } from '../../../components/danger-styles';
import { useAbility } from '../../../lib/ability';
import {
  useDeleteAgent,
  useDuplicateAgent,
  useExportAgent,
  type AgentSummary,
} from '../api/agents';
import { agentErrorText } from '../errors';

/** What the signed-in user may do with agents (the server checks again). */
export function useAgentRights() {
  const ability = useAbility();
  return {
    create: ability.can('create', 'Agent'),
    read: ability.can('read', 'Agent'),
    delete: ability.can('delete', 'Agent'),
  };
}

export interface AgentActions {
  duplicate: (agent: AgentSummary) => void;
  exportFile: (agent: AgentSummary) => void;
  remove: (agent: AgentSummary) => void;
  /** A duplicate or export in progress for this agent. */
  busy: (agent: AgentSummary) => boolean;
  /** The delete confirmation; render once. */
  dialogs: ReactNode;
}

/** Duplicate (at once), export (a download) and delete (after a confirmation) for any agent. */
export function useAgentActions(): AgentActions {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const duplicate = useDuplicateAgent();
  const exporter = useExportAgent();
  const del = useDeleteAgent();
  const [deleting, setDeleting] = useState<AgentSummary | null>(null);
  const [pendingId, setPendingId] = useState<string | null>(null);
  const fail = (error: unknown) =>
    enqueueSnackbar(agentErrorText(t, i18n.language, error), { variant: 'error' });

  const closeDelete = () => {
    if (del.isPending) return;
    setDeleting(null);
    del.reset();
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const agent = deleting;
    del.mutate(agent.id, {
      onSuccess: () => {
        enqueueSnackbar(t('agents.actions.deleted', { name: agent.name }), { variant: 'success' });
        setDeleting(null);
        del.reset();
      },
    });
  };

  return {
    duplicate: (agent) => {
      setPendingId(agent.id);
      duplicate.mutate(agent.id, {
        onSuccess: (copy) =>
          enqueueSnackbar(t('agents.actions.duplicated', { name: copy.name }), {
            variant: 'success',
          }),
        onError: fail,
        onSettled: () => setPendingId(null),
      });
    },
    exportFile: (agent) => {
      setPendingId(agent.id);
      exporter.mutate(agent, {
        onSuccess: ({ filename }) =>
          enqueueSnackbar(t('agents.actions.exported', { filename }), { variant: 'success' }),
        onError: fail,
        onSettled: () => setPendingId(null),
      });
    },
    remove: (agent) => {
      del.reset();
      setDeleting(agent);
    },
    busy: (agent) => pendingId === agent.id,
    dialogs: (
      <DeleteAgentDialog
        agent={deleting}
        pending={del.isPending}
        error={del.error}
        onConfirm={confirmDelete}
        onClose={closeDelete}
      />
    ),
  };
}

function DeleteAgentDialog({
  agent,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  agent: AgentSummary | null;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // Keep the name while the dialog closes.
  const [shown, setShown] = useState<AgentSummary | null>(agent);
  if (agent && agent !== shown) setShown(agent);
  return (
    <ConfirmDialog
      destructive
      describeError={agentErrorText}
      open={agent !== null}
      title={t('agents.delete.title')}
      body={t('agents.delete.body', { name: shown?.name ?? '' })}
      confirmLabel={pending ? t('agents.delete.submitting') : t('common.delete')}
      pending={pending}
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

/** The ⋮ menu of an agent's row: duplicate, export, delete (as allowed). */
export function AgentActionsMenu({
  agent,
  actions,
}: {
  agent: AgentSummary;
  actions: AgentActions;
}) {
  const { t } = useTranslation();
  const rights = useAgentRights();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const then = (action: () => void) => () => {
    close();
    action();
  };
  return (
    <>
      <IconButton
        aria-label={t('agents.actions.menu', { name: agent.name })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={actions.busy(agent)}
        size="small"
      >
        <IconDotsVertical size={20} aria-hidden />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        {rights.create ? (
          <MenuItem onClick={then(() => actions.duplicate(agent))}>
            <ListItemIcon>
              <IconCopy size={18} aria-hidden />
            </ListItemIcon>
            <ListItemText>{t('agents.actions.duplicate')}</ListItemText>
          </MenuItem>
        ) : null}
        <MenuItem onClick={then(() => actions.exportFile(agent))}>
          <ListItemIcon>
            <IconDownload size={18} aria-hidden />
          </ListItemIcon>
          <ListItemText>{t('agents.actions.export')}</ListItemText>
        </MenuItem>
        {rights.delete ? (
          <MenuItem onClick={then(() => actions.remove(agent))} sx={dangerTextSx}>
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
