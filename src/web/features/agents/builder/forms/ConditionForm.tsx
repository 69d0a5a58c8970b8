import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ELSE_HANDLE, ERROR_HANDLE } from '../../../../../shared/schemas/agent-graph';
import { useNodeFormContext } from './form-context';
import { CodeField, TextInput } from './fields';
import { problemText } from './node-data';
import { FieldGroup, RowList } from './rows';

const MAX_CASES = 20;

/** An id no other case has (case_1, case_2, …); `else` and `error` are the handles' own. */
function freeCaseId(ids: string[]): string {
  const used = new Set([...ids, ELSE_HANDLE, ERROR_HANDLE]);
  let n = ids.length + 1;
  while (used.has(`case_${n}`)) n += 1;
  return `case_${n}`;
}

export function ConditionForm() {
  const { t } = useTranslation();
  const { control, getValues } = useFormContext();
  const { problems } = useNodeFormContext();
  const { fields, append, remove, move } = useFieldArray({
    control,
    name: 'cases',
    keyName: 'key',
  });
  const listProblem = problems.find((problem) => problem.field === 'cases');

  return (
    <Stack spacing={2}>
      <FieldGroup
        title={t('builderForms.condition.cases')}
        helper={t('builderForms.condition.casesHelp')}
        error={listProblem ? problemText(t, listProblem) : undefined}
      >
        <RowList
          keys={fields.map((row) => row.key)}
          itemName={(number) => t('builderForms.condition.caseN', { number })}
          onRemove={remove}
          onMove={move}
          addLabel={t('builderForms.condition.addCase')}
          max={MAX_CASES}
          onAdd={() =>
            append({
              id: freeCaseId((getValues('cases') as { id: string }[]).map((c) => c.id)),
              label: '',
              expression: '',
            })
          }
        >
          {(index) => (
            <>
              <TextInput
                name={`cases.${index}.id`}
                label={t('builderForms.condition.id')}
                helper={t('builderForms.condition.idHelp')}
                formatMessage={t('builderForms.condition.idFormat')}
                required
                ltr
              />
              <TextInput
                name={`cases.${index}.label`}
                label={t('builderForms.condition.label')}
                helper={t('builderForms.condition.labelHelp')}
              />
              <CodeField
                name={`cases.${index}.expression`}
                language="jsonata"
                label={t('builderForms.condition.expression')}
                helper={t('builderForms.condition.expressionHelp', {
                  example: 'nodes.orders.rowCount > 0',
                })}
                minLines={1}
                maxLines={6}
              />
            </>
          )}
        </RowList>
        <Alert severity="info" variant="outlined">
          {t('builderForms.condition.else')}
        </Alert>
      </FieldGroup>
    </Stack>
  );
}
