/** Settings every node type has: label, time-out, retries and what an error does. */
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { IconChevronDown } from '@tabler/icons-react';
import { useId } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldFeedback, useNodeFormContext } from './form-context';
import { NumberInput, TextInput } from './fields';

const ON_ERROR = ['fail', 'continue', 'handle'] as const;
const DEFAULT_BACKOFF_MS = 1000;

interface Retries {
  max: number;
  backoffMs: number;
}

function RetriesFields() {
  const { t } = useTranslation();
  const { control } = useFormContext();
  const { readOnly } = useNodeFormContext();
  const feedback = useFieldFeedback();
  return (
    <Controller
      control={control}
      name="retries"
      render={({ field, fieldState }) => {
        const retries = field.value as Retries | undefined;
        const errors = fieldState.error as
          { max?: { message?: string }; backoffMs?: { message?: string } } | undefined;
        const max = feedback('retries.max', undefined, t('builderForms.advanced.retriesHelp'));
        return (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <TextField
              label={t('builderForms.advanced.retries')}
              type="number"
              size="small"
              fullWidth
              value={retries?.max ?? ''}
              onChange={(event) =>
                field.onChange(
                  event.target.value === ''
                    ? undefined
                    : {
                        max: Number(event.target.value),
                        backoffMs: retries?.backoffMs ?? DEFAULT_BACKOFF_MS,
                      },
                )
              }
              onBlur={field.onBlur}
              disabled={readOnly}
              error={Boolean(errors?.max) || max.error}
              helperText={errors?.max?.message ?? max.text}
              slotProps={{ htmlInput: { min: 0, max: 10, dir: 'ltr' } }}
            />
            <TextField
              label={t('builderForms.advanced.backoff')}
              type="number"
              size="small"
              fullWidth
              value={retries ? retries.backoffMs : ''}
              onChange={(event) =>
                retries &&
                field.onChange({
                  ...retries,
                  backoffMs: event.target.value === '' ? 0 : Number(event.target.value),
                })
              }
              disabled={readOnly || !retries}
              error={Boolean(errors?.backoffMs)}
              helperText={errors?.backoffMs?.message ?? t('builderForms.advanced.backoffHelp')}
              slotProps={{ htmlInput: { min: 0, max: 60_000, step: 100, dir: 'ltr' } }}
            />
          </Stack>
        );
      }}
    />
  );
}

function OnErrorField() {
  const { t } = useTranslation();
  const { control } = useFormContext();
  const { readOnly } = useNodeFormContext();
  const labelId = useId();
  return (
    <Controller
      control={control}
      name="onError"
      render={({ field }) => (
        <FormControl disabled={readOnly}>
          <FormLabel id={labelId}>{t('builderForms.advanced.onError')}</FormLabel>
          <RadioGroup
            aria-labelledby={labelId}
            value={(field.value as string | undefined) ?? 'fail'}
            onChange={(event) => field.onChange(event.target.value)}
          >
            {ON_ERROR.map((policy) => (
              <Stack key={policy} sx={{ mb: 0.5 }}>
                <FormControlLabel
                  value={policy}
                  control={<Radio size="small" />}
                  label={t(`builderForms.advanced.onErrorOptions.${policy}`)}
                />
                <FormHelperText sx={{ mt: -0.5, ms: 4 }}>
                  {t(`builderForms.advanced.onErrorHelp.${policy}`)}
                </FormHelperText>
              </Stack>
            ))}
          </RadioGroup>
        </FormControl>
      )}
    />
  );
}

/** Collapsed unless one of its settings has a problem. */
export function AdvancedSection({ open }: { open: boolean }) {
  const { t } = useTranslation();
  return (
    <Accordion defaultExpanded={open} disableGutters variant="outlined">
      <AccordionSummary expandIcon={<IconChevronDown size={18} aria-hidden />}>
        <Typography variant="subtitle2" component="h3">
          {t('builderForms.advanced.title')}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Stack spacing={2}>
          <TextInput
            name="label"
            label={t('builderForms.advanced.label')}
            helper={t('builderForms.advanced.labelHelp')}
            optional
          />
          <NumberInput
            name="timeoutMs"
            label={t('builderForms.advanced.timeout')}
            helper={t('builderForms.advanced.timeoutHelp')}
            min={100}
            max={600_000}
            step={1000}
          />
          <RetriesFields />
          <OnErrorField />
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
