import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentGraphProblem } from '../../../../shared/schemas/agents';
import { api } from '../../../lib/api';
import { useAuthState } from '../../../lib/auth-store';
import { errorText } from '../../../lib/error-text';
import { agentKeys, type Agent } from '../api/agents';
import { TestConsole } from '../detail/TestConsole';
import { agentErrorText } from '../errors';
import { BuilderShell } from './BuilderShell';
import { useDraftAutosave, type SaveState } from './useDraftAutosave';
import { useGraphHistory } from './useGraphHistory';

/** Problems only the server can see (names of providers and data sources of the organisation). */
const serverOnly = (problems: AgentGraphProblem[]) =>
  problems.filter((p) => p.code.startsWith('unknown_'));

function SaveStatus({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  const { t, i18n } = useTranslation();
  if (state.kind === 'failed') {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
        <Typography variant="body2" color="error">
          {t('builder.save.failed', {
            reason: errorText(t, i18n.language, state.error),
          })}
        </Typography>
        <Button size="small" onClick={onRetry}>
          {t('builder.save.retry')}
        </Button>
      </Stack>
    );
  }
  const text =
    state.kind === 'saving'
      ? t('builder.save.saving')
      : state.kind === 'pending'
        ? t('builder.save.pending')
        : state.kind === 'conflict'
          ? t('builder.save.conflict')
          : t('builder.save.saved');
  return (
    <Typography variant="body2" color="text.secondary" role="status" noWrap>
      {text}
    </Typography>
  );
}

export interface AgentBuilderProps {
  agent: Agent;
  canUpdate: boolean;
  /** Lets the page save what is waiting before it publishes. */
  registerFlush: (flush: (() => Promise<void>) | null) => void;
}

/** The builder of a workspace agent: its draft autosaved on the server, its test runs there. */
export function AgentBuilder({ agent, canUpdate, registerFlush }: AgentBuilderProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const { enqueueSnackbar } = useSnackbar();
  const history = useGraphHistory(agent.draft);
  const autosave = useDraftAutosave({
    agentId: agent.id,
    revision: agent.revision,
    graph: history.graph,
    version: history.version,
    enabled: canUpdate,
  });
  const { save } = autosave;

  useEffect(() => {
    registerFlush(canUpdate ? () => save() : null);
    return () => registerFlush(null);
  }, [registerFlush, canUpdate, save]);

  const extraProblems = useMemo(
    () => serverOnly(autosave.problems ?? agent.problems),
    [autosave.problems, agent.problems],
  );

  const loadTheirs = async () => {
    const fresh = await api<Agent>(`/agents/${encodeURIComponent(agent.id)}`);
    queryClient.setQueryData(agentKeys.detail(orgId, agent.id), fresh);
    history.reset(fresh.draft);
    autosave.rebase(fresh.revision, 0);
  };

  return (
    <BuilderShell
      history={history}
      readOnly={!canUpdate}
      extraProblems={extraProblems}
      toolbarEnd={
        <SaveStatus state={autosave.state} onRetry={() => void autosave.save().catch(() => {})} />
      }
      banner={
        <>
          {autosave.state.kind === 'conflict' ? (
            <Alert
              severity="warning"
              sx={{ mb: 1 }}
              action={
                <Stack direction="row" spacing={1}>
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() =>
                      void loadTheirs().catch((error: unknown) =>
                        enqueueSnackbar(agentErrorText(t, i18n.language, error), {
                          variant: 'error',
                        }),
                      )
                    }
                  >
                    {t('builder.conflict.load')}
                  </Button>
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() =>
                      void autosave.overwrite().catch((error: unknown) =>
                        enqueueSnackbar(agentErrorText(t, i18n.language, error), {
                          variant: 'error',
                        }),
                      )
                    }
                  >
                    {t('builder.conflict.keep')}
                  </Button>
                </Stack>
              }
            >
              {t('builder.conflict.message')}
            </Alert>
          ) : null}
        </>
      }
      testPanel={
        canUpdate
          ? (onLiveSteps) => (
              <TestConsole
                agentId={agent.id}
                graph={history.graph}
                beforeRun={() => save()}
                onLiveSteps={onLiveSteps}
              />
            )
          : undefined
      }
    />
  );
}
