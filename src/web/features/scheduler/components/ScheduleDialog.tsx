import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CATCH_UP_POLICIES,
  OVERLAP_POLICIES,
  SCHEDULE_KINDS,
  type CatchUpPolicy,
  type OverlapPolicy,
  type ScheduleKind,
} from '../../../../shared/schemas/schedules';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { FormDialog } from '../../../components/FormDialog';
import type { AgentOption, ScheduleDto, ScheduleInput } from '../api';
import { isoToZonedLocal, zonedLocalToIso } from '../cron-presets';
import { CronEditor } from './CronEditor';

// CodeMirror loads with the dialog, not with /scheduler (bench:bundle keeps it to its pages).
const CodeEditor = lazy(() =>
  import('../../../components/code-editor').then((m) => ({ default: m.CodeEditor })),
);

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const ZONES: string[] =
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];

interface FormState {
  name: string;
  agentId: string;
  kind: ScheduleKind;
  cron: string;
  intervalSeconds: string;
  runAt: string;
  timeZone: string;
  input: string;
  startsAt: string;
  endsAt: string;
  catchUp: CatchUpPolicy;
  catchUpLimit: string;
  overlap: OverlapPolicy;
  retries: string;
  notifyOnFailure: boolean;
  enabled: boolean;
}

function initial(schedule: ScheduleDto | null, agentId: string): FormState {
  const zone = schedule?.timeZone ?? browserZone();
  return {
    name: schedule?.name ?? '',
    agentId: schedule?.agentId ?? agentId,
    kind: schedule?.kind ?? 'cron',
    cron: schedule?.cron ?? '0 9 * * *',
    intervalSeconds: String(schedule?.intervalSeconds ?? 3600),
    runAt: isoToZonedLocal(schedule?.runAt ?? null, zone),
    timeZone: zone,
    input: JSON.stringify(schedule?.input ?? {}, null, 2),
    startsAt: isoToZonedLocal(schedule?.startsAt ?? null, zone),
    endsAt: isoToZonedLocal(schedule?.endsAt ?? null, zone),
    catchUp: schedule?.catchUp ?? 'skip',
    catchUpLimit: String(schedule?.catchUpLimit ?? 10),
    overlap: schedule?.overlap ?? 'skip',
    retries: String(schedule?.retries ?? 0),
    notifyOnFailure: schedule?.notifyOnFailure ?? true,
    enabled: schedule?.enabled ?? true,
  };
}

/** The body the API takes, or null when the input JSON is not an object. */
export function toInput(f: FormState): ScheduleInput | null {
  let input: unknown;
  try {
    input = JSON.parse(f.input || '{}');
  } catch {
    return null;
  }
  if (!input || typeof input !== 'object' || Array.isArray(input)) return null;
  const at = (local: string) => (local ? zonedLocalToIso(local, f.timeZone) : null);
  return {
    name: f.name.trim(),
    agentId: f.agentId,
    kind: f.kind,
    cron: f.kind === 'cron' ? f.cron.trim() : null,
    intervalSeconds: f.kind === 'interval' ? Number(f.intervalSeconds) : null,
    runAt: f.kind === 'once' ? at(f.runAt) : null,
    timeZone: f.timeZone,
    input: input as Record<string, unknown>,
    enabled: f.enabled,
    startsAt: at(f.startsAt),
    endsAt: at(f.endsAt),
    catchUp: f.catchUp,
    catchUpLimit: Number(f.catchUpLimit),
    overlap: f.overlap,
    retries: Number(f.retries),
    notifyOnFailure: f.notifyOnFailure,
  };
}

export interface ScheduleDialogProps {
  open: boolean;
  schedule: ScheduleDto | null;
  agents: AgentOption[];
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onSave: (input: ScheduleInput) => void;
}

