import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
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
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  IconAddressBook,
  IconChevronDown,
  IconDownload,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
  IconUpload,
  IconX,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { useSnackbar } from 'notistack';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isPageSize } from '../../../../shared/constants';
import {
  CUSTOMER_STATUSES,
  OWNER_NONE,
  type CustomerDto,
  type CustomerSortField,
  type CustomerStatus,
} from '../../../../shared/schemas/customers';
import type { SortOrder } from '../../../../shared/schemas/query';
import { useAbility } from '../../../lib/ability';
import { useAuthState } from '../../../lib/auth-store';
import { formatDate, formatNumber } from '../../../lib/format';
import {
  customersQueryOptions,
  customerTagsQueryOptions,
  exportCustomers,
  ownersQueryOptions,
  useBulkDelete,
  useBulkStatus,
} from '../api/customers';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { visuallyHidden } from '../../../components/visually-hidden';
import {
  CustomersPagination,
  CustomerStatusChip,
  useCustomerErrorText,
} from '../components/common';
import { customerErrorText } from '../errors';
import { CustomerDetailDrawer } from '../components/CustomerDetailDrawer';
import { CustomerFormDrawer } from '../components/CustomerFormDrawer';
import { ImportWizard } from '../components/ImportWizard';
import {
  CUSTOMER_LIST_PAGE_SIZE,
  customerFilters,
  customerListParams,
  formatTagList,
  hasFilters,
  nextSort,
  parseTagList,
  type CustomerListSearch,
} from '../list-search';
import { formatMoney } from '../money';

const routeApi = getRouteApi('/customer');
const SEARCH_DEBOUNCE_MS = 300;
const ANY = '';
const MAX_ROW_TAGS = 2;

