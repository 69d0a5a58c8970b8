import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import { IconSearch } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchDialog, type SearchResultItem } from '../../features/search';
import { searchHotkeyLabel, useSearchHotkey } from '../../features/search';
import type { NavEntry } from '../useNavItems';

/** The navbar search: a button (and Ctrl/Cmd+K) opening the page search dialog. */
export function SearchButton({ items, compact }: { items: readonly NavEntry[]; compact: boolean }) {
  const { t } = useTranslation();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const hotkey = useMemo(() => searchHotkeyLabel(), []);
  useSearchHotkey(() => setOpen((current) => !current));

  const results = useMemo<SearchResultItem[]>(
    () =>
      items.map(({ name, path, title, Icon }) => ({
        id: name,
        path,
        title,
        icon: <Icon size={20} stroke={1.75} aria-hidden />,
      })),
    [items],
  );

  const label = t('layout.search.button', { hotkey });
  const dialog = (
    <SearchDialog
      open={open}
      onClose={() => setOpen(false)}
      items={results}
      onSelect={(item) => {
        setOpen(false);
        void router.navigate({ to: item.path });
      }}
    />
  );

  if (compact) {
    return (
      <>
        <IconButton aria-label={label} aria-haspopup="dialog" onClick={() => setOpen(true)}>
          <IconSearch size={22} aria-hidden />
        </IconButton>
        {dialog}
      </>
    );
  }

  return (
    <>
      <ButtonBase
        aria-label={label}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        sx={{
          gap: 1.25,
          px: 1,
          py: 0.75,
          borderRadius: 1.5,
          color: 'text.secondary',
          fontSize: '0.9375rem',
          '&:hover': { color: 'text.primary' },
          '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        <IconSearch size={22} aria-hidden />
        <Box component="span" aria-hidden>
          {t('layout.search.short')}
        </Box>
        <Box
          component="kbd"
          aria-hidden
          sx={{
            fontFamily: 'inherit',
            fontSize: '0.75rem',
            px: 0.75,
            py: 0.25,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            color: 'text.secondary',
          }}
        >
          {hotkey}
        </Box>
      </ButtonBase>
      {dialog}
    </>
  );
}
