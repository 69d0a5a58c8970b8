import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { API_KEY_LIMITS, API_KEY_SCOPES } from '../../../../shared/schemas/api-keys';
import { FormDialog } from '../../../components/FormDialog';
import { ApiError } from '../../../lib/api';
import { useAuthState } from '../../../lib/auth-store';
import { errorText, fieldMessageText } from '../../../lib/error-text';
import { muiRegister, validationText } from '../../../lib/forms';
import { keyAgentsQueryOptions, scopeKey, useCreateApiKey } from '../api/api-keys';
import { emptyKeyForm, keyFormSchema, requestBody, type KeyForm } from '../form';

const FORM_FIELDS: FieldPath<KeyForm>[] = ['name', 'scopes', 'agentId'];
const SERVER_FIELDS: Record<string, FieldPath<KeyForm>> = { expiresAt: 'expiresOn' };

/** The form's messages: locale keys of the form, or the server's shared messages. */
function useFieldText() {
  const { t } = useTranslation();
  return (message: string | undefined) => {
    if (!message) return undefined;
    if (message.startsWith('apiKeys.')) return (t as (key: string) => string)(message);
    if (message.startsWith('validation.')) {
      return validationText(t, message, { max: API_KEY_LIMITS.nameMaxLength });
    }
    return fieldMessageText(t, message);
  };
}

/** Creates a key; `onCreated` receives its secret, which the caller shows once. */
export function CreateKeyDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const fieldText = useFieldText();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const create = useCreateApiKey(orgId);
  const agents = useQuery(keyAgentsQueryOptions(orgId));
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<KeyForm>({
    resolver: zodResolver(keyFormSchema),
    defaultValues: emptyKeyForm,
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;

  const close = () => {
    if (!create.isPending) onClose();
  };

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    create.mutate(requestBody(values), {
      onSuccess: (created) => onCreated(created.secret),
      onError: (error) => {
        let placed = false;
        if (error instanceof ApiError && error.fields) {
          for (const [key, messages] of Object.entries(error.fields)) {
            const path =
              SERVER_FIELDS[key] ??
              (FORM_FIELDS.includes(key as FieldPath<KeyForm>)
                ? (key as FieldPath<KeyForm>)
                : null);
            if (path && messages[0]) {
              form.setError(path, { message: messages[0] }, { shouldFocus: !placed });
              placed = true;
            }
          }
        }
        if (!placed) setFailure(error);
      },
    });
  });

  return (
    <FormDialog
      open
      onClose={close}
      onSubmit={onSubmit}
      pending={create.isPending}
      title={t('apiKeys.form.title')}
      intro={t('apiKeys.intro')}
      submitLabel={t('apiKeys.form.submit')}
    >
      {failure ? <Alert severity="error">{errorText(t, i18n.language, failure)}</Alert> : null}
      <TextField
        {...muiRegister(register('name'))}
        label={t('apiKeys.form.name')}
        required
        autoFocus
        error={Boolean(errors.name)}
        helperText={fieldText(errors.name?.message) ?? t('apiKeys.form.nameHelp')}
        slotProps={{ htmlInput: { maxLength: API_KEY_LIMITS.nameMaxLength } }}
      />
      <Controller
        control={control}
        name="scopes"
        render={({ field, fieldState }) => (
          <FormControl component="fieldset" error={Boolean(fieldState.error)}>
            <FormLabel component="legend">{t('apiKeys.form.scopes')}</FormLabel>
            <FormGroup>
              {API_KEY_SCOPES.map((scope) => (
                <FormControlLabel
                  key={scope}
                  control={
                    <Checkbox
                      checked={field.value.includes(scope)}
                      onChange={(event) =>
                        field.onChange(
                          event.target.checked
                            ? [...field.value, scope]
                            : field.value.filter((s) => s !== scope),
                        )
                      }
                    />
                  }
                  label={`${t(`apiKeys.scopes.${scopeKey(scope)}`)} (${scope}) · ${t(`apiKeys.scopeHelp.${scopeKey(scope)}`)}`}
                />
              ))}
            </FormGroup>
            {fieldState.error ? (
              <FormHelperText>{fieldText(fieldState.error.message)}</FormHelperText>
            ) : null}
          </FormControl>
        )}
      />
      <TextField
        {...muiRegister(register('expiresOn'))}
        type="date"
        label={t('apiKeys.form.expiresAt')}
        error={Boolean(errors.expiresOn)}
        helperText={fieldText(errors.expiresOn?.message) ?? t('apiKeys.form.expiresHelp')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Controller
        control={control}
        name="agentId"
        render={({ field, fieldState }) => (
          <TextField
            select
            label={t('apiKeys.form.agent')}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(fieldState.error)}
            helperText={fieldText(fieldState.error?.message) ?? t('apiKeys.form.agentHelp')}
          >
            <MenuItem value="">{t('apiKeys.allAgents')}</MenuItem>
            {(agents.data?.items ?? []).map((agent) => (
              <MenuItem key={agent.id} value={agent.id}>
                {agent.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </FormDialog>
  );
}
