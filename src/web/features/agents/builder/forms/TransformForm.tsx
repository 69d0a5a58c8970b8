import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { CodeField } from './fields';

export function TransformForm() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <CodeField
        name="expression"
        language="jsonata"
        label={t('builderForms.transform.expression')}
        helper={t('builderForms.transform.expressionHelp', {
          example: '{ "total": $sum(nodes.orders.rows.amount) }',
        })}
        minLines={4}
        maxLines={16}
      />
    </Stack>
  );
}
