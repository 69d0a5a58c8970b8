import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { useSnackbar } from 'notistack';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isPageSize, ORG_ROLES } from '../../../../shared/constants';
import type { SortOrder } from '../../../../shared/schemas/query';
import {
  USER_STATUSES,
  type ListScope,
  type UserSortField,
} from '../../../../shared/schemas/users';
import { useAuthState } from '../../../lib/auth-store';
import { roleLabel } from '../../../lib/organization';
import { exportUsers, usersQueryOptions } from '../api/users';
import { UserRow } from '../components/UserRow';
import { ErrorAlert, useErrorText } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { SearchField } from '../../../components/SearchField';
import { visuallyHidden } from '../../../components/visually-hidden';
import { TablePager } from '../../../components/TablePager';
import { EmptyRow } from '../../../components/TableStates';
import {
  USER_LIST_PAGE_SIZE,
  userFilters,
  userListParams,
  type UserListSearch,
} from '../list-search';

const routeApi = getRouteApi('/apps/user/list');
const SEARCH_DEBOUNCE_MS = 300;
const ANY = '';

/** /apps/user/list: the selected organisation's members, or every user for a super admin. */
export function UserListPage() {
  const { t } = useTranslation();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const superAdmin = useAuthState((state) => state.userData?.super_admin ?? false);
  const orgId = useAuthState((state) => state.selectedOrgId);
  const orgName = useAuthState(
    (state) => state.organizations.find((org) => org.id === state.selectedOrgId)?.name ?? null,
  );
  const viewer = { superAdmin, orgId };
  const params = userListParams(search, viewer);
  const scope = params.scope;
  const canList = scope === 'all' || orgId !== null;
  const users = useQuery({ ...usersQueryOptions(orgId, params), enabled: canList });
  const [exporting, setExporting] = useState(false);

  const update = (changes: Partial<UserListSearch>, resetPage = true) =>
    void navigate({
      search: (prev) => ({ ...prev, ...changes, ...(resetPage ? { page: undefined } : {}) }),
      replace: true,
    });

  // The search box answers as one types, without a request per key stroke: what is typed is a
  // draft until the address catches up with it; the address (back, links, clear) rules otherwise.
  const urlText = search.search ?? '';
  const [draft, setDraft] = useState<string | null>(null);
  if (draft !== null && draft === urlText) setDraft(null);
  const text = draft ?? urlText;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const router = useRouter();
  // A search still waiting must not pull the user back here once they have followed a link.
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

  const filtered = Boolean(params.search || params.role || params.status);
  const clearFilters = () => {
    clearTimeout(timer.current);
    setDraft(null);
    update({ search: undefined, role: undefined, status: undefined });
  };

  const onSort = (field: UserSortField) => {
    const order: SortOrder = params.sort === field && params.order === 'asc' ? 'desc' : 'asc';
    update({
      sort: field === 'name' ? undefined : field,
      order: order === 'asc' ? undefined : order,
    });
  };

  const onExport = async () => {
    setExporting(true);
    try {
      const result = await exportUsers(userFilters(search, viewer));
      enqueueSnackbar(t('users.list.exported', { filename: result.filename }), {
        variant: 'success',
      });
      if (result.truncated) {
        enqueueSnackbar(t('users.list.exportTruncated'), { variant: 'warning' });
      }
    } catch (error) {
      enqueueSnackbar(t('users.list.exportFailed', { message: errorText(error) }), {
        variant: 'error',
      });
    } finally {
      setExporting(false);
    }
  };

  const showRole = scope === 'organization';
  const columns = showRole ? 5 : 4;
  const items = users.data?.items ?? [];

  return (
    <Stack spacing={3}>
      <PageHeader
        title={t('users.list.title')}
        subtitle={
          scope === 'all'
            ? t('users.list.subtitleAll')
            : orgName
              ? t('users.list.subtitleOrganization', { organization: orgName })
              : t('users.list.subtitleCurrent')
        }
      />

      <Card variant="outlined">
        <CardContent>
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
            sx={{ alignItems: { md: 'center' } }}
            role="search"
            aria-label={t('users.list.filters.label')}
          >
            <SearchField
              label={t('users.list.filters.search')}
              placeholder={t('users.list.filters.searchPlaceholder')}
              value={text}
              onChange={onSearchChange}
              sx={{ flex: 2 }}
            />
            <TextField
              select
              size="small"
              label={t('users.list.filters.role')}
              value={params.role ?? ANY}
              onChange={(event) =>
                update({
                  role: ORG_ROLES.find((role) => role === event.target.value),
                })
              }
              sx={{ flex: 1, minWidth: 160 }}
            >
              <MenuItem value={ANY}>{t('users.list.filters.anyRole')}</MenuItem>
              {ORG_ROLES.map((role) => (
                <MenuItem key={role} value={role}>
                  {roleLabel(t, role)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('users.list.filters.status')}
              value={params.status ?? ANY}
              onChange={(event) =>
                update({
                  status: USER_STATUSES.find((status) => status === event.target.value),
                })
              }
              sx={{ flex: 1, minWidth: 160 }}
            >
              <MenuItem value={ANY}>{t('users.list.filters.anyStatus')}</MenuItem>
              {USER_STATUSES.map((status) => (
                <MenuItem key={status} value={status}>
                  {t(`users.status.${status}`)}
                </MenuItem>
              ))}
            </TextField>
            {filtered ? (
              <Button onClick={clearFilters} sx={{ flexShrink: 0 }}>
                {t('users.list.filters.clear')}
              </Button>
            ) : null}
          </Stack>
        </CardContent>
        <Divider />
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ px: 2, py: 1.5, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          {superAdmin ? (
            <ToggleButtonGroup
              exclusive
              size="small"
              color="primary"
              value={scope}
              aria-label={t('users.list.scope.label')}
              onChange={(_event, value: ListScope | null) => {
                if (value) update({ scope: value === 'organization' ? undefined : value });
              }}
            >
              <ToggleButton value="organization" disabled={!orgId}>
                {t('users.list.scope.organization')}
              </ToggleButton>
              <ToggleButton value="all">{t('users.list.scope.all')}</ToggleButton>
            </ToggleButtonGroup>
          ) : (
            <span />
          )}
          <Button
            variant="outlined"
            startIcon={<IconDownload size={18} aria-hidden />}
            onClick={() => void onExport()}
            disabled={exporting || !canList}
          >
            {exporting ? t('users.list.exporting') : t('users.list.export')}
          </Button>
        </Stack>

        {!canList ? (
          <Alert severity="info" sx={{ m: 2 }}>
            {t('users.list.noOrganization')}
          </Alert>
        ) : users.isError ? (
          <ErrorAlert
            lead={t('users.list.loadError')}
            error={users.error}
            onRetry={() => void users.refetch()}
            sx={{ m: 2 }}
          />
        ) : (
          <>
            <TableContainer>
              <Table aria-label={t('users.list.table')} aria-busy={users.isFetching}>
                <TableHead>
                  <TableRow>
                    <SortableHeader field="name" params={params} onSort={onSort}>
                      {t('users.list.columns.user')}
                    </SortableHeader>
                    {showRole ? (
                      <SortableHeader field="role" params={params} onSort={onSort}>
                        {t('users.list.columns.role')}
                      </SortableHeader>
                    ) : null}
                    <TableCell>{t('users.list.columns.status')}</TableCell>
                    <TableCell>{t('users.list.columns.twoFactor')}</TableCell>
                    <SortableHeader field="createdAt" params={params} onSort={onSort}>
                      {t('users.list.columns.createdAt')}
                    </SortableHeader>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {users.isPending ? (
                    Array.from({ length: Math.min(params.pageSize, 10) }, (_, index) => (
                      <TableRow key={index}>
                        <TableCell>
                          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                            <Skeleton variant="circular" width={38} height={38} />
                            <Box sx={{ flex: 1 }}>
                              <Skeleton width="40%" />
                              <Skeleton width="60%" />
                            </Box>
                          </Stack>
                        </TableCell>
                        {Array.from({ length: columns - 1 }, (_, cell) => (
                          <TableCell key={cell}>
                            <Skeleton />
                          </TableCell>
                        ))}
                      </TableRow>
                    ))
                  ) : items.length === 0 ? (
                    <EmptyRow
                      columns={columns}
                      title={t('users.list.empty.title')}
                      text={t('users.list.empty.body')}
                    >
                      {filtered ? (
                        <Button onClick={clearFilters} sx={{ mt: 1 }}>
                          {t('users.list.filters.clear')}
                        </Button>
                      ) : null}
                    </EmptyRow>
                  ) : (
                    items.map((user) => <UserRow key={user.id} user={user} showRole={showRole} />)
                  )}
                </TableBody>
              </Table>
            </TableContainer>
            <TablePager
              total={users.data?.total ?? 0}
              page={params.page}
              pageSize={params.pageSize}
              onPageChange={(page) => update({ page: page === 1 ? undefined : page }, false)}
              onPageSizeChange={(pageSize) =>
                update({
                  pageSize:
                    isPageSize(pageSize) && pageSize !== USER_LIST_PAGE_SIZE ? pageSize : undefined,
                })
              }
            />
          </>
        )}
      </Card>
    </Stack>
  );
}

function SortableHeader({
  field,
  params,
  onSort,
  children,
}: {
  field: UserSortField;
  params: { sort: UserSortField; order: SortOrder };
  onSort: (field: UserSortField) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const active = params.sort === field;
  return (
    <TableCell sortDirection={active ? params.order : false}>
      <TableSortLabel
        active={active}
        direction={active ? params.order : 'asc'}
        onClick={() => onSort(field)}
      >
        {children}
        {active ? (
          <Box component="span" sx={visuallyHidden}>
            {params.order === 'desc' ? t('users.list.sortedDesc') : t('users.list.sortedAsc')}
          </Box>
        ) : null}
      </TableSortLabel>
    </TableCell>
  );
}
