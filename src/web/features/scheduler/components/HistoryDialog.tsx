import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { RouterLink } from '../../../components/RouterLink';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useAuthState } from '../../../lib/auth-store';
import { firesQueryOptions, type ScheduleDto } from '../api';

const TONE = {
  succeeded: 'success',
  failed: 'error',
  running: 'warning',
  queued: 'warning',
  cancelled: 'default',
} as const;

/** The schedule's fires, newest first, each with its run (status, duration, link). */
export function HistoryDialog({
  schedule,
  onClose,
}: {
  schedule: ScheduleDto;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const orgId = useAuthState((s) => s.selectedOrgId);
  const fires = useQuery(firesQueryOptions(orgId, schedule.id));
  const items = fires.data?.items ?? [];
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>
        {t('scheduler.history.title', { name: schedule.name })}
      </DialogTitle>
      <DialogContent>
        <ErrorAlert error={fires.error} />
        {fires.isSuccess && items.length === 0 ? (
          <Typography color="text.secondary">{t('scheduler.history.empty')}</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('scheduler.history.fireAt')}</TableCell>
                <TableCell>{t('scheduler.history.status')}</TableCell>
                <TableCell>{t('scheduler.history.duration')}</TableCell>
                <TableCell>{t('scheduler.history.run')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((fire) => (
                <TableRow key={fire.id}>
                  <TableCell>{formatDateTime(fire.fireAt, i18n.language)}</TableCell>
                  <TableCell>
                    {fire.run ? (
                      <Chip
                        size="small"
                        color={TONE[fire.run.status]}
                        label={t(`scheduler.runStatuses.${fire.run.status}`)}
                      />
                    ) : (
                      <Chip size="small" label={t(`scheduler.history.statuses.${fire.status}`)} />
                    )}
                    {fire.reason && (
                      <Typography variant="caption" component="div" color="text.secondary">
                        {t(`scheduler.history.reasons.${fire.reason}`, {
                          defaultValue: fire.reason,
                        })}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    {fire.run?.durationMs != null
                      ? t('scheduler.history.durationMs', {
                          value: formatNumber(fire.run.durationMs, {}, i18n.language),
                        })
                      : '—'}
                  </TableCell>
                  <TableCell>
                    {fire.run && (
                      <RouterLink
                        to="/agents/$id"
                        params={{ id: schedule.agentId }}
                        search={{ tab: 'runs', run: fire.run.id }}
                      >
                        {t('scheduler.history.openRun')}
                      </RouterLink>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('scheduler.history.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
