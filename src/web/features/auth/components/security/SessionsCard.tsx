import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  securityCalls,
  sessionQueryOptions,
  sessionsQueryOptions,
  useAuthMutation,
} from '../../api/security';
import { formatDateTime } from '../../../../lib/format';
import { describeDevice } from './user-agent';
import { FailureAlert } from './FailureAlert';

export function SessionsCard() {
  const { t, i18n } = useTranslation();
  const sessions = useQuery(sessionsQueryOptions());
  const current = useQuery(sessionQueryOptions()).data?.session.token;
  const revoke = useAuthMutation(securityCalls.revokeSession);
  const revokeOthers = useAuthMutation(securityCalls.revokeOtherSessions);
  const unknown = t('account.settings.sessions.unknown');
  const titleId = useId();

  return (
    <Card>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}>
          <Typography variant="h6" component="h2" id={titleId}>
            {t('account.settings.sessions.title')}
          </Typography>
          <Button
            variant="outlined"
            disabled={revokeOthers.isPending}
            onClick={() => revokeOthers.mutate(undefined)}
          >
            {t('account.settings.sessions.revokeOthers')}
          </Button>
        </Box>
        <FailureAlert error={revoke.error ?? revokeOthers.error} />
        {sessions.isError ? <FailureAlert error={sessions.error} /> : null}
        {/* Scrolls sideways on a phone: focusable, so that a keyboard can scroll it too. */}
        <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-labelledby={titleId}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('account.settings.sessions.device')}</TableCell>
                <TableCell>{t('account.settings.sessions.ip')}</TableCell>
                <TableCell>{t('account.settings.sessions.lastActive')}</TableCell>
                <TableCell>{t('common.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(sessions.data ?? []).map((session) => {
                const device =
                  describeDevice(session.userAgent) ?? t('account.settings.sessions.unknownDevice');
                const isCurrent = session.token === current;
                return (
                  <TableRow key={session.id}>
                    <TableCell>
                      {device}{' '}
                      {isCurrent ? (
                        <Chip size="small" label={t('account.settings.sessions.current')} />
                      ) : null}
                    </TableCell>
                    <TableCell dir="ltr">{session.ipAddress || unknown}</TableCell>
                    <TableCell>{formatDateTime(session.updatedAt, i18n.language)}</TableCell>
                    <TableCell>
                      {isCurrent ? null : (
                        <Button
                          size="small"
                          aria-label={t('account.settings.sessions.revokeLabel', { device })}
                          disabled={revoke.isPending}
                          onClick={() => revoke.mutate(session.token)}
                        >
                          {t('account.settings.sessions.revoke')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      </CardContent>
    </Card>
  );
}
