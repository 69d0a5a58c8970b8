import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runGraph } from '../../../../../shared/engine/run-graph';
import type { AgentGraph } from '../../../../../shared/schemas/agent-graph';
import { RUN_LIMITS } from '../../../../../shared/schemas/runs';
import {
  coerceStartInput,
  initialLiveRun,
  initialStartValues,
  liveRunActions,
  startForm,
  type LiveStep,
  type StartFieldError,
  type StartFormValues,
} from '../../detail/detail-logic';
import { JsonBlock, RunStatusChip } from '../../detail/parts';
import { demoModelErrorText } from '../../errors';
import { LiveStepList, StartInputFields } from '../../detail/TestParts';
import { browserExecutors, type VisitorModel } from './browser-executors';

/**
 * The try-builder's test console: the draft runs here, in the browser, with the shared engine
 * (nothing is stored); the steps light up on the canvas as they run.
 */
export function LocalTestConsole({
  graph,
  model,
  onLiveSteps,
}: {
  graph: AgentGraph;
  model: VisitorModel | null;
  onLiveSteps: (steps: LiveStep[] | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const form = useMemo(() => startForm(graph), [graph]);
  const [values, setValues] = useState<StartFormValues>(() => initialStartValues(form));
  const [errors, setErrors] = useState<Record<string, StartFieldError>>({});
  const [live, dispatch] = useReducer(liveRunActions, undefined, initialLiveRun);
  const [started, setStarted] = useState(false);
  const running = useRef<AbortController | null>(null);
  const [isRunning, setIsRunning] = useState(false);

  useEffect(() => () => running.current?.abort(), []);
  useEffect(() => {
    onLiveSteps(started ? live.steps : null);
  }, [onLiveSteps, started, live.steps]);

  const submit = () => {
    const coerced = coerceStartInput(form, values);
    if (!coerced.ok) {
      setErrors(coerced.errors);
      return;
    }
    setErrors({});
    dispatch({ type: 'reset' });
    setStarted(true);
    setIsRunning(true);
    const controller = new AbortController();
    running.current = controller;
    const handle = runGraph({
      graph,
      inputs: coerced.input,
      executors: browserExecutors(model, {
        needsServer: t('builder.try.run.needsServer'),
        noModel: t('builder.try.run.noModel'),
        modelFailed: (failure) =>
          failure.code
            ? demoModelErrorText(t, i18n.language, failure)
            : t('builder.try.run.modelFailed', { status: failure.status, detail: failure.message }),
      }),
      signal: controller.signal,
      limits: RUN_LIMITS,
      context: { run: { trigger: 'test' }, org: { name: '' }, now: new Date().toISOString() },
      onEvent: (event) => dispatch({ type: 'event', event }),
    });
    void handle.result.finally(() => setIsRunning(false));
    void (async () => {
      for await (const _event of handle.events);
    })();
  };

  const finished = started && live.status !== 'running';
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
          <StartInputFields
            form={form}
            values={values}
            errors={errors}
            onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
          />
          <Stack direction="row" spacing={1}>
            <Button
              type="submit"
              variant="contained"
              startIcon={<IconPlayerPlay size={18} aria-hidden />}
              disabled={isRunning}
            >
              {t('agents.page.test.run')}
            </Button>
            {isRunning ? (
              <Button
                variant="outlined"
                color="warning"
                startIcon={<IconPlayerStop size={18} aria-hidden />}
                onClick={() => running.current?.abort()}
              >
                {t('agents.page.run.cancel')}
              </Button>
            ) : null}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('builder.try.run.local')}
          </Typography>
        </Stack>
      </Box>
      {started ? (
        <Stack spacing={2} aria-live="polite" aria-busy={isRunning}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Typography variant="h6" component="h3">
              {t('agents.page.test.result')}
            </Typography>
            <RunStatusChip status={live.status} />
          </Stack>
          {live.error ? <Alert severity="error">{live.error}</Alert> : null}
          {finished ? (
            <JsonBlock label={t('agents.page.test.finalOutput')} value={live.output} />
          ) : null}
          <LiveStepList steps={live.steps} />
        </Stack>
      ) : null}
    </Stack>
  );
}
