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
import { CUSTOMER_CURRENCY } from '../../../../shared/schemas/customers';
import { formatNumber } from '../../../lib/format';
import { type CrmDashboard } from '../api/crm';
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

/** The five key figures of the CRM dashboard (placeholders while loading). */
export function CrmKpis({ kpis }: { kpis: CrmDashboard['kpis'] | undefined }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const number = (value: number) => formatNumber(value, {}, language);
  const money = (value: number) =>
    formatNumber(
      value,
      { style: 'currency', currency: CUSTOMER_CURRENCY, maximumFractionDigits: 0 },
      language,
    );
  const percent = (value: number) =>
    formatNumber(value, { style: 'percent', maximumFractionDigits: 1 }, language);
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
  );
}
