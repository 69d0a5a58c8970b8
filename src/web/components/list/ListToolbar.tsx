import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField, type SearchFieldProps } from '../SearchField';

export interface ListToolbarProps {
  /** The accessible name of the search landmark ("Filter customers"). */
  label: string;
  /** The search box, first in the row. */
  search: Omit<SearchFieldProps, 'sx'> & { minWidth?: number };
  /** How the controls line up on wide screens (`flex-start` when one of them grows taller). */
  align?: 'center' | 'flex-start';
  sx?: SxProps<Theme>;
  /** A filter is set: a "Clear filters" button ends the row. */
  filtered?: boolean;
  onClearFilters?: () => void;
  /** The list's filters and actions after the search box. */
  children?: ReactNode;
}

/** A list's search landmark: the search box, then its filters, in a row on wide screens. */
export function ListToolbar({
  label,
  search,
  align = 'center',
  sx,
  filtered = false,
  onClearFilters,
  children,
}: ListToolbarProps) {
  const { t } = useTranslation();
  const { minWidth, ...field } = search;
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={[{ alignItems: { md: align } }, ...(Array.isArray(sx) ? sx : [sx])]}
      role="search"
      aria-label={label}
    >
      <SearchField {...field} sx={minWidth === undefined ? { flex: 2 } : { flex: 2, minWidth }} />
      {children}
      {filtered && onClearFilters ? (
        <Button onClick={onClearFilters} sx={{ flexShrink: 0, alignSelf: { md: 'center' } }}>
          {t('common.clearFilters')}
        </Button>
      ) : null}
    </Stack>
  );
}
