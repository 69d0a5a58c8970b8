import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconPlugConnected, IconSql, IconTable } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAbility } from '../../../lib/ability';
import { useAuthState } from '../../../lib/auth-store';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../../lib/format';
import {
  acceptPrivilegedRole,
  dataSourceKeys,
  testSavedSource,
  type DataSourceDetail,
} from '../api/data-sources';
import { DATABASE_TLS_MODES } from '../../../../shared/schemas/data-sources';
import { useErrorText } from '../../../components/ErrorAlert';
import type { DataSourceTab } from '../search';
import { formatBytes } from '../upload';
import { ConnectionTestAlert } from './ConnectionTestAlert';
import { MASKED_SECRET } from './ConnectionFields';

/** One term and its value: the grid cell is the <div> that groups <dt> and <dd> in the <dl>. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Grid>
  );
}

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** What a source is and where its data comes from; 'Test connection'; shortcuts to the tabs. */
export function OverviewTab({
  source,
  onOpenTab,
}: {
  source: DataSourceDetail;
  onOpenTab: (tab: DataSourceTab) => void;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const test = useMutation({ mutationFn: () => testSavedSource(source.id) });
  const queryClient = useQueryClient();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const organizationAdmin = useAbility().can('update', 'Organization');
  const accept = useMutation({
    mutationFn: () => acceptPrivilegedRole(source.id),
    onSuccess: (updated) => {
      queryClient.setQueryData(dataSourceKeys.detail(orgId, source.id), updated);
      void queryClient.invalidateQueries({ queryKey: dataSourceKeys.all(orgId) });
    },
  });
  const privilegedAction = source.privilegedRoleAccepted ? (
    <Typography variant="body2" sx={{ mt: 1, fontWeight: 500 }}>
      {t('dataSources.privileged.accepted')}
    </Typography>
  ) : organizationAdmin ? (
    <Button
      color="inherit"
      variant="outlined"
      size="small"
      sx={{ mt: 1 }}
      onClick={() => accept.mutate()}
      disabled={accept.isPending}
    >
      {t('dataSources.privileged.accept')}
    </Button>
  ) : (
    <Typography variant="body2" sx={{ mt: 1 }}>
      {t('dataSources.privileged.askAdmin')}
    </Typography>
  );
  const c = source.config;
  const mono = (value: string) => (
    <Box component="span" dir="ltr" sx={{ fontFamily: 'monospace' }}>
      {value || '—'}
    </Box>
  );

  const facts: { label: string; value: ReactNode }[] = [];
  if (source.type === 'postgres' || source.type === 'mysql') {
    facts.push(
      { label: t('dataSources.form.host'), value: mono(text(c.host)) },
      { label: t('dataSources.form.port'), value: mono(text(c.port)) },
      { label: t('dataSources.form.database'), value: mono(text(c.database)) },
      { label: t('dataSources.form.user'), value: mono(text(c.user)) },
      {
        label: t('dataSources.form.password'),
        value: source.hasSecret ? MASKED_SECRET : t('dataSources.overview.noSecret'),
      },
      {
        label: t('dataSources.form.ssl'),
        value: t(
          `dataSources.form.sslModes.${DATABASE_TLS_MODES.find((mode) => mode === c.ssl) ?? 'require'}`,
        ),
      },
    );
  } else if (source.type === 'http') {
    const authType = c.authType === 'bearer' || c.authType === 'header' ? c.authType : 'none';
    facts.push(
      { label: t('dataSources.form.baseUrl'), value: mono(text(c.baseUrl)) },
      {
        label: t('dataSources.form.authType'),
        value:
          authType === 'header'
            ? t('dataSources.overview.authHeader', { header: text(c.authHeader) })
            : t(`dataSources.form.authTypes.${authType}`),
      },
      {
        label: t('dataSources.overview.credentials'),
        value: source.hasSecret ? MASKED_SECRET : t('dataSources.overview.noSecret'),
      },
      {
        label: t('dataSources.form.headers'),
        value: Array.isArray(c.headers) ? formatNumber(c.headers.length) : formatNumber(0),
      },
    );
  } else {
    facts.push(
      { label: t('dataSources.overview.fileName'), value: text(c.fileName) },
      {
        label: t('dataSources.overview.format'),
        value: text(c.format).toUpperCase(),
      },
      {
        label: t('dataSources.overview.size'),
        value: formatBytes(Number(c.size ?? 0), i18n.language),
      },
      { label: t('dataSources.overview.rows'), value: formatNumber(Number(c.rowCount ?? 0)) },
      {
        label: t('dataSources.overview.columns'),
        value: formatNumber(Array.isArray(c.columns) ? c.columns.length : 0),
      },
      {
        label: t('dataSources.overview.skippedRows'),
        value: formatNumber(Number(c.skippedRows ?? 0)),
      },
    );
  }

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('dataSources.overview.about')}
        </Typography>
        <Typography color={source.description ? 'text.primary' : 'text.secondary'}>
          {source.description || t('dataSources.overview.noDescription')}
        </Typography>
      </Box>

      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {source.type === 'file'
            ? t('dataSources.overview.file')
            : t('dataSources.overview.connection')}
        </Typography>
        <Grid container spacing={2.5} component="dl" sx={{ m: 0 }}>
          {facts.map((fact) => (
            <Fact key={fact.label} label={fact.label}>
              {fact.value}
            </Fact>
          ))}
        </Grid>
      </Box>

      <Divider />

      <Grid container spacing={2.5} component="dl" sx={{ m: 0 }}>
        <Fact label={t('dataSources.overview.createdBy')}>
          {source.createdBy?.name ?? t('dataSources.overview.unknownUser')}
        </Fact>
        <Fact label={t('dataSources.overview.created')}>
          {formatDateTime(source.createdAt, i18n.language)}
        </Fact>
        <Fact label={t('dataSources.overview.updated')}>
          {formatDateTime(source.updatedAt, i18n.language)}
        </Fact>
      </Grid>

      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('dataSources.overview.projects')}
        </Typography>
        {source.projects.length === 0 ? (
          <Typography color="text.secondary">{t('dataSources.overview.noProjects')}</Typography>
        ) : (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {source.projects.map((project) => (
              <Chip key={project.id} label={project.name} />
            ))}
          </Stack>
        )}
      </Box>

      <Divider />

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        {source.type === 'file' ? null : (
          <Button
            variant="outlined"
            startIcon={<IconPlugConnected size={18} aria-hidden />}
            onClick={() => test.mutate()}
            disabled={test.isPending}
          >
            {test.isPending ? t('dataSources.test.testing') : t('dataSources.test.button')}
          </Button>
        )}
        {source.type === 'http' ? null : (
          <Button
            startIcon={<IconTable size={18} aria-hidden />}
            onClick={() => onOpenTab('schema')}
          >
            {t('dataSources.overview.browseSchema')}
          </Button>
        )}
        <Button startIcon={<IconSql size={18} aria-hidden />} onClick={() => onOpenTab('query')}>
          {t('dataSources.overview.openQuery')}
        </Button>
      </Stack>
      {test.data ? (
        <ConnectionTestAlert
          result={test.data}
          onClose={() => test.reset()}
          privilegedAction={privilegedAction}
        />
      ) : null}
      {test.isError ? <Alert severity="error">{errorText(test.error)}</Alert> : null}
      {accept.isError ? <Alert severity="error">{errorText(accept.error)}</Alert> : null}
    </Stack>
  );
}
