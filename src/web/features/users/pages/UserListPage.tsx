import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORG_ROLES } from '../../../../shared/constants';
import { USER_STATUSES, type ListScope } from '../../../../shared/schemas/users';
import { ErrorAlert, useErrorText } from '../../../components/ErrorAlert';
import {
  EmptyRow,
  FilterSelect,
  ListToolbar,
  SkeletonRows,
  SortableHeaderCell,
  TablePager,
  toggledSort,
  useListState,
  type TableSorting,
} from '../../../components/list';
import { PageHeader } from '../../../components/PageHeader';
import { useAuthState } from '../../../lib/auth-store';
import { roleLabel } from '../../../lib/organization';
import { exportUsers, usersQueryOptions } from '../api/users';
import { UserRow } from '../components/UserRow';
import { USER_LIST_DEFAULTS, USER_LIST_FILTERS, userFilters, userListParams } from '../list-search';

const routeApi = getRouteApi('/apps/user/list');

/** /apps/user/list: the selected organisation's members, or every user for a super admin. */
export function UserListPage() {
  const { t } = useTranslation();
  const navigate = routeApi.useNavigate();
  const list = useListState({
    search: routeApi.useSearch(),
    navigate: (search, replace) => void navigate({ search, replace }),
    defaults: USER_LIST_DEFAULTS,
    filters: USER_LIST_FILTERS,
  });
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const superAdmin = useAuthState((state) => state.userData?.super_admin ?? false);
  const orgId = useAuthState((state) => state.selectedOrgId);
  const orgName = useAuthState(
    (state) => state.organizations.find((org) => org.id === state.selectedOrgId)?.name ?? null,
  );
  const viewer = { superAdmin, orgId };
  const params = userListParams(list.search, viewer);
  const scope = params.scope;
  const canList = scope === 'all' || orgId !== null;
  const users = useQuery({ ...usersQueryOptions(orgId, params), enabled: canList });
  const [exporting, setExporting] = useState(false);
  // The headers show the sort the list has (sorting by role falls back to names for every user).
  const sorting: TableSorting<typeof params.sort> = {
    sort: params.sort,
    order: params.order,
    onSort: (field) => list.update(toggledSort(params, field)),
  };

  const onExport = async () => {
    setExporting(true);
    try {
      const result = await exportUsers(userFilters(list.search, viewer));
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
          <ListToolbar
            list={list}
            label={t('users.list.filters.label')}
            searchLabel={t('users.list.filters.search')}
            searchPlaceholder={t('users.list.filters.searchPlaceholder')}
          >
            <FilterSelect
              label={t('users.list.filters.role')}
              value={params.role}
              options={ORG_ROLES}
              optionLabel={(role) => roleLabel(t, role)}
              onChange={(role) => list.update({ role })}
              anyLabel={t('users.list.filters.anyRole')}
            />
            <FilterSelect
              label={t('users.list.filters.status')}
              value={params.status}
              options={USER_STATUSES}
              optionLabel={(status) => t(`users.status.${status}`)}
              onChange={(status) => list.update({ status })}
              anyLabel={t('users.list.filters.anyStatus')}
            />
          </ListToolbar>
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
                if (value) {
                  list.update({
                    scope: value === 'organization' ? undefined : value,
                    page: undefined,
                  });
                }
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
                    <SortableHeaderCell field="name" sorting={sorting}>
                      {t('users.list.columns.user')}
                    </SortableHeaderCell>
                    {showRole ? (
                      <SortableHeaderCell field="role" sorting={sorting}>
                        {t('users.list.columns.role')}
                      </SortableHeaderCell>
                    ) : null}
                    <TableCell>{t('users.list.columns.status')}</TableCell>
                    <TableCell>{t('users.list.columns.twoFactor')}</TableCell>
                    <SortableHeaderCell field="createdAt" sorting={sorting}>
                      {t('users.list.columns.createdAt')}
                    </SortableHeaderCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {users.isPending ? (
                    <SkeletonRows columns={columns} rows={Math.min(list.pageSize, 10)} />
                  ) : items.length === 0 ? (
                    <EmptyRow
                      columns={columns}
                      title={t('users.list.empty.title')}
                      text={t('users.list.empty.body')}
                    >
                      {list.filtered ? (
                        <Button onClick={list.clearFilters} sx={{ mt: 1 }}>
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
            <TablePager total={users.data?.total ?? 0} {...list.paging} />
          </>
        )}
      </Card>
    </Stack>
  );
}
