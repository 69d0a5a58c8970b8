import Stack from '@mui/material/Stack';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CodeField, JsonField, SelectInput } from './fields';

export function OutputForm() {
  const { t } = useTranslation();
  const { control } = useFormContext();
  const mode = useWatch({ control, name: 'mode' }) as 'text' | 'json';
  return (
    <Stack spacing={2}>
      <SelectInput
        name="mode"
        label={t('builderForms.output.mode')}
        helper={t(`builderForms.output.modeHelp.${mode}`)}
        options={(['text', 'json'] as const).map((value) => ({
          value,
          label: t(`builderForms.output.modes.${value}`),
        }))}
      />
      {mode === 'text' ? (
        <CodeField
          name="text"
          language="template"
          label={t('builderForms.output.text')}
          helper={t('builderForms.output.textHelp', { example: '{{ nodes.answer.text }}' })}
          minLines={3}
          maxLines={16}
        />
      ) : (
        <JsonField
          name="json"
          label={t('builderForms.output.json')}
          helper={t('builderForms.output.jsonHelp', {
            example: '{ "answer": "{{ nodes.answer.text }}" }',
          })}
          within
        />
      )}
    </Stack>
  );
}
