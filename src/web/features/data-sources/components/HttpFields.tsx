import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DATA_SOURCE_LIMITS, HTTP_AUTH_TYPES } from '../../../../shared/schemas/data-sources';
import { muiRegister } from '../../../lib/forms';
import { errorText, type ConnectionFormApi } from '../connection-form';
import { ChoiceField } from './ChoiceField';
import { AddRowButton, RemoveRowButton } from './RowButtons';

/** The settings of an HTTP API source: base URL, authentication, extra header rows, test path. */
export function HttpFields({
  form,
  disabled,
  secretField,
}: {
  form: ConnectionFormApi;
  disabled: boolean;
  /** The token or header value, right under the choice of authentication. */
  secretField: ReactNode;
}) {
  const { t } = useTranslation();
  const { register, control, formState, watch } = form;
  const headers = useFieldArray({ control, name: 'headers' });
  const errors = formState.errors;
  const shown = (message: string | undefined) => {
    const error = errorText(t, message);
    return { error: Boolean(error), helperText: error };
  };
  const authType = watch('authType');
  const testPathError = errorText(t, errors.testPath?.message);
  return (
    <Stack spacing={2}>
      <TextField
        {...muiRegister(register('baseUrl'))}
        label={t('dataSources.form.baseUrl')}
        placeholder={t('dataSources.form.baseUrlPlaceholder')}
        required
        fullWidth
        disabled={disabled}
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'url' } }}
        {...shown(errors.baseUrl?.message)}
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: authType === 'header' ? 6 : 12 }}>
          <ChoiceField
            form={form}
            name="authType"
            choices={HTTP_AUTH_TYPES}
            fallback="none"
            label={t('dataSources.form.authType')}
            choiceText={(auth) => t(`dataSources.form.authTypes.${auth}`)}
            disabled={disabled}
          />
        </Grid>
        {authType === 'header' ? (
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              {...muiRegister(register('authHeader'))}
              label={t('dataSources.form.authHeader')}
              placeholder={t('dataSources.form.authHeaderPlaceholder')}
              required
              fullWidth
              disabled={disabled}
              autoComplete="off"
              {...shown(errors.authHeader?.message)}
            />
          </Grid>
        ) : null}
      </Grid>
      {secretField}
      <FormControl component="fieldset" disabled={disabled}>
        <FormLabel component="legend" sx={{ mb: 1 }}>
          {t('dataSources.form.headers')}
        </FormLabel>
        <Stack spacing={1.5}>
          {headers.fields.map((row, index) => (
            <Stack key={row.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                {...muiRegister(register(`headers.${index}.name`))}
                size="small"
                label={t('dataSources.form.headerName', { number: index + 1 })}
                sx={{ flex: 1 }}
                autoComplete="off"
                {...shown(errors.headers?.[index]?.name?.message)}
              />
              <TextField
                {...muiRegister(register(`headers.${index}.value`))}
                size="small"
                label={t('dataSources.form.headerValueLabel', { number: index + 1 })}
                sx={{ flex: 2 }}
                autoComplete="off"
                {...shown(errors.headers?.[index]?.value?.message)}
              />
              <RemoveRowButton
                label={t('dataSources.form.removeHeader', { number: index + 1 })}
                onClick={() => headers.remove(index)}
                disabled={disabled}
              />
            </Stack>
          ))}
          <AddRowButton
            label={t('dataSources.form.addHeader')}
            onClick={() => headers.append({ name: '', value: '' }, { shouldFocus: false })}
            disabled={disabled || headers.fields.length >= DATA_SOURCE_LIMITS.httpMaxHeaders}
          />
          <FormHelperText sx={{ mt: 0 }}>{t('dataSources.form.headersHelp')}</FormHelperText>
        </Stack>
      </FormControl>
      <TextField
        {...muiRegister(register('testPath'))}
        label={t('dataSources.form.testPath')}
        placeholder={t('dataSources.form.testPathPlaceholder')}
        fullWidth
        disabled={disabled}
        autoComplete="off"
        error={Boolean(testPathError)}
        helperText={testPathError ?? t('dataSources.form.testPathHelp')}
      />
    </Stack>
  );
}
