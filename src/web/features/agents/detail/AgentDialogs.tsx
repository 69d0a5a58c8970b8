import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AGENT_DESCRIPTION_MAX,
  AGENT_NAME_MAX,
  AGENT_NOTE_MAX,
} from '../../../../shared/schemas/agents';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { FormDialog } from '../../../components/FormDialog';
import { ApiError } from '../../../lib/api';
import { useAuthState } from '../../../lib/auth-store';
import { projectOptionsQueryOptions, useUpdateAgent, type Agent } from '../api/agents';
import { usePublishAgent } from '../api/agent-detail';
import { agentErrorText } from '../errors';
import { ProblemsList } from './ProblemsList';

/** Publish: a note, then a new version; a 422 lists what to fix. */
export function PublishDialog({
  agent,
  open,
  onClose,
  onPublished,
  beforePublish,
}: {
  agent: Agent;
  open: boolean;
  onClose: () => void;
  onPublished: (number: number) => void;
  /** Settles once the draft to publish is stored (the builder saves what is waiting). */
  beforePublish?: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const publish = usePublishAgent(agent.id);
  const invalid =
    publish.error instanceof ApiError && publish.error.code === 'AGENT_GRAPH_INVALID'
      ? publish.error
      : null;
  const close = () => {
    setNote('');
    publish.reset();
    onClose();
  };
  return (
    <FormDialog
      open={open}
      onClose={close}
      pending={publish.isPending}
      title={t('agents.page.publish.title')}
      intro={t('agents.page.publish.intro')}
      submitLabel={t('agents.page.publish.submit')}
      onSubmit={() => {
        const send = () =>
          publish.mutate(note, {
            onSuccess: (version) => {
              setNote('');
              onPublished(version.number);
            },
          });
        if (!beforePublish) send();
        else void beforePublish().then(send, () => {});
      }}
    >
      <TextField
        label={t('agents.page.publish.note')}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: AGENT_NOTE_MAX } }}
      />
      {invalid && agent.problems.length > 0 ? (
        <>
          <Alert severity="error">{t('agents.page.publish.invalid')}</Alert>
          <ProblemsList problems={agent.problems} />
        </>
      ) : invalid ? (
        <Alert severity="error">
          {t('agents.page.publish.invalid')}
          <Box component="ul" sx={{ m: 0, ps: 2 }}>
            {Object.entries(invalid.fields ?? {}).map(([key, messages]) => (
              <li key={key}>
                {key}: {messages.join(' ')}
              </li>
            ))}
          </Box>
        </Alert>
      ) : (
        <ErrorAlert error={publish.error} describe={agentErrorText} />
      )}
    </FormDialog>
  );
}

/** The agent's card: name, description, project, chat on or off. */
export function EditAgentDialog({
  agent,
  open,
  onClose,
}: {
  agent: Agent;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const projects = useQuery({
    ...projectOptionsQueryOptions(orgId),
    enabled: open && orgId !== null,
  });
  const update = useUpdateAgent();
  const [name, setName] = useState(agent.name);
  const [description, setDescription] = useState(agent.description);
  const [projectId, setProjectId] = useState(agent.project?.id ?? '');
  const [chatEnabled, setChatEnabled] = useState(agent.chatEnabled);
  const [limit, setLimit] = useState(String(agent.maxConcurrentRuns ?? ''));
  const [nameError, setNameError] = useState(false);
  // Each opening starts from the agent as it is now.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setName(agent.name);
      setDescription(agent.description);
      setProjectId(agent.project?.id ?? '');
      setChatEnabled(agent.chatEnabled);
      setLimit(String(agent.maxConcurrentRuns ?? ''));
      setNameError(false);
      update.reset();
    }
  }
  const options = projects.data?.items ?? [];
  const hasCurrent = !agent.project || options.some((option) => option.id === agent.project?.id);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      pending={update.isPending}
      title={t('agents.page.edit.title')}
      submitLabel={t('agents.page.edit.submit')}
      onSubmit={() => {
        if (!name.trim()) {
          setNameError(true);
          return;
        }
        update.mutate(
          {
            id: agent.id,
            changes: {
              name: name.trim(),
              description: description.trim(),
              projectId: projectId || null,
              chatEnabled,
              maxConcurrentRuns: limit.trim() === '' ? null : Number(limit),
            },
          },
          { onSuccess: onClose },
        );
      }}
    >
      <TextField
        label={t('agents.page.edit.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        error={nameError}
        helperText={nameError ? t('agents.page.edit.nameRequired') : undefined}
        slotProps={{ htmlInput: { maxLength: AGENT_NAME_MAX } }}
      />
      <TextField
        label={t('agents.page.edit.description')}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: AGENT_DESCRIPTION_MAX } }}
      />
      <TextField
        select
        label={t('agents.page.edit.project')}
        value={projectId}
        onChange={(event) => setProjectId(event.target.value)}
      >
        <MenuItem value="">{t('agents.list.noProject')}</MenuItem>
        {!hasCurrent && agent.project ? (
          <MenuItem value={agent.project.id}>{agent.project.name}</MenuItem>
        ) : null}
        {options.map((option) => (
          <MenuItem key={option.id} value={option.id}>
            {option.name}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Switch
            checked={chatEnabled}
            onChange={(event) => setChatEnabled(event.target.checked)}
          />
        }
        label={t('agents.page.edit.chat')}
      />
      <TextField
        type="number"
        label={t('agentQueue.agent.maxConcurrentRuns')}
        helperText={t('agentQueue.agent.maxConcurrentRunsHelp')}
        value={limit}
        onChange={(event) => setLimit(event.target.value)}
        slotProps={{ htmlInput: { min: 1, max: 1000, step: 1 } }}
      />
      <ErrorAlert error={update.error} describe={agentErrorText} />
    </FormDialog>
  );
}
