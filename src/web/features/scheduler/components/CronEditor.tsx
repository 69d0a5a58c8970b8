import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { IconClockExclamation } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useCronLocale } from '../use-cron-locale';
import { useTranslation } from 'react-i18next';
import { cronProblem } from '../../../../shared/schedules/next-fires';
import {
  PRESETS,
  cronToPreset,
  describeCron,
  offsetLabel,
  presetToCron,
  upcomingCronFires,
  type Preset,
} from '../cron-presets';

export interface CronEditorProps {
  value: string;
  onChange: (expression: string) => void;
  timeZone: string;
  /** The clock (tests pass a fixed one). */
  now?: () => Date;
}

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
const realNow = () => new Date();
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The cron editor: presets (every N minutes, hourly, daily, weekly, monthly) or a raw
 * expression, its description in the page's language, and the next five fires in the zone.
 */
export function CronEditor({ value, onChange, timeZone, now = realNow }: CronEditorProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [preset, setPreset] = useState<Preset>(() => cronToPreset(value));
  useCronLocale(language);

  const update = (next: Preset) => {
    setPreset(next);
    const expression = presetToCron(next);
    if (expression) onChange(expression);
  };
  const field = (key: keyof Preset) => (event: { target: { value: string } }) =>
    update({ ...preset, [key]: Number(event.target.value) });
  const time = `${pad(preset.hour)}:${pad(preset.minute)}`;
  const onTime = (event: { target: { value: string } }) => {
    const [h, m] = event.target.value.split(':').map(Number);
    update({ ...preset, hour: h ?? 0, minute: m ?? 0 });
  };

  const problem = value.trim() ? cronProblem(value) : null;
  const description = describeCron(value, language);
  const fires = useMemo(() => upcomingCronFires(value, timeZone, now(), 5), [value, timeZone, now]);
  const format = new Intl.DateTimeFormat(language, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone,
  });
  const weekdayName = (d: number) =>
    new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2024, 0, 7 + d)),
    );

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label={t('scheduler.cron.preset')}
          value={preset.kind}
          onChange={(e) => update({ ...preset, kind: e.target.value as Preset['kind'] })}
          sx={{ minWidth: 200 }}
        >
          {PRESETS.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {t(`scheduler.cron.presets.${kind}`)}
            </MenuItem>
          ))}
        </TextField>
        {preset.kind === 'everyMinutes' && (
          <TextField
            type="number"
            label={t('scheduler.cron.minutes')}
            value={preset.minutes}
            onChange={field('minutes')}
            slotProps={{ htmlInput: { min: 1, max: 59 } }}
          />
        )}
        {preset.kind === 'hourly' && (
          <TextField
            type="number"
            label={t('scheduler.cron.minute')}
            value={preset.minute}
            onChange={field('minute')}
            slotProps={{ htmlInput: { min: 0, max: 59 } }}
          />
        )}
        {preset.kind === 'weekly' && (
          <TextField
            select
            label={t('scheduler.cron.weekday')}
            value={preset.weekday}
            onChange={field('weekday')}
            sx={{ minWidth: 160 }}
          >
            {WEEKDAYS.map((d) => (
              <MenuItem key={d} value={d}>
                {weekdayName(d)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {preset.kind === 'monthly' && (
          <TextField
            type="number"
            label={t('scheduler.cron.day')}
            value={preset.day}
            onChange={field('day')}
            slotProps={{ htmlInput: { min: 1, max: 31 } }}
          />
        )}
        {['daily', 'weekly', 'monthly'].includes(preset.kind) && (
          <TextField
            type="time"
            label={t('scheduler.cron.time')}
            value={time}
            onChange={onTime}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        )}
      </Stack>
      <TextField
        label={t('scheduler.cron.expression')}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setPreset(cronToPreset(e.target.value));
        }}
        error={problem !== null}
        helperText={problem ? t('scheduler.cron.invalid') : t('scheduler.cron.expressionHelp')}
        slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false } }}
      />
      {description && (
        <Typography role="status" variant="body2" sx={{ fontWeight: 500 }}>
          {description}
        </Typography>
      )}
      <Box>
        <Typography variant="subtitle2" component="h3">
          {t('scheduler.cron.next', { zone: timeZone })}
        </Typography>
        {fires.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('scheduler.cron.none')}
          </Typography>
        ) : (
          <List dense disablePadding aria-label={t('scheduler.cron.next', { zone: timeZone })}>
            {fires.map((fire) => (
              <ListItem key={fire.at.toISOString()} disableGutters sx={{ display: 'block' }}>
                <Typography variant="body2" component="span">
                  {format.format(fire.at)}
                </Typography>
                {fire.offsetChanged && (
                  <Alert
                    severity="warning"
                    icon={<IconClockExclamation size={16} />}
                    sx={{ py: 0, mt: 0.5 }}
                  >
                    {t('scheduler.cron.dstChange', { offset: offsetLabel(fire.offsetMinutes) })}
                  </Alert>
                )}
              </ListItem>
            ))}
          </List>
        )}
      </Box>
    </Stack>
  );
}
