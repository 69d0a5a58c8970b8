import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  IconBuilding,
  IconCalendar,
  IconCoin,
  IconMail,
  IconNote,
  IconPencil,
  IconPhone,
  IconTag,
  IconTrash,
  IconUser,
  IconX,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CUSTOMER_STATUSES,
  type CustomerDetailDto,
  type CustomerStatus,
} from '../../../../shared/schemas/customers';
import { formatDateTime } from '../../../lib/format';
import { customerQueryOptions, useDeleteCustomer, useUpdateCustomer } from '../api/customers';
import { formatMoney } from '../money';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { dangerOutlinedSx } from '../../../components/danger-styles';
import { CustomerStatusChip, useCustomerErrorText } from './common';
import { NoteForm, Timeline } from './CustomerActivity';

export interface CustomerDetailDrawerProps {
  /** The open customer; null when the drawer is closed. */
  customerId: string | null;
  orgId: string | null;
  onClose: () => void;
  onEdit: (id: string) => void;
  canUpdate: boolean;
  canDelete: boolean;
}

/** One customer: contact, value, owner, tags, notes, the status, and the activity timeline. */
export function CustomerDetailDrawer({
  customerId,
  orgId,
  onClose,
  onEdit,
  canUpdate,
  canDelete,
}: CustomerDetailDrawerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const errorText = useCustomerErrorText();
  const customer = useQuery({
    ...customerQueryOptions(orgId, customerId ?? ''),
    enabled: customerId !== null && orgId !== null,
  });
  const data = customer.data;
  return (
    <Drawer
      anchor="right"
      open={customerId !== null}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: { width: { xs: '100%', sm: 520 } },
        },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start', px: 3, pt: 2.5, pb: 2, gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} variant="h5" component="h2" sx={{ wordBreak: 'break-word' }}>
            {data ? (
              data.name
            ) : customer.isPending ? (
              <Skeleton width="60%" />
            ) : (
              t('customers.detail.loadError')
            )}
          </Typography>
          {data ? (
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ mt: 0.75, alignItems: 'center', flexWrap: 'wrap' }}
            >
              <CustomerStatusChip status={data.status} />
              {data.company ? (
                <Typography variant="body2" color="text.secondary">
                  {data.company}
                </Typography>
              ) : null}
            </Stack>
          ) : null}
        </Box>
        {data && canUpdate ? (
          <IconButton
            onClick={() => onEdit(data.id)}
            aria-label={t('customers.actions.editNamed', { name: data.name })}
          >
            <IconPencil size={20} aria-hidden />
          </IconButton>
        ) : null}
        <IconButton onClick={onClose} aria-label={t('common.close')}>
          <IconX size={20} aria-hidden />
        </IconButton>
      </Stack>
      <Divider />
      <Box sx={{ overflowY: 'auto', flex: 1 }}>
        {customer.isError ? (
          <Box sx={{ p: 3 }}>
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void customer.refetch()}>
                  {t('common.retry')}
                </Button>
              }
            >
              {customer.error && 'status' in customer.error && customer.error.status === 404
                ? t('customers.detail.notFound')
                : `${t('customers.detail.loadError')} ${errorText(customer.error)}`}
            </Alert>
          </Box>
        ) : !data ? (
          <Stack spacing={2} sx={{ p: 3 }} aria-busy aria-label={t('customers.detail.loading')}>
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} variant="rounded" height={36} />
            ))}
          </Stack>
        ) : (
          <CustomerDetail
            customer={data}
            orgId={orgId}
            canUpdate={canUpdate}
            canDelete={canDelete}
            onDeleted={onClose}
          />
        )}
      </Box>
    </Drawer>
  );
}

/** One term of the customer's description list: icon and label, then the value under them. */
function DetailRow({
  icon,
  label,
  wide = false,
  children,
}: {
  icon: ReactNode;
  label: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? { sm: '1 / -1' } : undefined }}>
      <Typography
        component="dt"
        variant="caption"
        color="text.secondary"
        sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
      >
        <Box component="span" sx={{ display: 'inline-flex' }} aria-hidden>
          {icon}
        </Box>
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, mt: 0.25, paddingInlineStart: 3.25, wordBreak: 'break-word' }}
      >
        {children}
      </Typography>
    </Box>
  );
}

