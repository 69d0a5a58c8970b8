import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { LiveStep, StartFieldError, StartForm, StartFormValues } from './detail-logic';
import { RunStatusChip, StepTypeIcon, useStepTypeName } from './parts';

/** The fields of a run's input, from the start step: a message for chat, else one per input. */
export function StartInputFields({
  form,
  values,
  errors,
  onChange,
}: {
  form: StartForm;
  values: StartFormValues;
  errors: Record<string, StartFieldError>;
  onChange: (name: string, value: string | boolean) => void;
}) {
  const { t } = useTranslation();
  const set = onChange;
  const fieldError = (name: string) =>
    errors[name] ? t(`agents.page.test.errors.${errors[name]}`) : undefined;
  return (
    <>
      {form.mode === 'chat' ? (
        <TextField
          label={t('agents.page.test.message')}
          value={values.message ?? ''}
          onChange={(event) => set('message', event.target.value)}
          multiline
          minRows={2}
          required
          error={Boolean(errors.message)}
          helperText={fieldError('message')}
        />
      ) : form.fields.length === 0 ? (
        <Typography color="text.secondary">{t('agents.page.test.noInputs')}</Typography>
      ) : (
        form.fields.map((field) =>
          field.type === 'boolean' ? (
            <FormControlLabel
              key={field.name}
              control={
                <Checkbox
                  checked={values[field.name] === true}
                  onChange={(event) => set(field.name, event.target.checked)}
                />
              }
              label={field.name}
            />
          ) : (
            <TextField
              key={field.name}
              label={field.name}
              value={typeof values[field.name] === 'string' ? values[field.name] : ''}
              onChange={(event) => set(field.name, event.target.value)}
              required={field.required}
              multiline={field.type === 'json'}
              minRows={field.type === 'json' ? 3 : undefined}
              slotProps={{
                htmlInput: {
                  inputMode: field.type === 'number' ? 'decimal' : undefined,
                  dir: field.type === 'json' ? 'ltr' : undefined,
                },
              }}
              error={Boolean(errors[field.name])}
              helperText={
                fieldError(field.name) ??
                (field.description || t(`agents.page.test.types.${field.type}`))
              }
            />
          ),
        )
      )}
    </>
  );
}

/** A run's steps as they happen: each with its type, state, streamed text and error. */
export function LiveStepList({ steps }: { steps: LiveStep[] }) {
  const { t } = useTranslation();
  const typeName = useStepTypeName();
  return (
    <Stack
      component="ol"
      spacing={1}
      aria-label={t('agents.page.test.steps')}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {steps.map((step) => (
        <Box
          component="li"
          key={step.nodeId}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
        >
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <StepTypeIcon type={step.nodeType} />
            <Typography sx={{ fontWeight: 500 }}>{step.nodeId}</Typography>
            <Typography variant="body2" color="text.secondary">
              {typeName(step.nodeType)}
            </Typography>
            <RunStatusChip status={step.status} />
          </Stack>
          {step.text ? (
            <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>{step.text}</Typography>
          ) : null}
          {step.error ? (
            <Alert severity={step.willRetry ? 'warning' : 'error'} sx={{ mt: 1 }}>
              {step.error}
            </Alert>
          ) : null}
        </Box>
      ))}
    </Stack>
  );
}