/** Create or edit a schedule: agent, timing (cron editor, interval, once), zone, input, policies. */
export function ScheduleDialog(props: ScheduleDialogProps) {
  const { open, schedule, agents, pending, error, onClose, onSave } = props;
  const { t } = useTranslation();
  const [form, setForm] = useState(() => initial(schedule, agents[0]?.id ?? ''));
  const [inputError, setInputError] = useState(false);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const text = (key: keyof FormState) => (e: { target: { value: string } }) =>
    set(key, e.target.value as never);
  const dateField = { inputLabel: { shrink: true } } as const;

  const submit = () => {
    // The agents may have come after the dialog opened: the first is the default.
    const input = toInput({ ...form, agentId: form.agentId || agents[0]?.id || '' });
    setInputError(input === null);
    if (input) onSave(input);
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      title={t(schedule ? 'scheduler.form.editTitle' : 'scheduler.form.createTitle')}
      submitLabel={t('scheduler.form.submit')}
      pendingLabel={t('scheduler.form.pending')}
    >
      <TextField
        label={t('scheduler.form.name')}
        value={form.name}
        onChange={text('name')}
        required
      />
      {agents.length === 0 ? (
        <Alert severity="info">{t('scheduler.form.noAgents')}</Alert>
      ) : (
        <TextField
          select
          label={t('scheduler.form.agent')}
          value={form.agentId || agents[0]!.id}
          onChange={text('agentId')}
          required
        >
          {agents.map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Stack spacing={1}>
        <Typography variant="subtitle2" component="span" id="schedule-kind-label">
          {t('scheduler.form.kind')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={form.kind}
          onChange={(_, kind: ScheduleKind | null) => kind && set('kind', kind)}
          aria-labelledby="schedule-kind-label"
        >
          {SCHEDULE_KINDS.map((kind) => (
            <ToggleButton key={kind} value={kind}>
              {t(`scheduler.kinds.${kind}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      <Autocomplete
        options={ZONES}
        value={form.timeZone}
        disableClearable
        onChange={(_, zone) => zone && set('timeZone', zone)}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('scheduler.form.timeZone')}
            helperText={t('scheduler.form.timeZoneHelp')}
          />
        )}
      />
      {form.kind === 'cron' && (
        <CronEditor
          value={form.cron}
          onChange={(cron) => set('cron', cron)}
          timeZone={form.timeZone}
        />
      )}
      {form.kind === 'interval' && (
        <TextField
          type="number"
          label={t('scheduler.form.interval')}
          value={form.intervalSeconds}
          onChange={text('intervalSeconds')}
          slotProps={{ htmlInput: { min: 1 } }}
        />
      )}
      {form.kind === 'once' && (
        <TextField
          type="datetime-local"
          label={t('scheduler.form.runAt')}
          value={form.runAt}
          onChange={text('runAt')}
          slotProps={dateField}
          required
        />
      )}
      <Suspense fallback={null}>
        <CodeEditor
          language="json"
          label={t('scheduler.form.input')}
          value={form.input}
          onChange={(value) => set('input', value)}
          minLines={3}
          maxLines={10}
          error={inputError ? t('scheduler.form.inputInvalid') : undefined}
        />
      </Suspense>
      {form.kind !== 'once' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            type="datetime-local"
            label={t('scheduler.form.startsAt')}
            value={form.startsAt}
            onChange={text('startsAt')}
            slotProps={dateField}
            fullWidth
          />
          <TextField
            type="datetime-local"
            label={t('scheduler.form.endsAt')}
            value={form.endsAt}
            onChange={text('endsAt')}
            slotProps={dateField}
            fullWidth
          />
        </Stack>
      )}
      <Typography variant="subtitle2" component="h3">
        {t('scheduler.form.advanced')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label={t('scheduler.form.catchUp')}
          value={form.catchUp}
          onChange={text('catchUp')}
          fullWidth
        >
          {CATCH_UP_POLICIES.map((p) => (
            <MenuItem key={p} value={p}>
              {t(`scheduler.catchUp.${p}`)}
            </MenuItem>
          ))}
        </TextField>
        {form.catchUp === 'all' && (
          <TextField
            type="number"
            label={t('scheduler.form.catchUpLimit')}
            value={form.catchUpLimit}
            onChange={text('catchUpLimit')}
            slotProps={{ htmlInput: { min: 1, max: 100 } }}
          />
        )}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label={t('scheduler.form.overlap')}
          value={form.overlap}
          onChange={text('overlap')}
          fullWidth
        >
          {OVERLAP_POLICIES.map((p) => (
            <MenuItem key={p} value={p}>
              {t(`scheduler.overlap.${p}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="number"
          label={t('scheduler.form.retries')}
          value={form.retries}
          onChange={text('retries')}
          slotProps={{ htmlInput: { min: 0, max: 5 } }}
        />
      </Stack>
      <FormControlLabel
        control={
          <Switch
            checked={form.notifyOnFailure}
            onChange={(e) => set('notifyOnFailure', e.target.checked)}
          />
        }
        label={t('scheduler.form.notify')}
      />
      <FormControlLabel
        control={
          <Switch checked={form.enabled} onChange={(e) => set('enabled', e.target.checked)} />
        }
        label={t('scheduler.form.enabled')}
      />
      {error ? <ErrorAlert error={error} /> : null}
    </FormDialog>
  );
}
