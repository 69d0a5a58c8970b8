import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CUSTOMER_CURRENCY,
  CUSTOMER_LIMITS,
  CUSTOMER_STATUSES,
  customerCreateSchema,
  type CustomerCreateInput,
  type CustomerDetailDto,
} from '../../../../shared/schemas/customers';
import { ApiError } from '../../../lib/api';
import { muiRegister } from '../../../lib/forms';
import {
  customerTagsQueryOptions,
  ownersQueryOptions,
  useCreateCustomer,
  useUpdateCustomer,
} from '../api/customers';
import { fieldMessageText } from '../../../lib/error-text';
import { useCustomerErrorText } from './common';
import { MoneyField } from './MoneyField';
import { SelectField } from '../../../components/SelectField';
import { SubmitForm } from '../../../components/SubmitForm';

type Values = CustomerCreateInput;
const FORM_FIELDS = [
  'name',
  'email',
  'phone',
  'company',
  'status',
  'value',
  'ownerId',
  'tags',
  'notes',
] as const satisfies readonly FieldPath<Values>[];

const EMPTY: Values = {
  name: '',
  email: '',
  phone: '',
  company: '',
  status: 'lead',
  value: 0,
  ownerId: null,
  tags: [],
  notes: '',
};

function valuesOf(customer: CustomerDetailDto): Values {
  return {
    name: customer.name,
    email: customer.email ?? '',
    phone: customer.phone ?? '',
    company: customer.company ?? '',
    status: customer.status,
    value: customer.value,
    ownerId: customer.owner?.id ?? null,
    tags: customer.tags,
    notes: customer.notes,
  };
}

export function ErrorText({ error }: { error: unknown }) {
  const errorText = useCustomerErrorText();
  return <Alert severity="error">{errorText(error)}</Alert>;
}

