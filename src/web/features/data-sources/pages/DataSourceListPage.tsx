import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { IconDatabase, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../../shared/constants';
import { DATA_SOURCE_TYPES } from '../../../../shared/schemas/data-sources';
import { RouterLink } from '../../../components/RouterLink';
import { useAbility } from '../../../lib/ability';
import { useAuthState } from '../../../lib/auth-store';
import { formatDateTime, formatNumber, formatRelativeTime } from '../../../lib/format';
import { dataSourcesQueryOptions } from '../api/data-sources';
import { CreateDataSourceDialog } from '../components/CreateDataSourceDialog';
import { DataSourceTypeIcon } from '../components/DataSourceTypeIcon';
import { SourceSummaryText } from '../components/SourceSummaryText';
import { useDataSourceErrorText } from '../errors';
import { DATA_SOURCE_LIST_PAGE_SIZE, type DataSourceListSearch } from '../search';

const routeApi = getRouteApi('/data-sources/');
const SEARCH_DEBOUNCE_MS = 300;
const COLUMNS = 5;

/** /data-sources: the organisation's data sources, with search, a type filter and paging. */
export function DataSourceListPage() {
  const { t, i18n } = useTranslation();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const router = useRouter();
  const ability = useAbility();
  const canCreate = ability.can('create', 'DataSource');
  const orgId = useAuthState((state) => state.selectedOrgId);
  const errorText = useDataSourceErrorText();
  const [creating, setCreating] = useState(false);

  const page = search.page ?? 1;
  const pageSize = search.pageSize ?? DATA_SOURCE_LIST_PAGE_SIZE;
  const sources = useQuery(
    dataSourcesQueryOptions(orgId, {
      search: search.search,
      type: search.type,
      page,
      pageSize,
      sort: 'name',
      order: 'asc',
    }),
  );

  const update = (changes: Partial<DataSourceListSearch>, resetPage = true) =>
    void navigate({
      search: (prev) => ({ ...prev, ...changes, ...(resetPage ? { page: undefined } : {}) }),
      replace: true,
    });

  // What is typed is a draft until the address catches up with it (one request per pause).
  const urlText = search.search ?? '';
  const [draft, setDraft] = useState<string | null>(null);
  if (draft !== null && draft === urlText) setDraft(null);
  const text = draft ?? urlText;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    const unsubscribe = router.subscribe('onBeforeNavigate', (event) => {
      if (event.pathChanged) clearTimeout(timer.current);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer.current);
    };
  }, [router]);
  const onSearchChange = (value: string) => {
    setDraft(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => update({ search: value.trim() ? value : undefined }),
      SEARCH_DEBOUNCE_MS,
    );
  };

  const filtered = Boolean(search.search || search.type);
  const clearFilters = () => {
    clearTimeout(timer.current);
    setDraft(null);
    update({ search: undefined, type: undefined });
  };

  const items = sources.data?.items ?? [];
  const total = sources.data?.total ?? 0;

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}
      >
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
            {t('dataSources.list.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('dataSources.list.subtitle')}
          </Typography>
        </Box>
        {canCreate ? (
          <Button
            variant="contained"
            startIcon={<IconPlus size={18} aria-hidden />}
            onClick={() => setCreating(true)}
            sx={{ flexShrink: 0 }}
          >
            {t('dataSources.list.new')}
          </Button>
        ) : null}
      </Stack>

      <Card variant="outlined">
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ p: 2.5, alignItems: { md: 'center' } }}
          role="search"
          aria-label={t('dataSources.list.filters.label')}
        >
          <TextField
            type="search"
            size="small"
            label={t('dataSources.list.filters.search')}
            placeholder={t('dataSources.list.filters.searchPlaceholder')}
            value={text}
            onChange={(event) => onSearchChange(event.target.value)}
            sx={{ flex: 2 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <IconSearch size={18} aria-hidden />
                  </InputAdornment>
                ),
              },
            }}
          />
          <TextField
            select
            size="small"
            label={t('dataSources.list.filters.type')}
            value={search.type ?? ''}
            onChange={(event) =>
              update({ type: DATA_SOURCE_TYPES.find((type) => type === event.target.value) })
            }
            sx={{ flex: 1, minWidth: 180 }}
          >
            <MenuItem value="">{t('dataSources.list.filters.anyType')}</MenuItem>
            {DATA_SOURCE_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`dataSources.types.${type}`)}
              </MenuItem>
            ))}
          </TextField>
          {filtered ? (
            <Button onClick={clearFilters} sx={{ flexShrink: 0 }}>
              {t('dataSources.list.filters.clear')}
            </Button>
          ) : null}
        </Stack>

        {sources.isError ? (
          <Alert
            severity="error"
            sx={{ mx: 2.5, mb: 2.5 }}
            action={
              <Button color="inherit" size="small" onClick={() => void sources.refetch()}>
                {t('common.retry')}
              </Button>
            }
          >
            {t('dataSources.list.loadFailed', { message: errorText(sources.error) })}
          </Alert>
        ) : null}

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
              {sources.isPending
                ? Array.from({ length: 5 }, (_v, i) => (
                    <TableRow key={i}>
                      {Array.from({ length: COLUMNS }, (_w, j) => (
                        <TableCell key={j}>
                          <Skeleton variant="text" />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))
                : items.map((source) => (
                    <TableRow key={source.id} hover>
                      <TableCell>
                        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                          <DataSourceTypeIcon type={source.type} />
                          <Box sx={{ minWidth: 0 }}>
                            <RouterLink
                              to="/data-sources/$id"
                              params={{ id: source.id }}
                              underline="hover"
                              sx={{ fontWeight: 600 }}
                            >
                              {source.name}
                            </RouterLink>
                            {source.description ? (
                              <Typography
                                variant="body2"
                                color="text.secondary"
                                noWrap
                                sx={{ maxWidth: 320 }}
                              >
                                {source.description}
                              </Typography>
                            ) : null}
                          </Box>
                        </Stack>
                      </TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          variant="outlined"
                          label={t(`dataSources.types.${source.type}`)}
                        />
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
                  ))}
              {!sources.isPending && !sources.isError && items.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={COLUMNS}>
                    <Stack spacing={1.5} sx={{ alignItems: 'center', py: 6 }}>
                      <Box sx={{ color: 'text.secondary', display: 'flex' }}>
                        <IconDatabase size={48} aria-hidden />
                      </Box>
                      <Typography variant="h6" component="p">
                        {filtered
                          ? t('dataSources.list.emptyFiltered')
                          : t('dataSources.list.empty')}
                      </Typography>
                      <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
                        {filtered
                          ? t('dataSources.list.emptyFilteredHint')
                          : canCreate
                            ? t('dataSources.list.emptyHint')
                            : t('dataSources.list.emptyReadOnly')}
                      </Typography>
                      {filtered ? (
                        <Button onClick={clearFilters}>
                          {t('dataSources.list.filters.clear')}
                        </Button>
                      ) : canCreate ? (
                        <Button
                          variant="contained"
                          startIcon={<IconPlus size={18} aria-hidden />}
                          onClick={() => setCreating(true)}
                        >
                          {t('dataSources.list.new')}
                        </Button>
                      ) : null}
                    </Stack>
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={total}
          page={total === 0 ? 0 : Math.min(page - 1, Math.max(0, Math.ceil(total / pageSize) - 1))}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onPageChange={(_event, next) =>
            update({ page: next + 1 > 1 ? next + 1 : undefined }, false)
          }
          onRowsPerPageChange={(event) => {
            const size = Number(event.target.value);
            update({ pageSize: size === DATA_SOURCE_LIST_PAGE_SIZE ? undefined : size });
          }}
          labelRowsPerPage={t('dataSources.list.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) =>
            t('dataSources.list.displayedRows', {
              from: formatNumber(from),
              to: formatNumber(to),
              count: formatNumber(count),
            })
          }
          getItemAriaLabel={(type) => t(`dataSources.list.pageNav.${type}`)}
        />
      </Card>

      {creating ? <CreateDataSourceDialog onClose={() => setCreating(false)} /> : null}
    </Stack>
  );
}
