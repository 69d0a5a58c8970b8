import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { IconListSearch, IconPlus, IconTrash } from '@tabler/icons-react';
import { useSnackbar } from 'notistack';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MODEL_PROVIDER_LIMITS } from '../../../../shared/schemas/model-providers';
import { errorText } from '../../../lib/error-text';
import { muiRegister } from '../../../lib/forms';
import { useDiscoverModels } from '../api/model-providers';
import { discoverBody, mergeModels, type ProviderForm } from '../form';
import { useFieldText } from '../field-text';

/**
 * The provider's models: typed in, or listed from its `/models` ("Discover"), each with its
 * prices per million input and output tokens (empty: unknown).
 */
export function ModelRows({
  form,
  providerId,
}: {
  form: UseFormReturn<ProviderForm>;
  providerId: string | null;
}) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const fieldText = useFieldText();
  const discover = useDiscoverModels();
  const { fields, append, remove, replace } = useFieldArray({
    control: form.control,
    name: 'models',
  });
  const errors = form.formState.errors.models;

  const onDiscover = async () => {
    if (!(await form.trigger('baseUrl'))) return;
    discover.mutate(discoverBody(form.getValues(), providerId), {
      onSuccess: (result) => {
        if (!result.ok) return;
        const merged = mergeModels(form.getValues('models'), result.models);
        replace(merged);
        enqueueSnackbar(t('modelProviders.discover.found', { count: result.models.length }), {
          variant: 'success',
        });
      },
    });
  };
  const failed = discover.data && !discover.data.ok ? discover.data.message : null;

  return (
    <Box>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}
      >
        <Typography variant="subtitle2" component="h3">
          {t('modelProviders.fields.models')}
        </Typography>
        <Button
          size="small"
          startIcon={<IconListSearch size={16} aria-hidden />}
          onClick={() => void onDiscover()}
          disabled={discover.isPending}
        >
          {discover.isPending
            ? t('modelProviders.discover.running')
            : t('modelProviders.discover.button')}
        </Button>
      </Stack>
      {failed ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {t('modelProviders.discover.failed', { message: failed })}
        </Alert>
      ) : null}
      {discover.isError ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorText(t, i18n.language, discover.error)}
        </Alert>
      ) : null}
      <Stack spacing={1.5}>
        {fields.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('modelProviders.fields.noModels')}
          </Typography>
        ) : null}
        {fields.map((field, index) => {
          const rowErrors = errors?.[index];
          const number = index + 1;
          return (
            <Stack
              key={field.id}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'flex-start' } }}
            >
              <TextField
                {...muiRegister(form.register(`models.${index}.id`))}
                label={t('modelProviders.fields.modelId', { number })}
                size="small"
                required
                sx={{ flex: 2 }}
                error={Boolean(rowErrors?.id)}
                helperText={fieldText(rowErrors?.id?.message, {
                  max: MODEL_PROVIDER_LIMITS.modelIdMaxLength,
                })}
                slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false } }}
              />
              <TextField
                {...muiRegister(form.register(`models.${index}.inputPrice`))}
                label={t('modelProviders.fields.inputPrice')}
                size="small"
                type="number"
                sx={{ flex: 1 }}
                error={Boolean(rowErrors?.inputPrice)}
                helperText={fieldText(rowErrors?.inputPrice?.message)}
                slotProps={{
                  htmlInput: {
                    min: 0,
                    step: 'any',
                    'aria-label': t('modelProviders.fields.inputPriceOf', { number }),
                  },
                }}
              />
              <TextField
                {...muiRegister(form.register(`models.${index}.outputPrice`))}
                label={t('modelProviders.fields.outputPrice')}
                size="small"
                type="number"
                sx={{ flex: 1 }}
                error={Boolean(rowErrors?.outputPrice)}
                helperText={fieldText(rowErrors?.outputPrice?.message)}
                slotProps={{
                  htmlInput: {
                    min: 0,
                    step: 'any',
                    'aria-label': t('modelProviders.fields.outputPriceOf', { number }),
                  },
                }}
              />
              <Tooltip title={t('modelProviders.fields.removeModel', { number })}>
                <IconButton
                  aria-label={t('modelProviders.fields.removeModel', { number })}
                  onClick={() => remove(index)}
                >
                  <IconTrash size={18} aria-hidden />
                </IconButton>
              </Tooltip>
            </Stack>
          );
        })}
        <Box>
          <Button
            size="small"
            startIcon={<IconPlus size={16} aria-hidden />}
            onClick={() => append({ id: '', inputPrice: '', outputPrice: '' })}
            disabled={fields.length >= MODEL_PROVIDER_LIMITS.maxModels}
          >
            {t('modelProviders.fields.addModel')}
          </Button>
        </Box>
        <Typography variant="caption" color="text.secondary">
          {t('modelProviders.fields.pricesHint')}
        </Typography>
      </Stack>
    </Box>
  );
}
