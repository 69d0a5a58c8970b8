import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  IconCoin,
  IconTrendingDown,
  IconTrophy,
  IconUserPlus,
  IconUsers,
  type Icon as TablerIcon,
} from '@tabler/icons-react';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type CrmDashboard } from '../api/crm';
import { useDashboardFormat } from '../useDashboardFormat';
import { visuallyHidden } from '../../../components/visually-hidden';

type KpiColor = 'primary' | 'info' | 'warning' | 'success' | 'error';

export function KpiCard({
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
        {/* A long figure shrinks with its card (container units), so amounts are never cut. */}
        <Box sx={{ flex: 1, minWidth: 0, containerType: 'inline-size' }}>
          <Typography variant="body2" color="text.secondary" component="h3">
            {label}
          </Typography>
          <Typography
            variant="h5"
            component="p"
            sx={{
              fontWeight: 600,
              my: 0.25,
              // Long amounts (a currency and seven digits) shrink to fit; short figures keep h5.
              fontSize: value && value.length > 9 ? 'min(1.5rem, 12cqi)' : undefined,
              whiteSpace: 'nowrap',
            }}
          >
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

/** The five key figures of the CRM dashboard (placeholders while loading). */
export function CrmKpis({ kpis }: { kpis: CrmDashboard['kpis'] | undefined }) {
  const { t } = useTranslation();
  const { number, money, percent, change } = useDashboardFormat();
  type Figures = CrmDashboard['kpis'];
  const newCustomersHint = (figures: Figures) =>
    figures.newCustomersPrevious === 0
      ? figures.newCustomers === 0
        ? t('customers.dashboard.kpis.noChange')
        : t('customers.dashboard.kpis.noPrevious')
      : figures.newCustomers === figures.newCustomersPrevious
        ? t('customers.dashboard.kpis.noChange')
        : t('customers.dashboard.kpis.change', {
            change: change(
              (figures.newCustomers - figures.newCustomersPrevious) / figures.newCustomersPrevious,
            ),
          });
  // Each card: its look, its label, its figure, and its hint: a fixed text, or one
  // that needs the figures (empty while they load).
  const cards: {
    icon: TablerIcon;
    color: KpiColor;
    label: string;
    value: (figures: Figures) => string;
    hint: string | ((figures: Figures) => string);
  }[] = [
    {
      icon: IconUsers,
      color: 'primary',
      label: t('customers.dashboard.kpis.customers'),
      value: (figures) => number(figures.customers),
      hint: t('customers.dashboard.kpis.customersHint'),
    },
    {
      icon: IconUserPlus,
      color: 'info',
      label: t('customers.dashboard.kpis.newCustomers'),
      value: (figures) => number(figures.newCustomers),
      hint: newCustomersHint,
    },
    {
      icon: IconCoin,
      color: 'warning',
      label: t('customers.dashboard.kpis.pipelineValue'),
      value: (figures) => money(figures.pipelineValue),
      hint: t('customers.dashboard.kpis.pipelineHint'),
    },
    {
      icon: IconTrophy,
      color: 'success',
      label: t('customers.dashboard.kpis.wonValue'),
      value: (figures) => money(figures.wonValue),
      hint: t('customers.dashboard.kpis.wonHint'),
    },
    {
      icon: IconTrendingDown,
      color: 'error',
      label: t('customers.dashboard.kpis.churnRate'),
      value: (figures) => percent(figures.churnRate),
      hint: (figures) =>
        t('customers.dashboard.kpis.churnHint', {
          number: number(figures.churned),
          inRange: number(figures.churnedInRange),
        }),
    },
  ];

  return (
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
      {cards.map((card) => (
        <KpiCard
          key={card.label}
          icon={card.icon}
          color={card.color}
          label={card.label}
          value={kpis ? card.value(kpis) : null}
          hint={typeof card.hint === 'string' ? card.hint : kpis ? card.hint(kpis) : ''}
        />
      ))}
    </Box>
  );
}