function CustomerDetail({
  customer,
  orgId,
  canUpdate,
  canDelete,
  onDeleted,
}: {
  customer: CustomerDetailDto;
  orgId: string | null;
  canUpdate: boolean;
  canDelete: boolean;
  onDeleted: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useCustomerErrorText();
  const update = useUpdateCustomer(orgId);
  const remove = useDeleteCustomer(orgId);
  const [confirming, setConfirming] = useState(false);

  const changeStatus = (status: CustomerStatus) => {
    if (status === customer.status) return;
    update.mutate(
      { id: customer.id, changes: { status } },
      {
        onSuccess: () =>
          enqueueSnackbar(
            t('customers.detail.statusSaved', { status: t(`customers.status.${status}`) }),
            { variant: 'success' },
          ),
      },
    );
  };

  const secondary = (text: string) => (
    <Box component="span" sx={{ color: 'text.secondary' }}>
      {text}
    </Box>
  );

  return (
    <Stack spacing={3} sx={{ p: 3 }}>
      {update.isError ? <Alert severity="error">{errorText(update.error)}</Alert> : null}
      <TextField
        select
        size="small"
        label={t('customers.detail.statusLabel')}
        value={customer.status}
        disabled={!canUpdate || update.isPending}
        onChange={(event) => changeStatus(event.target.value as CustomerStatus)}
        sx={{ maxWidth: 240 }}
      >
        {CUSTOMER_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {t(`customers.status.${status}`)}
          </MenuItem>
        ))}
      </TextField>

      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}
      >
        <DetailRow icon={<IconMail size={16} />} label={t('customers.fields.email')}>
          {customer.email ? (
            <Link href={`mailto:${customer.email}`} dir="ltr">
              {customer.email}
            </Link>
          ) : (
            secondary(t('customers.detail.noEmail'))
          )}
        </DetailRow>
        <DetailRow icon={<IconPhone size={16} />} label={t('customers.fields.phone')}>
          {customer.phone ? (
            <Link href={`tel:${customer.phone.replace(/[^\d+]/g, '')}`} dir="ltr">
              {customer.phone}
            </Link>
          ) : (
            secondary(t('customers.detail.noPhone'))
          )}
        </DetailRow>
        <DetailRow icon={<IconBuilding size={16} />} label={t('customers.fields.company')}>
          {customer.company ?? secondary(t('customers.detail.noCompany'))}
        </DetailRow>
        <DetailRow icon={<IconCoin size={16} />} label={t('customers.fields.value')}>
          {formatMoney(customer.value, i18n.language)}
        </DetailRow>
        <DetailRow icon={<IconUser size={16} />} label={t('customers.fields.owner')}>
          {customer.owner ? customer.owner.name : secondary(t('customers.form.noOwner'))}
        </DetailRow>
        <DetailRow icon={<IconCalendar size={16} />} label={t('customers.list.columns.createdAt')}>
          <time dateTime={customer.createdAt}>
            {formatDateTime(customer.createdAt, i18n.language)}
          </time>
        </DetailRow>
        <DetailRow wide icon={<IconTag size={16} />} label={t('customers.fields.tags')}>
          {customer.tags.length > 0 ? (
            <Stack
              component="span"
              direction="row"
              spacing={0.75}
              useFlexGap
              sx={{ flexWrap: 'wrap', mt: 0.5 }}
            >
              {customer.tags.map((tag) => (
                <Chip key={tag} size="small" label={tag} component="span" />
              ))}
            </Stack>
          ) : (
            secondary(t('customers.detail.noTags'))
          )}
        </DetailRow>
        <DetailRow wide icon={<IconNote size={16} />} label={t('customers.fields.notes')}>
          {customer.notes ? (
            <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
              {customer.notes}
            </Box>
          ) : (
            secondary(t('customers.detail.noNotes'))
          )}
        </DetailRow>
      </Box>

      <Divider />
      {canUpdate ? <NoteForm customerId={customer.id} orgId={orgId} /> : null}
      <Timeline activities={customer.activities} />

      {canDelete ? (
        <>
          <Divider />
          <Box>
            <Button
              color="error"
              variant="outlined"
              startIcon={<IconTrash size={18} aria-hidden />}
              onClick={() => setConfirming(true)}
              sx={dangerOutlinedSx}
            >
              {t('customers.actions.deleteNamed', { name: customer.name })}
            </Button>
          </Box>
          <ConfirmDialog
            destructive
            open={confirming}
            title={t('customers.detail.deleteTitle', { name: customer.name })}
            body={t('customers.detail.deleteBody')}
            confirmLabel={t('common.delete')}
            pending={remove.isPending}
            error={remove.error}
            onClose={() => {
              setConfirming(false);
              remove.reset();
            }}
            onConfirm={() =>
              remove.mutate(customer.id, {
                onSuccess: () => {
                  setConfirming(false);
                  enqueueSnackbar(t('customers.detail.deleted', { name: customer.name }), {
                    variant: 'success',
                  });
                  onDeleted();
                },
              })
            }
          />
        </>
      ) : null}
    </Stack>
  );
}
