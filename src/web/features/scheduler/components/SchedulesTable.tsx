import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { IconDots } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import type { ScheduleAction, ScheduleDto } from '../api';
import { describeCron } from '../cron-presets';
import { useCronLocale } from '../use-cron-locale';
import { errorTextColor } from '../../../theme/theme';

export type RowAction = ScheduleAction | 'edit' | 'history';

const STATUS_TONE = {
  succeeded: 'success',
  failed: 'error',
  running: 'warning',
  queued: 'warning',
  cancelled: 'default',
} as const;

/** How a schedule fires, in words. */
function useTiming() {
  const { t, i18n } = useTranslation();
  useCronLocale(i18n.language);
  return (s: ScheduleDto) => {
    if (s.kind === 'cron') return describeCron(s.cron ?? '', i18n.language) ?? s.cron ?? '';
    if (s.kind === 'interval')
      return t('scheduler.timing.interval', { count: s.intervalSeconds ?? 0 });
    return t('scheduler.timing.once', {
      date: s.runAt ? formatDateTime(s.runAt, i18n.language) : '',
    });
  };
}

function RowMenu({
  schedule,
  onAction,
}: {
  schedule: ScheduleDto;
  onAction: (a: RowAction) => void;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const actions: RowAction[] = [
    'run',
    'edit',
    schedule.enabled ? 'pause' : 'resume',
    'duplicate',
    'history',
    'delete',
  ];
  return (
    <>
      <IconButton
        aria-label={t('scheduler.actions.menu', { name: schedule.name })}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <IconDots size={18} />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actions.map((action) => (
          <MenuItem
            key={action}
            onClick={() => {
              setAnchor(null);
              onAction(action);
            }}
            sx={action === 'delete' ? errorTextColor : undefined}
          >
            {t(`scheduler.actions.${action}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** The schedules with their timing, next fire, last run and actions. */
export function SchedulesTable({
  items,
  onAction,
}: {
  items: ScheduleDto[];
  onAction: (schedule: ScheduleDto, action: RowAction) => void;
}) {
  const { t, i18n } = useTranslation();
  const timing = useTiming();
  // On phones: name (with its agent and timing under it), next fire and actions.
  const wide = { display: { xs: 'none', md: 'table-cell' } } as const;
  const phoneOnly = { display: { xs: 'block', md: 'none' } } as const;
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{t('scheduler.columns.name')}</TableCell>
          <TableCell sx={wide}>{t('scheduler.columns.agent')}</TableCell>
          <TableCell sx={wide}>{t('scheduler.columns.timing')}</TableCell>
          <TableCell>{t('scheduler.columns.next')}</TableCell>
          <TableCell sx={wide}>{t('scheduler.columns.last')}</TableCell>
          <TableCell align="right">{t('scheduler.columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((s) => (
          <TableRow key={s.id} hover>
            <TableCell>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {s.name}
              </Typography>
              {!s.enabled && (
                <Chip
                  size="small"
                  label={t(
                    s.disabledReason === 'agent_deleted'
                      ? 'scheduler.timing.agentDeleted'
                      : 'scheduler.timing.paused',
                  )}
                />
              )}
              <Typography variant="caption" color="text.secondary" sx={phoneOnly}>
                {s.agentName} · {timing(s)}
              </Typography>
            </TableCell>
            <TableCell sx={wide}>{s.agentName}</TableCell>
            <TableCell sx={wide}>
              {timing(s)}
              <Typography variant="caption" component="div" color="text.secondary">
                {s.timeZone}
              </Typography>
            </TableCell>
            <TableCell>
              {s.nextFireAt
                ? formatDateTime(s.nextFireAt, i18n.language)
                : t('scheduler.timing.none')}
            </TableCell>
            <TableCell sx={wide}>
              {s.lastRun ? (
                <Chip
                  size="small"
                  color={STATUS_TONE[s.lastRun.status]}
                  label={t(`scheduler.runStatuses.${s.lastRun.status}`)}
                />
              ) : (
                t('scheduler.timing.none')
              )}
            </TableCell>
            <TableCell align="right">
              <RowMenu schedule={s} onAction={(a) => onAction(s, a)} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
