import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { IconEye, IconEyeOff, IconKey, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DATA_SOURCE_LIMITS,
  DATABASE_TLS_MODES,
  HTTP_AUTH_TYPES,
  type ConfiguredDataSourceType,
} from '../../../../shared/schemas/data-sources';
import { isLocaleKey, usesSecret, type ConnectionForm, type FieldErrors } from '../settings-form';

export const MASKED_SECRET = '••••••••';

/**
 * The fields of a PostgreSQL, MySQL/MariaDB or HTTP data source: name and description, then
 * the settings of the type and its secret. A saved secret is never shown: it appears masked,
 * with 'Replace' (type a new one) and 'Remove'.
 */
export function ConnectionFields({
  type,
  form,
  onChange,
  errors,
  disabled = false,
  /** A secret is stored for the source: it is kept unless replaced or removed. */
  storedSecret = false,
}: {
  type: ConfiguredDataSourceType;
  form: ConnectionForm;
  onChange: (next: ConnectionForm) => void;
  errors: FieldErrors;
  disabled?: boolean;
  storedSecret?: boolean;
}) {
  const { t } = useTranslation();
  const set = <K extends keyof ConnectionForm>(key: K, value: ConnectionForm[K]) =>
    onChange({ ...form, [key]: value });
  const errorOf = (path: string) => {
    const value = errors[path];
    return value ? (isLocaleKey(value) ? (t as (key: string) => string)(value) : value) : undefined;
  };
  const field = (path: string) => {
    const error = errorOf(path);
    return { error: Boolean(error), helperText: error };
  };

  return (
    <Stack spacing={2.5}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12 }}>
          <TextField
            label={t('dataSources.form.name')}
            value={form.name}
            onChange={(event) => set('name', event.target.value)}
            required
            fullWidth
            disabled={disabled}
            slotProps={{ htmlInput: { maxLength: DATA_SOURCE_LIMITS.nameMaxLength } }}
            {...field('name')}
          />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <TextField
            label={t('dataSources.form.description')}
            value={form.description}
            onChange={(event) => set('description', event.target.value)}
            fullWidth
            multiline
            minRows={2}
            disabled={disabled}
            slotProps={{ htmlInput: { maxLength: DATA_SOURCE_LIMITS.descriptionMaxLength } }}
            {...field('description')}
          />
        </Grid>
      </Grid>

      {type === 'http' ? (
        <HttpFields
          form={form}
          set={set}
          field={field}
          disabled={disabled}
          secretField={
            usesSecret(type, form) ? (
              <SecretField
                label={
                  form.authType === 'bearer'
                    ? t('dataSources.form.token')
                    : t('dataSources.form.headerValue')
                }
                form={form}
                onChange={onChange}
                saved={storedSecret}
                disabled={disabled}
                error={errorOf('secret')}
                required
              />
            ) : null
          }
        />
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 8 }}>
            <TextField
              label={t('dataSources.form.host')}
              placeholder={t('dataSources.form.hostPlaceholder')}
              value={form.host}
              onChange={(event) => set('host', event.target.value)}
              required
              fullWidth
              disabled={disabled}
              autoComplete="off"
              {...field('config.host')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              label={t('dataSources.form.port')}
              value={form.port}
              onChange={(event) => set('port', event.target.value.replace(/[^0-9]/g, ''))}
              fullWidth
              disabled={disabled}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
              {...field('config.port')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label={t('dataSources.form.database')}
              value={form.database}
              onChange={(event) => set('database', event.target.value)}
              required
              fullWidth
              disabled={disabled}
              autoComplete="off"
              {...field('config.database')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label={t('dataSources.form.user')}
              value={form.user}
              onChange={(event) => set('user', event.target.value)}
              required
              fullWidth
              disabled={disabled}
              autoComplete="off"
              {...field('config.user')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <SecretField
              label={t('dataSources.form.password')}
              form={form}
              onChange={onChange}
              saved={storedSecret}
              disabled={disabled}
              error={errorOf('secret')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              select
              label={t('dataSources.form.ssl')}
              value={form.ssl}
              onChange={(event) =>
                set(
                  'ssl',
                  DATABASE_TLS_MODES.find((mode) => mode === event.target.value) ?? 'require',
                )
              }
              fullWidth
              disabled={disabled}
              helperText={errorOf('config.ssl') ?? t(`dataSources.form.sslHelp.${form.ssl}`)}
              error={Boolean(errorOf('config.ssl'))}
            >
              {DATABASE_TLS_MODES.map((mode) => (
                <MenuItem key={mode} value={mode}>
                  {t(`dataSources.form.sslModes.${mode}`)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
        </Grid>
      )}
    </Stack>
  );
}

function HttpFields({
  form,
  set,
  field,
  disabled,
  secretField,
}: {
  form: ConnectionForm;
  set: <K extends keyof ConnectionForm>(key: K, value: ConnectionForm[K]) => void;
  field: (path: string) => { error: boolean; helperText: string | undefined };
  disabled: boolean;
  /** The token or header value, right under the choice of authentication. */
  secretField: ReactNode;
}) {
  const { t } = useTranslation();
  const setHeader = (index: number, change: Partial<{ name: string; value: string }>) =>
    set(
      'headers',
      form.headers.map((header, i) => (i === index ? { ...header, ...change } : header)),
    );
  const testPath = field('config.testPath');
  return (
    <Stack spacing={2}>
      <TextField
        label={t('dataSources.form.baseUrl')}
        placeholder={t('dataSources.form.baseUrlPlaceholder')}
        value={form.baseUrl}
        onChange={(event) => set('baseUrl', event.target.value)}
        required
        fullWidth
        disabled={disabled}
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'url' } }}
        {...field('config.baseUrl')}
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: form.authType === 'header' ? 6 : 12 }}>
          <TextField
            select
            label={t('dataSources.form.authType')}
            value={form.authType}
            onChange={(event) =>
              set('authType', HTTP_AUTH_TYPES.find((a) => a === event.target.value) ?? 'none')
            }
            fullWidth
            disabled={disabled}
          >
            {HTTP_AUTH_TYPES.map((auth) => (
              <MenuItem key={auth} value={auth}>
                {t(`dataSources.form.authTypes.${auth}`)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        {form.authType === 'header' ? (
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label={t('dataSources.form.authHeader')}
              placeholder={t('dataSources.form.authHeaderPlaceholder')}
              value={form.authHeader}
              onChange={(event) => set('authHeader', event.target.value)}
              required
              fullWidth
              disabled={disabled}
              autoComplete="off"
              {...field('config.authHeader')}
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
          {form.headers.map((header, index) => {
            const nameField = field(`config.headers.${index}.name`);
            const valueField = field(`config.headers.${index}.value`);
            return (
              <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  size="small"
                  label={t('dataSources.form.headerName', { number: index + 1 })}
                  value={header.name}
                  onChange={(event) => setHeader(index, { name: event.target.value })}
                  sx={{ flex: 1 }}
                  autoComplete="off"
                  {...nameField}
                />
                <TextField
                  size="small"
                  label={t('dataSources.form.headerValueLabel', { number: index + 1 })}
                  value={header.value}
                  onChange={(event) => setHeader(index, { value: event.target.value })}
                  sx={{ flex: 2 }}
                  autoComplete="off"
                  {...valueField}
                />
                <Tooltip title={t('dataSources.form.removeHeader', { number: index + 1 })}>
                  <span>
                    <IconButton
                      aria-label={t('dataSources.form.removeHeader', { number: index + 1 })}
                      onClick={() =>
                        set(
                          'headers',
                          form.headers.filter((_header, i) => i !== index),
                        )
                      }
                      disabled={disabled}
                    >
                      <IconTrash size={18} aria-hidden />
                    </IconButton>
                  </span>
                </Tooltip>
              </Stack>
            );
          })}
          <Box>
            <Button
              size="small"
              startIcon={<IconPlus size={16} aria-hidden />}
              onClick={() => set('headers', [...form.headers, { name: '', value: '' }])}
              disabled={disabled || form.headers.length >= DATA_SOURCE_LIMITS.httpMaxHeaders}
            >
              {t('dataSources.form.addHeader')}
            </Button>
          </Box>
          <FormHelperText sx={{ mt: 0 }}>{t('dataSources.form.headersHelp')}</FormHelperText>
        </Stack>
      </FormControl>
      <TextField
        label={t('dataSources.form.testPath')}
        placeholder={t('dataSources.form.testPathPlaceholder')}
        value={form.testPath}
        onChange={(event) => set('testPath', event.target.value)}
        fullWidth
        disabled={disabled}
        autoComplete="off"
        error={testPath.error}
        helperText={testPath.helperText ?? t('dataSources.form.testPathHelp')}
      />
    </Stack>
  );
}

/**
 * A password, token or header value. New: a password field. Saved: shown masked with
 * 'Replace' (reveals a field for the new one) and 'Remove'.
 */
function SecretField({
  label,
  form,
  onChange,
  saved,
  disabled,
  error,
  required = false,
}: {
  label: string;
  form: ConnectionForm;
  onChange: (next: ConnectionForm) => void;
  saved: boolean;
  disabled: boolean;
  error: string | undefined;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  if (saved && form.secretMode === 'keep') {
    return (
      <Stack spacing={0.5}>
        <TextField
          label={label}
          value={MASKED_SECRET}
          fullWidth
          slotProps={{
            input: {
              readOnly: true,
              startAdornment: (
                <InputAdornment position="start">
                  <IconKey size={18} aria-hidden />
                </InputAdornment>
              ),
            },
          }}
          helperText={t('dataSources.form.secretStored')}
        />
        {disabled ? null : (
          <Stack direction="row" spacing={1}>
            <Button
              size="small"
              onClick={() => onChange({ ...form, secretMode: 'replace', secret: '' })}
            >
              {t('dataSources.form.replaceSecret')}
            </Button>
            <Button
              size="small"
              color="error"
              onClick={() => onChange({ ...form, secretMode: 'remove', secret: '' })}
            >
              {t('dataSources.form.removeSecret')}
            </Button>
          </Stack>
        )}
      </Stack>
    );
  }
  if (saved && form.secretMode === 'remove') {
    return (
      <Stack spacing={0.5}>
        <Typography variant="body2" color="text.secondary" sx={{ pt: 1 }}>
          {t('dataSources.form.secretWillBeRemoved', { label })}
        </Typography>
        <Box>
          <Button size="small" onClick={() => onChange({ ...form, secretMode: 'keep' })}>
            {t('dataSources.form.keepSecret')}
          </Button>
        </Box>
      </Stack>
    );
  }
  return (
    <Stack spacing={0.5}>
      <TextField
        label={saved ? t('dataSources.form.newSecret', { label }) : label}
        type={visible ? 'text' : 'password'}
        required={required}
        value={form.secret}
        onChange={(event) => onChange({ ...form, secret: event.target.value })}
        fullWidth
        disabled={disabled}
        autoComplete="new-password"
        autoFocus={saved}
        error={Boolean(error)}
        helperText={error}
        slotProps={{
          htmlInput: { maxLength: DATA_SOURCE_LIMITS.secretMaxLength },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  aria-label={visible ? t('common.hidePassword') : t('common.showPassword')}
                  onClick={() => setVisible((v) => !v)}
                  edge="end"
                  size="small"
                >
                  {visible ? (
                    <IconEyeOff size={18} aria-hidden />
                  ) : (
                    <IconEye size={18} aria-hidden />
                  )}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {saved && form.secretMode === 'replace' && !disabled ? (
        <Box>
          <Button
            size="small"
            onClick={() => onChange({ ...form, secretMode: 'keep', secret: '' })}
          >
            {t('dataSources.form.keepSecret')}
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}
