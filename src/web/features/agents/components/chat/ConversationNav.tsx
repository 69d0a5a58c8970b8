import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { IconDotsVertical, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationDto } from '../../../../../shared/schemas/chat';
import { CONVERSATION_TITLE_MAX } from '../../../../../shared/schemas/chat';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { FormDialog } from '../../../../components/FormDialog';
import { useDeleteConversation, useRenameConversation } from '../../api/chat';

interface NavProps {
  agentId: string;
  conversations: ConversationDto[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  current: string | null;
  /** Narrow screens: a select instead of the side list. */
  narrow: boolean;
  onSelect: (id: string) => void;
  onNew: () => void;
  /** After the current conversation was deleted. */
  onDeleted: (id: string) => void;
}

function RenameDialog({
  agentId,
  target,
  onClose,
}: {
  agentId: string;
  target: ConversationDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const rename = useRenameConversation(agentId);
  const [title, setTitle] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [shown, setShown] = useState<ConversationDto | null>(null);
  if (target !== shown) {
    setShown(target);
    setTitle(target?.title ?? '');
    setInvalid(false);
  }
  const close = () => {
    rename.reset();
    onClose();
  };
  const submit = async () => {
    if (!target) return;
    if (!title.trim()) {
      setInvalid(true);
      return;
    }
    try {
      await rename.mutateAsync({ conversationId: target.id, title: title.trim() });
      close();
    } catch {
      // shown below
    }
  };
  return (
    <FormDialog
      open={target !== null}
      onClose={close}
      onSubmit={submit}
      pending={rename.isPending}
      title={t('agents.chat.rename.title')}
      submitLabel={t('agents.chat.rename.submit')}
      pendingLabel={t('agents.chat.rename.pending')}
    >
      <TextField
        label={t('agents.chat.rename.label')}
        value={title}
        onChange={(event) => {
          setTitle(event.target.value);
          setInvalid(false);
        }}
        required
        autoFocus
        error={invalid}
        helperText={invalid ? t('agents.chat.rename.required') : undefined}
        slotProps={{ htmlInput: { maxLength: CONVERSATION_TITLE_MAX } }}
      />
      <ErrorAlert error={rename.error} />
    </FormDialog>
  );
}

/** The conversations: a side list (or a select on narrow screens), with rename and delete. */
export function ConversationNav({
  agentId,
  conversations,
  loading,
  error,
  onRetry,
  current,
  narrow,
  onSelect,
  onNew,
  onDeleted,
}: NavProps) {
  const { t } = useTranslation();
  const remove = useDeleteConversation(agentId);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; conversation: ConversationDto } | null>(
    null,
  );
  const [renaming, setRenaming] = useState<ConversationDto | null>(null);
  const [deleting, setDeleting] = useState<ConversationDto | null>(null);
  const currentConversation = conversations?.find((c) => c.id === current) ?? null;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      onDeleted(deleting.id);
      setDeleting(null);
    } catch {
      // shown in the dialog
    }
  };

  const newButton = (
    <Button
      variant="outlined"
      startIcon={<IconPlus size={18} aria-hidden />}
      onClick={onNew}
      sx={{ flexShrink: 0 }}
    >
      {t('agents.chat.newConversation')}
    </Button>
  );

  const dialogs = (
    <>
      <RenameDialog agentId={agentId} target={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('agents.chat.delete.title')}
        body={t('agents.chat.delete.body', { title: deleting?.title ?? '' })}
        confirmLabel={t('agents.chat.delete.confirm')}
        destructive
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => void confirmDelete()}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
      />
    </>
  );

  if (narrow) {
    return (
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            select
            size="small"
            fullWidth
            label={t('agents.chat.conversation')}
            value={current ?? ''}
            onChange={(event) => (event.target.value ? onSelect(event.target.value) : onNew())}
          >
            <MenuItem value="">{t('agents.chat.newConversation')}</MenuItem>
            {(conversations ?? []).map((conversation) => (
              <MenuItem key={conversation.id} value={conversation.id}>
                {conversation.title}
              </MenuItem>
            ))}
          </TextField>
          <IconButton aria-label={t('agents.chat.newConversation')} onClick={onNew}>
            <IconPlus size={18} aria-hidden />
          </IconButton>
          {currentConversation ? (
            <>
              <IconButton
                aria-label={t('agents.chat.rename.action', { title: currentConversation.title })}
                onClick={() => setRenaming(currentConversation)}
              >
                <IconPencil size={18} aria-hidden />
              </IconButton>
              <IconButton
                aria-label={t('agents.chat.delete.action', { title: currentConversation.title })}
                onClick={() => setDeleting(currentConversation)}
              >
                <IconTrash size={18} aria-hidden />
              </IconButton>
            </>
          ) : null}
        </Stack>
        <ErrorAlert error={error} lead={t('agents.chat.listFailed')} onRetry={onRetry} />
        {dialogs}
      </Stack>
    );
  }

  return (
    <Box
      component="nav"
      aria-label={t('agents.chat.conversations')}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}
    >
      {newButton}
      <ErrorAlert error={error} lead={t('agents.chat.listFailed')} onRetry={onRetry} />
      {loading ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', p: 1 }} role="status">
          <CircularProgress size={18} aria-hidden />
          <Typography variant="body2">{t('agents.chat.loadingConversations')}</Typography>
        </Stack>
      ) : conversations && conversations.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
          {t('agents.chat.noConversations')}
        </Typography>
      ) : (
        <List dense disablePadding sx={{ overflow: 'auto' }}>
          {(conversations ?? []).map((conversation) => (
            <ListItem
              key={conversation.id}
              disablePadding
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('agents.chat.actions', { title: conversation.title })}
                  aria-haspopup="menu"
                  onClick={(event) => setMenu({ anchor: event.currentTarget, conversation })}
                >
                  <IconDotsVertical size={18} aria-hidden />
                </IconButton>
              }
            >
              <ListItemButton
                selected={conversation.id === current}
                aria-current={conversation.id === current ? 'true' : undefined}
                onClick={() => onSelect(conversation.id)}
              >
                <ListItemText
                  primary={conversation.title}
                  slotProps={{ primary: { noWrap: true, dir: 'auto' } }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem
          onClick={() => {
            setRenaming(menu?.conversation ?? null);
            setMenu(null);
          }}
        >
          <ListItemIcon>
            <IconPencil size={18} aria-hidden />
          </ListItemIcon>
          {t('agents.chat.rename.menu')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setDeleting(menu?.conversation ?? null);
            setMenu(null);
          }}
        >
          <ListItemIcon>
            <IconTrash size={18} aria-hidden />
          </ListItemIcon>
          {t('agents.chat.delete.menu')}
        </MenuItem>
      </Menu>
      {dialogs}
    </Box>
  );
}
