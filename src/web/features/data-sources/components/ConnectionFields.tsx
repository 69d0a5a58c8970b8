import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  DATABASE_TLS_MODES,
  DEFAULT_DATABASE_TLS_MODE,
  type ConfiguredDataSourceType,
} from '../../../../shared/schemas/data-sources';
import { muiRegister } from '../../../lib/forms';
import { errorText, type ConnectionFormApi } from '../connection-form';
import { ChoiceField } from './ChoiceField';
import { HttpFields } from './HttpFields';
import { NameDescriptionFields } from './NameDescriptionFields';
import { SecretField } from './SecretField';

export { MASKED_SECRET } from './SecretField';

/**
 * The fields of a PostgreSQL, MySQL/MariaDB or HTTP data source (react-hook-form): name and
 * description, then the settings of the type and its secret. A saved secret is never shown:
 * it appears masked, with 'Replace' (type a new one) and 'Remove'.
 */
export function ConnectionFields({
  type,
  form,
  disabled = false,
  /** A secret is stored for the source: it is kept unless replaced or removed. */
  storedSecret = false,
}: {
  type: ConfiguredDataSourceType;
  form: ConnectionFormApi;
  disabled?: boolean;
  storedSecret?: boolean;
}) {
  const { t } = useTranslation();
  const { register, control, formState, watch } = form;
  const field = (name: 'host' | 'port' | 'database' | 'user') => {
    const error = errorText(t, formState.errors[name]?.message);
    return { error: Boolean(error), helperText: error };
  };
  /** A required text setting of a database: registered, with its error. */
  const setting = (name: 'host' | 'database' | 'user') => ({
    ...muiRegister(register(name)),
    label: t(`dataSources.form.${name}`),
    required: true,
    fullWidth: true,
    disabled,
    autoComplete: 'off',
    ...field(name),
  });
  const authType = watch('authType');

  return (
    <Stack spacing={2.5}>
      <Stack spacing={2}>
        <NameDescriptionFields
          name={register('name')}
          description={register('description')}
          nameError={errorText(t, formState.errors.name?.message)}
          descriptionError={errorText(t, formState.errors.description?.message)}
          disabled={disabled}
        />
      </Stack>

      {type === 'http' ? (
        <HttpFields
          form={form}
          disabled={disabled}
          secretField={
            authType !== 'none' ? (
              <SecretField
                label={
                  authType === 'bearer'
                    ? t('dataSources.form.token')
                    : t('dataSources.form.headerValue')
                }
                form={form}
                saved={storedSecret}
                disabled={disabled}
                required
              />
            ) : null
          }
        />
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 8 }}>
            <TextField {...setting('host')} placeholder={t('dataSources.form.hostPlaceholder')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <Controller
              control={control}
              name="port"
              render={({ field: { ref, onChange, ...port } }) => (
                <TextField
                  {...port}
                  inputRef={ref}
                  onChange={(event) => onChange(event.target.value.replace(/[^0-9]/g, ''))}
                  label={t('dataSources.form.port')}
                  fullWidth
                  disabled={disabled}
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
                  {...field('port')}
                />
              )}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...setting('database')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...setting('user')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <SecretField
              label={t('dataSources.form.password')}
              form={form}
              saved={storedSecret}
              disabled={disabled}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <ChoiceField
              form={form}
              name="ssl"
              choices={DATABASE_TLS_MODES}
              fallback={DEFAULT_DATABASE_TLS_MODE}
              label={t('dataSources.form.ssl')}
              choiceText={(mode) => t(`dataSources.form.sslModes.${mode}`)}
              help={(mode) => t(`dataSources.form.sslHelp.${mode}`)}
              disabled={disabled}
            />
          </Grid>
        </Grid>
      )}
    </Stack>
  );
}
