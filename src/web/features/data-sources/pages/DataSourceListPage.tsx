import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { IconDatabase, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATA_SOURCE_TYPES } from '../../../../shared/schemas/data-sources';
import { ErrorAlert, useErrorText } from '../../../components/ErrorAlert';
import {
  EmptyRow,
  FilterSelect,
  ListToolbar,
  SkeletonRows,
  TablePager,
  useListState,
} from '../../../components/list';
import { useAbility } from '../../../lib/ability';
import { useAuthState } from '../../../lib/auth-store';
import { formatDateTime, formatNumber, formatRelativeTime } from '../../../lib/format';
import { dataSourcesQueryOptions, type DataSourceItem } from '../api/data-sources';
import { CreateDataSourceDialog } from '../components/CreateDataSourceDialog';
import { DataSourceName } from '../components/DataSourceName';
import { SourceSummaryText } from '../components/SourceSummaryText';
import { DATA_SOURCE_LIST_DEFAULTS } from '../search';
import { PageHeader } from '../../../components/PageHeader';

const routeApi = getRouteApi('/data-sources/');
const COLUMNS = 5;

/** /data-sources: the organisation's data sources, with search, a type filter and paging. */
export function DataSourceListPage() {
  const { t } = useTranslation();
  const navigate = routeApi.useNavigate();
  const list = useListState({
    search: routeApi.useSearch(),
    navigate: (search, replace) => void navigate({ search, replace }),
    defaults: DATA_SOURCE_LIST_DEFAULTS,
    filters: ['type'],
  });
  const ability = useAbility();
  const canCreate = ability.can('create', 'DataSource');
  const orgId = useAuthState((state) => state.selectedOrgId);
  const errorText = useErrorText();
  const [creating, setCreating] = useState(false);

  const sources = useQuery(
    dataSourcesQueryOptions(orgId, {
      search: list.query,
      type: list.search.type,
      page: list.page,
      pageSize: list.pageSize,
      sort: list.sort,
      order: list.order,
    }),
  );
  const items = sources.data?.items ?? [];
  const total = sources.data?.total ?? 0;
  const { filtered } = list;

  return (
    <Stack spacing={3}>
      <PageHeader
        title={t('dataSources.list.title')}
        subtitle={t('dataSources.list.subtitle')}
        action={
          canCreate ? (
            <Button
              variant="contained"
              startIcon={<IconPlus size={18} aria-hidden />}
              onClick={() => setCreating(true)}
              sx={{ flexShrink: 0 }}
            >
              {t('dataSources.list.new')}
            </Button>
          ) : null
        }
      />

      <Card variant="outlined">
        <ListToolbar
          list={list}
          label={t('dataSources.list.filters.label')}
          searchLabel={t('dataSources.list.filters.search')}
          searchPlaceholder={t('dataSources.list.filters.searchPlaceholder')}
          sx={{ p: 2.5 }}
        >
          <FilterSelect
            label={t('dataSources.list.filters.type')}
            value={list.search.type}
            options={DATA_SOURCE_TYPES}
            optionLabel={(type) => t(`dataSources.types.${type}`)}
            onChange={(type) => list.update({ type })}
            anyLabel={t('dataSources.list.filters.anyType')}
            minWidth={180}
          />
        </ListToolbar>

        <ErrorAlert
          error={sources.isError ? sources.error : null}
          describe={(tr, _language, error) =>
            tr('dataSources.list.loadFailed', { message: errorText(error) })
          }
          onRetry={() => void sources.refetch()}
          sx={{ mx: 2.5, mb: 2.5 }}
        />

        <TableContainer>
          <Table aria-label={t('dataSources.list.tableLabel')} sx={{ minWidth: 720 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('dataSources.list.columns.name')}</TableCell>
                <TableCell>{t('dataSources.list.columns.type')}</TableCell>
                <TableCell>{t('dataSources.list.columns.connection')}</TableCell>
                <TableCell align="right">{t('dataSources.list.columns.projects')}</TableCell>
                <TableCell>{t('dataSources.list.columns.updated')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody aria-busy={sources.isFetching}>
              {sources.isPending ? <SkeletonRows columns={COLUMNS} /> : null}
              {items.map((source) => (
                <DataSourceRow key={source.id} source={source} />
              ))}
              {!sources.isPending && !sources.isError && items.length === 0 ? (
                <EmptyRow
                  columns={COLUMNS}
                  icon={<IconDatabase size={48} />}
                  title={
                    filtered ? t('dataSources.list.emptyFiltered') : t('dataSources.list.empty')
                  }
                  text={
                    filtered
                      ? t('dataSources.list.emptyFilteredHint')
                      : canCreate
                        ? t('dataSources.list.emptyHint')
                        : t('dataSources.list.emptyReadOnly')
                  }
                >
                  {filtered ? (
                    <Button onClick={list.clearFilters} sx={{ mt: 1.5 }}>
                      {t('common.clearFilters')}
                    </Button>
                  ) : canCreate ? (
                    <Button
                      variant="contained"
                      startIcon={<IconPlus size={18} aria-hidden />}
                      onClick={() => setCreating(true)}
                      sx={{ mt: 1.5 }}
                    >
                      {t('dataSources.list.new')}
                    </Button>
                  ) : null}
                </EmptyRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePager total={total} {...list.paging} />
      </Card>

      {creating ? <CreateDataSourceDialog onClose={() => setCreating(false)} /> : null}
    </Stack>
  );
}

function DataSourceRow({ source }: { source: DataSourceItem }) {
  const { t, i18n } = useTranslation();
  return (
    <TableRow hover>
      <TableCell>
        <DataSourceName source={source} />
      </TableCell>
      <TableCell>
        <Chip size="small" variant="outlined" label={t(`dataSources.types.${source.type}`)} />
      </TableCell>
      <TableCell sx={{ maxWidth: 320 }}>
        <SourceSummaryText source={source} />
      </TableCell>
      <TableCell align="right">{formatNumber(source.projectCount)}</TableCell>
      <TableCell>
        <Tooltip title={formatDateTime(source.updatedAt, i18n.language)}>
          <Typography variant="body2" component="span">
            {formatRelativeTime(source.updatedAt, undefined, i18n.language)}
          </Typography>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
}
