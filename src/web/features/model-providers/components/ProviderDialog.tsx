import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { IconKey } from '@tabler/icons-react';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MODEL_PROVIDER_LIMITS } from '../../../../shared/schemas/model-providers';
import { CheckboxField } from '../../../components/CheckboxField';
import { FormDialog } from '../../../components/FormDialog';
import { ApiError } from '../../../lib/api';
import { useAuthState } from '../../../lib/auth-store';
import { errorText } from '../../../lib/error-text';
import { muiRegister } from '../../../lib/forms';
import { useSaveModelProvider, type ModelProvider } from '../api/model-providers';
import { formValues, providerFormSchema, requestBody, type ProviderForm } from '../form';
import { useFieldText } from '../field-text';
import { HeaderRows } from './HeaderRows';
import { ModelRows } from './ModelRows';

const FORM_FIELDS = ['name', 'baseUrl', 'apiKey', 'defaultModel', 'models', 'headers'];

/** The form path of a server `fields` key (`headers.0.value`), when the form has it. */
function formPath(key: string): FieldPath<ProviderForm> | null {
  return FORM_FIELDS.includes(key.split('.')[0] ?? '') ? (key as FieldPath<ProviderForm>) : null;
}

/** Add (provider null) or edit a model provider; the key and header values are write-only. */
export function ProviderDialog({
  provider,
  onClose,
}: {
  provider: ModelProvider | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const fieldText = useFieldText();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const save = useSaveModelProvider(orgId);
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<ProviderForm>({
    resolver: zodResolver(providerFormSchema),
    defaultValues: formValues(provider),
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const removeKey = useWatch({ control, name: 'removeKey' });
  const models = useWatch({ control, name: 'models' });

  const close = () => {
    if (!save.isPending) onClose();
  };

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    save.mutate(
      { id: provider?.id ?? null, body: requestBody(values, provider !== null) },
      {
        onSuccess: (saved) => {
          enqueueSnackbar(
            t(provider ? 'modelProviders.saved' : 'modelProviders.created', { name: saved.name }),
            { variant: 'success' },
          );
          onClose();
        },
        onError: (error) => {
          let placed = false;
          if (error instanceof ApiError && error.fields) {
            for (const [key, messages] of Object.entries(error.fields)) {
              const path = formPath(key);
              if (path && messages[0]) {
                form.setError(path, { message: messages[0] }, { shouldFocus: !placed });
                placed = true;
              }
            }
          }
          if (!placed) setFailure(error);
        },
      },
    );
  });

  return (
    <FormDialog
      open
      onClose={close}
      onSubmit={onSubmit}
      pending={save.isPending}
      title={
        provider
          ? t('modelProviders.dialog.editTitle', { name: provider.name })
          : t('modelProviders.dialog.addTitle')
      }
      intro={t('modelProviders.dialog.intro')}
      submitLabel={provider ? t('modelProviders.dialog.save') : t('modelProviders.dialog.add')}
      pendingLabel={t('modelProviders.dialog.saving')}
    >
      {failure ? <Alert severity="error">{errorText(t, i18n.language, failure)}</Alert> : null}
      <TextField
        {...muiRegister(register('name'))}
        label={t('modelProviders.fields.name')}
        required
        autoFocus
        error={Boolean(errors.name)}
        helperText={fieldText(errors.name?.message, { max: MODEL_PROVIDER_LIMITS.nameMaxLength })}
        slotProps={{ htmlInput: { maxLength: MODEL_PROVIDER_LIMITS.nameMaxLength } }}
      />
      <TextField
        {...muiRegister(register('baseUrl'))}
        label={t('modelProviders.fields.baseUrl')}
        required
        placeholder={t('modelProviders.fields.baseUrlPlaceholder')}
        error={Boolean(errors.baseUrl)}
        helperText={fieldText(errors.baseUrl?.message) ?? t('modelProviders.fields.baseUrlHint')}
        slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, autoCapitalize: 'off' } }}
      />
      <TextField
        {...muiRegister(register('apiKey'))}
        label={t('modelProviders.fields.apiKey')}
        type="password"
        autoComplete="new-password"
        disabled={removeKey}
        placeholder={provider?.hasApiKey ? t('modelProviders.keyStored') : undefined}
        error={Boolean(errors.apiKey)}
        helperText={
          fieldText(errors.apiKey?.message) ??
          (provider?.hasApiKey
            ? t('modelProviders.fields.apiKeyStored')
            : t('modelProviders.fields.apiKeyHint'))
        }
        slotProps={{
          htmlInput: { dir: 'ltr', maxLength: MODEL_PROVIDER_LIMITS.apiKeyMaxLength },
          input: provider?.hasApiKey
            ? {
                startAdornment: (
                  <InputAdornment position="start">
                    <IconKey size={18} aria-hidden />
                  </InputAdornment>
                ),
              }
            : {},
        }}
      />
      {provider?.hasApiKey ? (
        <CheckboxField
          control={control}
          name="removeKey"
          label={t('modelProviders.fields.removeKey')}
        />
      ) : null}
      <ModelRows form={form} providerId={provider?.id ?? null} />
      <Controller
        control={control}
        name="defaultModel"
        render={({ field, fieldState }) => (
          <TextField
            select
            label={t('modelProviders.fields.defaultModel')}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(fieldState.error)}
            helperText={fieldText(fieldState.error?.message)}
          >
            <MenuItem value="">{t('modelProviders.noDefault')}</MenuItem>
            {models
              .map((model) => model.id.trim())
              .filter(Boolean)
              .map((id) => (
                <MenuItem key={id} value={id} dir="ltr">
                  {id}
                </MenuItem>
              ))}
          </TextField>
        )}
      />
      <HeaderRows form={form} />
    </FormDialog>
  );
}
