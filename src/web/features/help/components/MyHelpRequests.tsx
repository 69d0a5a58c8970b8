import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconHelp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { HelpRequestRecord } from '../../../../shared/schemas/help-request';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { StatusChip } from '../../../components/StatusChip';
import { TablePager, useTablePaging } from '../../../components/TablePager';
import { EmptyStateContent } from '../../../components/TableStates';
import { formatDateTime } from '../../../lib/format';
import { myHelpRequestsQueryOptions } from '../api/help-requests';

/**
 * Where a request was sent from: a path on this site, or an http(s) address elsewhere (as a
 * link); anything else as plain text.
 */
function pageLink(url: string): { href: string | null; shown: string } {
  try {
    const parsed = new URL(url, window.location.origin);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      return { href: null, shown: url };
    if (parsed.origin === window.location.origin) {
      const path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
      return { href: path, shown: path };
    }
    return { href: parsed.href, shown: parsed.href };
  } catch {
    return { href: null, shown: url };
  }
}

function SentFrom({ url }: { url: string }) {
  const { href, shown } = pageLink(url);
  return href ? (
    <Link href={href} dir="ltr" sx={{ wordBreak: 'break-all' }}>
      {shown}
    </Link>
  ) : (
    <Box component="span" dir="ltr" sx={{ wordBreak: 'break-all' }}>
      {shown}
    </Box>
  );
}

function RequestCard({ request }: { request: HelpRequestRecord }) {
  const { t, i18n } = useTranslation();
  const sent = formatDateTime(request.created_at, i18n.language);
  return (
    <Card component="li" variant="outlined">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
        >
          <Typography variant="body2" color="text.secondary">
            <time dateTime={request.created_at}>{t('help.mine.sent', { date: sent })}</time>
          </Typography>
          <StatusChip
            tone={request.status === 'open' ? 'primary' : 'success'}
            label={t(`help.mine.statuses.${request.status}`)}
          />
        </Stack>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {request.issue_description}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('help.mine.from')} <SentFrom url={request.url} />
          {request.project_link ? (
            <>
              {' · '}
              <Link href={request.project_link}>
                {t('help.mine.project', { id: request.project_id })}
              </Link>
            </>
          ) : null}
        </Typography>
        {request.note ? (
          <Box
            sx={{
              borderInlineStart: 3,
              borderColor: 'success.main',
              bgcolor: 'action.hover',
              px: 2,
              py: 1,
              borderRadius: 1,
            }}
          >
            <Typography variant="subtitle2" component="p">
              {t('help.mine.answer')}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {request.note}
            </Typography>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}

/**
 * The account settings tab "Help requests": what the user asked with the help button, newest
 * first, each with its status and the team's note.
 */
export function MyHelpRequests() {
  const { t } = useTranslation();
  const paging = useTablePaging();
  const requests = useQuery(
    myHelpRequestsQueryOptions({ page: paging.page, pageSize: paging.pageSize }),
  );
  const data = requests.data;

  let body;
  if (requests.isError && !data) {
    body = (
      <ErrorAlert
        error={requests.error}
        lead={t('help.mine.loadError')}
        onRetry={() => void requests.refetch()}
      />
    );
  } else if (!data) {
    body = (
      <Box aria-busy="true" aria-label={t('help.mine.loading')}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} variant="rounded" height={96} sx={{ mb: 2 }} />
        ))}
      </Box>
    );
  } else if (data.total === 0) {
    body = (
      <Box sx={{ py: 6, textAlign: 'center' }}>
        <EmptyStateContent
          icon={<IconHelp size={32} />}
          title={t('help.mine.emptyTitle')}
          text={t('help.mine.empty')}
        />
      </Box>
    );
  } else {
    body = (
      <>
        {requests.isError ? (
          <ErrorAlert
            error={requests.error}
            lead={t('help.mine.loadError')}
            onRetry={() => void requests.refetch()}
          />
        ) : null}
        <Stack
          component="ul"
          spacing={2}
          aria-label={t('help.mine.listLabel')}
          aria-busy={requests.isFetching}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {data.items.map((request) => (
            <RequestCard key={request.id} request={request} />
          ))}
        </Stack>
        <TablePager total={data.total} {...paging} />
      </>
    );
  }

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('help.mine.intro')}</Typography>
      {body}
    </Stack>
  );
}
