import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { mailMessageQueryOptions, mailQueryOptions, type MailSummary } from '../api/admin';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useTabListState } from '../../../lib/useTabListState';
import { CONSOLE_LIST_DEFAULTS, mailTabSearchSchema, safeHttpUrl } from '../super-admin-tabs';
import { ConsoleTable } from './ConsoleTable';

/**
 * The mail the server stored instead of sending it (no SMTP server configured), newest first.
 * The console shows this tab only when the server has an outbox.
 */
export function MailTab() {
  const { t, i18n } = useTranslation();
  const list = useTabListState(mailTabSearchSchema, {
    defaults: CONSOLE_LIST_DEFAULTS,
  });
  const mail = useQuery(mailQueryOptions({ page: list.page, pageSize: list.pageSize }));
  const [reading, setReading] = useState<MailSummary | null>(null);
  const items = mail.data?.items ?? [];

  return (
    <Stack spacing={2}>
      <Alert severity="info">{t('admin.mail.intro')}</Alert>
      <ConsoleTable
        label={t('admin.mail.tableLabel')}
        head={
          <>
            <TableCell>{t('admin.mail.date')}</TableCell>
            <TableCell>{t('admin.mail.to')}</TableCell>
            <TableCell>{t('admin.mail.subject')}</TableCell>
            <TableCell align="right">{t('common.actions')}</TableCell>
          </>
        }
        columns={4}
        query={mail}
        empty={t('admin.mail.empty')}
        paging={list.paging}
      >
        {items.map((message) => (
          <TableRow key={message.id} hover>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(message.date, i18n.language)}
            </TableCell>
            <TableCell dir="ltr">{message.to}</TableCell>
            <TableCell>{message.subject}</TableCell>
            <TableCell align="right">
              <Button
                size="small"
                aria-label={t('admin.mail.readNamed', {
                  subject: message.subject,
                  to: message.to,
                })}
                onClick={() => setReading(message)}
              >
                {t('admin.mail.read')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </ConsoleTable>
      {reading ? <MailReader summary={reading} onClose={() => setReading(null)} /> : null}
    </Stack>
  );
}

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/**
 * A message's plain text, as text: nothing in it is interpreted as markup. Its http(s) links
 * are made clickable (a verification or invitation link is what one usually looks for).
 */
function MailText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <Box
      component="pre"
      dir="auto"
      sx={{
        m: 0,
        p: 2,
        borderRadius: 1,
        bgcolor: 'action.hover',
        fontFamily: 'inherit',
        fontSize: '0.875rem',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
      }}
    >
      {parts.map((part, index) => {
        const href = index % 2 === 1 ? safeHttpUrl(part) : null;
        return href ? (
          <Link key={index} href={href} target="_blank" rel="noopener noreferrer">
            {part}
          </Link>
        ) : (
          part
        );
      })}
    </Box>
  );
}

function MailReader({ summary, onClose }: { summary: MailSummary; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const message = useQuery(mailMessageQueryOptions(summary.id));
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id={titleId}>{summary.subject}</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 0.5, columnGap: 2 }}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            {t('admin.mail.to')}
          </Typography>
          <Typography component="dd" variant="body2" dir="ltr" sx={{ m: 0, textAlign: 'start' }}>
            {summary.to}
          </Typography>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t('admin.mail.date')}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {formatDateTime(summary.date, i18n.language)}
          </Typography>
        </Box>
        {message.isPending ? (
          <Box aria-busy="true">
            <Skeleton variant="text" />
            <Skeleton variant="text" />
            <Skeleton variant="text" width="60%" />
          </Box>
        ) : null}
        <ErrorAlert error={message.error} />
        {message.data ? (
          message.data.text.trim() ? (
            <MailText text={message.data.text} />
          ) : (
            <Typography color="text.secondary">{t('admin.mail.noText')}</Typography>
          )
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
