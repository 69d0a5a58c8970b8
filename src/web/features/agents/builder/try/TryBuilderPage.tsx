import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconCloudUpload, IconSparkles, IconTemplate } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  agentGraphSchema,
  emptyGraph,
  type AgentGraph,
} from '../../../../../shared/schemas/agent-graph';
import {
  askDatabase,
  summariseCustomers,
  webhookEnrich,
} from '../../../../../shared/schemas/agent-templates';
import { api } from '../../../../lib/api';
import { selectOrganization, useAuthState } from '../../../../lib/auth-store';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../../../../lib/storage';
import { BuilderShell } from '../BuilderShell';
import type { BuilderModel } from '../forms';
import { useGraphHistory } from '../useGraphHistory';
import type { VisitorModel } from './browser-executors';
import { LocalTestConsole } from './LocalTestConsole';
import { SaveToWorkspaceDialog, VisitorModelDialog } from './TryDialogs';

const TEMPLATES = {
  blank: () => emptyGraph(),
  'ask-database': () => askDatabase('', '', ''),
  'summarise-customers': () => summariseCustomers('', '', ''),
  'webhook-enrich': () => webhookEnrich(),
} as const;
type TemplateId = keyof typeof TEMPLATES;

/** The draft kept in this browser, or a blank one (a stored draft that no longer parses too). */
function storedDraft(): AgentGraph {
  const text = readStorage(STORAGE_KEYS.tryBuilderDraft);
  if (!text) return emptyGraph();
  try {
    return agentGraphSchema.parse(JSON.parse(text));
  } catch {
    return emptyGraph();
  }
}

/** Model steps here use the builder's model (Set a model), not an organisation's provider. */
const usesVisitorModel = (problem: { field?: string }) =>
  problem.field === 'providerId' || problem.field === 'model';

interface TryConfig {
  demoModel: { model: string } | null;
}

/**
 * /try-builder (issue 16 §2) and /builder-minimal without an agent: the builder for anyone, the
 * draft kept in this browser, runs in the browser, and "Save to my workspace" once signed in.
 */
export function TryBuilderPage({
  save = false,
  minimal = false,
}: {
  save?: boolean;
  minimal?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const signedIn = useAuthState((state) => state.status === 'authenticated');
  const selectedOrgId = useAuthState((state) => state.selectedOrgId);
  const history = useGraphHistory(storedDraft());
  const [model, setModel] = useState<VisitorModel | null>(null);
  const [modelOpen, setModelOpen] = useState(false);
  const [saveOpen, setSaveOpen] = useState(save);
  const [templates, setTemplates] = useState<HTMLElement | null>(null);
  const config = useQuery({
    queryKey: ['try-builder', 'config'],
    queryFn: ({ signal }) => api<TryConfig>('/try-builder/config', { signal }),
    staleTime: 60_000,
  });
  const demoModel = config.data?.demoModel?.model ?? null;
  const activeModel: VisitorModel | null = model ?? (demoModel ? { kind: 'demo' } : null);
  // What the forms' model steps say (one object while the model stays the same).
  const modelKind = activeModel?.kind ?? 'none';
  const modelName = activeModel?.kind === 'own' ? activeModel.model : (demoModel ?? '');
  const builderModel = useMemo<BuilderModel>(
    () => (modelKind === 'none' ? { kind: 'none' } : { kind: modelKind, model: modelName }),
    [modelKind, modelName],
  );

  // The draft is kept in this browser a moment after each change.
  useEffect(() => {
    if (history.version === 0) return;
    const timer = window.setTimeout(
      () => writeStorage(STORAGE_KEYS.tryBuilderDraft, JSON.stringify(history.graph)),
      300,
    );
    return () => window.clearTimeout(timer);
  }, [history.graph, history.version]);

  const start = (id: TemplateId) => {
    setTemplates(null);
    history.change(agentGraphSchema.parse(TEMPLATES[id]()));
  };

  const saveToWorkspace = () => {
    if (signedIn) {
      setSaveOpen(true);
      return;
    }
    writeStorage(STORAGE_KEYS.tryBuilderDraft, JSON.stringify(history.graph));
    void navigate({
      to: '/login',
      search: { to: `${minimal ? '/builder-minimal' : '/try-builder'}?save=1` },
    });
  };

  return (
    <Box
      // The rest of the blank layout's height (under its language switcher, inside its padding).
      sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
        component="header"
      >
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {t('builder.try.title')}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<IconTemplate size={18} aria-hidden />}
          onClick={(event) => setTemplates(event.currentTarget)}
          aria-haspopup="menu"
        >
          {t('builder.try.templates.open')}
        </Button>
        <Menu anchorEl={templates} open={templates !== null} onClose={() => setTemplates(null)}>
          {(Object.keys(TEMPLATES) as TemplateId[]).map((id) => (
            <MenuItem key={id} onClick={() => start(id)}>
              {t(`builder.try.templates.${id}`)}
            </MenuItem>
          ))}
        </Menu>
        <Button
          variant="outlined"
          startIcon={<IconSparkles size={18} aria-hidden />}
          onClick={() => setModelOpen(true)}
        >
          {activeModel?.kind === 'own'
            ? t('builder.try.model.current', { model: activeModel.model })
            : activeModel?.kind === 'demo'
              ? t('builder.try.model.current', { model: demoModel })
              : t('builder.try.model.open')}
        </Button>
        <Button
          variant="contained"
          startIcon={<IconCloudUpload size={18} aria-hidden />}
          onClick={saveToWorkspace}
        >
          {t('builder.try.save.open')}
        </Button>
      </Stack>
      {!minimal ? (
        <Alert severity="info" sx={{ py: 0 }}>
          {t('builder.try.intro')}{' '}
          {!signedIn ? <Link to="/register">{t('builder.try.register')}</Link> : null}
        </Alert>
      ) : null}
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        <BuilderShell
          history={history}
          readOnly={false}
          ignoreProblem={usesVisitorModel}
          builderModel={builderModel}
          toolbarEnd={
            <Typography variant="body2" color="text.secondary" role="status">
              {t('builder.try.keptHere')}
            </Typography>
          }
          testPanel={(onLiveSteps) => (
            <LocalTestConsole graph={history.graph} model={activeModel} onLiveSteps={onLiveSteps} />
          )}
        />
      </Box>
      {modelOpen ? (
        <VisitorModelDialog
          open
          onClose={() => setModelOpen(false)}
          model={model}
          demoModel={demoModel}
          onSave={(next) => {
            setModel(next);
            setModelOpen(false);
          }}
        />
      ) : null}
      {saveOpen && signedIn ? (
        <SaveToWorkspaceDialog
          open
          onClose={() => setSaveOpen(false)}
          graph={history.graph}
          onSaved={async (agentId, orgId) => {
            setSaveOpen(false);
            removeStorage(STORAGE_KEYS.tryBuilderDraft);
            if (orgId !== selectedOrgId) await selectOrganization(orgId);
            enqueueSnackbar(t('builder.try.save.done'), { variant: 'success' });
            void navigate({ to: '/agents/$id', params: { id: agentId } });
          }}
        />
      ) : null}
    </Box>
  );
}
