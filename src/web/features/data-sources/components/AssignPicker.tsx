import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Picks one item to assign (a project to a source, a source to a project). What is typed is
 * searched by the server (`onSearch`), so the options are shown as they come; those already
 * assigned are left out.
 */
export function AssignPicker<T extends { id: string; name: string }>({
  options,
  assignedIds,
  value,
  onChange,
  onSearch,
  loading,
  label,
  placeholder,
  noOptionsText,
  renderOption,
  small = false,
  autoFocus = false,
  sx,
}: {
  options: readonly T[];
  assignedIds: ReadonlySet<string>;
  value: T | null;
  onChange: (value: T | null) => void;
  onSearch: (text: string) => void;
  loading: boolean;
  label: string;
  placeholder?: string;
  noOptionsText: string;
  /** The content of an option's line; its name by default. */
  renderOption?: (option: T) => ReactNode;
  small?: boolean;
  autoFocus?: boolean;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  return (
    <Autocomplete
      {...(sx ? { sx } : {})}
      options={options.filter((option) => !assignedIds.has(option.id))}
      value={value}
      onChange={(_event, next) => onChange(next)}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') onSearch(text);
      }}
      filterOptions={(list) => list}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, other) => option.id === other.id}
      loading={loading}
      loadingText={t('common.loading')}
      noOptionsText={noOptionsText}
      {...(renderOption
        ? {
            renderOption: (props: HTMLAttributes<HTMLLIElement>, option: T) => {
              const { key, ...rest } = props as typeof props & { key: string };
              return (
                <li key={key} {...rest}>
                  {renderOption(option)}
                </li>
              );
            },
          }
        : {})}
      renderInput={(params) => (
        <TextField
          {...params}
          {...(small ? { size: 'small' as const } : {})}
          autoFocus={autoFocus}
          label={label}
          placeholder={placeholder}
        />
      )}
    />
  );
}
