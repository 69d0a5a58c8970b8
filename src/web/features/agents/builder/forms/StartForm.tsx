import FormControlLabel from '@mui/material/FormControlLabel';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { START_INPUT_TYPES, type StartInput } from '../../../../../shared/schemas/agent-graph';
import { useNodeFormContext } from './form-context';
import { SelectInput, TextInput } from './fields';
import { FieldGroup, RowList } from './rows';

const MAX_INPUTS = 50;

function RequiredCheckbox({ name, label }: { name: string; label: string }) {
  const { control } = useFormContext();
  const { readOnly } = useNodeFormContext();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Checkbox
              checked={Boolean(field.value)}
              onChange={(event) => field.onChange(event.target.checked)}
              disabled={readOnly}
            />
          }
          label={label}
        />
      )}
    />
  );
}

/** A name not yet used by another input (input_1, input_2, …). */
function freeName(inputs: StartInput[]): string {
  const used = new Set(inputs.map((input) => input.name));
  let n = inputs.length + 1;
  while (used.has(`input_${n}`)) n += 1;
  return `input_${n}`;
}

export function StartForm() {
  const { t } = useTranslation();
  const { control, getValues } = useFormContext();
  const mode = useWatch({ control, name: 'mode' }) as 'chat' | 'fields';
  const { fields, append, remove } = useFieldArray({ control, name: 'inputs' });

  return (
    <Stack spacing={2}>
      <SelectInput
        name="mode"
        label={t('builderForms.start.mode')}
        helper={t(`builderForms.start.modeHelp.${mode}`)}
        options={(['chat', 'fields'] as const).map((value) => ({
          value,
          label: t(`builderForms.start.modes.${value}`),
        }))}
      />
      {mode === 'fields' ? (
        <FieldGroup
          title={t('builderForms.start.inputs')}
          helper={t('builderForms.start.inputsHelp')}
        >
          <RowList
            keys={fields.map((row) => row.id)}
            itemName={(number) => t('builderForms.start.inputN', { number })}
            onRemove={remove}
            addLabel={t('builderForms.start.addInput')}
            max={MAX_INPUTS}
            onAdd={() =>
              append({
                name: freeName(getValues('inputs') as StartInput[]),
                type: 'string',
                required: false,
                description: '',
              })
            }
          >
            {(index) => (
              <>
                <TextInput
                  name={`inputs.${index}.name`}
                  label={t('builderForms.start.name')}
                  helper={t('builderForms.start.nameHelp')}
                  formatMessage={t('builderForms.start.nameFormat')}
                  required
                  ltr
                />
                <SelectInput
                  name={`inputs.${index}.type`}
                  label={t('builderForms.start.type')}
                  options={START_INPUT_TYPES.map((value) => ({
                    value,
                    label: t(`builderForms.start.types.${value}`),
                  }))}
                />
                <RequiredCheckbox
                  name={`inputs.${index}.required`}
                  label={t('builderForms.start.required')}
                />
                <TextInput
                  name={`inputs.${index}.description`}
                  label={t('builderForms.start.description')}
                  helper={t('builderForms.start.descriptionHelp')}
                />
              </>
            )}
          </RowList>
        </FieldGroup>
      ) : null}
    </Stack>
  );
}
