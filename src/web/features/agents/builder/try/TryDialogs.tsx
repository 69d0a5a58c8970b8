import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentGraph } from '../../../../../shared/schemas/agent-graph';
import { AGENT_EXPORT_KIND } from '../../../../../shared/schemas/agents';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { FormDialog } from '../../../../components/FormDialog';
import { api } from '../../../../lib/api';
import { useAuthState } from '../../../../lib/auth-store';
import { agentErrorText } from '../../errors';
import type { VisitorModel } from './browser-executors';

/**
 * Where the try-builder's model steps go: the visitor's own OpenAI-compatible endpoint (the key
 * stays in this tab's memory and goes to that endpoint only) or the instance's demo model.
 */
export function VisitorModelDialog({
  open,
  onClose,
  model,
  demoModel,
  onSave,
}: {
  open: boolean;
  onClose: () => void;
  model: VisitorModel | null;
  demoModel: string | null;
  onSave: (model: VisitorModel) => void;
}) {
  const { t } = useTranslation();
  const own = model?.kind === 'own' ? model : null;
  const [kind, setKind] = useState<'own' | 'demo'>(model?.kind ?? (demoModel ? 'demo' : 'own'));
  const [baseUrl, setBaseUrl] = useState(own?.baseUrl ?? 'https://api.openai.com/v1');
  const [apiKey, setApiKey] = useState(own?.apiKey ?? '');
  const [modelId, setModelId] = useState(own?.model ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      pending={false}
      title={t('builder.try.model.title')}
      intro={t('builder.try.model.intro')}
      submitLabel={t('builder.try.model.save')}
      onSubmit={() => {
        if (kind === 'demo') {
          onSave({ kind: 'demo' });
          return;
        }
        const next: Record<string, string> = {};
        if (!/^https?:\/\/\S+$/.test(baseUrl.trim())) next.baseUrl = t('builder.try.model.badUrl');
        if (!modelId.trim()) next.model = t('builder.try.model.required');
        setErrors(next);
        if (Object.keys(next).length > 0) return;
        onSave({
          kind: 'own',
          baseUrl: baseUrl.trim(),
          apiKey: apiKey.trim(),
          model: modelId.trim(),
        });
      }}
    >
      {demoModel ? (
        <RadioGroup
          value={kind}
          onChange={(event) => setKind(event.target.value as 'own' | 'demo')}
          aria-label={t('builder.try.model.kind')}
        >
          <FormControlLabel
            value="demo"
            control={<Radio />}
            label={t('builder.try.model.demo', { model: demoModel })}
          />
          <FormControlLabel value="own" control={<Radio />} label={t('builder.try.model.own')} />
        </RadioGroup>
      ) : null}
      {kind === 'own' ? (
        <>
          <TextField
            label={t('builder.try.model.baseUrl')}
            value={baseUrl}
            onChange={(event) => setBaseUrl(event.target.value)}
            error={Boolean(errors.baseUrl)}
            helperText={errors.baseUrl ?? t('builder.try.model.baseUrlHelp')}
            slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'url' } }}
            required
          />
          <TextField
            label={t('builder.try.model.apiKey')}
            type="password"
            autoComplete="off"
            value={apiKey}
            onChange={(event) => setApiKey(event.target.value)}
            helperText={t('builder.try.model.apiKeyHelp')}
            slotProps={{ htmlInput: { dir: 'ltr' } }}
          />
          <TextField
            label={t('builder.try.model.model')}
            value={modelId}
            onChange={(event) => setModelId(event.target.value)}
            error={Boolean(errors.model)}
            helperText={errors.model}
            slotProps={{ htmlInput: { dir: 'ltr' } }}
            required
          />
        </>
      ) : null}
    </FormDialog>
  );
}

/** "Save to my workspace": the draft becomes an agent of the organisation chosen. */
export function SaveToWorkspaceDialog({
  open,
  onClose,
  graph,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  graph: AgentGraph;
  onSaved: (agentId: string, orgId: string) => void | Promise<void>;
}) {
  const { t } = useTranslation();
  const organizations = useAuthState((state) => state.organizations);
  const selected = useAuthState((state) => state.selectedOrgId);
  // The memberships may arrive after the dialog opens: until one is picked, the selected one.
  const [picked, setOrgId] = useState<string | null>(null);
  const orgId = picked ?? selected ?? organizations[0]?.id ?? '';
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      api<{ id: string }>('/agents/import', {
        method: 'POST',
        headers: { 'X-Organization-Id': orgId },
        body: {
          document: {
            kind: AGENT_EXPORT_KIND,
            schemaVersion: 1,
            agent: { name: name.trim() },
            graph,
            references: {},
          },
        },
      }),
    onSuccess: (agent) => onSaved(agent.id, orgId),
  });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      pending={save.isPending}
      title={t('builder.try.save.title')}
      intro={
        organizations.length === 0
          ? t('builder.try.save.noOrganization')
          : t('builder.try.save.intro')
      }
      submitLabel={t('builder.try.save.submit')}
      onSubmit={() => {
        if (!name.trim()) {
          setNameError(t('builder.try.model.required'));
          return;
        }
        setNameError(null);
        save.mutate();
      }}
    >
      <TextField
        label={t('builder.try.save.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={Boolean(nameError)}
        helperText={nameError}
        required
      />
      <TextField
        select
        label={t('builder.try.save.organization')}
        value={orgId}
        onChange={(event) => setOrgId(event.target.value)}
        disabled={organizations.length === 0}
      >
        {organizations.map((org) => (
          <MenuItem key={org.id} value={org.id}>
            {org.name}
          </MenuItem>
        ))}
      </TextField>
      <ErrorAlert error={save.error} describe={agentErrorText} />
    </FormDialog>
  );
}