export function CustomerForm({
  customer,
  orgId,
  onCancel,
  onSaved,
}: {
  customer: CustomerDetailDto | null;
  orgId: string | null;
  onCancel: () => void;
  onSaved?: ((customer: CustomerDetailDto, created: boolean) => void) | undefined;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useCustomerErrorText();
  const owners = useQuery(ownersQueryOptions(orgId));
  const tags = useQuery(customerTagsQueryOptions(orgId));
  const create = useCreateCustomer(orgId);
  const update = useUpdateCustomer(orgId);
  const mutation = customer ? update : create;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(customerCreateSchema),
    defaultValues: customer ? valuesOf(customer) : EMPTY,
  });

  const message = (text: string | undefined) => (text ? fieldMessageText(t, text) : undefined);

  /** Field errors of the server (409 e-mail taken, 400 owner not a member) go on their fields. */
  const showServerErrors = (error: unknown) => {
    if (!(error instanceof ApiError) || !error.fields) return;
    let focused = false;
    for (const field of FORM_FIELDS) {
      const text = error.fields[field]?.[0];
      if (text) {
        setError(field, { type: 'server', message: text }, { shouldFocus: !focused });
        focused = true;
      }
    }
  };

  const onSubmit = handleSubmit((values) => {
    const input = customerCreateSchema.parse(values);
    const done = (saved: CustomerDetailDto) => {
      enqueueSnackbar(
        t(customer ? 'customers.form.saved' : 'customers.form.created', { name: saved.name }),
        { variant: 'success' },
      );
      onSaved?.(saved, !customer);
      onCancel();
    };
    if (customer) {
      update.mutate(
        { id: customer.id, changes: input },
        { onSuccess: done, onError: showServerErrors },
      );
    } else {
      create.mutate(input, { onSuccess: done, onError: showServerErrors });
    }
  });

  const serverError = mutation.error;
  const fieldErrorsShown =
    serverError instanceof ApiError &&
    !!serverError.fields &&
    FORM_FIELDS.some((field) => serverError.fields?.[field]);
  const ownerList = owners.data ?? [];
  const currentOwner = customer?.owner;

  return (
    <SubmitForm
      onSubmit={() => {
        mutation.reset();
        return onSubmit();
      }}
      sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
    >
      <Stack spacing={2.5} sx={{ p: 3, overflowY: 'auto', flex: 1 }}>
        {serverError && !fieldErrorsShown ? (
          <Alert severity="error">{errorText(serverError)}</Alert>
        ) : null}
        <TextField
          {...muiRegister(register('name'))}
          label={t('customers.fields.name')}
          required
          autoFocus
          error={!!errors.name}
          helperText={message(errors.name?.message)}
          slotProps={{ htmlInput: { maxLength: CUSTOMER_LIMITS.name } }}
        />
        <TextField
          {...muiRegister(register('email'))}
          type="email"
          label={t('customers.fields.email')}
          error={!!errors.email}
          helperText={message(errors.email?.message)}
          slotProps={{
            htmlInput: {
              dir: 'ltr',
              spellCheck: false,
              autoCapitalize: 'off',
              maxLength: CUSTOMER_LIMITS.email,
            },
          }}
        />
        <TextField
          {...muiRegister(register('phone'))}
          type="tel"
          label={t('customers.fields.phone')}
          error={!!errors.phone}
          helperText={message(errors.phone?.message)}
          slotProps={{ htmlInput: { dir: 'ltr', maxLength: CUSTOMER_LIMITS.phone } }}
        />
        <TextField
          {...muiRegister(register('company'))}
          label={t('customers.fields.company')}
          error={!!errors.company}
          helperText={message(errors.company?.message)}
          slotProps={{ htmlInput: { maxLength: CUSTOMER_LIMITS.company } }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <SelectField
            control={control}
            name="status"
            label={t('customers.fields.status')}
            options={CUSTOMER_STATUSES}
            optionLabel={(status) => t(`customers.status.${status}`)}
            error={!!errors.status}
            helperText={message(errors.status?.message)}
            sx={{ flex: 1 }}
          />
          <Controller
            control={control}
            name="value"
            render={({ field }) => (
              <Box sx={{ flex: 1, display: 'flex', '& > *': { flex: 1 } }}>
                <MoneyField
                  label={t('customers.fields.value')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={!!errors.value}
                  helperText={
                    message(errors.value?.message) ??
                    t('customers.form.valueHint', { currency: CUSTOMER_CURRENCY })
                  }
                />
              </Box>
            )}
          />
        </Stack>
        <Controller
          control={control}
          name="ownerId"
          render={({ field }) => (
            <TextField
              select
              label={t('customers.fields.owner')}
              value={field.value ?? ''}
              onChange={(event) => field.onChange(event.target.value || null)}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={!!errors.ownerId}
              helperText={message(errors.ownerId?.message)}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">
                <em>{t('customers.form.noOwner')}</em>
              </MenuItem>
              {currentOwner && !ownerList.some((owner) => owner.id === currentOwner.id) ? (
                <MenuItem value={currentOwner.id}>{currentOwner.name}</MenuItem>
              ) : null}
              {ownerList.map((owner) => (
                <MenuItem key={owner.id} value={owner.id}>
                  {owner.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="tags"
          render={({ field }) => (
            <Autocomplete
              multiple
              freeSolo
              autoSelect
              options={(tags.data ?? []).map((tag) => tag.tag)}
              value={field.value ?? []}
              onChange={(_event, value) =>
                field.onChange(
                  [...new Set(value.map((tag) => tag.trim()).filter(Boolean))].slice(
                    0,
                    CUSTOMER_LIMITS.tags,
                  ),
                )
              }
              onBlur={field.onBlur}
              renderValue={(value, getItemProps) =>
                value.map((tag, index) => {
                  const { key, ...itemProps } = getItemProps({ index });
                  return <Chip key={key} size="small" label={tag} {...itemProps} />;
                })
              }
              renderInput={(params) => (
                <TextField
                  {...params}
                  inputRef={field.ref}
                  label={t('customers.fields.tags')}
                  error={!!errors.tags}
                  helperText={
                    message(
                      errors.tags?.message ??
                        (Array.isArray(errors.tags)
                          ? errors.tags.find((error) => error?.message)?.message
                          : undefined),
                    ) ?? t('customers.form.tagsHint')
                  }
                  slotProps={{
                    ...params.slotProps,
                    htmlInput: { ...params.slotProps.htmlInput, maxLength: CUSTOMER_LIMITS.tag },
                  }}
                />
              )}
            />
          )}
        />
        <TextField
          {...muiRegister(register('notes'))}
          label={t('customers.fields.notes')}
          multiline
          minRows={4}
          maxRows={12}
          error={!!errors.notes}
          helperText={message(errors.notes?.message) ?? t('customers.form.notesHint')}
          slotProps={{ htmlInput: { maxLength: CUSTOMER_LIMITS.notes } }}
        />
      </Stack>
      <Divider />
      <Stack direction="row" spacing={1.5} sx={{ px: 3, py: 2, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={mutation.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={mutation.isPending}>
          {customer
            ? mutation.isPending
              ? t('common.saving')
              : t('common.saveChanges')
            : mutation.isPending
              ? t('customers.form.creating')
              : t('customers.form.create')}
        </Button>
      </Stack>
    </SubmitForm>
  );
}
