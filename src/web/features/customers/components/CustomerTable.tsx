import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { IconAddressBook, IconPencil, IconPlus, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CustomerDto, CustomerSortField } from '../../../../shared/schemas/customers';
import {
  EmptyRow,
  SelectPageCell,
  SelectRowCell,
  SkeletonRows,
  SortableHeaderCell,
  type Selection,
  type TableSorting,
} from '../../../components/list';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatDate, formatNumber } from '../../../lib/format';
import { formatMoney } from '../money';
import { CustomerStatusChip } from './common';

const COLUMNS = 9;
const MAX_ROW_TAGS = 2;

export interface CustomerTableProps {
  items: readonly CustomerDto[];
  loading: boolean;
  busy: boolean;
  /** How many placeholder rows while loading. */
  skeletons: number;
  sorting: TableSorting<CustomerSortField>;
  selection: Selection<CustomerDto>;
  /** Whether the search or a filter narrows the list (the empty state differs). */
  filtered: boolean;
  onClearFilters: () => void;
  onOpen: (id: string) => void;
  /** Null without the right to edit (nor to create, for the empty state's buttons). */
  onEdit: ((id: string) => void) | null;
  onCreate: (() => void) | null;
  onImport: (() => void) | null;
}

/** The customers as a table: selection boxes, sortable columns, the empty and loading states. */
export function CustomerTable({
  items,
  loading,
  busy,
  skeletons,
  sorting,
  selection,
  filtered,
  onClearFilters,
  onOpen,
  onEdit,
  onCreate,
  onImport,
}: CustomerTableProps) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table aria-label={t('customers.list.table')} aria-busy={busy} sx={{ minWidth: 960 }}>
        <TableHead>
          <TableRow>
            <SelectPageCell
              selection={selection}
              items={items}
              label={t('customers.list.selectAll')}
            />
            <SortableHeaderCell field="name" sorting={sorting}>
              {t('customers.list.columns.name')}
            </SortableHeaderCell>
            <SortableHeaderCell field="company" sorting={sorting}>
              {t('customers.list.columns.company')}
            </SortableHeaderCell>
            <SortableHeaderCell field="status" sorting={sorting}>
              {t('customers.list.columns.status')}
            </SortableHeaderCell>
            <SortableHeaderCell field="value" sorting={sorting} align="right">
              {t('customers.list.columns.value')}
            </SortableHeaderCell>
            <TableCell>{t('customers.list.columns.owner')}</TableCell>
            <TableCell>{t('customers.list.columns.tags')}</TableCell>
            <SortableHeaderCell field="updatedAt" sorting={sorting}>
              {t('customers.list.columns.updatedAt')}
            </SortableHeaderCell>
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                {t('customers.list.columns.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {loading ? (
            <SkeletonRows columns={COLUMNS} rows={skeletons} checkbox />
          ) : items.length === 0 ? (
            <EmptyRow
              columns={COLUMNS}
              icon={<IconAddressBook size={44} stroke={1.5} />}
              title={
                filtered ? t('customers.list.empty.filteredTitle') : t('customers.list.empty.title')
              }
              text={
                filtered ? t('customers.list.empty.filteredBody') : t('customers.list.empty.body')
              }
            >
              {filtered ? (
                <Button onClick={onClearFilters} sx={{ mt: 1 }}>
                  {t('common.clearFilters')}
                </Button>
              ) : onCreate && onImport ? (
                <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'center', mt: 2 }}>
                  <Button
                    variant="contained"
                    startIcon={<IconPlus size={18} aria-hidden />}
                    onClick={onCreate}
                  >
                    {t('customers.actions.new')}
                  </Button>
                  <Button
                    variant="outlined"
                    startIcon={<IconUpload size={18} aria-hidden />}
                    onClick={onImport}
                  >
                    {t('customers.actions.import')}
                  </Button>
                </Stack>
              ) : null}
            </EmptyRow>
          ) : (
            items.map((customer) => (
              <CustomerRow
                key={customer.id}
                customer={customer}
                selected={selection.isSelected(customer.id)}
                onToggle={() => selection.toggle(customer)}
                onOpen={() => onOpen(customer.id)}
                onEdit={onEdit ? () => onEdit(customer.id) : null}
              />
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function CustomerRow({
  customer,
  selected,
  onToggle,
  onOpen,
  onEdit,
}: {
  customer: CustomerDto;
  selected: boolean;
  onToggle: () => void;
  onOpen: () => void;
  onEdit: (() => void) | null;
}) {
  const { t, i18n } = useTranslation();
  const extraTags = customer.tags.length - MAX_ROW_TAGS;
  return (
    <TableRow hover selected={selected}>
      <SelectRowCell
        checked={selected}
        onToggle={onToggle}
        label={t('customers.list.selectOne', { name: customer.name })}
      />
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
        {formatMoney(customer.value, i18n.language)}
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
