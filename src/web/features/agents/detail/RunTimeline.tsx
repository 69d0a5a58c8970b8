import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconChevronDown, IconRepeat } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RunStep } from '../../../../shared/schemas/runs';
import { formatNumber } from '../../../lib/format';
import { JsonBlock, RunStatusChip, StepTypeIcon, useStepTypeName } from './parts';

/** The steps of a recorded run, each opening on its input, output, error, tokens and time. */
export function RunTimeline({
  steps,
  onRunStep,
  pending = false,
}: {
  steps: RunStep[];
  /** "Run this step again" (for those who may edit the agent). */
  onRunStep?: ((nodeId: string) => void) | undefined;
  pending?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const typeName = useStepTypeName();
  if (steps.length === 0) {
    return <Typography color="text.secondary">{t('agents.page.run.noSteps')}</Typography>;
  }
  return (
    <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {steps.map((step) => (
        <li key={step.id}>
          <Accordion
            variant="outlined"
            disableGutters
            slotProps={{
              region: { 'aria-label': t('agents.page.run.stepDetails', { step: step.nodeId }) },
            }}
          >
            <AccordionSummary
              expandIcon={<IconChevronDown size={18} aria-hidden />}
              aria-label={t('agents.page.run.stepDetails', { step: step.nodeId })}
            >
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <StepTypeIcon type={step.nodeType} />
                <Typography sx={{ fontWeight: 500 }}>{step.nodeId}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {typeName(step.nodeType)}
                </Typography>
                <RunStatusChip status={step.status} />
                {step.attempt > 1 ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('agents.page.run.attempt', { attempt: step.attempt })}
                  </Typography>
                ) : null}
                {step.durationMs !== null ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('agents.page.run.ms', {
                      value: formatNumber(step.durationMs, {}, i18n.language),
                    })}
                  </Typography>
                ) : null}
                {step.tokensIn + step.tokensOut > 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('agents.page.run.tokens', {
                      input: formatNumber(step.tokensIn, {}, i18n.language),
                      output: formatNumber(step.tokensOut, {}, i18n.language),
                    })}
                  </Typography>
                ) : null}
              </Stack>
            </AccordionSummary>
            <AccordionDetails>
              <Stack spacing={2}>
                {step.error ? <Alert severity="error">{step.error}</Alert> : null}
                <JsonBlock
                  label={t('agents.page.run.input')}
                  value={step.input}
                  truncated={step.inputTruncated}
                />
                <JsonBlock
                  label={t('agents.page.run.output')}
                  value={step.output}
                  truncated={step.outputTruncated}
                />
                {onRunStep ? (
                  <Button
                    variant="outlined"
                    startIcon={<IconRepeat size={18} aria-hidden />}
                    disabled={pending}
                    onClick={() => onRunStep(step.nodeId)}
                    sx={{ alignSelf: 'flex-start' }}
                  >
                    {t('agents.page.run.runStep', { step: step.nodeId })}
                  </Button>
                ) : null}
              </Stack>
            </AccordionDetails>
          </Accordion>
        </li>
      ))}
    </Stack>
  );
}
