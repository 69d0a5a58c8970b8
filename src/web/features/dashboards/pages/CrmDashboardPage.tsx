import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useColorScheme, useTheme, type Palette } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import {
  IconCoin,
  IconTrendingDown,
  IconTrophy,
  IconUserPlus,
  IconUsers,
  type Icon as TablerIcon,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CUSTOMER_CURRENCY,
  CUSTOMER_STATUSES,
  type CustomerStatus,
} from '../../../../shared/schemas/customers';
import type { ProjectStatus } from '../../../../shared/schemas/projects';
import { RouterButton } from '../../../components/RouterLink';
import { useAuthState } from '../../../lib/auth-store';
import { errorText } from '../../../lib/error-text';
import { formatDate, formatNumber } from '../../../lib/format';
import { crmDashboardQueryOptions, type CrmDashboard } from '../api/crm';
import { visuallyHidden } from '../../../components/visually-hidden';
import { ChartCard } from '../components/ChartCard';
import { RangeFilter } from '../components/RangeFilter';
import { RecentActivity } from '../components/RecentActivity';
import { resolveRange } from '../range';

const routeApi = getRouteApi('/dashboards/crm');

const STATUS_COLOR: Record<CustomerStatus, (palette: Palette) => string> = {
  lead: (palette) => palette.info.main,
  prospect: (palette) => palette.warning.main,
  active: (palette) => palette.success.main,
  churned: (palette) => palette.grey[500],
};
const PROJECT_COLOR: Record<ProjectStatus, (palette: Palette) => string> = {
  active: (palette) => palette.primary.main,
  archived: (palette) => palette.grey[500],
};

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
              {t('customers.actions.retry')}
            </Button>
          }
        >
          {t('customers.dashboard.loadError')}{' '}
          {errorText(t, language, dashboard.error)}
        </Alert>
      ) : (
        <DashboardBody data={data} loading={loading} fetching={dashboard.isFetching} />
      )}
    </Stack>
  );
}

