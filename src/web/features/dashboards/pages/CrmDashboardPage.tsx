import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthState } from '../../../lib/auth-store';
import { errorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format';
import { crmDashboardQueryOptions } from '../api/crm';
import { RangeFilter } from '../components/RangeFilter';
import { resolveRange } from '../range';

import { DashboardBody } from '../components/CrmDashboardBody';

const routeApi = getRouteApi('/dashboards/crm');

/** /dashboards/crm: key figures and charts of the organisation's customers, for a period. */
export function CrmDashboardPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const [now] = useState(() => Date.now());
  const range = resolveRange(search, now);
  const dashboard = useQuery(crmDashboardQueryOptions(orgId, range.query));
  const data = dashboard.data;
  const loading = dashboard.isPending;

  const day = (iso: string) =>
    formatDate(`${iso}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }, language);

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}
      >
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
            {t('customers.dashboard.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {data ? (
              t('customers.dashboard.subtitle', {
                from: day(data.range.from),
                to: day(data.range.to),
              })
            ) : (
              <Skeleton width={220} component="span" sx={{ display: 'inline-block' }} />
            )}
          </Typography>
        </Box>
        <RangeFilter
          choice={range.choice}
          from={search.from}
          to={search.to}
          shown={data?.range}
          problem={range.problem}
          onPreset={(preset) =>
            void navigate({
              search: { range: preset === '12w' ? undefined : preset },
              replace: true,
            })
          }
          onCustom={({ from, to }) =>
            void navigate({ search: { range: 'custom', from, to }, replace: true })
          }
        />
      </Stack>

      {orgId === null ? (
        <Alert severity="info">{t('customers.noOrganization')}</Alert>
      ) : dashboard.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void dashboard.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('customers.dashboard.loadError')} {errorText(t, language, dashboard.error)}
        </Alert>
      ) : (
        <DashboardBody data={data} loading={loading} fetching={dashboard.isFetching} />
      )}
    </Stack>
  );
}
