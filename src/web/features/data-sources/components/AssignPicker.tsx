import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { useState, type HTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What is typed in an AssignPicker (the search of its options) and the item picked. */
export function usePick<T>() {
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<T | null>(null);
  return {
    search,
    setSearch,
    selected,
    setSelected,
    clear: () => {
      setSelected(null);
      setSearch('');
    },
  };
}

/**
 * Picks one item to assign (a project to a source, a source to a project). What is typed is
 * searched by the server (`pick.search`), so the options are shown as they come; those already
 * assigned are left out.
 */
export function AssignPicker<T extends { id: string; name: string }>({
  pick,
  options,
  assignedIds,
  label,
  placeholder,
  noOptionsText,
  renderOption,
  small = false,
  autoFocus = false,
  sx,
}: {
  pick: ReturnType<typeof usePick<T>>;
  /** The server's answer to the search. */
  options: { data?: { items: readonly T[] } | undefined; isFetching: boolean };
  assignedIds: ReadonlySet<string>;
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
      options={(options.data?.items ?? []).filter((option) => !assignedIds.has(option.id))}
      value={pick.selected}
      onChange={(_event, next) => pick.setSelected(next)}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') pick.setSearch(text);
      }}
      filterOptions={(list) => list}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, other) => option.id === other.id}
      loading={options.isFetching}
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
