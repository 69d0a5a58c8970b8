import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../../components/RouterLink';
import { activitySentence } from '../../../lib/activity-sentence';
import { formatDateTime } from '../../../lib/format';
import type { AuditLogEntry } from '../api/audit';
import { AuditDiff } from './AuditDiff';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const shortId = (id: string) => (UUID.test(id) ? id.slice(0, 8) : id);

export function Mono({ children, title }: { children: string; title?: string | undefined }) {
  return (
    <Box
      component="bdi"
      dir="ltr"
      title={title}
      sx={{ fontFamily: 'monospace', fontSize: '0.8125rem' }}
    >
      {children}
    </Box>
  );
}

/** One entry of the audit log: its row, then a row with its changes (shown when open). */
export function AuditEntryRows({
  entry,
  scope,
  columns,
  open,
  onToggle,
  actionLabel,
  targetLabel,
  organizationLabel,
}: {
  entry: AuditLogEntry;
  scope: 'organization' | 'all';
  columns: number;
  open: boolean;
  onToggle: () => void;
  actionLabel: (action: string) => string;
  targetLabel: (target: string) => string;
  organizationLabel: (entry: AuditLogEntry) => string;
}) {
  const { t, i18n } = useTranslation();
  const detailsId = useId();
  const sentence = activitySentence(i18n, {
    action: entry.action,
    actorName: entry.actor.name ?? t('audit.system'),
    targetName: entry.targetName,
  });
  const time = formatDateTime(entry.createdAt);
  const actor = entry.actor.email ?? t('audit.system');
  const target = targetLabel(entry.targetType);

  return (
    <Fragment>
      <TableRow hover sx={{ '& > td': { borderBottom: open ? 0 : undefined } }}>
        <TableCell>
          <IconButton
            size="small"
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            aria-label={t('audit.toggleDetails', { action: actionLabel(entry.action), time })}
            onClick={onToggle}
          >
            {open ? (
              <IconChevronUp size={18} aria-hidden />
            ) : (
              <IconChevronDown size={18} aria-hidden />
            )}
          </IconButton>
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>
          <time dateTime={entry.createdAt}>{time}</time>
        </TableCell>
        <TableCell>
          {entry.actor.id ? (
            <RouterLink to="/apps/user/view/$id" params={{ id: entry.actor.id }} underline="hover">
              <bdi>{actor}</bdi>
            </RouterLink>
          ) : (
            <bdi>{actor}</bdi>
          )}
        </TableCell>
        {scope === 'all' ? (
          <TableCell>
            <span title={entry.organizationId ?? undefined}>
              <bdi>{organizationLabel(entry)}</bdi>
            </span>
          </TableCell>
        ) : null}
        <TableCell>{sentence}</TableCell>
        <TableCell>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip size="small" variant="outlined" label={target} />
            {entry.targetName ? (
              <bdi title={entry.targetId ?? undefined}>{entry.targetName}</bdi>
            ) : entry.targetId ? (
              entry.targetType === 'user' && UUID.test(entry.targetId) ? (
                <RouterLink
                  to="/apps/user/view/$id"
                  params={{ id: entry.targetId }}
                  underline="hover"
                  aria-label={t('audit.openUser', { id: entry.targetId })}
                >
                  <Mono title={entry.targetId}>{shortId(entry.targetId)}</Mono>
                </RouterLink>
              ) : (
                <Mono title={entry.targetId}>{shortId(entry.targetId)}</Mono>
              )
            ) : null}
          </Stack>
        </TableCell>
        <TableCell>{entry.ip ? <Mono>{entry.ip}</Mono> : t('audit.unknownIp')}</TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={columns} sx={{ py: 0, ...(open ? {} : { borderBottom: 0 }) }}>
          <Collapse in={open} timeout="auto" unmountOnExit>
            <Box id={detailsId} sx={{ py: 2 }}>
              <Typography
                id={`${detailsId}-title`}
                variant="subtitle2"
                component="h3"
                sx={{ mb: 1 }}
              >
                {t('audit.diff.title')}
              </Typography>
              <AuditDiff
                before={entry.before}
                after={entry.after}
                labelledBy={`${detailsId}-title`}
              />
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </Fragment>
  );
}
