import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { CodeField, FormField } from './fields';

const MAX_RECIPIENTS = 50;

/** Recipients as chips: type an address or a template, then Enter (or a comma). */
function RecipientsField() {
  const { t } = useTranslation();
  return (
    <FormField
      name="to"
      helper={t('builderForms.email.toHelp')}
      within
      render={({ field, feedback: { error, text }, readOnly }) => {
        const recipients = (field.value as string[] | undefined) ?? [];
        return (
          <Autocomplete
            multiple
            freeSolo
            autoSelect
            options={[]}
            value={recipients}
            readOnly={readOnly}
            disabled={readOnly}
            onChange={(_event, next) =>
              field.onChange(
                [
                  ...new Set(
                    next.flatMap((item) =>
                      item
                        .split(/[,;\n]/)
                        .map((part) => part.trim())
                        .filter(Boolean),
                    ),
                  ),
                ].slice(0, MAX_RECIPIENTS),
              )
            }
            onBlur={field.onBlur}
            renderValue={(value, getItemProps) =>
              value.map((recipient, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return <Chip key={key} size="small" label={recipient} {...itemProps} />;
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('builderForms.email.to')}
                size="small"
                required
                error={error}
                helperText={text}
                inputRef={field.ref}
              />
            )}
          />
        );
      }}
    />
  );
}

export function SendEmailForm() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <RecipientsField />
      <CodeField
        name="subject"
        language="template"
        label={t('builderForms.email.subject')}
        helper={t('builderForms.email.subjectHelp')}
        minLines={1}
        maxLines={3}
      />
      <CodeField
        name="body"
        language="template"
        label={t('builderForms.email.body')}
        helper={t('builderForms.email.bodyHelp')}
        minLines={5}
        maxLines={20}
      />
    </Stack>
  );
}
