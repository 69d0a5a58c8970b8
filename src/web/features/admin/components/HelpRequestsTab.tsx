import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { StatusChip } from '../../../components/StatusChip';
import { useTranslation } from 'react-i18next';
import type { HelpRequestStatus } from '../../../../shared/schemas/admin';
import { formatDateTime } from '../../../lib/format';
import { helpRequestsQueryOptions, type AdminHelpRequest } from '../api/admin';
import { useTabListState } from '../../../lib/useTabListState';
import { CONSOLE_LIST_DEFAULTS, helpTabSearchSchema, safeHttpUrl } from '../super-admin-tabs';
import { ConsoleTable } from './ConsoleTable';
import { HelpRequestDialog } from './HelpRequestDialog';

type StatusFilter = HelpRequestStatus | 'all';

export function HelpStatusChip({ status }: { status: HelpRequestStatus }) {
  const { t } = useTranslation();
  return (
    <StatusChip
      tone={status === 'open' ? 'primary' : 'success'}
      label={t(`admin.help.statuses.${status}`)}
    />
  );
}

/** The page a request was sent from: a link when it is an http(s) address, text otherwise. */
function PageAddress({ url }: { url: string }) {
  const href = safeHttpUrl(url);
  const shown = href ? shortUrl(href) : url;
  return href ? (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      dir="ltr"
      sx={{ wordBreak: 'break-all' }}
    >
      {shown}
    </Link>
  ) : (
    <Typography variant="body2" dir="ltr" sx={{ wordBreak: 'break-all' }}>
      {shown}
    </Typography>
  );
}

/** The path of an address on this site, the whole address elsewhere. */
function shortUrl(href: string): string {
  const url = new URL(href);
  return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : href;
}

/** Every help request, newest first: where it came from, who sent it, its status and note. */
export function HelpRequestsTab() {
  const { t, i18n } = useTranslation();
  const list = useTabListState(helpTabSearchSchema, {
    defaults: { ...CONSOLE_LIST_DEFAULTS, status: 'open' },
    filters: ['status'],
  });
  const { page, pageSize } = list;
  const status: StatusFilter = list.search.status ?? 'open';
  const requests = useQuery(
    helpRequestsQueryOptions({ page, pageSize, status: status === 'all' ? undefined : status }),
  );
  const [editing, setEditing] = useState<AdminHelpRequest | null>(null);
  const items = requests.data?.items ?? [];

  return (
    <Stack spacing={2}>
      <FormControl size="small" sx={{ minWidth: 200, alignSelf: 'flex-start' }}>
        <InputLabel id="admin-help-status">{t('admin.help.statusFilter')}</InputLabel>
        <Select
          labelId="admin-help-status"
          label={t('admin.help.statusFilter')}
          value={status}
          onChange={(event) => list.update({ status: event.target.value as StatusFilter })}
        >
          <MenuItem value="open">{t('admin.help.statuses.open')}</MenuItem>
          <MenuItem value="resolved">{t('admin.help.statuses.resolved')}</MenuItem>
          <MenuItem value="all">{t('admin.common.all')}</MenuItem>
        </Select>
      </FormControl>
      <ConsoleTable
        label={t('admin.help.tableLabel')}
        head={
          <>
            <TableCell>{t('admin.help.received')}</TableCell>
            <TableCell>{t('admin.help.user')}</TableCell>
            <TableCell>{t('admin.help.request')}</TableCell>
            <TableCell>{t('admin.help.page')}</TableCell>
            <TableCell>{t('admin.help.status')}</TableCell>
            <TableCell align="right">{t('common.actions')}</TableCell>
          </>
        }
        columns={6}
        query={requests}
        empty={t(status === 'open' ? 'admin.help.emptyOpen' : 'admin.help.empty')}
        paging={list.paging}
      >
        {items.map((request) => (
          <TableRow key={request.id} hover sx={{ verticalAlign: 'top' }}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(request.created_at, i18n.language)}
            </TableCell>
            <TableCell>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {request.user.name}
              </Typography>
              <Typography variant="caption" color="text.secondary" dir="ltr">
                {request.user.email}
              </Typography>
            </TableCell>
            <TableCell sx={{ maxWidth: 360 }}>
              <Typography
                variant="body2"
                sx={{
                  display: '-webkit-box',
                  WebkitLineClamp: 3,
                  WebkitBoxOrient: 'vertical',
                  overflow: 'hidden',
                  whiteSpace: 'pre-wrap',
                }}
              >
                {request.issue_description}
              </Typography>
              {request.note ? (
                <Typography
                  variant="caption"
                  color="text.secondary"
                  sx={{ display: 'block', mt: 0.5 }}
                >
                  {t('admin.help.noteShown', { note: request.note })}
                </Typography>
              ) : null}
            </TableCell>
            <TableCell sx={{ maxWidth: 260 }}>
              <PageAddress url={request.url} />
              {request.project_link ? (
                <Box sx={{ mt: 0.5 }}>
                  <Link href={request.project_link} variant="caption">
                    {t('admin.help.project', { id: request.project_id })}
                  </Link>
                </Box>
              ) : null}
            </TableCell>
            <TableCell>
              <HelpStatusChip status={request.status} />
            </TableCell>
            <TableCell align="right">
              <Button
                size="small"
                aria-label={t('admin.help.updateNamed', {
                  name: request.user.name,
                  time: formatDateTime(request.created_at, i18n.language),
                })}
                onClick={() => setEditing(request)}
              >
                {t('admin.help.update')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </ConsoleTable>
      {editing ? <HelpRequestDialog request={editing} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}
