import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentGraph } from '../../../../shared/schemas/agent-graph';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useAuthState } from '../../../lib/auth-store';
import { formatNumber } from '../../../lib/format';
import { runQueryOptions, useRunAction, useStartDraftRun } from '../api/agent-detail';
import { agentErrorText } from '../errors';
import {
  coerceStartInput,
  initialLiveRun,
  initialStartValues,
  liveRunActions,
  startForm,
  type LiveStep,
  type StartFieldError,
  type StartFormValues,
} from './detail-logic';
import { followRun } from './follow-run';
import { JsonBlock, RunStatusChip } from './parts';
import { LiveStepList, StartInputFields } from './TestParts';
import { RunTimeline } from './RunTimeline';

/**
 * The test console (issue 15 section 4; the builder embeds it): a form from the start step's
 * inputs, Run draft, and the run followed live step by step, then its recorded steps.
 */
export function TestConsole({
  agentId,
  graph,
  beforeRun,
  onLiveSteps,
}: {
  agentId: string;
  graph: AgentGraph;
  /** Settles once the draft to run is stored (the builder saves what is waiting). */
  beforeRun?: () => Promise<void>;
  /** Told the followed run's steps as they change (null before a run), to light up the canvas. */
  onLiveSteps?: (steps: LiveStep[] | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const form = useMemo(() => startForm(graph), [graph]);
  const [values, setValues] = useState<StartFormValues>(() => initialStartValues(form));
  const [errors, setErrors] = useState<Record<string, StartFieldError>>({});
  const [runId, setRunId] = useState<string | null>(null);
  const [live, dispatch] = useReducer(liveRunActions, undefined, initialLiveRun);
  const [streamError, setStreamError] = useState<unknown>(null);
  const start = useStartDraftRun(agentId);
  const action = useRunAction(agentId);
  const following = useRef<AbortController | null>(null);

  const finished = runId !== null && live.status !== 'running';
  const recorded = useQuery({
    ...runQueryOptions(orgId, agentId, runId ?? ''),
    enabled: orgId !== null && finished,
  });

  useEffect(() => () => following.current?.abort(), []);

  useEffect(() => {
    onLiveSteps?.(runId === null ? null : live.steps);
  }, [onLiveSteps, runId, live.steps]);

  useEffect(() => {
    if (runId === null) return;
    const controller = new AbortController();
    following.current = controller;
    let ended = false;
    followRun(agentId, runId, controller.signal, (event) => {
      if (event.type === 'run.finished') ended = true;
      dispatch({ type: 'event', event });
    })
      .then(() => {
        // The stream closed before the run's end (another process runs it): say so.
        if (!ended && !controller.signal.aborted) setStreamError(new Error('stream ended'));
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setStreamError(error);
      });
    return () => controller.abort();
  }, [agentId, runId]);

  const running = runId !== null && live.status === 'running' && streamError === null;

  const submit = () => {
    const coerced = coerceStartInput(form, values);
    if (!coerced.ok) {
      setErrors(coerced.errors);
      return;
    }
    setErrors({});
    setStreamError(null);
    dispatch({ type: 'reset' });
    setRunId(null);
    const startRun = () =>
      start.mutate(coerced.input, { onSuccess: (accepted) => setRunId(accepted.id) });
    if (!beforeRun) startRun();
    // A draft that could not be saved says so where the builder shows its save state.
    else void beforeRun().then(startRun, () => {});
  };

  const set = (name: string, value: string | boolean) =>
    setValues((current) => ({ ...current, [name]: value }));

  return (
    <Stack spacing={3}>
      <Box
        component="form"
        noValidate
        aria-label={t('agents.page.test.form')}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack spacing={2}>
          <StartInputFields form={form} values={values} errors={errors} onChange={set} />
          <Stack direction="row" spacing={1}>
            <Button
              type="submit"
              variant="contained"
              startIcon={<IconPlayerPlay size={18} aria-hidden />}
              disabled={start.isPending || running}
            >
              {t('agents.page.test.run')}
            </Button>
            {running && runId ? (
              <Button
                variant="outlined"
                color="warning"
                startIcon={<IconPlayerStop size={18} aria-hidden />}
                disabled={action.isPending}
                onClick={() => action.mutate({ runId, action: 'cancel' })}
              >
                {t('agents.page.run.cancel')}
              </Button>
            ) : null}
          </Stack>
          <ErrorAlert error={start.error} describe={agentErrorText} />
          <ErrorAlert error={action.error} describe={agentErrorText} />
        </Stack>
      </Box>

      {runId !== null ? (
        <Stack spacing={2} aria-live="polite" aria-busy={running}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h3">
              {t('agents.page.test.result')}
            </Typography>
            <RunStatusChip status={live.status} />
            {finished ? (
              <Typography variant="body2" color="text.secondary">
                {t('agents.page.run.tokens', {
                  input: formatNumber(live.tokensIn, {}, i18n.language),
                  output: formatNumber(live.tokensOut, {}, i18n.language),
                })}
              </Typography>
            ) : null}
          </Stack>
          {streamError ? (
            <Alert severity="warning">{t('agents.page.test.streamLost')}</Alert>
          ) : null}
          {live.error ? <Alert severity="error">{live.error}</Alert> : null}
          {finished ? (
            <JsonBlock label={t('agents.page.test.finalOutput')} value={live.output} />
          ) : null}
          {finished && recorded.data ? (
            <RunTimeline steps={recorded.data.steps} />
          ) : (
            <LiveStepList steps={live.steps} />
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}
