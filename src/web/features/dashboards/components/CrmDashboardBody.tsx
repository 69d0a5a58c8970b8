import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useColorScheme, useTheme, type Palette } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_STATUSES, type CustomerStatus } from '../../../../shared/schemas/customers';
import type { ProjectStatus } from '../../../../shared/schemas/projects';
import { RouterButton } from '../../../components/RouterLink';
import { type CrmDashboard } from '../api/crm';
import { useDashboardFormat } from '../useDashboardFormat';
import { ChartCard } from './ChartCard';
import { DonutChart, type DonutSlice } from './DonutChart';
import { RecentActivity } from './RecentActivity';

import { CrmKpis } from './KpiCard';

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

/** The figures and charts of the CRM dashboard (skeletons while loading). */
export function DashboardBody({
  data,
  loading,
  fetching,
}: {
  data: CrmDashboard | undefined;
  loading: boolean;
  fetching: boolean;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const { colorScheme } = useColorScheme();
  const palette: Palette =
    (colorScheme && theme.colorSchemes[colorScheme]?.palette) || theme.palette;
  const rtl = theme.direction === 'rtl';
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  // The charts' own thinning of crowded tick labels assumes labels that run left to right; on a
  // reversed (right-to-left) axis every other week's label is shown (every third on a phone).
  const labelStep = phone ? 3 : 2;
  const weekLabelInterval = rtl
    ? (_value: unknown, index: number) => index % labelStep === 0
    : ('auto' as const);
  // The outermost tick label of a value or point axis is centred on the plot's far edge: room
  // for its half on the side away from the y axis, so that it is not cut (the left in Arabic).
  const farEdge = rtl ? { left: 36 } : { right: 36 };
  const { number, money, compactMoney, week, list } = useDashboardFormat();
  const statusLabel = (status: CustomerStatus) => t(`customers.status.${status}`);
  const projectStatusLabel = (status: ProjectStatus) =>
    t(`customers.dashboard.projectStatus.${status}`);

  // One ring slice per status: its count, name and colour.
  const statusSlices = <S extends string>(
    items: readonly { status: S; count: number }[],
    label: (status: S) => string,
    colors: Record<S, (palette: Palette) => string>,
  ): DonutSlice[] =>
    items.map((item) => ({
      id: item.status,
      value: item.count,
      label: label(item.status),
      color: colors[item.status](palette),
    }));

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

      <CrmKpis kpis={kpis} />

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
          <DonutChart slices={statusSlices(byStatus, statusLabel, STATUS_COLOR)} format={number} />
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
            xAxis={[
              {
                scaleType: 'point',
                dataKey: 'week',
                reverse: rtl,
                tickLabelInterval: weekLabelInterval,
              },
            ]}
            yAxis={[
              {
                valueFormatter: (value: number) => number(value),
                position: rtl ? 'right' : 'left',
                width: 'auto',
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
            margin={farEdge}
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
            margin={farEdge}
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
              projects.map((item) => `${projectStatusLabel(item.status)} ${number(item.count)}`),
            ),
          })}
          table={{
            columns: [
              t('customers.dashboard.charts.status'),
              t('customers.dashboard.charts.projectsCount'),
            ],
            rows: projects.map((item) => [projectStatusLabel(item.status), number(item.count)]),
          }}
        >
          <DonutChart
            slices={statusSlices(projects, projectStatusLabel, PROJECT_COLOR)}
            format={number}
          />
        </ChartCard>
        <RecentActivity items={data?.recentActivity} loading={loading} />
      </Box>
    </Stack>
  );
}
