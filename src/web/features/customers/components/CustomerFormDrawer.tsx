import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerDetailDto } from '../../../../shared/schemas/customers';
import { customerQueryOptions } from '../api/customers';
import { CustomerForm, ErrorText } from './CustomerForm';

export interface CustomerFormDrawerProps {
  open: boolean;
  /** The customer to edit; null for a new one. */
  customerId: string | null;
  orgId: string | null;
  onClose: () => void;
  onSaved?: (customer: CustomerDetailDto, created: boolean) => void;
}

/** "New customer" and "Edit": a drawer from the end side with the form of the shared schema. */
export function CustomerFormDrawer({
  open,
  customerId,
  orgId,
  onClose,
  onSaved,
}: CustomerFormDrawerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const customer = useQuery({
    ...customerQueryOptions(orgId, customerId ?? ''),
    enabled: open && customerId !== null && orgId !== null,
  });
  const loading = customerId !== null && !customer.data;
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: { width: { xs: '100%', sm: 480 } },
        },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 3, py: 2, gap: 1 }}>
        <Typography id={titleId} variant="h5" component="h2" sx={{ flex: 1, minWidth: 0 }} noWrap>
          {customerId === null
            ? t('customers.form.newTitle')
            : t('customers.form.editTitle', { name: customer.data?.name ?? '' })}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('common.close')}>
          <IconX size={20} aria-hidden />
        </IconButton>
      </Stack>
      <Divider />
      {open && customer.isError ? (
        <Box sx={{ p: 3 }}>
          <ErrorText error={customer.error} />
        </Box>
      ) : open && loading ? (
        <Stack spacing={2.5} sx={{ p: 3 }} aria-busy>
          {Array.from({ length: 7 }, (_, index) => (
            <Skeleton key={index} variant="rounded" height={52} />
          ))}
        </Stack>
      ) : open ? (
        <CustomerForm
          key={customer.data?.id ?? 'new'}
          customer={customer.data ?? null}
          orgId={orgId}
          onCancel={onClose}
          onSaved={onSaved}
        />
      ) : null}
    </Drawer>
  );
}
