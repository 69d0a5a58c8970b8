import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField } from '../SearchField';
import type { ListSearch } from './list-search';
import type { ListState } from './useListState';

export interface ListToolbarProps {
  /** The list's state: the search box's text, and whether a filter is set. */
  list: Pick<ListState<ListSearch>, 'searchText' | 'setSearchText' | 'filtered' | 'clearFilters'>;
  /** The accessible name of the search landmark ("Filter customers"). */
  label: string;
  searchLabel: string;
  searchPlaceholder?: string;
  /** The longest search the API takes. */
  maxLength?: number;
  searchMinWidth?: number;
  /** While a filter is set, a "Clear filters" button ends the row. */
  clearable?: boolean;
  /** How the controls line up on wide screens (`flex-start` when one of them grows taller). */
  align?: 'center' | 'flex-start';
  sx?: SxProps<Theme>;
  /** The list's filters and view controls after the search box. */
  children?: ReactNode;
}

/** A list's search landmark: the search box, then its filters, in a row on wide screens. */
export function ListToolbar({
  list,
  label,
  searchLabel,
  searchPlaceholder,
  maxLength,
  searchMinWidth,
  clearable = true,
  align = 'center',
  sx,
  children,
}: ListToolbarProps) {
  const { t } = useTranslation();
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={[{ alignItems: { md: align } }, ...(Array.isArray(sx) ? sx : [sx])]}
      role="search"
      aria-label={label}
    >
      <SearchField
        label={searchLabel}
        placeholder={searchPlaceholder}
        value={list.searchText}
        onChange={list.setSearchText}
        maxLength={maxLength}
        sx={{ flex: 2, minWidth: searchMinWidth }}
      />
      {children}
      {clearable && list.filtered ? (
        <Button onClick={list.clearFilters} sx={{ flexShrink: 0, alignSelf: { md: 'center' } }}>
          {t('common.clearFilters')}
        </Button>
      ) : null}
    </Stack>
  );
}
