import Stack from '@mui/material/Stack';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CodeField, NumberInput, SelectInput, TextInput } from './fields';
import { AddButton, FieldGroup, RowCard } from './rows';

/** An example in the field's own language (code), the same in every locale. */
const URL_EXAMPLE = 'https://api.example.com/orders/{{ input.id }}';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const MAX_HEADERS = 50;

function HeaderRows() {
  const { t } = useTranslation();
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: 'headers' });
  return (
    <FieldGroup title={t('builderForms.http.headers')} helper={t('builderForms.http.headersHelp')}>
      {fields.map((row, index) => {
        const itemName = t('builderForms.http.headerN', { number: index + 1 });
        return (
          <RowCard
            key={row.id}
            title={itemName}
            itemName={itemName}
            index={index}
            count={fields.length}
            onRemove={() => remove(index)}
          >
            <TextInput
              name={`headers.${index}.name`}
              label={t('builderForms.http.headerName')}
              ltr
            />
            <CodeField
              name={`headers.${index}.value`}
              language="template"
              label={t('builderForms.http.headerValue')}
              minLines={1}
              maxLines={3}
            />
          </RowCard>
        );
      })}
      <AddButton
        label={t('builderForms.http.addHeader')}
        disabled={fields.length >= MAX_HEADERS}
        onClick={() => append({ name: '', value: '' })}
      />
    </FieldGroup>
  );
}

export function HttpRequestForm() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <SelectInput
        name="method"
        label={t('builderForms.http.method')}
        options={METHODS.map((value) => ({ value, label: value }))}
      />
      <CodeField
        name="url"
        language="template"
        label={t('builderForms.http.url')}
        helper={t('builderForms.http.urlHelp')}
        minLines={1}
        maxLines={4}
        placeholder={URL_EXAMPLE}
      />
      <HeaderRows />
      <CodeField
        name="body"
        language="template"
        label={t('builderForms.http.body')}
        helper={t('builderForms.http.bodyHelp')}
        minLines={4}
        maxLines={20}
      />
      <NumberInput
        name="responseMaxBytes"
        label={t('builderForms.http.responseCap')}
        helper={t('builderForms.http.responseCapHelp')}
        min={1}
        max={10_000_000}
        step={1024}
      />
    </Stack>
  );
}
