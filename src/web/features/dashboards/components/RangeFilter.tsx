import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CRM_MAX_RANGE_DAYS,
  RANGE_PRESETS,
  presetRange,
  type RangeChoice,
  type RangeProblem,
} from '../range';

export interface RangeFilterProps {
  choice: RangeChoice;
  /** The custom range in the address, if any. */
  from: string | undefined;
  to: string | undefined;
  /** The range the dashboard shows (the server's answer), to start a custom range from. */
  shown: { from: string; to: string } | undefined;
  problem: RangeProblem | null;
  onPreset: (preset: (typeof RANGE_PRESETS)[number]) => void;
  onCustom: (range: { from: string; to: string }) => void;
}

/** The period of the dashboard: a preset, or a custom from–to (UTC days) applied on demand. */
export function RangeFilter({
  choice,
  from,
  to,
  shown,
  problem,
  onPreset,
  onCustom,
}: RangeFilterProps) {
  const { t } = useTranslation();
  const [now] = useState(() => Date.now());
  const fallback = shown ?? presetRange('12w', now);
  const [draft, setDraft] = useState<{ from: string; to: string } | null>(null);
  const custom = choice === 'custom' || draft !== null;
  const values = draft ?? { from: from ?? fallback.from, to: to ?? fallback.to };
  const draftProblem = draft && draft.from > draft.to ? 'invalid' : null;
  const shownProblem = draftProblem ?? (draft ? null : problem === 'incomplete' ? null : problem);

  return (
    <Stack spacing={1.5} sx={{ alignItems: { xs: 'stretch', md: 'flex-end' } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <TextField
          select
          size="small"
          label={t('customers.dashboard.range.label')}
          value={custom ? 'custom' : choice}
          onChange={(event) => {
            const value = event.target.value;
            const preset = RANGE_PRESETS.find((item) => item === value);
            if (preset) {
              setDraft(null);
              onPreset(preset);
            } else {
              setDraft(values);
            }
          }}
          sx={{ minWidth: 180 }}
        >
          {RANGE_PRESETS.map((preset) => (
            <MenuItem key={preset} value={preset}>
              {t(`customers.dashboard.range.${preset}`)}
            </MenuItem>
          ))}
          <MenuItem value="custom">{t('customers.dashboard.range.custom')}</MenuItem>
        </TextField>
        {custom ? (
          <Stack
            component="form"
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ alignItems: { sm: 'center' } }}
            onSubmit={(event) => {
              event.preventDefault();
              if (draftProblem) return;
              onCustom(values);
              setDraft(null);
            }}
          >
            <TextField
              type="date"
              size="small"
              label={t('customers.dashboard.range.from')}
              value={values.from}
              onChange={(event) => setDraft({ ...values, from: event.target.value })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: values.to } }}
            />
            <TextField
              type="date"
              size="small"
              label={t('customers.dashboard.range.to')}
              value={values.to}
              onChange={(event) => setDraft({ ...values, to: event.target.value })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: values.from } }}
            />
            <Button
              type="submit"
              variant="contained"
              disabled={!values.from || !values.to || !!draftProblem}
            >
              {t('customers.dashboard.range.apply')}
            </Button>
          </Stack>
        ) : null}
      </Stack>
      {shownProblem ? (
        <Alert severity="warning" sx={{ py: 0 }}>
          {shownProblem === 'tooLong'
            ? t('customers.dashboard.range.tooLong', { days: CRM_MAX_RANGE_DAYS })
            : t('customers.dashboard.range.invalid')}
        </Alert>
      ) : null}
    </Stack>
  );
}