/** /customer: the organisation's customers with filters, bulk actions, import and export. */
export function CustomersPage() {
  const { t, i18n } = useTranslation();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
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
  const customers = useQuery(customersQueryOptions(params, orgId));
  const owners = useQuery(ownersQueryOptions(orgId));
  const tags = useQuery(customerTagsQueryOptions(orgId));
  const bulkStatus = useBulkStatus(orgId);
  const bulkDelete = useBulkDelete(orgId);
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const [form, setForm] = useState<{ open: boolean; id: string | null }>({
    open: false,
    id: null,
  });
  const [statusMenu, setStatusMenu] = useState<HTMLElement | null>(null);
  const [confirmBulkDelete, setConfirmBulkDelete] = useState(false);

  const update = (changes: Partial<CustomerListSearch>, resetPage = true) =>
    void navigate({
      search: (prev) => ({ ...prev, ...changes, ...(resetPage ? { page: undefined } : {}) }),
      replace: true,
    });
  const openDetail = (id: string | undefined) =>
    void navigate({ search: (prev) => ({ ...prev, customer: id }) });

  // Selection: ids (with names, for the messages) kept across pages until the filters change.
  const [selected, setSelected] = useState<ReadonlyMap<string, string>>(new Map());
  const filterKey = JSON.stringify(customerFilters(search));
  const [selectionFilters, setSelectionFilters] = useState(filterKey);
  if (selectionFilters !== filterKey) {
    setSelectionFilters(filterKey);
    if (selected.size > 0) setSelected(new Map());
  }

  // The search box answers as one types, without a request per key stroke.
  const urlText = search.search ?? '';
  const [draft, setDraft] = useState<string | null>(null);
  if (draft !== null && draft === urlText) setDraft(null);
  const text = draft ?? urlText;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const router = useRouter();
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

  const filtered = hasFilters(search);
  const clearFilters = () => {
    clearTimeout(timer.current);
    setDraft(null);
    update({ search: undefined, status: undefined, owner: undefined, tags: undefined });
  };

  const onSort = (field: CustomerSortField) => update(nextSort(params, field));

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
  const pageIds = items.map((customer) => customer.id);
  const selectedOnPage = pageIds.filter((id) => selected.has(id)).length;
  const toggle = (customer: CustomerDto) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(customer.id)) next.delete(customer.id);
      else next.set(customer.id, customer.name);
      return next;
    });
  const togglePage = () =>
    setSelected((current) => {
      const next = new Map(current);
      if (selectedOnPage === items.length) for (const id of pageIds) next.delete(id);
      else for (const customer of items) next.set(customer.id, customer.name);
      return next;
    });

  const onBulkStatus = (status: CustomerStatus) => {
    setStatusMenu(null);
    bulkStatus.mutate(
      { ids: [...selected.keys()], status },
      {
        onSuccess: ({ updated }) => {
          enqueueSnackbar(
            t('customers.bulk.statusChanged', {
              number: formatNumber(updated),
              status: t(`customers.status.${status}`),
            }),
            { variant: 'success' },
          );
          setSelected(new Map());
        },
        onError: (error) =>
          enqueueSnackbar(t('customers.bulk.failed', { message: errorText(error) }), {
            variant: 'error',
          }),
      },
    );
  };

  const onBulkDelete = () =>
    bulkDelete.mutate([...selected.keys()], {
      onSuccess: ({ deleted }) => {
        setConfirmBulkDelete(false);
        enqueueSnackbar(t('customers.bulk.deleted', { number: formatNumber(deleted) }), {
          variant: 'success',
        });
        if (search.customer && selected.has(search.customer)) openDetail(undefined);
        setSelected(new Map());
      },
    });

  const ownerList = owners.data ?? [];
  const tagOptions = (tags.data ?? []).map((tag) => tag.tag);
  const tagCounts = new Map((tags.data ?? []).map((tag) => [tag.tag, tag.count]));
  const selectedTags = parseTagList(search.tags);
  const columns = 9;
  const statusMenuId = useId();
  const noOrganization = orgId === null;

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
              onClick={() => setForm({ open: true, id: null })}
              disabled={noOrganization}
            >
              {t('customers.actions.new')}
            </Button>
          ) : null}
        </Stack>
      </Stack>

      <Card variant="outlined">
        <CardContent>
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
            sx={{ alignItems: { md: 'flex-start' } }}
            role="search"
            aria-label={t('customers.list.filters.label')}
          >
            <TextField
              type="search"
              label={t('customers.list.filters.search')}
              placeholder={t('customers.list.filters.searchPlaceholder')}
              value={text}
              onChange={(event) => onSearchChange(event.target.value)}
              size="small"
              sx={{ flex: 2, minWidth: 200 }}
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
              label={t('customers.fields.status')}
              value={params.status ?? ANY}
              onChange={(event) =>
                update({
                  status: CUSTOMER_STATUSES.find((status) => status === event.target.value),
                })
              }
              sx={{ flex: 1, minWidth: 150 }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value={ANY}>{t('customers.list.filters.anyStatus')}</MenuItem>
              {CUSTOMER_STATUSES.map((status) => (
                <MenuItem key={status} value={status}>
                  {t(`customers.status.${status}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('customers.fields.owner')}
              value={params.owner ?? ANY}
              onChange={(event) => update({ owner: event.target.value || undefined })}
              sx={{ flex: 1, minWidth: 170 }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value={ANY}>{t('customers.list.filters.anyOwner')}</MenuItem>
              <MenuItem value={OWNER_NONE}>{t('customers.list.filters.noOwner')}</MenuItem>
              {params.owner &&
              params.owner !== OWNER_NONE &&
              !ownerList.some((owner) => owner.id === params.owner) ? (
                <MenuItem value={params.owner}>{params.owner}</MenuItem>
              ) : null}
              {ownerList.map((owner) => (
                <MenuItem key={owner.id} value={owner.id}>
                  {owner.name}
                </MenuItem>
              ))}
            </TextField>
            <Autocomplete
              multiple
              size="small"
              options={[...new Set([...tagOptions, ...selectedTags])]}
              value={selectedTags}
              onChange={(_event, value) => update({ tags: formatTagList(value) })}
              filterSelectedOptions
              limitTags={2}
              renderOption={(props, option) => {
                const { key, ...rest } = props;
                return (
                  <Box component="li" key={key} {...rest} sx={{ gap: 1 }}>
                    <Box component="span" sx={{ flex: 1 }}>
                      {option}
                    </Box>
                    <Typography component="span" variant="caption" color="text.secondary">
                      {formatNumber(tagCounts.get(option) ?? 0)}
                    </Typography>
                  </Box>
                );
              }}
              renderInput={(inputParams) => (
                <TextField
                  {...inputParams}
                  label={t('customers.fields.tags')}
                  placeholder={
                    selectedTags.length === 0
                      ? t('customers.list.filters.tagsPlaceholder')
                      : undefined
                  }
                />
              )}
              sx={{ flex: 1.5, minWidth: 200 }}
            />
            {filtered ? (
              <Button onClick={clearFilters} sx={{ flexShrink: 0, alignSelf: { md: 'center' } }}>
                {t('customers.list.filters.clear')}
              </Button>
            ) : null}
          </Stack>
        </CardContent>
        <Divider />

        {selected.size > 0 ? (
          <Toolbar
            role="toolbar"
            aria-label={t('customers.bulk.toolbar')}
            sx={(theme) => ({
              gap: 1.5,
              flexWrap: 'wrap',
              py: 1,
              bgcolor: `rgba(${theme.vars.palette.primary.mainChannel} / 0.08)`,
            })}
          >
            <Typography sx={{ flex: 1, fontWeight: 500 }} role="status">
              {t('customers.bulk.selected', { number: formatNumber(selected.size) })}
            </Typography>
            {canUpdate ? (
              <>
                <Button
                  variant="outlined"
                  size="small"
                  endIcon={<IconChevronDown size={16} aria-hidden />}
                  aria-haspopup="menu"
                  aria-controls={statusMenu ? statusMenuId : undefined}
                  aria-expanded={statusMenu ? true : undefined}
                  onClick={(event) => setStatusMenu(event.currentTarget)}
                  disabled={bulkStatus.isPending}
                >
                  {t('customers.bulk.changeStatus')}
                </Button>
                <Menu
                  id={statusMenuId}
                  anchorEl={statusMenu}
                  open={statusMenu !== null}
                  onClose={() => setStatusMenu(null)}
                >
                  {CUSTOMER_STATUSES.map((status) => (
                    <MenuItem key={status} onClick={() => onBulkStatus(status)}>
                      {t('customers.bulk.setStatus', { status: t(`customers.status.${status}`) })}
                    </MenuItem>
                  ))}
                </Menu>
              </>
            ) : null}
            {canDelete ? (
              <Button
                variant="outlined"
                size="small"
                startIcon={<IconTrash size={16} aria-hidden />}
                onClick={() => setConfirmBulkDelete(true)}
                sx={(theme) => ({
                  color: theme.vars.palette.error.dark,
                  borderColor: theme.vars.palette.error.dark,
                  ...theme.applyStyles('dark', {
                    color: theme.vars.palette.error.light,
                    borderColor: theme.vars.palette.error.light,
                  }),
                })}
              >
                {t('customers.bulk.delete')}
              </Button>
            ) : null}
            <Button
              size="small"
              startIcon={<IconX size={16} aria-hidden />}
              onClick={() => setSelected(new Map())}
            >
              {t('customers.bulk.clear')}
            </Button>
          </Toolbar>
        ) : null}

        {noOrganization ? (
          <Alert severity="info" sx={{ m: 2 }}>
            {t('customers.noOrganization')}
          </Alert>
        ) : customers.isError ? (
          <Alert
            severity="error"
            sx={{ m: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void customers.refetch()}>
                {t('customers.actions.retry')}
              </Button>
            }
          >
            {t('customers.list.loadError')} {errorText(customers.error)}
          </Alert>
        ) : (
          <>
            <TableContainer>
              <Table
                aria-label={t('customers.list.table')}
                aria-busy={customers.isFetching}
                sx={{ minWidth: 960 }}
              >
                <TableHead>
                  <TableRow>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={items.length > 0 && selectedOnPage === items.length}
                        indeterminate={selectedOnPage > 0 && selectedOnPage < items.length}
                        disabled={items.length === 0}
                        onChange={togglePage}
                        slotProps={{
                          input: { 'aria-label': t('customers.list.selectAll') },
                        }}
                      />
                    </TableCell>
                    <SortableHeader field="name" params={params} onSort={onSort}>
                      {t('customers.list.columns.name')}
                    </SortableHeader>
                    <SortableHeader field="company" params={params} onSort={onSort}>
                      {t('customers.list.columns.company')}
                    </SortableHeader>
                    <SortableHeader field="status" params={params} onSort={onSort}>
                      {t('customers.list.columns.status')}
                    </SortableHeader>
                    <SortableHeader field="value" params={params} onSort={onSort} align="right">
                      {t('customers.list.columns.value')}
                    </SortableHeader>
                    <TableCell>{t('customers.list.columns.owner')}</TableCell>
                    <TableCell>{t('customers.list.columns.tags')}</TableCell>
                    <SortableHeader field="updatedAt" params={params} onSort={onSort}>
                      {t('customers.list.columns.updatedAt')}
                    </SortableHeader>
                    <TableCell align="right">
                      <Box component="span" sx={visuallyHidden}>
                        {t('customers.list.columns.actions')}
                      </Box>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {customers.isPending ? (
                    Array.from({ length: Math.min(params.pageSize, 10) }, (_, index) => (
                      <TableRow key={index}>
                        <TableCell padding="checkbox">
                          <Skeleton variant="rounded" width={18} height={18} sx={{ mx: 'auto' }} />
                        </TableCell>
                        {Array.from({ length: columns - 1 }, (_, cell) => (
                          <TableCell key={cell}>
                            <Skeleton />
                          </TableCell>
                        ))}
                      </TableRow>
                    ))
                  ) : items.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={columns} sx={{ py: 8, textAlign: 'center' }}>
                        <EmptyState
                          filtered={filtered}
                          onClear={clearFilters}
                          actions={
                            canCreate ? (
                              <Stack
                                direction="row"
                                spacing={1.5}
                                sx={{ justifyContent: 'center', mt: 2 }}
                              >
                                <Button
                                  variant="contained"
                                  startIcon={<IconPlus size={18} aria-hidden />}
                                  onClick={() => setForm({ open: true, id: null })}
                                >
                                  {t('customers.actions.new')}
                                </Button>
                                <Button
                                  variant="outlined"
                                  startIcon={<IconUpload size={18} aria-hidden />}
                                  onClick={() => setImporting(true)}
                                >
                                  {t('customers.actions.import')}
                                </Button>
                              </Stack>
                            ) : null
                          }
                        />
                      </TableCell>
                    </TableRow>
                  ) : (
                    items.map((customer) => (
                      <CustomerRow
                        key={customer.id}
                        customer={customer}
                        language={i18n.language}
                        selected={selected.has(customer.id)}
                        onToggle={() => toggle(customer)}
                        onOpen={() => openDetail(customer.id)}
                        onEdit={canUpdate ? () => setForm({ open: true, id: customer.id }) : null}
                      />
                    ))
                  )}
                </TableBody>
              </Table>
            </TableContainer>
            <CustomersPagination
              total={total}
              page={params.page}
              pageSize={params.pageSize}
              onPageChange={(page) => update({ page: page === 1 ? undefined : page }, false)}
              onPageSizeChange={(pageSize) =>
                update({
                  pageSize:
                    isPageSize(pageSize) && pageSize !== CUSTOMER_LIST_PAGE_SIZE
                      ? pageSize
                      : undefined,
                })
              }
            />
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
      <ConfirmDialog
        destructive
        describeError={customerErrorText}
        open={confirmBulkDelete}
        title={t('customers.bulk.confirmTitle')}
        body={t('customers.bulk.confirmBody', { number: formatNumber(selected.size) })}
        confirmLabel={t('customers.actions.delete')}
        pending={bulkDelete.isPending}
        error={bulkDelete.error}
        onClose={() => {
          setConfirmBulkDelete(false);
          bulkDelete.reset();
        }}
        onConfirm={onBulkDelete}
      />
    </Stack>
  );
}

function EmptyState({
  filtered,
  onClear,
  actions,
}: {
  filtered: boolean;
  onClear: () => void;
  actions: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box>
      <Box sx={{ color: 'text.secondary', display: 'inline-flex', mb: 1 }} aria-hidden>
        <IconAddressBook size={44} stroke={1.5} />
      </Box>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        {filtered ? t('customers.list.empty.filteredTitle') : t('customers.list.empty.title')}
      </Typography>
      <Typography color="text.secondary">
        {filtered ? t('customers.list.empty.filteredBody') : t('customers.list.empty.body')}
      </Typography>
      {filtered ? (
        <Button onClick={onClear} sx={{ mt: 1 }}>
          {t('customers.list.filters.clear')}
        </Button>
      ) : (
        actions
      )}
    </Box>
  );
}

function SortableHeader({
  field,
  params,
  onSort,
  align,
  children,
}: {
  field: CustomerSortField;
  params: { sort: CustomerSortField; order: SortOrder };
  onSort: (field: CustomerSortField) => void;
  align?: 'right';
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const active = params.sort === field;
  return (
    <TableCell sortDirection={active ? params.order : false} align={align}>
      <TableSortLabel
        active={active}
        direction={active ? params.order : 'asc'}
        onClick={() => onSort(field)}
      >
        {children}
        {active ? (
          <Box component="span" sx={visuallyHidden}>
            {params.order === 'desc'
              ? t('customers.list.sortedDesc')
              : t('customers.list.sortedAsc')}
          </Box>
        ) : null}
      </TableSortLabel>
    </TableCell>
  );
}

function CustomerRow({
  customer,
  language,
  selected,
  onToggle,
  onOpen,
  onEdit,
}: {
  customer: CustomerDto;
  language: string;
  selected: boolean;
  onToggle: () => void;
  onOpen: () => void;
  onEdit: (() => void) | null;
}) {
  const { t } = useTranslation();
  const extraTags = customer.tags.length - MAX_ROW_TAGS;
  return (
    <TableRow hover selected={selected}>
      <TableCell padding="checkbox">
        <Checkbox
          checked={selected}
          onChange={onToggle}
          slotProps={{
            input: { 'aria-label': t('customers.list.selectOne', { name: customer.name }) },
          }}
        />
      </TableCell>
      <TableCell sx={{ minWidth: 200 }}>
        <Link
          component="button"
          type="button"
          underline="hover"
          onClick={onOpen}
          sx={{ fontWeight: 600, textAlign: 'start', verticalAlign: 'baseline' }}
        >
          {customer.name}
        </Link>
        {customer.email ? (
          <Typography variant="body2" color="text.secondary">
            <bdi>{customer.email}</bdi>
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>{customer.company ?? ''}</TableCell>
      <TableCell>
        <CustomerStatusChip status={customer.status} />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {formatMoney(customer.value, language)}
      </TableCell>
      <TableCell>
        {customer.owner ? (
          customer.owner.name
        ) : (
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {t('customers.list.noOwner')}
          </Box>
        )}
      </TableCell>
      <TableCell>
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', maxWidth: 220 }}>
          {customer.tags.slice(0, MAX_ROW_TAGS).map((tag) => (
            <Chip key={tag} size="small" label={tag} />
          ))}
          {extraTags > 0 ? (
            <Tooltip title={customer.tags.slice(MAX_ROW_TAGS).join(', ')}>
              <Chip
                size="small"
                variant="outlined"
                label={t('customers.list.moreTags', { number: formatNumber(extraTags) })}
              />
            </Tooltip>
          ) : null}
        </Stack>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <time dateTime={customer.updatedAt}>{formatDate(customer.updatedAt)}</time>
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {onEdit ? (
          <IconButton
            size="small"
            onClick={onEdit}
            aria-label={t('customers.actions.editNamed', { name: customer.name })}
          >
            <IconPencil size={18} aria-hidden />
          </IconButton>
        ) : null}
      </TableCell>
    </TableRow>
  );
}
