import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { IconChevronDown, IconTrash } from '@tabler/icons-react';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CUSTOMER_STATUSES,
  type CustomerDto,
  type CustomerStatus,
} from '../../../../shared/schemas/customers';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { dangerOutlinedSx } from '../../../components/danger-styles';
import { BulkToolbar, type Selection } from '../../../components/list';
import { formatNumber } from '../../../lib/format';
import { useBulkDelete, useBulkStatus } from '../api/customers';
import { useCustomerErrorText } from './common';

/** The bar over the customer table while rows are selected: change status, delete, clear. */
export function CustomerBulkActions({
  selection,
  orgId,
  canUpdate,
  canDelete,
  onDeleted,
}: {
  selection: Selection<CustomerDto>;
  orgId: string | null;
  canUpdate: boolean;
  canDelete: boolean;
  /** After a bulk delete, with the deleted ids (the open detail may be one of them). */
  onDeleted: (ids: readonly string[]) => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useCustomerErrorText();
  const bulkStatus = useBulkStatus(orgId);
  const bulkDelete = useBulkDelete(orgId);
  const [statusMenu, setStatusMenu] = useState<HTMLElement | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const statusMenuId = useId();

  const onStatus = (status: CustomerStatus) => {
    setStatusMenu(null);
    bulkStatus.mutate(
      { ids: selection.ids(), status },
      {
        onSuccess: ({ updated }) => {
          enqueueSnackbar(
            t('customers.bulk.statusChanged', {
              number: formatNumber(updated),
              status: t(`customers.status.${status}`),
            }),
            { variant: 'success' },
          );
          selection.clear();
        },
        onError: (error) =>
          enqueueSnackbar(t('customers.bulk.failed', { message: errorText(error) }), {
            variant: 'error',
          }),
      },
    );
  };

  const onDelete = () => {
    const ids = selection.ids();
    bulkDelete.mutate(ids, {
      onSuccess: ({ deleted }) => {
        setConfirmDelete(false);
        enqueueSnackbar(t('customers.bulk.deleted', { number: formatNumber(deleted) }), {
          variant: 'success',
        });
        onDeleted(ids);
        selection.clear();
      },
    });
  };

  return (
    <>
      <BulkToolbar
        count={selection.count}
        label={t('customers.bulk.toolbar')}
        onClear={selection.clear}
      >
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
                <MenuItem key={status} onClick={() => onStatus(status)}>
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
            onClick={() => setConfirmDelete(true)}
            sx={dangerOutlinedSx}
          >
            {t('customers.bulk.delete')}
          </Button>
        ) : null}
      </BulkToolbar>
      <ConfirmDialog
        destructive
        open={confirmDelete}
        title={t('customers.bulk.confirmTitle')}
        body={t('customers.bulk.confirmBody', { number: formatNumber(selection.count) })}
        confirmLabel={t('common.delete')}
        pending={bulkDelete.isPending}
        error={bulkDelete.error}
        onClose={() => {
          setConfirmDelete(false);
          bulkDelete.reset();
        }}
        onConfirm={onDelete}
      />
    </>
  );
}
