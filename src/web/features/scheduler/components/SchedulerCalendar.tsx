import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { darken, lighten, useTheme } from '@mui/material/styles';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarEntry } from '../../../../shared/schemas/schedules';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useAuthState } from '../../../lib/auth-store';
import { calendarQueryOptions, type SchedulerFilter } from '../api';
import {
  CALENDAR_VIEWS,
  TONE_COLOURS,
  agentHue,
  entriesOfDay,
  entriesOfHour,
  entryTone,
  isMovable,
  movedRunAt,
  sameDay,
  stepAnchor,
  viewDays,
  viewRange,
  type CalendarView,
  type EntryTone,
} from '../calendar-logic';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const DRAG_TYPE = 'application/x-meridian-schedule';
const MONTH_LIMIT = 3;

export interface SchedulerCalendarProps {
  filter: SchedulerFilter;
  /** A click on an entry: its run when it has one, else its schedule. */
  onOpen: (entry: CalendarEntry) => void;
  /** A one-time fire dropped on another day/hour. */
  onMove: (scheduleId: string, runAt: Date) => void;
  now?: Date;
}

/** Month, week, day and list views of upcoming fires and past runs. */
export function SchedulerCalendar({ filter, onOpen, onMove, now }: SchedulerCalendarProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const language = i18n.language;
  const orgId = useAuthState((s) => s.selectedOrgId);
  // On a phone a day's column is ~45 px wide: entries become bars (named as before), weekdays
  // and hours take their narrow forms.
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const [view, setView] = useState<CalendarView>('month');
  const [anchor, setAnchor] = useState(() => now ?? new Date());
  const range = viewRange(view, anchor);
  const calendar = useQuery(
    calendarQueryOptions(orgId, {
      from: range.from.toISOString(),
      to: range.to.toISOString(),
      ...filter,
    }),
  );
  const entries = calendar.data?.items ?? [];
  const days = viewDays(view, anchor);
  const today = now ?? new Date();

  const time = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' });
  const hourLabel = compact ? new Intl.DateTimeFormat(language, { hour: 'numeric' }) : time;
  const dayName = new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric' });
  const weekday = new Intl.DateTimeFormat(language, { weekday: compact ? 'narrow' : 'short' });
  const title = new Intl.DateTimeFormat(language, {
    month: 'long',
    year: 'numeric',
    ...(view === 'month' ? {} : { day: 'numeric' }),
  });
  /** The tone's swatch (legend, tinted backgrounds). */
  const toneColour = (tone: EntryTone) => {
    const key = TONE_COLOURS[tone];
    return key === 'grey' ? theme.palette.grey[500] : theme.palette[key].main;
  };
  /** The tone as text on its tinted background: a darker shade (a lighter one on the dark
   * scheme) that keeps a 4.5:1 contrast. */
  const toneText = (tone: EntryTone) => ({
    color: darken(toneColour(tone), 0.45),
    ...theme.applyStyles('dark', { color: lighten(toneColour(tone), 0.6) }),
  });

  const stateText = (e: CalendarEntry) => t(`scheduler.calendar.tones.${entryTone(e)}`);

  const drop = (day: Date, hour?: number) => ({
    onDragOver: (event: DragEvent) => {
      if (event.dataTransfer.types.includes(DRAG_TYPE)) event.preventDefault();
    },
    onDrop: (event: DragEvent) => {
      const raw = event.dataTransfer.getData(DRAG_TYPE);
      if (!raw) return;
      event.preventDefault();
      const { scheduleId, at } = JSON.parse(raw) as { scheduleId: string; at: string };
      onMove(scheduleId, movedRunAt(new Date(at), day, hour));
    },
  });

  /** `bar`: a coloured bar without text (a phone's month and week grids). */
  const Entry = ({ entry, bar = false }: { entry: CalendarEntry; bar?: boolean }) => {
    const tone = entryTone(entry);
    const movable = isMovable(entry);
    const at = new Date(entry.at);
    return (
      <ButtonBase
        onClick={() => onOpen(entry)}
        draggable={movable}
        onDragStart={(event: DragEvent) => {
          event.dataTransfer.setData(
            DRAG_TYPE,
            JSON.stringify({ scheduleId: entry.scheduleId, at: entry.at }),
          );
          event.dataTransfer.effectAllowed = 'move';
        }}
        aria-label={t('scheduler.calendar.entry', {
          time: time.format(at),
          name: entry.scheduleName,
          agent: entry.agentName,
          state: stateText(entry),
        })}
        data-tone={tone}
        sx={{
          display: 'flex',
          width: '100%',
          justifyContent: 'flex-start',
          gap: 0.5,
          px: 0.5,
          py: 0.25,
          mb: 0.25,
          borderRadius: 1,
          fontSize: 12,
          textAlign: 'start',
          bgcolor: `${toneColour(tone)}22`,
          borderInlineStart: `4px solid hsl(${agentHue(entry.agentId)} 65% 45%)`,
          cursor: movable ? 'grab' : 'pointer',
          overflow: 'hidden',
          whiteSpace: 'nowrap',
          ...(bar && {
            height: 10,
            p: 0,
            borderInlineStartWidth: 3,
            bgcolor: `${toneColour(tone)}66`,
          }),
        }}
      >
        {bar ? null : (
          <>
            <Box component="span" sx={{ ...toneText(tone), fontWeight: 600 }}>
              {time.format(at)}
            </Box>
            {/* The name in its own direction: a Latin name on an Arabic page is cut at its end. */}
            <Box component="span" dir="auto" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {entry.scheduleName}
            </Box>
          </>
        )}
      </ButtonBase>
    );
  };

  const header = (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
      <IconButton
        aria-label={t('scheduler.calendar.previous')}
        onClick={() => setAnchor(stepAnchor(view, anchor, -1))}
      >
        <IconChevronLeft
          style={{ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined }}
        />
      </IconButton>
      <Button onClick={() => setAnchor(new Date())}>{t('scheduler.calendar.today')}</Button>
      <IconButton
        aria-label={t('scheduler.calendar.next')}
        onClick={() => setAnchor(stepAnchor(view, anchor, 1))}
      >
        <IconChevronRight
          style={{ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined }}
        />
      </IconButton>
      <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
        {title.format(view === 'week' ? days[0]! : anchor)}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={view}
        onChange={(_, v: CalendarView | null) => v && setView(v)}
        aria-label={t('scheduler.calendar.viewLabel')}
      >
        {CALENDAR_VIEWS.map((v) => (
          <ToggleButton key={v} value={v}>
            {t(`scheduler.calendar.views.${v}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Stack>
  );

  const legend = (
    <Stack
      direction="row"
      spacing={1.5}
      sx={{ mt: 2, flexWrap: 'wrap' }}
      aria-label={t('scheduler.calendar.legend')}
    >
      {(Object.keys(TONE_COLOURS) as EntryTone[]).map((tone) => (
        <Stack key={tone} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: toneColour(tone) }} />
          <Typography variant="caption">{t(`scheduler.calendar.tones.${tone}`)}</Typography>
        </Stack>
      ))}
    </Stack>
  );

  const cellSx = { border: 1, borderColor: 'divider', p: 0.5, minWidth: 0 } as const;

  let body;
  if (view === 'month') {
    body = (
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))' }}>
        {days.slice(0, 7).map((d) => (
          <Typography
            key={`h${d.toISOString()}`}
            variant="caption"
            sx={{ p: 0.5, fontWeight: 600 }}
          >
            {weekday.format(d)}
          </Typography>
        ))}
        {days.map((d) => {
          const list = entriesOfDay(entries, d);
          const hidden = list.length - MONTH_LIMIT;
          const moreLabel = t('scheduler.calendar.more', { count: hidden });
          const outside = d.getMonth() !== anchor.getMonth();
          return (
            <Box
              key={d.toISOString()}
              {...drop(d)}
              data-day={d.toDateString()}
              sx={{ ...cellSx, minHeight: compact ? 64 : 96 }}
            >
              <Typography
                variant="caption"
                sx={{
                  fontWeight: sameDay(d, today) ? 700 : 400,
                  color: sameDay(d, today)
                    ? 'primary.main'
                    : outside
                      ? 'text.secondary'
                      : undefined,
                }}
              >
                {d.getDate()}
              </Typography>
              {list.slice(0, MONTH_LIMIT).map((e) => (
                <Entry key={`${e.scheduleId}${e.at}`} entry={e} bar={compact} />
              ))}
              {hidden > 0 && (
                <Button
                  size="small"
                  // On a phone only "+N" shows; the name stays whole.
                  aria-label={compact ? moreLabel : undefined}
                  onClick={() => {
                    setAnchor(d);
                    setView('day');
                  }}
                  sx={compact ? { minWidth: 0, px: 0.25, fontSize: 11 } : undefined}
                >
                  {compact ? `+${hidden}` : moreLabel}
                </Button>
              )}
            </Box>
          );
        })}
      </Box>
    );
  } else if (view === 'list') {
    const withEntries = days.filter((d) => entriesOfDay(entries, d).length > 0);
    body =
      withEntries.length === 0 ? (
        <Typography color="text.secondary">{t('scheduler.calendar.empty')}</Typography>
      ) : (
        <Stack spacing={2}>
          {withEntries.map((d) => (
            <Box key={d.toISOString()}>
              <Typography variant="subtitle2" component="h3">
                {new Intl.DateTimeFormat(language, { dateStyle: 'full' }).format(d)}
              </Typography>
              {entriesOfDay(entries, d).map((e) => (
                <Stack
                  key={`${e.scheduleId}${e.at}`}
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'center' }}
                >
                  <Box sx={{ flex: '0 0 40%' }}>
                    <Entry entry={e} />
                  </Box>
                  <Typography variant="body2" color="text.secondary">
                    {e.agentName} · {stateText(e)}
                  </Typography>
                </Stack>
              ))}
            </Box>
          ))}
        </Stack>
      );
  } else {
    body = (
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: `${compact ? 44 : 56}px repeat(${days.length}, minmax(0, 1fr))`,
          maxHeight: 640,
          overflow: 'auto',
        }}
      >
        <Box />
        {days.map((d) => (
          <Typography
            key={`h${d.toISOString()}`}
            variant="caption"
            sx={{ p: 0.5, fontWeight: 600, textAlign: compact ? 'center' : undefined }}
          >
            {compact ? (
              <>
                {weekday.format(d)}
                <br />
                {d.getDate()}
              </>
            ) : (
              dayName.format(d)
            )}
          </Typography>
        ))}
        {HOURS.map((h) => [
          <Typography
            key={`l${h}`}
            variant="caption"
            sx={{ p: 0.5, color: 'text.secondary', whiteSpace: 'nowrap' }}
          >
            {hourLabel.format(new Date(2000, 0, 1, h))}
          </Typography>,
          ...days.map((d) => (
            <Box key={`${d.toISOString()}${h}`} {...drop(d, h)} sx={{ ...cellSx, minHeight: 32 }}>
              {entriesOfHour(entries, d, h).map((e) => (
                <Entry key={`${e.scheduleId}${e.at}`} entry={e} bar={compact && days.length > 1} />
              ))}
            </Box>
          )),
        ])}
      </Box>
    );
  }

  return (
    <Box>
      {header}
      <ErrorAlert error={calendar.error} />
      {calendar.data?.truncated && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t('scheduler.calendar.truncated')}
        </Alert>
      )}
      {body}
      {legend}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {t('scheduler.calendar.dragHint')}
      </Typography>
    </Box>
  );
}