function DashboardBody({
  data,
  loading,
  fetching,
}: {
  data: CrmDashboard | undefined;
  loading: boolean;
  fetching: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const theme = useTheme();
  const { colorScheme } = useColorScheme();
  const palette: Palette =
    (colorScheme && theme.colorSchemes[colorScheme]?.palette) || theme.palette;
  const rtl = theme.direction === 'rtl';

  const number = (value: number) => formatNumber(value, {}, language);
  const money = (value: number) =>
    formatNumber(
      value,
      { style: 'currency', currency: CUSTOMER_CURRENCY, maximumFractionDigits: 0 },
      language,
    );
  const compactMoney = (value: number) =>
    formatNumber(
      value,
      {
        style: 'currency',
        currency: CUSTOMER_CURRENCY,
        currencyDisplay: 'narrowSymbol',
        notation: 'compact',
        maximumFractionDigits: 1,
      },
      language,
    );
  const percent = (value: number) =>
    formatNumber(value, { style: 'percent', maximumFractionDigits: 1 }, language);
  const week = (iso: string) =>
    formatDate(`${iso}T00:00:00Z`, { month: 'short', day: 'numeric', timeZone: 'UTC' }, language);
  const list = (items: string[]) =>
    new Intl.ListFormat(language, { type: 'conjunction', style: 'short' }).format(items);
  const statusLabel = (status: CustomerStatus) => t(`customers.status.${status}`);

  const kpis = data?.kpis;
  const noCustomers = !!data && data.kpis.customers === 0;
  const byStatus = data?.byStatus ?? [];
  const weeks = data?.newPerWeek ?? [];
  const owners = data?.topOwners ?? [];
  const projects = data?.projectsByStatus ?? [];
  const projectTotal = projects.reduce((sum, item) => sum + item.count, 0);
  const newTotal = weeks.reduce((sum, item) => sum + item.count, 0);
  const busiest = weeks.reduce<(typeof weeks)[number] | null>(
    (best, item) => (best === null || item.count > best.count ? item : best),
    null,
  );

  const change = kpis
    ? kpis.newCustomersPrevious === 0
      ? kpis.newCustomers === 0
        ? t('customers.dashboard.kpis.noChange')
        : t('customers.dashboard.kpis.noPrevious')
      : kpis.newCustomers === kpis.newCustomersPrevious
        ? t('customers.dashboard.kpis.noChange')
        : t('customers.dashboard.kpis.change', {
            change: formatNumber(
              (kpis.newCustomers - kpis.newCustomersPrevious) / kpis.newCustomersPrevious,
              { style: 'percent', maximumFractionDigits: 0, signDisplay: 'always' },
              language,
            ),
          })
    : '';

  return (
    <Stack spacing={3} aria-busy={fetching}>
      {noCustomers ? (
        <Alert
          severity="info"
          action={
            <RouterButton to="/customer" color="inherit" size="small">
              {t('customers.dashboard.empty.action')}
            </RouterButton>
          }
        >
          <Typography component="p" sx={{ fontWeight: 600 }}>
            {t('customers.dashboard.empty.title')}
          </Typography>
          {t('customers.dashboard.empty.body')}
        </Alert>
      ) : null}

      <Box
        component="section"
        aria-labelledby="crm-kpis-heading"
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, 1fr)',
            md: 'repeat(3, 1fr)',
            lg: 'repeat(5, 1fr)',
          },
        }}
      >
        <Typography id="crm-kpis-heading" component="h2" sx={visuallyHidden}>
          {t('customers.dashboard.kpis.label')}
        </Typography>
        <KpiCard
          icon={IconUsers}
          color="primary"
          label={t('customers.dashboard.kpis.customers')}
          value={kpis ? number(kpis.customers) : null}
          hint={t('customers.dashboard.kpis.customersHint')}
        />
        <KpiCard
          icon={IconUserPlus}
          color="info"
          label={t('customers.dashboard.kpis.newCustomers')}
          value={kpis ? number(kpis.newCustomers) : null}
          hint={kpis ? change : ''}
        />
        <KpiCard
          icon={IconCoin}
          color="warning"
          label={t('customers.dashboard.kpis.pipelineValue')}
          value={kpis ? money(kpis.pipelineValue) : null}
          hint={t('customers.dashboard.kpis.pipelineHint')}
        />
        <KpiCard
          icon={IconTrophy}
          color="success"
          label={t('customers.dashboard.kpis.wonValue')}
          value={kpis ? money(kpis.wonValue) : null}
          hint={t('customers.dashboard.kpis.wonHint')}
        />
        <KpiCard
          icon={IconTrendingDown}
          color="error"
          label={t('customers.dashboard.kpis.churnRate')}
          value={kpis ? percent(kpis.churnRate) : null}
          hint={
            kpis
              ? t('customers.dashboard.kpis.churnHint', {
                  number: number(kpis.churned),
                  inRange: number(kpis.churnedInRange),
                })
              : ''
          }
        />
      </Box>

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '5fr 7fr' } }}>
        <ChartCard
          title={t('customers.dashboard.charts.byStatus')}
          loading={loading}
          empty={noCustomers ? t('customers.dashboard.empty.title') : null}
          summary={t('customers.dashboard.charts.byStatusSummary', {
            list: list(byStatus.map((item) => `${statusLabel(item.status)} ${number(item.count)}`)),
          })}
          table={{
            columns: [
              t('customers.dashboard.charts.status'),
              t('customers.dashboard.charts.count'),
            ],
            rows: byStatus.map((item) => [statusLabel(item.status), number(item.count)]),
          }}
        >
          <PieChart
            series={[
              {
                data: byStatus.map((item) => ({
                  id: item.status,
                  value: item.count,
                  label: statusLabel(item.status),
                  color: STATUS_COLOR[item.status](palette),
                })),
                innerRadius: 60,
                outerRadius: 110,
                paddingAngle: 2,
                cornerRadius: 4,
                valueFormatter: (item) => number(item.value),
              },
            ]}
            slotProps={{
              legend: {
                direction: 'vertical',
                position: { vertical: 'middle', horizontal: 'end' },
              },
            }}
          />
        </ChartCard>

        <ChartCard
          title={t('customers.dashboard.charts.pipeline')}
          loading={loading}
          empty={noCustomers ? t('customers.dashboard.empty.title') : null}
          summary={t('customers.dashboard.charts.pipelineSummary', {
            list: list(byStatus.map((item) => `${statusLabel(item.status)} ${money(item.value)}`)),
          })}
          table={{
            columns: [
              t('customers.dashboard.charts.status'),
              t('customers.dashboard.charts.value'),
            ],
            rows: byStatus.map((item) => [statusLabel(item.status), money(item.value)]),
          }}
        >
          <BarChart
            dataset={byStatus.map((item) => ({
              status: statusLabel(item.status),
              value: item.value,
            }))}
            xAxis={[
              {
                scaleType: 'band',
                dataKey: 'status',
                reverse: rtl,
                colorMap: {
                  type: 'ordinal',
                  values: CUSTOMER_STATUSES.map(statusLabel),
                  colors: CUSTOMER_STATUSES.map((status) => STATUS_COLOR[status](palette)),
                },
              },
            ]}
            yAxis={[
              {
                valueFormatter: (value: number) => compactMoney(value),
                position: rtl ? 'right' : 'left',
                width: 'auto',
              },
            ]}
            series={[
              {
                dataKey: 'value',
                label: t('customers.dashboard.charts.value'),
                valueFormatter: (value) => (value === null ? '' : money(value)),
              },
            ]}
            hideLegend
            grid={{ horizontal: true }}
            borderRadius={6}
          />
        </ChartCard>
      </Box>

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '7fr 5fr' } }}>
        <ChartCard
          title={t('customers.dashboard.charts.newPerWeek')}
          loading={loading}
          empty={newTotal === 0 ? t('customers.dashboard.charts.newPerWeekEmpty') : null}
          summary={t('customers.dashboard.charts.newPerWeekSummary', {
            total: number(newTotal),
            weeks: number(weeks.length),
            week: busiest ? week(busiest.week) : '',
            number: number(busiest?.count ?? 0),
          })}
          table={{
            columns: [t('customers.dashboard.charts.week'), t('customers.dashboard.charts.count')],
            rows: weeks.map((item) => [
              t('customers.dashboard.charts.weekOf', { date: week(item.week) }),
              number(item.count),
            ]),
          }}
        >
          <LineChart
            dataset={weeks.map((item) => ({ week: week(item.week), count: item.count }))}
            xAxis={[{ scaleType: 'point', dataKey: 'week', reverse: rtl }]}
            yAxis={[
              {
                valueFormatter: (value: number) => number(value),
                position: rtl ? 'right' : 'left',
                width: 48,
                tickMinStep: 1,
              },
            ]}
            series={[
              {
                dataKey: 'count',
                label: t('customers.dashboard.charts.count'),
                area: true,
                curve: 'monotoneX',
                color: palette.primary.main,
                valueFormatter: (value) => (value === null ? '' : number(value)),
              },
            ]}
            hideLegend
            grid={{ horizontal: true }}
            sx={{ '& .MuiAreaElement-root': { fillOpacity: 0.18 } }}
          />
        </ChartCard>

        <ChartCard
          title={t('customers.dashboard.charts.topOwners')}
          loading={loading}
          empty={owners.length === 0 ? t('customers.dashboard.charts.topOwnersEmpty') : null}
          summary={t('customers.dashboard.charts.topOwnersSummary', {
            list: list(owners.map((owner) => `${owner.name} ${money(owner.value)}`)),
          })}
          table={{
            columns: [
              t('customers.dashboard.charts.owner'),
              t('customers.dashboard.charts.value'),
              t('customers.dashboard.charts.count'),
            ],
            rows: owners.map((owner) => [owner.name, money(owner.value), number(owner.customers)]),
          }}
        >
          <BarChart
            layout="horizontal"
            dataset={owners.map((owner) => ({ name: owner.name, value: owner.value }))}
            yAxis={[
              {
                scaleType: 'band',
                dataKey: 'name',
                position: rtl ? 'right' : 'left',
                width: 110,
              },
            ]}
            xAxis={[
              {
                valueFormatter: (value: number) => compactMoney(value),
                reverse: rtl,
                tickNumber: 4,
              },
            ]}
            series={[
              {
                dataKey: 'value',
                label: t('customers.dashboard.charts.value'),
                color: palette.secondary.main,
                valueFormatter: (value) => (value === null ? '' : money(value)),
              },
            ]}
            hideLegend
            grid={{ vertical: true }}
            borderRadius={6}
          />
        </ChartCard>
      </Box>

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '5fr 7fr' } }}>
        <ChartCard
          title={t('customers.dashboard.charts.projects')}
          loading={loading}
          empty={projectTotal === 0 ? t('customers.dashboard.charts.projectsEmpty') : null}
          summary={t('customers.dashboard.charts.projectsSummary', {
            list: list(
              projects.map(
                (item) =>
                  `${t(`customers.dashboard.projectStatus.${item.status}`)} ${number(item.count)}`,
              ),
            ),
          })}
          table={{
            columns: [
              t('customers.dashboard.charts.status'),
              t('customers.dashboard.charts.projectsCount'),
            ],
            rows: projects.map((item) => [
              t(`customers.dashboard.projectStatus.${item.status}`),
              number(item.count),
            ]),
          }}
        >
          <PieChart
            series={[
              {
                data: projects.map((item) => ({
                  id: item.status,
                  value: item.count,
                  label: t(`customers.dashboard.projectStatus.${item.status}`),
                  color: PROJECT_COLOR[item.status](palette),
                })),
                innerRadius: 60,
                outerRadius: 110,
                paddingAngle: 2,
                cornerRadius: 4,
                valueFormatter: (item) => number(item.value),
              },
            ]}
            slotProps={{
              legend: {
                direction: 'vertical',
                position: { vertical: 'middle', horizontal: 'end' },
              },
            }}
          />
        </ChartCard>
        <RecentActivity items={data?.recentActivity} loading={loading} />
      </Box>
    </Stack>
  );
}

type KpiColor = 'primary' | 'info' | 'warning' | 'success' | 'error';

function KpiCard({
  icon: Icon,
  color,
  label,
  value,
  hint,
}: {
  icon: TablerIcon;
  color: KpiColor;
  label: string;
  value: string | null;
  hint: ReactNode;
}) {
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Box
          aria-hidden
          sx={(theme) => ({
            flexShrink: 0,
            width: 44,
            height: 44,
            borderRadius: 2,
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            color: theme.vars.palette[color].main,
            bgcolor: `rgba(${theme.vars.palette[color].mainChannel} / 0.14)`,
          })}
        >
          <Icon size={24} />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" component="h3">
            {label}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600, my: 0.25 }}>
            {value ?? <Skeleton width={80} />}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {hint}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
