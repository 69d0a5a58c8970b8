import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../../components/PageStates';
import { ApiError } from '../../../lib/api';
import { useAuthState } from '../../../lib/auth-store';
import { dataSourceQueryOptions } from '../api/data-sources';
import { DataSourceTypeIcon } from '../components/DataSourceTypeIcon';
import { OverviewTab } from '../components/OverviewTab';
import { ProjectsTab } from '../components/ProjectsTab';
import { QueryTab } from '../components/QueryTab';
import { SchemaTab } from '../components/SchemaTab';
import { SettingsTab } from '../components/SettingsTab';
import { SourceSummaryText } from '../components/SourceSummaryText';
import { useErrorText } from '../../../components/ErrorAlert';
import { DATA_SOURCE_TABS, type DataSourceTab } from '../search';

const routeApi = getRouteApi('/data-sources/$id');

/** /data-sources/{id}: overview, settings, schema, query console and projects of one source. */
export function DataSourceDetailPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const errorText = useErrorText();
  const source = useQuery(dataSourceQueryOptions(orgId, id));
  const tab: DataSourceTab = search.tab ?? 'overview';
  const selectTab = (next: DataSourceTab) =>
    void navigate({ search: next === 'overview' ? {} : { tab: next }, replace: true });
  // The console's SQL outlives a visit to another tab; the schema browser can fill it.
  const [sql, setSql] = useState('');
  const queryTable = (statement: string | null) => {
    if (statement !== null) setSql(statement);
    selectTab('query');
  };

  const back = <BackLink to="/data-sources">{t('dataSources.detail.back')}</BackLink>;

  if (source.isError) {
    const missing = source.error instanceof ApiError && source.error.status === 404;
    return (
      <Stack spacing={2}>
        {back}
        <Alert
          severity={missing ? 'warning' : 'error'}
          action={
            missing ? undefined : (
              <Button color="inherit" size="small" onClick={() => void source.refetch()}>
                {t('common.retry')}
              </Button>
            )
          }
        >
          {missing
            ? t('dataSources.detail.notFound')
            : t('dataSources.detail.loadFailed', { message: errorText(source.error) })}
        </Alert>
      </Stack>
    );
  }

  const data = source.data;
  return (
    <Stack spacing={3}>
      {back}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {data ? (
          <DataSourceTypeIcon type={data.type} size={52} />
        ) : (
          <Skeleton variant="rounded" width={52} height={52} />
        )}
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography
              variant="h4"
              component="h1"
              sx={{ fontWeight: 600, wordBreak: 'break-word' }}
            >
              {data ? data.name : <Skeleton width={240} />}
            </Typography>
            {data ? (
              <Chip size="small" variant="outlined" label={t(`dataSources.types.${data.type}`)} />
            ) : null}
          </Stack>
          {data ? <SourceSummaryText source={data} /> : <Skeleton width={200} />}
        </Box>
      </Stack>

      <Card variant="outlined">
        <Tabs
          value={tab}
          onChange={(_event, value: DataSourceTab) => selectTab(value)}
          variant="scrollable"
          scrollButtons="auto"
          aria-label={t('dataSources.detail.tabsLabel')}
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          {DATA_SOURCE_TABS.map((value) => (
            <Tab
              key={value}
              value={value}
              label={t(`dataSources.detail.tabs.${value}`)}
              id={`ds-tab-${value}`}
              aria-controls={`ds-panel-${value}`}
            />
          ))}
        </Tabs>
        <Box
          role="tabpanel"
          id={`ds-panel-${tab}`}
          aria-labelledby={`ds-tab-${tab}`}
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          {!data ? (
            <Stack spacing={1.5}>
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} variant="rounded" height={40} />
              ))}
            </Stack>
          ) : tab === 'overview' ? (
            <OverviewTab source={data} onOpenTab={selectTab} />
          ) : tab === 'settings' ? (
            <SettingsTab source={data} />
          ) : tab === 'schema' ? (
            <SchemaTab source={data} onQueryTable={queryTable} />
          ) : tab === 'query' ? (
            <QueryTab source={data} sql={sql} onSqlChange={setSql} />
          ) : (
            <ProjectsTab source={data} />
          )}
        </Box>
      </Card>
    </Stack>
  );
}
