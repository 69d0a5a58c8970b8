import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { actionSuggestions, type AuditFilterError, type AuditFilterInput } from '../filters';
import { Mono } from './AuditEntryRows';

const SUGGESTIONS = actionSuggestions();

export interface AuditFilterFieldsProps {
  input: AuditFilterInput;
  errors: Partial<Record<keyof AuditFilterInput, AuditFilterError>>;
  onChange: (field: keyof AuditFilterInput, value: string) => void;
  /** Whether a field holds something ("Clear" is enabled). */
  filtered: boolean;
  onClear: () => void;
  actionLabel: (action: string) => string;
}

/** The audit log's filters: actor, action (with suggestions), a date range, "Clear". */
export function AuditFilterFields({
  input,
  errors,
  onChange,
  filtered,
  onClear,
  actionLabel,
}: AuditFilterFieldsProps) {
  const { t } = useTranslation();
  return (
    <Box
      role="search"
      aria-label={t('audit.filters.label')}
      sx={{
        mt: 3,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '2fr 2fr 1fr 1fr auto' },
        alignItems: 'start',
      }}
    >
      <TextField
        size="small"
        label={t('audit.filters.actor')}
        helperText={t('audit.filters.actorHint')}
        value={input.actor}
        onChange={(event) => onChange('actor', event.target.value)}
      />
      <Autocomplete
        freeSolo
        options={SUGGESTIONS}
        inputValue={input.action}
        onInputChange={(_event, value) => onChange('action', value)}
        getOptionLabel={(option) => option}
        renderOption={({ key, ...props }, option) => (
          <li key={key} {...props}>
            <Stack>
              <span>
                {option.endsWith('*')
                  ? t('audit.filters.family', { family: option.slice(0, -2) })
                  : actionLabel(option)}
              </span>
              <Typography variant="caption" color="text.secondary">
                <Mono>{option}</Mono>
              </Typography>
            </Stack>
          </li>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            size="small"
            label={t('audit.filters.action')}
            error={errors.action !== undefined}
            helperText={errors.action ? t('audit.errors.action') : t('audit.filters.actionHint')}
          />
        )}
      />
      <DateField
        label={t('audit.filters.from')}
        value={input.from}
        onChange={(value) => onChange('from', value)}
        error={errors.from}
      />
      <DateField
        label={t('audit.filters.to')}
        value={input.to}
        onChange={(value) => onChange('to', value)}
        error={errors.to}
      />
      <Button onClick={onClear} disabled={!filtered}>
        {t('audit.filters.clear')}
      </Button>
    </Box>
  );
}

function DateField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: AuditFilterError | undefined;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      size="small"
      type="date"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error !== undefined}
      helperText={error ? t(`audit.errors.${error}`) : undefined}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}
