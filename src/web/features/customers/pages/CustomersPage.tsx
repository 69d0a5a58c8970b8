import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconDownload, IconPlus, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerDto } from '../../../../shared/schemas/customers';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { TablePager, useListState, useSelection } from '../../../components/list';
import { useAbility } from '../../../lib/ability';
import { useAuthState } from '../../../lib/auth-store';
import {
  customersQueryOptions,
  customerTagsQueryOptions,
  exportCustomers,
  ownersQueryOptions,
} from '../api/customers';
import { CustomerBulkActions } from '../components/CustomerBulkActions';
import { CustomerDetailDrawer } from '../components/CustomerDetailDrawer';
import { CustomerFormDrawer } from '../components/CustomerFormDrawer';
import { CustomerListFilters } from '../components/CustomerListFilters';
import { CustomerTable } from '../components/CustomerTable';
import { ImportWizard } from '../components/ImportWizard';
import { useCustomerErrorText } from '../components/common';
import {
  CUSTOMER_FILTERS,
  CUSTOMER_LIST_DEFAULTS,
  customerFilters,
  customerFirstOrder,
  customerListParams,
} from '../list-search';

const routeApi = getRouteApi('/customer');

/** /customer: the organisation's customers with filters, bulk actions, import and export. */
export function CustomersPage() {
  const { t } = useTranslation();
  const navigate = routeApi.useNavigate();
  const list = useListState({
    search: routeApi.useSearch(),
    navigate: (search, replace) => void navigate({ search, replace }),
    defaults: CUSTOMER_LIST_DEFAULTS,
    filters: CUSTOMER_FILTERS,
    firstOrder: customerFirstOrder,
  });
  const { search } = list;
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useCustomerErrorText();
  const ability = useAbility();
  const canCreate = ability.can('create', 'customer');
  const canUpdate = ability.can('update', 'customer');
  const canDelete = ability.can('delete', 'customer');
  const orgId = useAuthState((state) => state.selectedOrgId);
  const orgName = useAuthState(
    (state) => state.organizations.find((org) => org.id === state.selectedOrgId)?.name ?? null,
  );
  const params = customerListParams(search);
  const customers = useQuery(customersQueryOptions(orgId, params));
  const owners = useQuery(ownersQueryOptions(orgId));
  const tags = useQuery(customerTagsQueryOptions(orgId));
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const [form, setForm] = useState<{ open: boolean; id: string | null }>({
    open: false,
    id: null,
  });
  // Kept across pages until the filters change.
  const selection = useSelection<CustomerDto>(
    (customer) => customer.id,
    JSON.stringify(customerFilters(search)),
  );

  const openDetail = (id: string | undefined) =>
    void navigate({ search: (prev) => ({ ...prev, customer: id }) });

  const onExport = async () => {
    setExporting(true);
    try {
      const result = await exportCustomers(customerFilters(search));
      enqueueSnackbar(t('customers.list.exported', { filename: result.filename }), {
        variant: 'success',
      });
      if (result.truncated) {
        enqueueSnackbar(t('customers.list.exportTruncated'), { variant: 'warning' });
      }
    } catch (error) {
      enqueueSnackbar(t('customers.list.exportFailed', { message: errorText(error) }), {
        variant: 'error',
      });
    } finally {
      setExporting(false);
    }
  };

  const items = customers.data?.items ?? [];
  const total = customers.data?.total ?? 0;
  const noOrganization = orgId === null;
  const create = () => setForm({ open: true, id: null });

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}
      >
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
            {t('customers.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {orgName
              ? t('customers.subtitle', { organization: orgName })
              : t('customers.subtitleCurrent')}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {canCreate ? (
            <Button
              variant="outlined"
              startIcon={<IconUpload size={18} aria-hidden />}
              onClick={() => setImporting(true)}
              disabled={noOrganization}
            >
              {t('customers.actions.import')}
            </Button>
          ) : null}
          <Button
            variant="outlined"
            startIcon={<IconDownload size={18} aria-hidden />}
            onClick={() => void onExport()}
            disabled={exporting || noOrganization}
          >
            {exporting ? t('customers.actions.exporting') : t('customers.actions.export')}
          </Button>
          {canCreate ? (
            <Button
              variant="contained"
              startIcon={<IconPlus size={18} aria-hidden />}
              onClick={create}
              disabled={noOrganization}
            >
              {t('customers.actions.new')}
            </Button>
          ) : null}
        </Stack>
      </Stack>

      <Card variant="outlined">
        <CardContent>
          <CustomerListFilters list={list} owners={owners.data ?? []} tags={tags.data ?? []} />
        </CardContent>
        <Divider />

        <CustomerBulkActions
          selection={selection}
          orgId={orgId}
          canUpdate={canUpdate}
          canDelete={canDelete}
          onDeleted={(ids) => {
            if (search.customer && ids.includes(search.customer)) openDetail(undefined);
          }}
        />

        {noOrganization ? (
          <Alert severity="info" sx={{ m: 2 }}>
            {t('customers.noOrganization')}
          </Alert>
        ) : customers.isError ? (
          <ErrorAlert
            error={customers.error}
            lead={t('customers.list.loadError')}
            describe={(_t, _language, error) => errorText(error)}
            onRetry={() => void customers.refetch()}
            sx={{ m: 2 }}
          />
        ) : (
          <>
            <CustomerTable
              items={items}
              loading={customers.isPending}
              busy={customers.isFetching}
              skeletons={Math.min(params.pageSize, 10)}
              sorting={list.sorting}
              selection={selection}
              filtered={list.filtered}
              onClearFilters={list.clearFilters}
              onOpen={openDetail}
              onEdit={canUpdate ? (id) => setForm({ open: true, id }) : null}
              onCreate={canCreate ? create : null}
              onImport={canCreate ? () => setImporting(true) : null}
            />
            <TablePager total={total} {...list.paging} />
          </>
        )}
      </Card>

      <CustomerFormDrawer
        open={form.open}
        customerId={form.id}
        orgId={orgId}
        onClose={() => setForm((current) => ({ ...current, open: false }))}
        onSaved={(customer, created) => {
          if (created) openDetail(customer.id);
        }}
      />
      <CustomerDetailDrawer
        customerId={search.customer ?? null}
        orgId={orgId}
        onClose={() => openDetail(undefined)}
        onEdit={(id) => setForm({ open: true, id })}
        canUpdate={canUpdate}
        canDelete={canDelete}
      />
      <ImportWizard open={importing} orgId={orgId} onClose={() => setImporting(false)} />
    </Stack>
  );
}
