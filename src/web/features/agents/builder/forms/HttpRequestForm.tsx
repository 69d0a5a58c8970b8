import Stack from '@mui/material/Stack';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CodeField, NumberInput, SelectInput, TextInput } from './fields';
import { FieldGroup, RowList } from './rows';

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
      <RowList
        keys={fields.map((row) => row.id)}
        itemName={(number) => t('builderForms.http.headerN', { number })}
        onRemove={remove}
        addLabel={t('builderForms.http.addHeader')}
        max={MAX_HEADERS}
        onAdd={() => append({ name: '', value: '' })}
      >
        {(index) => (
          <>
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
          </>
        )}
      </RowList>
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
